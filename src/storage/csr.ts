/**
 * Compressed sparse row adjacency of one edge label in one direction, with a write buffer.
 *
 * Merged entries live in three Int32Arrays (offsets, targets, edge slots). New entries go to an
 * append log (target, edge slot, link: 12 bytes an entry) whose entries are chained per vertex
 * (newest first) through typed arrays, so a scan never walks JS objects. The source vertex of a
 * buffered entry is not stored: the edge table has it, and the merge reads it from there.
 * Removed edges are tombstoned (the edge table's live bits) and dropped by the next merge.
 * @module
 */
import { growInt32, type BitSet } from './columns/index.js';

/** Buffer length from which a merge partitions the buffer by vertex range before scattering it. */
const BUCKETED_SCATTER = 1 << 16;
/** Upper bound on the number of vertex ranges of that partition. */
const SCATTER_BUCKETS = 1024;

/**
 * Adjacency of one edge label in one direction.
 *
 * @example
 * ```ts
 * const adj = new Csr();
 * adj.add(0, 1, 0);
 * adj.degree(0); // 1
 * ```
 */
export class Csr {
  /** CSR offsets: entries of vertex v are [offsets[v], offsets[v + 1]) for v < csrVertices. */
  offsets: Int32Array = new Int32Array(1);
  /** Merged neighbour slots. */
  targets: Int32Array = new Int32Array(0);
  /** Merged edge slots. */
  edges: Int32Array = new Int32Array(0);
  /** Number of vertices covered by the offsets. */
  csrVertices = 0;
  /** Per vertex v: [2v] = 1-based index of its newest buffered entry (0 for none), [2v + 1] = live count. */
  private perVertex: Int32Array = new Int32Array(32);
  private bufTarget: Int32Array = new Int32Array(16);
  private bufEdge: Int32Array = new Int32Array(16);
  private bufLink: Int32Array = new Int32Array(16);
  private bufLength = 0;
  private tombstones = 0;
  private scratch: Int32Array = new Int32Array(16);

  /** Appends an entry `v → target` through edge `edge`. */
  add(v: number, target: number, edge: number): void {
    const pv = v << 1;
    if (pv >= this.perVertex.length) this.ensureVertices(v + 1);
    const i = this.bufLength;
    if (i >= this.bufTarget.length) {
      this.bufTarget = growInt32(this.bufTarget, i + 1);
      this.bufEdge = growInt32(this.bufEdge, i + 1);
      this.bufLink = growInt32(this.bufLink, i + 1);
    }
    this.bufTarget[i] = target;
    this.bufEdge[i] = edge;
    const per = this.perVertex;
    this.bufLink[i] = per[pv]!;
    per[pv] = i + 1;
    per[pv + 1]!++;
    this.bufLength = i + 1;
  }

  /** Reads the per-vertex state of every vertex in `vs` once, ahead of {@link add} calls for them (see PairFilter.prefetch). */
  prefetch(vs: Int32Array): number {
    const per = this.perVertex;
    let sink = 0;
    for (let i = 0; i < vs.length; i++) sink ^= per[vs[i]! << 1]!;
    return sink;
  }

  /** Undoes the newest {@link add}, which was made for vertex `v`. */
  popLast(v: number): void {
    const i = --this.bufLength;
    this.perVertex[v << 1] = this.bufLink[i]!;
    this.perVertex[(v << 1) + 1]!--;
  }

  /** Records that one live entry of `v` was tombstoned (its edge died). */
  tombstone(v: number): void {
    this.perVertex[(v << 1) + 1]!--;
    this.tombstones++;
  }

  /** Undoes {@link tombstone}. */
  untombstone(v: number): void {
    this.perVertex[(v << 1) + 1]!++;
    this.tombstones--;
  }

  /** Live entries of a vertex, O(1). */
  degree(v: number): number {
    const i = (v << 1) + 1;
    return i < this.perVertex.length ? this.perVertex[i]! : 0;
  }

  /** Whether the buffer or tombstones are large enough to merge. */
  needsMerge(): boolean {
    const merged = this.targets.length;
    return this.bufLength > Math.max(4096, merged >> 1) || this.tombstones > Math.max(4096, merged >> 2);
  }

  /** Whether a vertex has buffered (unmerged) entries. */
  hasBuffered(v: number): boolean {
    const i = v << 1;
    return i < this.perVertex.length && this.perVertex[i] !== 0;
  }

  /** Buffered entries of a vertex in insertion order, as indexes written into a scratch array. */
  buffered(v: number): { readonly entries: Int32Array; readonly length: number } {
    let n = 0;
    for (let e = v << 1 < this.perVertex.length ? this.perVertex[v << 1]! : 0; e !== 0; e = this.bufLink[e - 1]!) {
      if (n >= this.scratch.length) this.scratch = growInt32(this.scratch, n + 1);
      this.scratch[n++] = e - 1;
    }
    this.scratch.subarray(0, n).reverse();
    return { entries: this.scratch, length: n };
  }

  /** Target of a buffered entry. */
  bufferedTarget(entry: number): number {
    return this.bufTarget[entry]!;
  }

  /** Edge of a buffered entry. */
  bufferedEdge(entry: number): number {
    return this.bufEdge[entry]!;
  }

  /**
   * Visits the live entries of `v` in insertion order until `visit` returns false.
   * Used by lookups; scans use the arrays directly.
   */
  each(v: number, live: BitSet, visit: (target: number, edge: number) => boolean): void {
    if (v < this.csrVertices) {
      for (let i = this.offsets[v]!, end = this.offsets[v + 1]!; i < end; i++) {
        const e = this.edges[i]!;
        if (live.get(e) && !visit(this.targets[i]!, e)) return;
      }
    }
    const { entries, length } = this.buffered(v);
    for (let k = 0; k < length; k++) {
      const e = this.bufEdge[entries[k]!]!;
      if (live.get(e) && !visit(this.bufTarget[entries[k]!]!, e)) return;
    }
  }

  /** The first live edge `v → target` in insertion order, or -1; a scan of v's entries without a callback. */
  find(v: number, target: number, live: BitSet): number {
    if (v < this.csrVertices) {
      const targets = this.targets;
      const edges = this.edges;
      for (let i = this.offsets[v]!, end = this.offsets[v + 1]!; i < end; i++) {
        if (targets[i] === target && live.get(edges[i]!)) return edges[i]!;
      }
    }
    let found = -1;
    for (let e = v << 1 < this.perVertex.length ? this.perVertex[v << 1]! : 0; e !== 0; e = this.bufLink[e - 1]!) {
      if (this.bufTarget[e - 1] === target && live.get(this.bufEdge[e - 1]!)) found = this.bufEdge[e - 1]!;
    }
    return found;
  }

  /**
   * Merges the buffer into the CSR and drops tombstoned entries; `live` holds live edge slots
   * and `sources[e]` is the vertex whose entry edge `e` is (the edge table's out or in column).
   */
  merge(vertexCount: number, live: BitSet, sources: Int32Array): void {
    const n = Math.max(vertexCount, this.csrVertices);
    this.ensureVertices(n);
    const offsets = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) offsets[v + 1] = offsets[v]! + this.perVertex[(v << 1) + 1]!;
    const total = offsets[n]!;
    const targets = new Int32Array(total);
    const edges = new Int32Array(total);
    const pos = offsets.slice(0, n);
    this.copyMerged(targets, edges, pos, live);
    if (this.bufLength >= BUCKETED_SCATTER) this.scatterBucketed(targets, edges, pos, { live, sources });
    else this.scatter(targets, edges, pos, { live, sources });
    this.offsets = offsets;
    this.targets = targets;
    this.edges = edges;
    this.csrVertices = n;
    for (let v = 0; v < n; v++) this.perVertex[v << 1] = 0;
    this.bufLength = 0;
    this.tombstones = 0;
    this.bufTarget = new Int32Array(16);
    this.bufEdge = new Int32Array(16);
    this.bufLink = new Int32Array(16);
  }

  /** Bytes held by the typed arrays of this adjacency. */
  byteLength(): number {
    const arrays = [this.offsets, this.targets, this.edges, this.perVertex, this.bufTarget, this.bufEdge, this.bufLink, this.scratch];
    return arrays.reduce((n, a) => n + a.byteLength, 0);
  }

  /** Writes the live buffered entries into new arrays at `pos` (advanced), in buffer order. */
  private scatter(targets: Int32Array, edges: Int32Array, pos: Int32Array, ends: { live: BitSet; sources: Int32Array }): void {
    const { live, sources } = ends;
    const bufEdge = this.bufEdge;
    for (let i = 0; i < this.bufLength; i++) {
      const e = bufEdge[i]!;
      if (!live.get(e)) continue;
      const p = pos[sources[e]!]!++;
      targets[p] = this.bufTarget[i]!;
      edges[p] = e;
    }
  }

  /**
   * {@link scatter} for a large buffer: first a stable partition of the live entries by vertex
   * range (at most SCATTER_BUCKETS sequential write streams), then the scatter of one range at a time, whose
   * writes stay inside a cache-sized window of the new arrays instead of hitting all of them at random.
   */
  private scatterBucketed(targets: Int32Array, edges: Int32Array, pos: Int32Array, ends: { live: BitSet; sources: Int32Array }): void {
    const { live, sources } = ends;
    const bufEdge = this.bufEdge;
    const bufTarget = this.bufTarget;
    let shift = 0;
    while (pos.length >>> shift > SCATTER_BUCKETS) shift++;
    const starts = new Int32Array((pos.length >>> shift) + 2);
    for (let i = 0; i < this.bufLength; i++) {
      const e = bufEdge[i]!;
      if (live.get(e)) starts[(sources[e]! >>> shift) + 1]!++;
    }
    for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
    const count = starts[starts.length - 1]!;
    const vs = new Int32Array(count);
    const ts = new Int32Array(count);
    const es = new Int32Array(count);
    const next = starts.slice();
    for (let i = 0; i < this.bufLength; i++) {
      const e = bufEdge[i]!;
      if (!live.get(e)) continue;
      const v = sources[e]!;
      const k = next[v >>> shift]!++;
      vs[k] = v;
      ts[k] = bufTarget[i]!;
      es[k] = e;
    }
    for (let k = 0; k < count; k++) {
      const p = pos[vs[k]!]!++;
      targets[p] = ts[k]!;
      edges[p] = es[k]!;
    }
  }

  /** Copies the live merged entries into new arrays at `pos` (advanced), in one run per vertex when nothing is tombstoned. */
  private copyMerged(targets: Int32Array, edges: Int32Array, pos: Int32Array, live: BitSet): void {
    const offsets = this.offsets;
    if (this.tombstones === 0) {
      for (let v = 0; v < this.csrVertices; v++) {
        let p = pos[v]!;
        for (let i = offsets[v]!, end = offsets[v + 1]!; i < end; i++) {
          targets[p] = this.targets[i]!;
          edges[p++] = this.edges[i]!;
        }
        pos[v] = p;
      }
      return;
    }
    for (let v = 0; v < this.csrVertices; v++) {
      let p = pos[v]!;
      for (let i = offsets[v]!, end = offsets[v + 1]!; i < end; i++) {
        const e = this.edges[i]!;
        if (!live.get(e)) continue;
        targets[p] = this.targets[i]!;
        edges[p++] = e;
      }
      pos[v] = p;
    }
  }

  /** Makes room for the per-vertex state of `n` vertices. */
  ensureVertices(n: number): void {
    if (n * 2 > this.perVertex.length) this.perVertex = growInt32(this.perVertex, n * 2);
  }

  /**
   * Rebuilds a merged adjacency from its arrays (as written by a snapshot).
   *
   * @example
   * ```ts
   * const copy = Csr.fromArrays(adj.offsets, adj.targets, adj.edges);
   * ```
   */
  static fromArrays(offsets: Int32Array, targets: Int32Array, edges: Int32Array): Csr {
    const c = new Csr();
    const n = offsets.length - 1;
    c.offsets = offsets;
    c.targets = targets;
    c.edges = edges;
    c.csrVertices = n;
    c.ensureVertices(n);
    for (let v = 0; v < n; v++) c.perVertex[(v << 1) + 1] = offsets[v + 1]! - offsets[v]!;
    return c;
  }
}
