/**
 * A GraphSource (and GraphWriter) seen through element filters: what SubgraphStrategy and
 * PartitionStrategy let a traversal see. Scans, lookups, adjacency and degrees skip hidden
 * elements; writes pass through, with extra properties stamped on new elements.
 * @module
 */
import { NEIGHBOUR_BATCH_SIZE } from '../../port/index.js';
import type { ColumnBatch, ColumnScanOptions, GraphSource, GraphWriter, IndexPredicate, NeighbourBatch, PropertyCardinality, ScanOptions, VertexPropertyRecord } from '../../port/index.js';
import type { Direction, ElementId, PlainId, PropertyValue } from '../../values/index.js';
import { plainVertexIds } from '../plain-ids.js';
import { ColumnBatchBuffer, scanColumnsBySlots } from '../runtime/column-batches.js';

/**
 * The filters of a view. Absent filters let everything through.
 *
 * @example
 * ```ts
 * const f: ViewFilters = { vertex: (slot) => slot !== 0 };
 * ```
 */
export interface ViewFilters {
  vertex?(slot: number): boolean;
  edge?(slot: number): boolean;
  vertexProperty?(slot: number, record: VertexPropertyRecord): boolean;
  /** False to show edges whose end vertices are hidden (SubgraphStrategy's checkAdjacentVertices). */
  readonly checkAdjacent?: boolean;
  /** Property keys that are hidden everywhere (PartitionStrategy's partition key). */
  readonly hiddenKeys?: ReadonlySet<string>;
  /** Properties added to every new vertex and edge. */
  readonly stamp?: ReadonlyArray<readonly [string, PropertyValue]>;
  /**
   * The number of visible elements, optionally of one label, when the filter knows it without
   * walking them (access control: a label it shows whole or hides whole); undefined to walk.
   */
  count?(element: 'vertex' | 'edge', label?: string): number | undefined;
}

/** How many elements an iterable yields, without keeping them. */
function counted(slots: Iterable<number>): number {
  let n = 0;
  for (const _ of slots) n++;
  return n;
}

/**
 * The filtered view.
 *
 * @example
 * ```ts
 * declare const source: GraphSource;
 * const view = new FilteredSource(source, { vertex: (s) => source.vertexLabel(s) === 'person' });
 * ```
 */
export class FilteredSource implements GraphWriter {
  constructor(
    readonly base: GraphSource,
    readonly filters: ViewFilters,
  ) {}

  #v(slot: number): boolean {
    return this.filters.vertex?.(slot) ?? true;
  }

  #e(slot: number): boolean {
    if (!(this.filters.edge?.(slot) ?? true)) return false;
    return this.filters.checkAdjacent === false || (this.#v(this.base.edgeOutVertex(slot)) && this.#v(this.base.edgeInVertex(slot)));
  }
  #key(key: string): boolean {
    return this.filters.hiddenKeys?.has(key) !== true;
  }
  #writer(): GraphWriter {
    return this.base as GraphWriter;
  }

  *vertexSlots(label?: string, from?: number): Iterable<number> {
    for (const s of this.base.vertexSlots(label, from)) if (this.#v(s)) yield s;
  }
  *edgeSlots(label?: string, from?: number): Iterable<number> {
    for (const s of this.base.edgeSlots(label, from)) if (this.#e(s)) yield s;
  }
  vertexCount(label?: string): number {
    return this.filters.count?.('vertex', label) ?? counted(this.vertexSlots(label));
  }
  vertexSlotBound(): number {
    return this.base.vertexSlotBound();
  }
  /** Visible in the base and let through by the vertex filter (an edge may still show a hidden end when `checkAdjacent` is false). */
  vertexVisible(slot: number): boolean {
    return this.base.vertexVisible(slot) && this.#v(slot);
  }
  edgeCount(label?: string): number {
    return this.filters.count?.('edge', label) ?? counted(this.edgeSlots(label));
  }
  vertexSlot(id: ElementId): number {
    const s = this.base.vertexSlot(id);
    return s >= 0 && this.#v(s) ? s : -1;
  }
  edgeSlot(id: ElementId): number {
    const s = this.base.edgeSlot(id);
    return s >= 0 && this.#e(s) ? s : -1;
  }
  vertexId(slot: number): ElementId {
    return this.base.vertexId(slot);
  }
  plainVertexIds(slots: ArrayLike<number>, into: PlainId[]): void {
    plainVertexIds(this.base, slots, { into });
  }
  vertexLabel(slot: number): string {
    return this.base.vertexLabel(slot);
  }
  multiValuedKey(key: string): boolean {
    return this.base.multiValuedKey?.(key) ?? false;
  }
  edgeId(slot: number): ElementId {
    return this.base.edgeId(slot);
  }
  edgeLabel(slot: number): string {
    return this.base.edgeLabel(slot);
  }
  edgeOutVertex(slot: number): number {
    return this.base.edgeOutVertex(slot);
  }
  edgeInVertex(slot: number): number {
    return this.base.edgeInVertex(slot);
  }
  vertexPropertyKeys(slot: number): readonly string[] {
    return [...new Set(this.vertexProperties(slot).map((r) => r.key))];
  }
  vertexProperties(slot: number, keys?: readonly string[]): readonly VertexPropertyRecord[] {
    return this.base.vertexProperties(slot, keys).filter((r) => this.#key(r.key) && (this.filters.vertexProperty?.(slot, r) ?? true));
  }
  edgePropertyKeys(slot: number): readonly string[] {
    return this.base.edgePropertyKeys(slot).filter((k) => this.#key(k));
  }
  edgeProperty(slot: number, key: string): PropertyValue | undefined {
    return this.#key(key) ? this.base.edgeProperty(slot, key) : undefined;
  }
  /** The base source's batches, narrowed to the visible elements; hidden keys read as absent. */
  *scanColumns(element: 'vertex' | 'edge', options: ColumnScanOptions = {}): Iterable<ColumnBatch> {
    const key = options.key;
    if (element === 'vertex' && key !== undefined && this.filters.vertexProperty !== undefined) {
      yield* scanColumnsBySlots(this, element, options);
      return;
    }
    const hidden = key !== undefined && !this.#key(key);
    let out: ColumnBatchBuffer | undefined;
    for (const b of this.base.scanColumns(element, hidden ? { labels: options.labels } : options)) {
      out ??= new ColumnBatchBuffer(b.lists);
      for (let i = 0; i < b.length; i++) {
        const slot = b.slots[i]!;
        if (!(element === 'vertex' ? this.#v(slot) : this.#e(slot))) continue;
        if (out.push(slot, b.labels[i] as string, b.values[i])) {
          yield out;
          out.clear();
        }
      }
    }
    if (out !== undefined && out.length > 0) yield out;
  }
  /**
   * The base's batches with a selection of the visible entries (no copy); `degreeLimit` is
   * counted here, over the visible entries, so the base scans without it.
   */
  *scanNeighbours(sources: Int32Array, direction: Direction, options: ScanOptions = {}): Iterable<NeighbourBatch> {
    const limit = options.degreeLimit ?? Infinity;
    // With checkAdjacent, a shown edge has visible ends: the source end is tested once per source.
    const ends = this.filters.checkAdjacent !== false && this.filters.vertex !== undefined;
    const edgeShown = this.filters.edge;
    const checkTargets = options.visibleNeighbours === true && this.filters.checkAdjacent === false;
    const selection = new Int32Array(NEIGHBOUR_BATCH_SIZE);
    const out: { -readonly [K in keyof NeighbourBatch]: NeighbourBatch[K] } = { sources, edges: sources, vertices: sources, length: 0, selection };
    let current = -1;
    let taken = 0;
    let sourceShown = true;
    for (const nb of this.base.scanNeighbours(sources, direction, { labels: options.labels, visibleNeighbours: options.visibleNeighbours })) {
      const sel = nb.selection;
      let n = 0;
      for (let i = 0; i < nb.length; i++) {
        const p = sel === undefined ? i : sel[i]!;
        const source = nb.sources[p]!;
        if (source !== current) {
          current = source;
          taken = 0;
          sourceShown = !ends || this.#v(source);
        }
        if (taken >= limit || !sourceShown) continue;
        if ((edgeShown !== undefined && !edgeShown(nb.edges[p]!)) || ((ends || checkTargets) && !this.#v(nb.vertices[p]!))) continue;
        taken++;
        selection[n++] = p;
      }
      if (n === 0) continue;
      out.sources = nb.sources;
      out.edges = nb.edges;
      out.vertices = nb.vertices;
      out.length = n;
      yield out;
    }
  }
  degree(slot: number, direction: Direction, labels?: readonly string[]): number {
    let n = 0;
    for (const nb of this.scanNeighbours(Int32Array.of(slot), direction, { labels })) n += nb.length;
    return n;
  }
  lookup(element: 'vertex' | 'edge', query: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate; readonly from?: number }): Iterable<number> | undefined {
    const found = this.base.lookup(element, query);
    if (found === undefined) return undefined;
    return [...found].filter((s) => (element === 'vertex' ? this.#v(s) : this.#e(s)));
  }

  addVertex(label: string, options?: { readonly id?: ElementId; readonly properties?: ReadonlyArray<readonly [string, PropertyValue]> }): number {
    return this.#writer().addVertex(label, { ...options, properties: [...(options?.properties ?? []), ...(this.filters.stamp ?? [])] });
  }
  addEdge(label: string, ends: { readonly out: number; readonly in: number }, options?: { readonly id?: ElementId; readonly properties?: ReadonlyArray<readonly [string, PropertyValue]> }): number {
    return this.#writer().addEdge(label, ends, { ...options, properties: [...(options?.properties ?? []), ...(this.filters.stamp ?? [])] });
  }
  setVertexProperty(slot: number, key: string, value: PropertyValue, options?: { readonly cardinality?: PropertyCardinality; readonly meta?: ReadonlyArray<readonly [string, PropertyValue]> }): VertexPropertyRecord {
    return this.#writer().setVertexProperty(slot, key, value, options);
  }
  setMetaProperty(slot: number, propertyId: ElementId, key: string, value: PropertyValue): void {
    this.#writer().setMetaProperty(slot, propertyId, key, value);
  }
  removeVertexProperty(slot: number, key: string, propertyId?: ElementId): void {
    this.#writer().removeVertexProperty(slot, key, propertyId);
  }
  removeMetaProperty(slot: number, propertyId: ElementId, key: string): void {
    this.#writer().removeMetaProperty(slot, propertyId, key);
  }
  setEdgeProperty(slot: number, key: string, value: PropertyValue): void {
    this.#writer().setEdgeProperty(slot, key, value);
  }
  removeEdgeProperty(slot: number, key: string): void {
    this.#writer().removeEdgeProperty(slot, key);
  }
  removeVertex(slot: number): void {
    this.#writer().removeVertex(slot);
  }
  removeEdge(slot: number): void {
    this.#writer().removeEdge(slot);
  }
}
