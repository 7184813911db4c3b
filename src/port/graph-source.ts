/**
 * The GraphSource port: the one way the engine reads and writes a graph; it extends the
 * adjacency port (adjacency.ts).
 *
 * Storage implements it; the engine, algorithms and access control only see this interface.
 * Vertices and edges are addressed by dense **slots** (non-negative integers), valid for the
 * lifetime of the element. A per-request filter (access control) wraps a GraphSource.
 * @module
 */
import type { ElementId, PlainId, PropertyValue } from '../values/index.js';
import type { AdjacencySource } from './adjacency.js';

/**
 * One vertex property, possibly one of several for list/set cardinality, with its
 * meta-properties.
 *
 * @example
 * ```ts
 * const p: VertexPropertyRecord = { key: 'name', value: 'marko', id: 0, meta: new Map() };
 * ```
 */
export interface VertexPropertyRecord {
  readonly key: string;
  readonly value: PropertyValue;
  /** Id of this vertex property, unique within the graph. */
  readonly id: ElementId;
  /** Meta-properties (properties of this vertex property). */
  readonly meta: ReadonlyMap<string, PropertyValue>;
}

/**
 * A property query predicate, in the shape the engine hands to storage indexes.
 *
 * @example
 * ```ts
 * const p: IndexPredicate = { op: 'between', values: [20, 30] };
 * ```
 */
export interface IndexPredicate {
  readonly op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'between' | 'inside' | 'outside' | 'within' | 'without' | 'textcontains';
  readonly values: readonly PropertyValue[];
}

/**
 * Options of a column scan ({@link GraphSource.scanColumns}).
 */
export interface ColumnScanOptions {
  /** Labels to scan, one after the other in this order; absent means every element. */
  readonly labels?: readonly string[];
  /** Property key whose values the batches carry; absent means none. */
  readonly key?: string;
}

/**
 * One batch of a column scan: entry i is the element at `slots[i]`, with label `labels[i]` and
 * value `values[i]` of the scanned key (undefined when it has none). When `lists` is true, a
 * present value is the readonly array of the element's values of a multi-valued (list or set)
 * vertex key, in insertion order. Only the first `length` entries are meaningful.
 */
export interface ColumnBatch {
  readonly length: number;
  readonly slots: Int32Array;
  readonly labels: readonly string[];
  readonly values: readonly (PropertyValue | undefined)[];
  readonly lists: boolean;
}

/**
 * Cardinality of a vertex property write.
 *
 * @example
 * ```ts
 * const c: PropertyCardinality = 'list';
 * ```
 */
export type PropertyCardinality = 'single' | 'list' | 'set';

/**
 * A consistent read of one graph: {@link ReadView.source} shows the graph as of the moment the
 * view was opened (its epoch), whatever is committed while it is open. The engine opens one per
 * read-only query and releases it when the query finishes, fails or is cancelled. Release is
 * idempotent; after it, the source reads the live graph.
 *
 * @example
 * ```ts
 * const view = graph.openReadView();
 * try { view.source.vertexCount(); } finally { view.release(); }
 * ```
 */
export interface ReadView {
  readonly source: GraphSource;
  release(): void;
}

/**
 * Read access to one graph: the adjacency port ({@link AdjacencySource}, whose contract holds
 * here too) plus ids, labels, properties, column scans and index lookups. All methods are
 * synchronous and never allocate per neighbour in the batched paths. The id of a slot never
 * changes while the process runs, even after its element is removed, so element handles may
 * read ids lazily.
 *
 * @example
 * ```ts
 * declare const source: GraphSource;
 * for (const v of source.vertexSlots('person')) console.log(source.vertexId(v));
 * ```
 */
export interface GraphSource extends AdjacencySource {
  /**
   * Live vertex slots, optionally of one label, in slot order, from slot `from` (inclusive,
   * default 0). Contract: the answer with `from` is exactly the answer without it less the
   * slots below `from`, and an implementation should reach the first slot without walking the
   * ones before it (resumed pages and shard scans rely on this to stay linear).
   */
  vertexSlots(label?: string, from?: number): Iterable<number>;
  /** Live edge slots, optionally of one label, in slot order, from slot `from` (as {@link GraphSource.vertexSlots}). */
  edgeSlots(label?: string, from?: number): Iterable<number>;
  /** Number of live edges, optionally of one label. */
  edgeCount(label?: string): number;
  /** Slot of the vertex with this id, or -1. Accepts ids in any equivalent form (number or string). */
  vertexSlot(id: ElementId): number;
  /** Slot of the edge with this id, or -1. */
  edgeSlot(id: ElementId): number;
  /** External id of a vertex. */
  vertexId(slot: number): ElementId;
  /**
   * Plain ids of vertex slots, as the values module's `plainId` of {@link GraphSource.vertexId}
   * would give them, written to `into[i]` for each `slots[i]` (`into` grows as needed). Optional:
   * a store fills it straight from its id columns, with no TypedNumber or BigInt per id, for
   * answers that list a million ids; callers fall back to `vertexId` without it.
   */
  plainVertexIds?(slots: ArrayLike<number>, into: PlainId[]): void;
  /** Label of a vertex. */
  vertexLabel(slot: number): string;
  /**
   * Schema id of a vertex's label (its vertex label record's id), the label
   * {@link GraphSource.vertexLabel} names. Optional: a per-element filter that keeps a table by
   * label (access control) reads it instead of the name; without it, it reads the name.
   */
  vertexLabelId?(slot: number): number;
  /** External id of an edge. */
  edgeId(slot: number): ElementId;
  /** Label of an edge. */
  edgeLabel(slot: number): string;
  /** Schema id of an edge's label, as {@link GraphSource.vertexLabelId} for vertices. */
  edgeLabelId?(slot: number): number;
  /** Slot of the edge's out (source) vertex. */
  edgeOutVertex(slot: number): number;
  /** Slot of the edge's in (target) vertex. */
  edgeInVertex(slot: number): number;
  /** Keys that have at least one value on the vertex, in schema order. */
  vertexPropertyKeys(slot: number): readonly string[];
  /**
   * Whether the vertex property key holds several values per vertex (list or set cardinality),
   * so that a result lists its values even when a vertex has one. Optional: without it, results
   * list a key's values only when a vertex has several.
   */
  multiValuedKey?(key: string): boolean;
  /** Vertex properties, all or of the given keys, in key order then insertion order. */
  vertexProperties(slot: number, keys?: readonly string[]): readonly VertexPropertyRecord[];
  /** Keys that have a value on the edge. */
  edgePropertyKeys(slot: number): readonly string[];
  /** Value of an edge property, or undefined. */
  edgeProperty(slot: number, key: string): PropertyValue | undefined;
  /**
   * Labels and one property column of every visible element, in batches, so that full scans
   * (`g.E().groupCount().by(label)`, `g.E().has('weight', gt(0.5)).count()`) build no element
   * object. Contract, for every implementation:
   * - the elements are exactly those of {@link GraphSource.vertexSlots} / {@link GraphSource.edgeSlots}
   *   for each label of `options.labels` in turn (or with no label), in the same order, under
   *   the same visibility (a read view's high-water marks and epoch, TTL, decorator filters);
   * - a value is what {@link GraphSource.edgeProperty} / {@link GraphSource.vertexProperties}
   *   give for the key (a hidden key has no value), so a scan never sees more than slot reads;
   * - a batch is valid until the next one is requested: implementations may reuse one batch
   *   object and its arrays, and callers must copy what they keep;
   * - a batch holds at most a fixed number of entries (1024 in the store), and no object is
   *   allocated per element by the store beyond what a property value already is.
   */
  scanColumns(element: 'vertex' | 'edge', options?: ColumnScanOptions): Iterable<ColumnBatch>;
  /**
   * Element slots that satisfy `key predicate` using an index, for one label or all labels, in
   * ascending slot order. Returns undefined when no index can answer, so the caller can fall
   * back to a scan. `from` is a hint of a resumed page: slots below it may be left out (an
   * implementation may also return them; callers skip them).
   */
  lookup(
    element: 'vertex' | 'edge',
    query: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate; readonly from?: number },
  ): Iterable<number> | undefined;
  /**
   * Opens a read view pinned to the current state (see {@link ReadView}). Sources without it
   * are read live; a store whose writes can interleave with a paused query must implement it.
   */
  openReadView?(): ReadView;
  /**
   * True when reading this source live sees, right now, exactly what a read view opened now
   * would (a store: no transaction is open). A read that starts and ends within one
   * synchronous turn may then skip opening a view; absent or false, it must open one.
   */
  readsCommitted?(): boolean;
}

/**
 * Write access inside one atomic batch. Every change either commits with the batch or is
 * rolled back with it; schema rules (strict or auto-create) apply to every call.
 *
 * @example
 * ```ts
 * await graph.write((w) => { const a = w.addVertex('person', { properties: [['name', 'marko']] }); });
 * ```
 */
export interface GraphWriter extends GraphSource {
  /** Adds a vertex and returns its slot. */
  addVertex(
    label: string,
    options?: { readonly id?: ElementId; readonly properties?: ReadonlyArray<readonly [string, PropertyValue]> },
  ): number;
  /** Adds an edge from `out` to `inV` (slots) and returns its slot. */
  addEdge(
    label: string,
    ends: { readonly out: number; readonly in: number },
    options?: { readonly id?: ElementId; readonly properties?: ReadonlyArray<readonly [string, PropertyValue]> },
  ): number;
  /**
   * Adds edges `outSlots[i] → inSlots[i]` of one label in one call and returns the slot of each;
   * the value of edge `i` for a property is at index `i` of that property's column (undefined:
   * none). Same rules and errors as {@link GraphWriter.addEdge} for each pair in order (a SINGLE
   * label's existing pair keeps its edge and takes the pair's values). The store's writer
   * implements it with a columnar fast path for bulk loads and REST batches.
   *
   * @example
   * ```ts
   * await graph.write((w) => w.addEdgesBulk?.('knows', Int32Array.of(0, 0), Int32Array.of(1, 2), { properties: [['weight', [0.5, undefined]]] }));
   * ```
   */
  addEdgesBulk?(
    label: string,
    outSlots: Int32Array,
    inSlots: Int32Array,
    options?: { readonly properties?: ReadonlyArray<readonly [string, ReadonlyArray<PropertyValue | undefined>]> },
  ): Int32Array;
  /**
   * Adds `count` vertices of one label in one call and returns their slots; the value of vertex
   * `i` for a property is at index `i` of that property's column (undefined: none), and its given
   * id, if any, at index `i` of `ids`. Same rules, errors and results as
   * {@link GraphWriter.addVertex} for each in order. The store's writer implements it with a
   * columnar fast path for REST batches.
   *
   * @example
   * ```ts
   * await graph.write((w) => w.addVerticesBulk?.('person', 2, { properties: [['name', ['a', 'b']]] }));
   * await graph.write((w) => w.addVerticesBulk?.('account', 2, { ids: ['a1', 'a2'] }));
   * ```
   */
  addVerticesBulk?(
    label: string,
    count: number,
    options?: { readonly properties?: ReadonlyArray<readonly [string, ReadonlyArray<PropertyValue | undefined>]>; readonly ids?: ReadonlyArray<ElementId | undefined> },
  ): Int32Array;
  /**
   * Sets the SINGLE values of one property key on many vertices in one call: vertex `slots[i]`
   * takes `values[i]`, or loses its value when that is undefined. Same rules and errors as
   * {@link GraphWriter.setVertexProperty} and {@link GraphWriter.removeVertexProperty} for each
   * in order. The store's writer implements it by writing the key's columns directly, the write
   * path of computation results.
   *
   * @example
   * ```ts
   * await graph.write((w) => w.setVertexValuesBulk?.('rank', Int32Array.of(0, 1), [0.25, undefined]));
   * ```
   */
  setVertexValuesBulk?(key: string, slots: Int32Array, values: ReadonlyArray<PropertyValue | undefined>): void;
  /** Sets a vertex property; single replaces, list appends, set appends when absent. Returns the new property. */
  setVertexProperty(
    slot: number,
    key: string,
    value: PropertyValue,
    options?: { readonly cardinality?: PropertyCardinality; readonly meta?: ReadonlyArray<readonly [string, PropertyValue]> },
  ): VertexPropertyRecord;
  /** Sets or replaces a meta-property on an existing vertex property. */
  setMetaProperty(slot: number, propertyId: ElementId, key: string, value: PropertyValue): void;
  /** Removes vertex properties of a key: all of them, or only the one with this property id. */
  removeVertexProperty(slot: number, key: string, propertyId?: ElementId): void;
  /** Removes a meta-property from a vertex property. */
  removeMetaProperty(slot: number, propertyId: ElementId, key: string): void;
  /** Sets an edge property. */
  setEdgeProperty(slot: number, key: string, value: PropertyValue): void;
  /** Removes an edge property. */
  removeEdgeProperty(slot: number, key: string): void;
  /** Removes a vertex and all its incident edges. */
  removeVertex(slot: number): void;
  /** Removes an edge. */
  removeEdge(slot: number): void;
}
