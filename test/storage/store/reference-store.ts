/**
 * A tiny Map-based reference store with the strict HugeGraph semantics the spec suite checks:
 * primary-key ids, derived edge ids, upsert on the same id, endpoint label checks, removal of
 * incident edges, atomic batches by copy-and-restore.
 * @module
 */
import { formatEdgeId } from '../../../src/storage/ids/index.js';
import type { SchemaCatalog } from '../../../src/storage/schema/catalog.js';

/** A property value in canonical text. */
export type Text = string;

/** Canonical full state: vertices and edges by id. */
export interface CanonicalState {
  readonly vertices: Record<string, { label: string; props: Record<string, Text> }>;
  readonly edges: Record<string, { label: string; out: string; in: string; props: Record<string, Text> }>;
}

/** Writer operations of the spec suite, by external id. */
export interface SpecWriter {
  addVertex(label: string, props: Record<string, string | number>): string;
  addEdge(label: string, out: string, inV: string, props: Record<string, string | number>): string;
  setProperty(vertex: string, key: string, value: string | number): void;
  removeProperty(vertex: string, key: string): void;
  setEdgeProperty(edge: string, key: string, value: string | number): void;
  removeVertex(vertex: string): void;
  removeEdge(edge: string): void;
}

/** A store under the spec suite. */
export interface SpecStore {
  batch(fn: (w: SpecWriter) => void): void;
  state(): CanonicalState;
  /** Ids of the vertices with this property value, using an index (city/age). */
  find(key: string, value: string | number): string[];
}

function text(v: string | number, key: string): Text {
  return key === 'weight' ? String(Number(v)) : String(v);
}

/**
 * The reference store.
 *
 * @example
 * ```ts
 * const ref = new ReferenceStore(fixtureCatalog());
 * ```
 */
export class ReferenceStore implements SpecStore {
  private vertices = new Map<string, { label: string; props: Map<string, Text> }>();
  private edges = new Map<string, { label: string; out: string; in: string; props: Map<string, Text> }>();

  constructor(private readonly catalog: SchemaCatalog) {}

  batch(fn: (w: SpecWriter) => void): void {
    const savedV = new Map([...this.vertices].map(([k, v]) => [k, { label: v.label, props: new Map(v.props) }]));
    const savedE = new Map([...this.edges].map(([k, e]) => [k, { ...e, props: new Map(e.props) }]));
    try {
      fn(this.writer());
    } catch (error) {
      this.vertices = savedV;
      this.edges = savedE;
      throw error;
    }
  }

  state(): CanonicalState {
    const vertices: CanonicalState['vertices'] = {};
    for (const [id, v] of this.vertices) vertices[id] = { label: v.label, props: Object.fromEntries([...v.props].sort()) };
    const edges: CanonicalState['edges'] = {};
    for (const [id, e] of this.edges) edges[id] = { label: e.label, out: e.out, in: e.in, props: Object.fromEntries([...e.props].sort()) };
    return { vertices, edges };
  }

  find(key: string, value: string | number): string[] {
    return [...this.vertices].filter(([, v]) => v.props.get(key) === text(value, key)).map(([id]) => id).sort();
  }

  private writer(): SpecWriter {
    const c = this.catalog;
    const fail = (m: string): never => {
      throw new Error(m);
    };
    const checkProps = (props: readonly string[], allowed: readonly string[]): void => {
      for (const k of props) if (!allowed.includes(k)) fail(`bad key ${k}`);
    };
    return {
      addVertex: (label, props) => {
        const l = c.vertexLabel(label) ?? fail(`Undefined vertex label: '${label}'`);
        checkProps(Object.keys(props), l.properties);
        if (props.name === undefined) fail('missing primary key');
        const id = `${l.id}:${String(props.name)}`;
        this.vertices.set(id, { label, props: new Map(Object.entries(props).map(([k, v]) => [k, text(v, k)])) });
        return id;
      },
      addEdge: (label, out, inV, props) => {
        const l = c.edgeLabel(label) ?? fail(`Undefined edge label: '${label}'`);
        const o = this.vertices.get(out) ?? fail('no out');
        const i = this.vertices.get(inV) ?? fail('no in');
        if (o.label !== l.sourceLabel || i.label !== l.targetLabel) fail('endpoint labels');
        checkProps(Object.keys(props), l.properties);
        for (const k of l.sortKeys) if (props[k] === undefined) fail('missing sort key');
        const sortValues = l.sortKeys.map((k) => String(props[k])).join('!');
        const id = formatEdgeId({ out, labelId: l.id, subLabelId: l.id, sortValues, in: inV });
        this.edges.set(id, { label, out, in: inV, props: new Map(Object.entries(props).map(([k, v]) => [k, text(v, k)])) });
        return id;
      },
      setProperty: (vertex, key, value) => {
        const v = this.vertices.get(vertex) ?? fail('no vertex');
        if (key === 'name') fail('primary key');
        checkProps([key], c.vertexLabel(v.label)!.properties);
        v.props.set(key, text(value, key));
      },
      removeProperty: (vertex, key) => {
        const v = this.vertices.get(vertex) ?? fail('no vertex');
        if (key === 'name' && v.props.has(key)) fail('primary key');
        v.props.delete(key);
      },
      setEdgeProperty: (edge, key, value) => {
        const e = this.edges.get(edge) ?? fail('no edge');
        if (c.edgeLabel(e.label)!.sortKeys.includes(key)) fail('sort key');
        checkProps([key], c.edgeLabel(e.label)!.properties);
        e.props.set(key, text(value, key));
      },
      removeVertex: (vertex) => {
        if (!this.vertices.delete(vertex)) fail('no vertex');
        for (const [id, e] of [...this.edges]) if (e.out === vertex || e.in === vertex) this.edges.delete(id);
      },
      removeEdge: (edge) => {
        if (!this.edges.delete(edge)) fail('no edge');
      },
    };
  }
}
