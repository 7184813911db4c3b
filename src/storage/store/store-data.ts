/**
 * The data of one graph's store: vertex and label tables, the edge table, adjacency, indexes
 * and their build state, property sides and explicit edge ids, and the epoch log. Here too is
 * the upkeep that records no undo step and no log op (tables, adjacency and indexes created on
 * first use, adjacency merges, pair filters, edge searches) and the value reads shared by the
 * mutations, index builds and readers. {@link StoreState} adds the mutations.
 * @module
 */
import type { ElementId, PropertyValue } from '../../values/index.js';
import { Csr } from '../csr.js';
import { EdgeTable } from '../edge-table.js';
import { PairFilter } from '../pair-filter.js';
import { EpochLog, type PropertySide } from './epochs.js';
import { ElementIndex } from '../indexes/index.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import { LabelTable, VertexTable } from '../vertex-table.js';

/**
 * All data of one graph; {@link StoreState} is the one concrete class.
 */
export abstract class StoreData {
  vertices = new VertexTable();
  readonly vertexTables = new Map<number, LabelTable>();
  edges = new EdgeTable();
  readonly adjacency = new Map<number, { readonly out: Csr; readonly in: Csr }>();
  readonly indexes = new Map<string, ElementIndex>();
  /** Indexes being built in steps, with the next slot to index; lookups do not use them. */
  readonly buildingIndexes = new Map<string, number>();
  /** Building indexes whose build is a rebuild of a finished index (status REBUILDING, not CREATING). */
  readonly rebuildingIndexes = new Set<string>();
  /**
   * Indexes whose last build failed (a UNIQUE conflict in the data): status INVALID, no entries,
   * neither kept by writes nor used by lookups until a rebuild finishes.
   */
  readonly invalidIndexes = new Set<string>();
  readonly propertySides = new Map<number, Map<number, PropertySide>>();
  readonly edgeIds = new Map<number, ElementId>();
  readonly edgeIdSlots = new Map<number | string, number>();
  /** Sink of the prefetch loops of bulk appends (keeps their loads from being optimised away). */
  prefetched = 0;
  /** Next generated id of auto-create graphs (vertices, edges, vertex properties). */
  nextAutoId = 1;
  /** Epoch counter, read-view pins and the pre-images pinned views need. */
  readonly epochs = new EpochLog();
  private readonly ttls = { vertex: new Map<number, boolean>(), edge: new Map<number, boolean>() };
  private readonly sortKeyed = new Map<number, boolean>();

  /** Whether vertex reads show OLAP keys (the graph's read mode is ALL); set by the store's owner. */
  showOlap: () => boolean = () => true;

  constructor(readonly catalog: SchemaCatalog) {}

  /** Ids of the OLAP keys vertex reads hide now, or undefined when they hide none. */
  hiddenOlap(): ReadonlySet<number> | undefined {
    if (this.showOlap()) return undefined;
    const ids = this.catalog.olapKeyIds();
    return ids.size === 0 ? undefined : ids;
  }

  /** Whether a batch is open (its rollback would pop buffered adjacency entries). */
  protected abstract batchOpen(): boolean;

  /** Whether a label has a TTL (memoised: a label's TTL never changes and ids are not reused). */
  hasTtl(kind: 'vertex' | 'edge', labelId: number): boolean {
    const memo = this.ttls[kind];
    let has = memo.get(labelId);
    if (has === undefined) {
      const label = kind === 'vertex' ? this.catalog.vertexLabelById(labelId) : this.catalog.edgeLabelById(labelId);
      has = (label?.ttl ?? 0) > 0;
      if (label !== undefined) memo.set(labelId, has);
    }
    return has;
  }

  /** Whether an edge label has sort keys (memoised: a label's sort keys never change and ids are not reused). */
  hasSortKeys(labelId: number): boolean {
    let has = this.sortKeyed.get(labelId);
    if (has === undefined) {
      const label = this.catalog.edgeLabelById(labelId);
      has = (label?.sortKeys.length ?? 0) > 0;
      if (label !== undefined) this.sortKeyed.set(labelId, has);
    }
    return has;
  }

  /**
   * Merges adjacency buffers: those past their threshold (`due`, after every batch), every one
   * not yet compact (`all`), or those holding tombstones (`tombstoned`: then every merged entry
   * left is live, and a snapshot can store the merged arrays and the buffered edges as they are).
   */
  mergeAdjacency(which: 'due' | 'all' | 'tombstoned'): void {
    for (const adj of this.adjacency.values()) {
      if (mergeWanted(adj.out, which)) this.mergeCsr(adj.out, 'out');
      if (mergeWanted(adj.in, which)) this.mergeCsr(adj.in, 'in');
    }
  }

  /** Merges one label's adjacency in one direction, its entries' far ends read from the edge table. */
  private mergeCsr(csr: Csr, direction: 'out' | 'in'): void {
    csr.merge(this.vertices.size, this.edges.alive, direction === 'out' ? this.edges.out : this.edges.in);
  }

  /**
   * Merges one adjacency so that readers may take its arrays as they are, when no batch is
   * open (a rollback pops buffered entries) and the merge pays ({@link Csr.worthCompacting}).
   * Read views pinned earlier keep walking their own generation. True when it is compact after.
   */
  compactForReads(labelId: number, direction: 'out' | 'in'): boolean {
    const csr = this.adjacency.get(labelId)?.[direction];
    if (csr === undefined) return false;
    if (csr.isCompact()) return true;
    if (this.batchOpen() || !csr.worthCompacting()) return false;
    this.mergeCsr(csr, direction);
    return true;
  }

  /** The adjacency of an edge label, created on first use. */
  adjacencyOf(labelId: number): { readonly out: Csr; readonly in: Csr } {
    let a = this.adjacency.get(labelId);
    if (a === undefined) {
      a = { out: new Csr(), in: new Csr() };
      this.adjacency.set(labelId, a);
    }
    return a;
  }

  /** Grows every adjacency to hold `size` vertex slots. */
  ensureAdjacencyVertices(size: number): void {
    for (const adj of this.adjacency.values()) {
      adj.out.ensureVertices(size);
      adj.in.ensureVertices(size);
    }
  }

  /** The row table of a vertex label, created on first use. */
  vertexTable(labelId: number): LabelTable {
    let t = this.vertexTables.get(labelId);
    if (t === undefined) {
      t = new LabelTable(labelId);
      this.vertexTables.set(labelId, t);
    }
    return t;
  }

  /** The index of an index label, created (empty) on first use. */
  index(name: string): ElementIndex {
    let idx = this.indexes.get(name);
    if (idx === undefined) {
      idx = new ElementIndex(this.catalog.indexLabel(name)!);
      this.indexes.set(name, idx);
    }
    return idx;
  }

  /** The SINGLE-frequency pair filter of an edge label, built from its live edges on first use. */
  pairFilter(labelId: number): PairFilter {
    let f = this.edges.pairs.get(labelId);
    if (f === undefined) this.edges.pairs.set(labelId, (f = PairFilter.build(labelId, this.edges)));
    return f;
  }

  /** The first live edge `out → inV` of a label, scanning the adjacency of the endpoint with the smaller degree; -1 if none. */
  findLiveEdge(labelId: number, out: number, inV: number): number {
    const adj = this.adjacency.get(labelId);
    if (adj === undefined) return -1;
    const dOut = adj.out.degree(out);
    const dIn = adj.in.degree(inV);
    if (dOut === 0 || dIn === 0) return -1;
    return dOut <= dIn ? adj.out.find(out, inV, this.edges.alive) : adj.in.find(inV, out, this.edges.alive);
  }

  /** Live incident edges of a vertex, both directions, in a deterministic order. */
  incidentEdges(slot: number): number[] {
    const found = new Set<number>();
    for (const adj of this.adjacency.values()) {
      for (const csr of [adj.out, adj.in]) {
        csr.each(slot, this.edges.alive, (_t, e) => {
          found.add(e);
          return true;
        });
      }
    }
    return [...found].sort((a, b) => a - b);
  }

  /** Bytes held by the typed arrays of vertices and of edges (see GraphStore.footprint). */
  footprint(): { vertexBytes: number; edgeBytes: number } {
    const s = this;
    const vt = s.vertices;
    const tableBytes = (t: { rows: Int32Array; insertedAt: Float64Array | undefined; columns: ReadonlyMap<number, { raw(): { data?: { byteLength: number }; present: Uint32Array } }> }): number =>
      t.rows.byteLength + (t.insertedAt?.byteLength ?? 0) + [...t.columns.values()].reduce((n, c) => n + (c.raw().data?.byteLength ?? 0) + c.raw().present.byteLength, 0);
    let vertexBytes = vt.labelOf.byteLength + vt.rowOf.byteLength + vt.idKind.byteLength + vt.idNumber.byteLength + vt.alive.toWords().byteLength;
    for (const t of s.vertexTables.values()) vertexBytes += tableBytes(t);
    const et = s.edges;
    let edgeBytes = et.label.byteLength + et.out.byteLength + et.in.byteLength + et.alive.toWords().byteLength + (et.rowOf?.byteLength ?? 0);
    for (const t of et.tables.values()) edgeBytes += tableBytes(t);
    for (const a of s.adjacency.values()) edgeBytes += a.out.byteLength() + a.in.byteLength();
    for (const f of et.pairs.values()) edgeBytes += f.byteLength();
    return { vertexBytes, edgeBytes };
  }

  /** Current value of a vertex property key, or undefined. */
  vertexValue(slot: number, keyId: number): PropertyValue | undefined {
    const t = this.vertexTables.get(this.vertices.labelOf[slot]!);
    return t?.columns.get(keyId)?.get(this.vertices.rowOf[slot]!);
  }

  /** Current value of an edge property key, or undefined. */
  edgeValue(e: number, keyId: number): PropertyValue | undefined {
    const t = this.edges.tables.get(this.edges.label[e]!);
    if (t === undefined || this.edges.rowOf === undefined) return undefined;
    return t.columns.get(keyId)?.get(this.edges.rowOf[e]!);
  }

  /** Field values of an element for an index label's fields. */
  fieldValues(kind: 'vertex' | 'edge', slot: number, fields: readonly string[]): (PropertyValue | undefined)[] {
    return fields.map((f) => {
      const key = this.catalog.propertyKey(f);
      if (key === undefined) return undefined;
      return kind === 'vertex' ? this.vertexValue(slot, key.id) : this.edgeValue(slot, key.id);
    });
  }

  /** Indexes of an element's label, those left invalid by a failed build excepted. */
  indexesOf(kind: 'vertex' | 'edge', labelId: number): ElementIndex[] {
    const label = kind === 'vertex' ? this.catalog.vertexLabelById(labelId) : this.catalog.edgeLabelById(labelId);
    if (label === undefined) return [];
    const records = this.catalog.indexLabelsOf(kind === 'vertex' ? 'VERTEX_LABEL' : 'EDGE_LABEL', label.name);
    return (this.invalidIndexes.size === 0 ? records : records.filter((r) => !this.invalidIndexes.has(r.name))).map((r) => this.index(r.name));
  }

  /** Whether any index label covers a vertex or edge label (unknown labels count as indexed: the slow path checks them). */
  protected hasIndexLabels(kind: 'vertex' | 'edge', labelId: number): boolean {
    const label = kind === 'vertex' ? this.catalog.vertexLabelById(labelId) : this.catalog.edgeLabelById(labelId);
    return label === undefined || label.indexLabels.length > 0;
  }
}

/** Whether {@link StoreState.mergeAdjacency} merges `csr` for `which`. */
function mergeWanted(csr: Csr, which: 'due' | 'all' | 'tombstoned'): boolean {
  if (which === 'due') return csr.needsMerge();
  return which === 'all' ? !csr.isCompact() : csr.hasTombstones();
}
