/**
 * Hand-written typed-array baseline: the least a graph store can do for the same edges.
 * Edges are appended in batches into growable Int32Array edge lists, then compacted into two
 * CSR indexes (out and in), each holding neighbour and edge-id arrays, as a columnar store does.
 * @module
 */

/**
 * Out and in adjacency of a directed graph in compressed sparse row form.
 *
 * @example
 * ```ts
 * const csr = new CsrBaseline(4);
 * csr.append(Int32Array.of(0, 1), Int32Array.of(1, 2));
 * csr.build();
 * console.log(csr.outDegree(0)); // 1
 * ```
 */
export class CsrBaseline {
  private sources = new Int32Array(1024);
  private targets = new Int32Array(1024);
  private count = 0;
  private outOffsets = new Int32Array(0);
  private outNeighbours = new Int32Array(0);
  private outEdges = new Int32Array(0);
  private inOffsets = new Int32Array(0);
  private inNeighbours = new Int32Array(0);
  private inEdges = new Int32Array(0);

  constructor(private readonly vertexCount: number) {}

  /** Number of edges appended. */
  get edgeCount(): number {
    return this.count;
  }

  /** Appends one batch of edges (parallel source/target arrays). */
  append(sources: Int32Array, targets: Int32Array): void {
    const needed = this.count + sources.length;
    if (needed > this.sources.length) {
      const size = Math.max(needed, this.sources.length * 2);
      const s = new Int32Array(size);
      const t = new Int32Array(size);
      s.set(this.sources.subarray(0, this.count));
      t.set(this.targets.subarray(0, this.count));
      this.sources = s;
      this.targets = t;
    }
    this.sources.set(sources, this.count);
    this.targets.set(targets, this.count);
    this.count = needed;
  }

  /** Builds both CSR indexes from the appended edges and drops the edge lists' slack. */
  build(): void {
    const out = this.index(this.sources, this.targets);
    const inn = this.index(this.targets, this.sources);
    [this.outOffsets, this.outNeighbours, this.outEdges] = out;
    [this.inOffsets, this.inNeighbours, this.inEdges] = inn;
    this.sources = this.sources.slice(0, this.count);
    this.targets = this.targets.slice(0, this.count);
  }

  /** Out-degree of a vertex. */
  outDegree(vertex: number): number {
    return this.outOffsets[vertex + 1]! - this.outOffsets[vertex]!;
  }

  /** In-degree of a vertex. */
  inDegree(vertex: number): number {
    return this.inOffsets[vertex + 1]! - this.inOffsets[vertex]!;
  }

  /** Out-neighbours of a vertex (a view, no copy). */
  outNeighboursOf(vertex: number): Int32Array {
    return this.outNeighbours.subarray(this.outOffsets[vertex]!, this.outOffsets[vertex + 1]!);
  }

  /** In-neighbours of a vertex (a view, no copy). */
  inNeighboursOf(vertex: number): Int32Array {
    return this.inNeighbours.subarray(this.inOffsets[vertex]!, this.inOffsets[vertex + 1]!);
  }

  /** Bytes held by every array of the structure. */
  get byteLength(): number {
    return [this.sources, this.targets, this.outOffsets, this.outNeighbours, this.outEdges, this.inOffsets, this.inNeighbours, this.inEdges]
      .reduce((sum, a) => sum + a.byteLength, 0);
  }

  private index(from: Int32Array, to: Int32Array): [Int32Array<ArrayBuffer>, Int32Array<ArrayBuffer>, Int32Array<ArrayBuffer>] {
    const offsets = new Int32Array(this.vertexCount + 1);
    for (let e = 0; e < this.count; e++) offsets[from[e]! + 1]!++;
    for (let v = 0; v < this.vertexCount; v++) offsets[v + 1]! += offsets[v]!;
    const cursor = offsets.slice(0, this.vertexCount);
    const neighbours = new Int32Array(this.count);
    const edges = new Int32Array(this.count);
    for (let e = 0; e < this.count; e++) {
      const at = cursor[from[e]!]!++;
      neighbours[at] = to[e]!;
      edges[at] = e;
    }
    return [offsets, neighbours, edges];
  }
}
