/**
 * A tiny Map-based GraphSource + GraphWriter for engine tests, and a loader for TinkerPop's
 * GraphSON 3 data files (one vertex per line).
 * @module
 */
import { readFileSync } from 'node:fs';
import { sharedPath } from '../shared-dir.js';
import { elementIdKey } from '../../src/engine/elements.js';
import { TypedNumber, Uuid } from '../../src/values/index.js';
import type { Direction, ElementId, PropertyValue } from '../../src/values/index.js';
import { scanColumnsBySlots } from '../../src/engine/runtime/column-batches.js';
import { NeighbourBatchBuffer } from '../../src/port/index.js';
import type {
  ColumnBatch,
  ColumnScanOptions,
  GraphWriter,
  IndexPredicate,
  NeighbourBatch,
  PropertyCardinality,
  ScanOptions,
  VertexPropertyRecord,
} from '../../src/port/index.js';

interface VRec {
  id: ElementId;
  label: string;
  props: VertexPropertyRecord[];
  out: number[];
  in: number[];
}
interface ERec {
  id: ElementId;
  label: string;
  out: number;
  in: number;
  props: Map<string, PropertyValue>;
}

/**
 * In-memory graph with TinkerGraph-like behaviour (any id, multi and meta-properties).
 *
 * @example
 * ```ts
 * const g = new ReferenceGraph();
 * const a = g.addVertex('person', { properties: [['name', 'marko']] });
 * ```
 */
export class ReferenceGraph implements GraphWriter {
  readonly vertices: (VRec | undefined)[] = [];
  readonly edges: (ERec | undefined)[] = [];
  readonly #vIndex = new Map<string, number>();
  readonly #eIndex = new Map<string, number>();
  #nextId = 0;
  #nextPropertyId = 1000n;
  /** Number of lookup() calls answered, for strategy tests. */
  lookups = 0;
  /** Keys with an index (lookup answers only these). */
  readonly indexedKeys = new Set<string>();

  *vertexSlots(label?: string, from = 0): Iterable<number> {
    for (let i = Math.max(0, from); i < this.vertices.length; i++) {
      const v = this.vertices[i];
      if (v !== undefined && (label === undefined || v.label === label)) yield i;
    }
  }
  *edgeSlots(label?: string, from = 0): Iterable<number> {
    for (let i = Math.max(0, from); i < this.edges.length; i++) {
      const e = this.edges[i];
      if (e !== undefined && (label === undefined || e.label === label)) yield i;
    }
  }
  scanColumns(element: 'vertex' | 'edge', options?: ColumnScanOptions): Iterable<ColumnBatch> {
    return scanColumnsBySlots(this, element, options);
  }
  vertexCount(label?: string): number {
    return [...this.vertexSlots(label)].length;
  }
  edgeCount(label?: string): number {
    return [...this.edgeSlots(label)].length;
  }
  vertexSlot(id: ElementId): number {
    return this.#vIndex.get(elementIdKey(id)) ?? this.#vIndex.get(numericKey(id)) ?? -1;
  }
  edgeSlot(id: ElementId): number {
    return this.#eIndex.get(elementIdKey(id)) ?? this.#eIndex.get(numericKey(id)) ?? -1;
  }
  #v(slot: number): VRec {
    const v = this.vertices[slot];
    if (v === undefined) throw new Error(`no vertex at slot ${slot}`);
    return v;
  }
  #e(slot: number): ERec {
    const e = this.edges[slot];
    if (e === undefined) throw new Error(`no edge at slot ${slot}`);
    return e;
  }
  vertexId(slot: number): ElementId {
    return this.#v(slot).id;
  }
  vertexLabel(slot: number): string {
    return this.#v(slot).label;
  }
  edgeId(slot: number): ElementId {
    return this.#e(slot).id;
  }
  edgeLabel(slot: number): string {
    return this.#e(slot).label;
  }
  edgeOutVertex(slot: number): number {
    return this.#e(slot).out;
  }
  edgeInVertex(slot: number): number {
    return this.#e(slot).in;
  }
  vertexPropertyKeys(slot: number): readonly string[] {
    return [...new Set(this.#v(slot).props.map((p) => p.key))];
  }
  vertexProperties(slot: number, keys?: readonly string[]): readonly VertexPropertyRecord[] {
    const props = this.#v(slot).props;
    if (keys === undefined) return [...props];
    return keys.flatMap((k) => props.filter((p) => p.key === k));
  }
  edgePropertyKeys(slot: number): readonly string[] {
    return [...this.#e(slot).props.keys()];
  }
  edgeProperty(slot: number, key: string): PropertyValue | undefined {
    return this.#e(slot).props.get(key);
  }
  vertexSlotBound(): number {
    return this.vertices.length;
  }
  vertexVisible(slot: number): boolean {
    return this.vertices[slot] !== undefined;
  }
  /** One reused batch of at most NEIGHBOUR_BATCH_SIZE entries, as the adjacency contract asks. */
  *scanNeighbours(sources: Int32Array, direction: Direction, options?: ScanOptions): Iterable<NeighbourBatch> {
    const batch = new NeighbourBatchBuffer();
    const labels = options?.labels;
    const limit = options?.degreeLimit ?? Infinity;
    for (const src of sources) {
      const rec = this.#v(src);
      let n = 0;
      for (const [edges, end] of [[direction === 'IN' ? [] : rec.out, 'in'], [direction === 'OUT' ? [] : rec.in, 'out']] as const) {
        for (const es of edges) {
          const edge = this.#e(es);
          if ((labels !== undefined && labels.length > 0 && !labels.includes(edge.label)) || n >= limit) continue;
          n++;
          if (batch.push(src, es, edge[end])) {
            yield batch;
            batch.clear();
          }
        }
      }
    }
    if (batch.length > 0) yield batch;
  }
  degree(slot: number, direction: Direction, labels?: readonly string[]): number {
    const rec = this.#v(slot);
    const edges = direction === 'OUT' ? rec.out : direction === 'IN' ? rec.in : [...rec.out, ...rec.in];
    return edges.filter((es) => labels === undefined || labels.length === 0 || labels.includes(this.#e(es).label)).length;
  }
  lookup(
    element: 'vertex' | 'edge',
    query: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate },
  ): Iterable<number> | undefined {
    if (element !== 'vertex' || !this.indexedKeys.has(query.key) || query.predicate.op !== 'eq') return undefined;
    this.lookups++;
    const wanted = query.predicate.values[0];
    return [...this.vertexSlots(query.label)].filter((slot) =>
      this.#v(slot).props.some((p) => p.key === query.key && sameValue(p.value, wanted)),
    );
  }

  addVertex(label: string, options?: { readonly id?: ElementId; readonly properties?: ReadonlyArray<readonly [string, PropertyValue]> }): number {
    const id = options?.id ?? this.#freshId();
    if (this.vertexSlot(id) >= 0) throw new Error(`Vertex with id already exists: ${String(id)}`);
    const slot = this.vertices.length;
    this.vertices.push({ id, label, props: [], out: [], in: [] });
    this.#vIndex.set(elementIdKey(id), slot);
    for (const [k, v] of options?.properties ?? []) this.setVertexProperty(slot, k, v, { cardinality: 'list' });
    return slot;
  }
  addEdge(
    label: string,
    ends: { readonly out: number; readonly in: number },
    options?: { readonly id?: ElementId; readonly properties?: ReadonlyArray<readonly [string, PropertyValue]> },
  ): number {
    const id = options?.id ?? this.#freshId();
    if (this.edgeSlot(id) >= 0) throw new Error(`Edge with id already exists: ${String(id)}`);
    const slot = this.edges.length;
    this.edges.push({ id, label, out: ends.out, in: ends.in, props: new Map(options?.properties ?? []) });
    this.#eIndex.set(elementIdKey(id), slot);
    this.#v(ends.out).out.push(slot);
    this.#v(ends.in).in.push(slot);
    return slot;
  }
  setVertexProperty(
    slot: number,
    key: string,
    value: PropertyValue,
    options?: { readonly cardinality?: PropertyCardinality; readonly meta?: ReadonlyArray<readonly [string, PropertyValue]> },
  ): VertexPropertyRecord {
    const rec = this.#v(slot);
    const cardinality = options?.cardinality ?? 'single';
    if (cardinality === 'single') rec.props = rec.props.filter((p) => p.key !== key);
    if (cardinality === 'set') {
      const existing = rec.props.find((p) => p.key === key && sameValue(p.value, value));
      if (existing !== undefined) return existing;
    }
    const prop: VertexPropertyRecord = { key, value, id: new TypedNumber('long', this.#nextPropertyId++), meta: new Map(options?.meta ?? []) };
    rec.props.push(prop);
    return prop;
  }
  setMetaProperty(slot: number, propertyId: ElementId, key: string, value: PropertyValue): void {
    const rec = this.#v(slot);
    rec.props = rec.props.map((p) =>
      elementIdKey(p.id) === elementIdKey(propertyId) ? { ...p, meta: new Map([...p.meta, [key, value]]) } : p,
    );
  }
  removeVertexProperty(slot: number, key: string, propertyId?: ElementId): void {
    const rec = this.#v(slot);
    rec.props = rec.props.filter((p) => p.key !== key || (propertyId !== undefined && elementIdKey(p.id) !== elementIdKey(propertyId)));
  }
  removeMetaProperty(slot: number, propertyId: ElementId, key: string): void {
    const rec = this.#v(slot);
    rec.props = rec.props.map((p) => {
      if (elementIdKey(p.id) !== elementIdKey(propertyId)) return p;
      const meta = new Map(p.meta);
      meta.delete(key);
      return { ...p, meta };
    });
  }
  setEdgeProperty(slot: number, key: string, value: PropertyValue): void {
    this.#e(slot).props.set(key, value);
  }
  removeEdgeProperty(slot: number, key: string): void {
    this.#e(slot).props.delete(key);
  }
  removeVertex(slot: number): void {
    const rec = this.#v(slot);
    for (const es of [...rec.out, ...rec.in]) if (this.edges[es] !== undefined) this.removeEdge(es);
    this.#vIndex.delete(elementIdKey(rec.id));
    this.vertices[slot] = undefined;
  }
  removeEdge(slot: number): void {
    const e = this.#e(slot);
    const o = this.#v(e.out);
    const i = this.#v(e.in);
    o.out = o.out.filter((x) => x !== slot);
    i.in = i.in.filter((x) => x !== slot);
    this.#eIndex.delete(elementIdKey(e.id));
    this.edges[slot] = undefined;
  }
  /** Runs `fn` as a batch (no rollback: tests only). */
  write<T>(fn: (w: GraphWriter) => T): T {
    return fn(this);
  }
  #freshId(): number {
    const used = (id: number): boolean => this.vertexSlot(id) >= 0 || this.edgeSlot(id) >= 0;
    while (used(this.#nextId)) this.#nextId++;
    return this.#nextId++;
  }
}

function numericKey(id: ElementId): string {
  return typeof id === 'string' && /^-?\d+$/.test(id) ? elementIdKey(Number(id)) : '';
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof TypedNumber && b instanceof TypedNumber) return a.type === b.type && a.value === b.value;
  return a === b;
}

/**
 * Decodes one GraphSON 3 typed value.
 *
 * @example
 * ```ts
 * graphson({ '@type': 'g:Int32', '@value': 29 }); // 29
 * ```
 */
export function graphson(v: unknown): PropertyValue {
  if (v === null || typeof v !== 'object') return v as PropertyValue;
  if (Array.isArray(v)) return v.map(graphson);
  const o = v as { '@type'?: string; '@value'?: unknown };
  const value = o['@value'];
  switch (o['@type']) {
    case 'g:Int32':
      return value as number;
    case 'g:Int64':
      return new TypedNumber('long', BigInt(value as number));
    case 'g:Double':
      return new TypedNumber('double', value as number);
    case 'g:Float':
      return new TypedNumber('float', value as number);
    case 'g:UUID':
      return new Uuid(value as string);
    case 'g:Date':
      return new Date(value as number);
    case 'g:List':
      return (value as unknown[]).map(graphson);
    case 'g:Set':
      return new Set((value as unknown[]).map(graphson));
    case 'g:Map': {
      const items = value as unknown[];
      const m = new Map<PropertyValue, PropertyValue>();
      for (let i = 0; i < items.length; i += 2) m.set(graphson(items[i]), graphson(items[i + 1]));
      return m;
    }
    default:
      throw new Error(`unsupported GraphSON type ${String(o['@type'])}`);
  }
}

interface GsProp {
  id: unknown;
  value: unknown;
  properties?: Record<string, unknown>;
}
interface GsEdge {
  id: unknown;
  inV: unknown;
  properties?: Record<string, unknown>;
}
interface GsVertex {
  id: unknown;
  label: string;
  outE?: Record<string, GsEdge[]>;
  properties?: Record<string, GsProp[]>;
}

/**
 * Loads a GraphSON 3 file of TinkerPop's data folder into a new ReferenceGraph.
 *
 * @example
 * ```ts
 * const modern = loadGraphSON('/work/shared/tinkerpop/data/tinkerpop-modern-v3.json');
 * ```
 */
export function loadGraphSON(path: string): ReferenceGraph {
  const g = new ReferenceGraph();
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const vertices = lines.map((l) => JSON.parse(l) as GsVertex);
  for (const v of vertices) {
    const slot = g.addVertex(v.label, { id: graphson(v.id) as ElementId });
    for (const [key, props] of Object.entries(v.properties ?? {})) {
      for (const p of props) {
        const meta = Object.entries(p.properties ?? {}).map(([k, mv]) => [k, graphson(mv)] as const);
        const rec = g.setVertexProperty(slot, key, graphson(p.value), { cardinality: 'list', meta });
        const idx = g.vertices[slot]?.props.indexOf(rec) ?? -1;
        const props2 = g.vertices[slot]?.props;
        if (props2 !== undefined && idx >= 0) props2[idx] = { ...rec, id: graphson(p.id) as ElementId };
      }
    }
  }
  for (const v of vertices) {
    const out = g.vertexSlot(graphson(v.id) as ElementId);
    for (const [label, edges] of Object.entries(v.outE ?? {})) {
      for (const e of edges) {
        const props = Object.entries(e.properties ?? {}).map(([k, pv]) => [k, graphson(pv)] as const);
        g.addEdge(label, { out, in: g.vertexSlot(graphson(e.inV) as ElementId) }, { id: graphson(e.id) as ElementId, properties: props });
      }
    }
  }
  return g;
}

/** Folder of TinkerPop's data files. */
export const DATA_DIR = sharedPath('tinkerpop', 'data');

/**
 * The modern graph.
 *
 * @example
 * ```ts
 * const g = modern();
 * ```
 */
export function modern(): ReferenceGraph {
  return loadGraphSON(`${DATA_DIR}/tinkerpop-modern-v3.json`);
}

/**
 * The crew graph (multi-properties with meta-properties).
 *
 * @example
 * ```ts
 * const g = crew();
 * ```
 */
export function crew(): ReferenceGraph {
  return loadGraphSON(`${DATA_DIR}/tinkerpop-crew-v3.json`);
}
