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
  /**
   * The write buffer of the current generation. A merge starts a new one and never touches
   * the old one again, so a read view pinned before the merge still walks it (see {@link CsrAt}).
   */
  private buf = new WriteBuffer(32);
  private tombstones = 0;
  private scratch: Int32Array = new Int32Array(16);

  /** Appends an entry `v → target` through edge `edge`. */
  add(v: number, target: number, edge: number): void {
    const pv = v << 1;
    if (pv >= this.buf.perVertex.length) this.ensureVertices(v + 1);
    const i = this.buf.length;
    if (i >= this.buf.target.length) {
      this.buf.target = growInt32(this.buf.target, i + 1);
      this.buf.edge = growInt32(this.buf.edge, i + 1);
      this.buf.link = growInt32(this.buf.link, i + 1);
    }
    this.buf.target[i] = target;
    this.buf.edge[i] = edge;
    const per = this.buf.perVertex;
    this.buf.link[i] = per[pv]!;
    per[pv] = i + 1;
    per[pv + 1]!++;
    this.buf.length = i + 1;
  }

  /** Reads the per-vertex state of every vertex in `vs` once, ahead of {@link add} calls for them (see PairFilter.prefetch). */
  prefetch(vs: Int32Array): number {
    const per = this.buf.perVertex;
    let sink = 0;
    for (let i = 0; i < vs.length; i++) sink ^= per[vs[i]! << 1]!;
    return sink;
  }

  /** Undoes the newest {@link add}, which was made for vertex `v`. */
  popLast(v: number): void {
    const i = --this.buf.length;
    this.buf.perVertex[v << 1] = this.buf.link[i]!;
    this.buf.perVertex[(v << 1) + 1]!--;
  }

  /** Records that one live entry of `v` was tombstoned (its edge died). */
  tombstone(v: number): void {
    this.buf.perVertex[(v << 1) + 1]!--;
    this.tombstones++;
  }

  /** Undoes {@link tombstone}. */
  untombstone(v: number): void {
    this.buf.perVertex[(v << 1) + 1]!++;
    this.tombstones--;
  }

  /** Live entries of a vertex, O(1). */
  degree(v: number): number {
    const i = (v << 1) + 1;
    return i < this.buf.perVertex.length ? this.buf.perVertex[i]! : 0;
  }

  /** Whether any entry died since the last merge (so the merged arrays may hold dead edges). */
  hasTombstones(): boolean {
    return this.tombstones > 0;
  }

  /**
   * The edge slots of the buffered entries, in insertion order, as a view of the buffer: what
   * {@link add} calls (with each edge's ends) rebuild on top of {@link fromArrays}.
   */
  bufferedEdges(): Int32Array {
    return this.buf.edge.subarray(0, this.buf.length);
  }

  /** Whether the merged arrays hold exactly the live entries: nothing buffered, nothing tombstoned. */
  isCompact(): boolean {
    return this.buf.length === 0 && this.tombstones === 0;
  }

  /**
   * Whether a merge asked for by a reader (to hand out the merged arrays) pays: the buffered and
   * tombstoned entries are at least 1/256 of the merged ones, so that writes trickling in
   * between queries cost at most 256 copied entries each in merges.
   */
  worthCompacting(): boolean {
    return !this.isCompact() && (this.buf.length + this.tombstones) * 256 >= this.targets.length;
  }

  /** Whether the buffer or tombstones are large enough to merge. */
  needsMerge(): boolean {
    const merged = this.targets.length;
    return this.buf.length > Math.max(4096, merged >> 1) || this.tombstones > Math.max(4096, merged >> 2);
  }

  /** The write buffer of the current generation (for {@link CsrAt}). */
  currentBuffer(): WriteBuffer {
    return this.buf;
  }

  /** Whether a vertex has buffered (unmerged) entries. */
  hasBuffered(v: number): boolean {
    const i = v << 1;
    return i < this.buf.perVertex.length && this.buf.perVertex[i] !== 0;
  }

  /** Buffered entries of a vertex in insertion order, as indexes written into a scratch array. */
  buffered(v: number): { readonly entries: Int32Array; readonly length: number } {
    const r = this.buf.entriesOf(v, this.buf.length, this.scratch);
    this.scratch = r.entries;
    return r;
  }

  /** Target of a buffered entry. */
  bufferedTarget(entry: number): number {
    return this.buf.target[entry]!;
  }

  /** Edge of a buffered entry. */
  bufferedEdge(entry: number): number {
    return this.buf.edge[entry]!;
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
      const e = this.buf.edge[entries[k]!]!;
      if (live.get(e) && !visit(this.buf.target[entries[k]!]!, e)) return;
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
    for (let e = v << 1 < this.buf.perVertex.length ? this.buf.perVertex[v << 1]! : 0; e !== 0; e = this.buf.link[e - 1]!) {
      if (this.buf.target[e - 1] === target && live.get(this.buf.edge[e - 1]!)) found = this.buf.edge[e - 1]!;
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
    for (let v = 0; v < n; v++) offsets[v + 1] = offsets[v]! + this.buf.perVertex[(v << 1) + 1]!;
    const total = offsets[n]!;
    const targets = new Int32Array(total);
    const edges = new Int32Array(total);
    const pos = offsets.slice(0, n);
    this.copyMerged(targets, edges, pos, live);
    if (this.buf.length >= BUCKETED_SCATTER) this.scatterBucketed(targets, edges, pos, { live, sources });
    else this.scatter(targets, edges, pos, { live, sources });
    this.offsets = offsets;
    this.targets = targets;
    this.edges = edges;
    this.csrVertices = n;
    const next = new WriteBuffer(this.buf.perVertex.length);
    for (let v = 0; v < n; v++) next.perVertex[(v << 1) + 1] = offsets[v + 1]! - offsets[v]!;
    this.buf = next;
    this.tombstones = 0;
  }

  /**
   * This adjacency as it is now, for a read view: the merged arrays (never mutated) and the
   * write buffer up to its current length (later entries are skipped, and a merge leaves the
   * buffer alone).
   */
  pin(): CsrAt {
    return new CsrAt(this, this.buf.length);
  }

  /** Bytes held by the typed arrays of this adjacency. */
  byteLength(): number {
    const arrays = [this.offsets, this.targets, this.edges, this.buf.perVertex, this.buf.target, this.buf.edge, this.buf.link, this.scratch];
    return arrays.reduce((n, a) => n + a.byteLength, 0);
  }

  /** Writes the live buffered entries into new arrays at `pos` (advanced), in buffer order. */
  private scatter(targets: Int32Array, edges: Int32Array, pos: Int32Array, ends: { live: BitSet; sources: Int32Array }): void {
    const { live, sources } = ends;
    const bufEdge = this.buf.edge;
    for (let i = 0; i < this.buf.length; i++) {
      const e = bufEdge[i]!;
      if (!live.get(e)) continue;
      const p = pos[sources[e]!]!++;
      targets[p] = this.buf.target[i]!;
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
    const bufEdge = this.buf.edge;
    const bufTarget = this.buf.target;
    let shift = 0;
    while (pos.length >>> shift > SCATTER_BUCKETS) shift++;
    const starts = new Int32Array((pos.length >>> shift) + 2);
    for (let i = 0; i < this.buf.length; i++) {
      const e = bufEdge[i]!;
      if (live.get(e)) starts[(sources[e]! >>> shift) + 1]!++;
    }
    for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
    const count = starts[starts.length - 1]!;
    const vs = new Int32Array(count);
    const ts = new Int32Array(count);
    const es = new Int32Array(count);
    const next = starts.slice();
    for (let i = 0; i < this.buf.length; i++) {
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
    if (n * 2 > this.buf.perVertex.length) this.buf.perVertex = growInt32(this.buf.perVertex, n * 2);
  }

  /**
   * Rebuilds a merged adjacency from its arrays (as written by a snapshot).
   */
  static fromArrays(offsets: Int32Array, targets: Int32Array, edges: Int32Array): Csr {
    const c = new Csr();
    const n = offsets.length - 1;
    c.ensureVertices(n);
    c.offsets = offsets;
    c.targets = targets;
    c.edges = edges;
    c.csrVertices = n;
    for (let v = 0; v < n; v++) c.buf.perVertex[(v << 1) + 1] = offsets[v + 1]! - offsets[v]!;
    return c;
  }
}

/**
 * The write buffer of one CSR generation: an append log (target, edge slot, link to the
 * vertex's previous entry) and per vertex v: perVertex[2v] = 1-based index of its newest entry
 * (0 for none), perVertex[2v + 1] = live count.
 */
class WriteBuffer {
  perVertex: Int32Array;
  target: Int32Array = new Int32Array(16);
  edge: Int32Array = new Int32Array(16);
  link: Int32Array = new Int32Array(16);
  length = 0;

  constructor(perVertexLength: number) {
    this.perVertex = new Int32Array(perVertexLength);
  }

  /**
   * Entries of vertex `v` below `limit`, in insertion order, written into `scratch` (grown when
   * needed; the returned `entries` is the array to reuse).
   */
  entriesOf(v: number, limit: number, scratch: Int32Array): { readonly entries: Int32Array; readonly length: number } {
    let n = 0;
    let out = scratch;
    const link = this.link;
    for (let e = v << 1 < this.perVertex.length ? this.perVertex[v << 1]! : 0; e !== 0; e = link[e - 1]!) {
      if (e > limit) continue;
      if (n >= out.length) out = growInt32(out, n + 1);
      out[n++] = e - 1;
    }
    out.subarray(0, n).reverse();
    return { entries: out, length: n };
  }
}

/**
 * A CSR adjacency as it was when {@link Csr.pin} was called: what a read view scans while
 * writes go on. The merged arrays are shared (they are never mutated); buffered entries added
 * after the pin are skipped by index, and a merge leaves the pinned generation's buffer intact.
 */
export class CsrAt {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly edges: Int32Array;
  readonly csrVertices: number;
  readonly #buf: WriteBuffer;
  readonly #limit: number;
  #scratch: Int32Array | undefined;

  constructor(csr: Csr, bufferLength: number) {
    this.offsets = csr.offsets;
    this.targets = csr.targets;
    this.edges = csr.edges;
    this.csrVertices = csr.csrVertices;
    this.#buf = csr.currentBuffer();
    this.#limit = bufferLength;
  }

  /** Whether the vertex may have had buffered entries at the pin ({@link CsrAt.buffered} tells exactly). */
  hasBuffered(v: number): boolean {
    const per = this.#buf.perVertex;
    return this.#limit > 0 && v << 1 < per.length && per[v << 1] !== 0;
  }

  /** Buffered entries of a vertex at the pin, in insertion order. */
  buffered(v: number): { readonly entries: Int32Array; readonly length: number } {
    const r = this.#buf.entriesOf(v, this.#limit, (this.#scratch ??= new Int32Array(16)));
    this.#scratch = r.entries;
    return r;
  }

  /** Target of a buffered entry. */
  bufferedTarget(entry: number): number {
    return this.#buf.target[entry]!;
  }

  /** Edge of a buffered entry. */
  bufferedEdge(entry: number): number {
    return this.#buf.edge[entry]!;
  }
}
