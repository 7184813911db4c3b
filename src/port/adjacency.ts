/**
 * The adjacency port: the narrow read interface that traversers, the frontier engine and
 * worker-thread jobs depend on. It is the part of {@link GraphSource} that walks edges in
 * batches of typed arrays; a plain CSR over typed arrays (shared memory included) implements
 * it in one small file (src/storage/csr-adjacency.ts).
 * @module
 */
import type { Direction } from '../values/index.js';

/**
 * A batch of neighbours produced by {@link AdjacencySource.scanNeighbours}. Entry i of the
 * batch (0 ≤ i < `length`) sits at position `p = selection === undefined ? i : selection[i]`
 * of the parallel arrays, and says that `sources[p]` reaches vertex `vertices[p]` through edge
 * `edges[p]`. A filter that drops entries of its base's batch passes the base's arrays on with
 * a `selection` of the positions it keeps, instead of copying them.
 *
 * @example
 * ```ts
 * declare const batch: NeighbourBatch;
 * for (let i = 0; i < batch.length; i++) {
 *   const p = batch.selection === undefined ? i : batch.selection[i]!;
 *   console.log(batch.sources[p], '->', batch.vertices[p], 'by edge', batch.edges[p]);
 * }
 * ```
 */
export interface NeighbourBatch {
  readonly sources: Int32Array;
  readonly edges: Int32Array;
  readonly vertices: Int32Array;
  /** Number of entries. */
  readonly length: number;
  /** Positions of the entries in the arrays, in order; undefined means positions 0 to length - 1. */
  readonly selection: Int32Array | undefined;
}

/**
 * Options of a neighbour scan.
 *
 * @example
 * ```ts
 * const o: ScanOptions = { labels: ['knows'], degreeLimit: 10000, visibleNeighbours: true };
 * ```
 */
export interface ScanOptions {
  /** Edge labels to follow; empty or absent means all. */
  readonly labels?: readonly string[];
  /** At most this many entries (visible neighbours) per source vertex. */
  readonly degreeLimit?: number;
  /**
   * Only entries whose neighbour vertex is visible ({@link AdjacencySource.vertexVisible}). A
   * filter may show an edge without its end vertices (PartitionStrategy); a caller that moves
   * on to the neighbour (`out()`, a frontier) asks for this, a caller that returns the edge
   * (`outE()`) does not.
   */
  readonly visibleNeighbours?: boolean;
}

/**
 * The CSR rows of one edge label in one direction: the entries of vertex v are positions
 * `offsets[v]` to `offsets[v + 1]` of `targets` (neighbour slots) and `edges` (edge slots), in
 * the order a scan yields them. Vertices at or past `offsets.length - 1` have none.
 */
export interface AdjacencyRows {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly edges: Int32Array;
}

/**
 * Read access to the adjacency of one graph: vertex counts, visibility, batched neighbour scans
 * and degrees. Vertices and edges are dense slots, as in {@link GraphSource}.
 *
 * The contract every implementation keeps (test/port/adjacency-contract.test.ts checks it
 * against each of them with one shared property suite):
 * - **Threads.** All methods are synchronous and run on the caller's thread. An implementation
 *   over immutable typed arrays (a CSR snapshot) may be used from several threads at once; the
 *   store's sources may not, and are read from the thread that owns the store.
 * - **Visibility.** A source shows one consistent graph: an entry of a scan is a visible edge
 *   (live, not expired, not hidden by a filter, committed before a read view's epoch), and its
 *   source slot is the vertex it was asked for. `degree` counts exactly the entries a scan
 *   without `degreeLimit` yields, and `vertexCount()` counts the slots `vertexVisible` accepts.
 * - **Sources.** `sources` is a set: distinct vertex slots, each visible. The entries come
 *   grouped by source in the order of `sources`; for BOTH, a source's OUT entries come before
 *   its IN entries. The order inside one direction is the implementation's and stable.
 * - **Limits.** `degreeLimit` counts the entries yielded, that is the visible neighbours: a
 *   restricted reader still sees up to `degreeLimit` neighbours of each source.
 * - **Batch lifetime and reuse.** A scan yields one batch object, again and again: the same
 *   object (and, unless a filter passes a base's arrays on, the same arrays) for every batch of
 *   one scan. A batch is valid until the next one is requested or the scan ends; callers copy
 *   what they keep. A batch holds at most 1024 entries and is never empty.
 * - **Selections.** A filter answers with a `selection` over its base's batch, never with
 *   copied arrays; callers read entries through the selection (see {@link NeighbourBatch}).
 * - **No allocation per neighbour.** Scans allocate per scan (and per batch at most), never per
 *   entry.
 * - **Rows (optional fast path).** `adjacencyRows(direction, labels)` hands out the CSR rows a
 *   scan walks, only when they show exactly what the scan shows: for every visible source v,
 *   the entries of v in the returned rows, taken in list order (OUT rows before IN rows for
 *   BOTH), are the entries of `scanNeighbours([v], direction, { labels, visibleNeighbours: true })`
 *   in the same order, with every neighbour visible. A source that hides anything (a filter,
 *   TTL, a read view whose state differs from the merged arrays) answers undefined, and callers
 *   fall back to the batched scan. The arrays are never written; they stay valid for as long
 *   as the source shows the same state (a read view: its whole life). `degreeLimit` is the
 *   caller's to apply, per source over the whole list.
 */
export interface AdjacencySource {
  /** Number of visible vertices, optionally of one label. */
  vertexCount(label?: string): number;
  /** Every visible vertex slot is below this bound (the size of a slot-indexed bitmap). */
  vertexSlotBound(): number;
  /** Whether a vertex slot holds a visible vertex (false for any slot out of range). */
  vertexVisible(slot: number): boolean;
  /**
   * Neighbours of many vertices at once, following edges in the given direction (BOTH yields
   * OUT then IN per source), in batches of at most 1024 entries under the contract above.
   */
  scanNeighbours(sources: Int32Array, direction: Direction, options?: ScanOptions): Iterable<NeighbourBatch>;
  /** Number of visible incident edges of a vertex in a direction, without materialising them. */
  degree(slot: number, direction: Direction, labels?: readonly string[]): number;
  /**
   * The CSR rows a scan in `direction` over `labels` (empty or absent: all) walks, in scan order,
   * when they show exactly that scan's visible neighbours; undefined when the source cannot
   * hand them out as they are (see the contract above).
   */
  adjacencyRows?(direction: Direction, labels?: readonly string[]): readonly AdjacencyRows[] | undefined;
}

/**
 * Largest number of entries in one {@link NeighbourBatch}.
 */
export const NEIGHBOUR_BATCH_SIZE = 1024;

/**
 * The one reused batch of a scan, filled entry by entry: what implementations over typed
 * arrays yield. `push` returns true when the batch is full; the scan then yields it and calls
 * `clear` before the next push.
 */
export class NeighbourBatchBuffer implements NeighbourBatch {
  readonly sources = new Int32Array(NEIGHBOUR_BATCH_SIZE);
  readonly edges = new Int32Array(NEIGHBOUR_BATCH_SIZE);
  readonly vertices = new Int32Array(NEIGHBOUR_BATCH_SIZE);
  readonly selection = undefined;
  length = 0;

  /** Appends `source → vertex` through `edge`; true when the batch is full. */
  push(source: number, edge: number, vertex: number): boolean {
    const n = this.length++;
    this.sources[n] = source;
    this.edges[n] = edge;
    this.vertices[n] = vertex;
    return this.length === NEIGHBOUR_BATCH_SIZE;
  }

  /**
   * Appends positions `from` to `end` of a run of `source`'s entries (parallel `edges` and
   * neighbour `vertices`, as in a CSR row), as many as fit; returns the position to resume at.
   * A plain loop outside the scan's generator, which the JIT optimises fully.
   */
  pushRun(source: number, edges: Int32Array, vertices: Int32Array, from: number, end: number): number {
    const n = this.length;
    const take = Math.min(end - from, NEIGHBOUR_BATCH_SIZE - n);
    for (let i = 0; i < take; i++) {
      this.sources[n + i] = source;
      this.edges[n + i] = edges[from + i]!;
      this.vertices[n + i] = vertices[from + i]!;
    }
    this.length = n + take;
    return from + take;
  }

  /** Empties the batch for the next entries. */
  clear(): void {
    this.length = 0;
  }
}
