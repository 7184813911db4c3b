/**
 * The hand-written typed-array baseline of the traverser benchmark: BFS over {@link CsrBaseline}
 * in both directions with an epoch-stamped visited array, as tight as plain JavaScript gets.
 * @module
 */
import type { CsrBaseline } from '../csr-baseline.js';

/**
 * Result of one baseline search: vertices reached (sources excluded) and adjacency entries scanned.
 *
 * @example
 * ```ts
 * const r: BfsCount = { reached: 10, scanned: 40 };
 * ```
 */
export interface BfsCount {
  readonly reached: number;
  readonly scanned: number;
}

/**
 * A reusable BFS over both directions of a CSR: visited stamps and a queue sized to the graph.
 *
 * @example
 * ```ts
 * const bfs = new CsrBfs(csr, vertexCount);
 * bfs.kHop(0, 2); // { reached, scanned }
 * ```
 */
export class CsrBfs {
  readonly #stamps: Int32Array;
  readonly #queue: Int32Array;
  #epoch = 0;

  constructor(
    private readonly csr: CsrBaseline,
    vertexCount: number,
  ) {
    this.#stamps = new Int32Array(vertexCount);
    this.#queue = new Int32Array(vertexCount);
  }

  /**
   * Vertices within `depth` hops of `source` over out and in edges; with `target` >= 0 it stops
   * at the end of the level where the target is reached (`reached` is then its distance, or -1).
   */
  kHop(source: number, depth: number, target = -1): BfsCount {
    const stamps = this.#stamps;
    const queue = this.#queue;
    const epoch = ++this.#epoch;
    stamps[source] = epoch;
    queue[0] = source;
    let head = 0;
    let tail = 1;
    let scanned = 0;
    for (let d = 1; d <= depth && head < tail; d++) {
      const end = tail;
      for (; head < end; head++) {
        const u = queue[head]!;
        const out = this.csr.outNeighboursOf(u);
        const inn = this.csr.inNeighboursOf(u);
        scanned += out.length + inn.length;
        tail = visit(out, stamps, queue, tail, epoch);
        tail = visit(inn, stamps, queue, tail, epoch);
      }
      if (target >= 0 && stamps[target] === epoch) return { reached: d, scanned };
    }
    return { reached: target >= 0 ? -1 : tail - 1, scanned };
  }

  /**
   * Jaccard similarity of the distinct neighbours (out and in) of `a` and `b`: the neighbours of
   * `a` are stamped, then those of `b` are counted against the stamps. `reached` is the number
   * of common neighbours, and the similarity is returned beside it.
   */
  jaccard(a: number, b: number): BfsCount & { readonly similarity: number } {
    const stamps = this.#stamps;
    const mine = ++this.#epoch;
    const lists = (v: number): Int32Array[] => [this.csr.outNeighboursOf(v), this.csr.inNeighboursOf(v)];
    let sizeA = 0;
    let scanned = 0;
    for (const list of lists(a)) {
      scanned += list.length;
      for (let i = 0; i < list.length; i++) {
        if (stamps[list[i]!] === mine) continue;
        stamps[list[i]!] = mine;
        sizeA++;
      }
    }
    // Neighbours of b: stamped `theirs` once seen; common when they were `mine` before.
    const theirs = ++this.#epoch;
    let sizeB = 0;
    let common = 0;
    for (const list of lists(b)) {
      scanned += list.length;
      for (let i = 0; i < list.length; i++) {
        const w = list[i]!;
        const s = stamps[w];
        if (s === theirs) continue;
        if (s === mine) common++;
        stamps[w] = theirs;
        sizeB++;
      }
    }
    const all = sizeA + sizeB - common;
    return { reached: common, scanned, similarity: all === 0 ? 0 : common / all };
  }
}

/** Marks and enqueues the unvisited vertices of `list`; returns the new queue tail. */
function visit(list: Int32Array, stamps: Int32Array, queue: Int32Array, tail: number, epoch: number): number {
  for (let i = 0; i < list.length; i++) {
    const w = list[i]!;
    if (stamps[w] === epoch) continue;
    stamps[w] = epoch;
    queue[tail++] = w;
  }
  return tail;
}
