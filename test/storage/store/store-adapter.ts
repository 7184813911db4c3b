/**
 * Adapts GraphStore to the spec suite's id-based interface.
 * @module
 */
import { NotFoundError } from '../../../src/errors.js';
import type { GraphWriter, PropertyValue } from '../../../src/engine/index.js';
import { TypedNumber } from '../../../src/engine/index.js';
import type { GraphStore } from '../../../src/storage/graph-store.js';
import type { CanonicalState, SpecStore, SpecWriter } from './reference-store.js';

function show(v: PropertyValue): string {
  if (v instanceof TypedNumber) return String(v.toNumber());
  if (v instanceof Date) return String(v.getTime());
  if (Array.isArray(v)) return JSON.stringify(v.map((x: PropertyValue) => show(x)));
  return String(v);
}

function toValue(key: string, v: string | number): PropertyValue {
  return key === 'weight' ? new TypedNumber('double', Number(v)) : v;
}

/** Canonical state of a GraphStore. */
export function canonical(store: GraphStore): CanonicalState {
  const vertices: CanonicalState['vertices'] = {};
  for (const v of store.vertexSlots()) {
    const props: Record<string, string> = {};
    for (const p of store.vertexProperties(v)) props[p.key] = show(p.value);
    vertices[String(store.vertexId(v))] = { label: store.vertexLabel(v), props: Object.fromEntries(Object.entries(props).sort()) };
  }
  const edges: CanonicalState['edges'] = {};
  for (const e of store.edgeSlots()) {
    const props: Record<string, string> = {};
    for (const k of store.edgePropertyKeys(e)) props[k] = show(store.edgeProperty(e, k)!);
    edges[String(store.edgeId(e))] = {
      label: store.edgeLabel(e),
      out: String(store.vertexId(store.edgeOutVertex(e))),
      in: String(store.vertexId(store.edgeInVertex(e))),
      props: Object.fromEntries(Object.entries(props).sort()),
    };
  }
  return { vertices, edges };
}

/**
 * The GraphStore under the spec suite; `logs` collects every committed batch log.
 *
 * @example
 * ```ts
 * const target = new StoreAdapter(fixtureStore());
 * ```
 */
export class StoreAdapter implements SpecStore {
  readonly logs: Uint8Array[] = [];

  constructor(readonly store: GraphStore) {}

  batch(fn: (w: SpecWriter) => void): void {
    const { log } = this.store.batch((w) => fn(this.writer(w)));
    if (log !== undefined) this.logs.push(log);
  }

  state(): CanonicalState {
    return canonical(this.store);
  }

  find(key: string, value: string | number): string[] {
    const slots = this.store.lookup('vertex', { label: 'person', key, predicate: { op: 'eq', values: [value] } });
    if (slots === undefined) throw new Error(`no index for ${key}`);
    return [...slots].map((s) => String(this.store.vertexId(s))).sort();
  }

  private writer(w: GraphWriter): SpecWriter {
    const v = (id: string): number => {
      const s = w.vertexSlot(id);
      if (s < 0) throw new NotFoundError('VERTEX_NOT_FOUND', `no vertex ${id}`);
      return s;
    };
    const e = (id: string): number => {
      const s = w.edgeSlot(id);
      if (s < 0) throw new NotFoundError('EDGE_NOT_FOUND', `no edge ${id}`);
      return s;
    };
    const pairs = (props: Record<string, string | number>) => Object.entries(props).map(([k, x]) => [k, toValue(k, x)] as const);
    return {
      addVertex: (label, props) => String(w.vertexId(w.addVertex(label, { properties: pairs(props) }))),
      addEdge: (label, out, inV, props) => String(w.edgeId(w.addEdge(label, { out: v(out), in: v(inV) }, { properties: pairs(props) }))),
      setProperty: (vertex, key, value) => void w.setVertexProperty(v(vertex), key, toValue(key, value)),
      removeProperty: (vertex, key) => w.removeVertexProperty(v(vertex), key),
      setEdgeProperty: (edge, key, value) => w.setEdgeProperty(e(edge), key, toValue(key, value)),
      removeVertex: (vertex) => w.removeVertex(v(vertex)),
      removeEdge: (edge) => w.removeEdge(e(edge)),
    };
  }
}
