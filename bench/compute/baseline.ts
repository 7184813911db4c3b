/**
 * Hand-written single-threaded typed-array baselines of the compute bench, over the bench's
 * {@link CsrBaseline}: the least a program can do for PageRank (pull over in-neighbours, the
 * same formula as the jobs), WCC (union-find) and triangle count (the degree-ordered forward
 * algorithm on the undirected simple graph).
 * @module
 */
import type { CsrBaseline } from '../csr-baseline.js';

/**
 * PageRank for `iterations` updates with teleport probability `alpha` (HugeGraph-Computer's
 * formula, dangling rank spread evenly).
 *
 * @example
 * ```ts
 * declare const csr: CsrBaseline;
 * const ranks = pageRankBaseline(csr, 1024, { alpha: 0.15, iterations: 20 });
 * ```
 */
export function pageRankBaseline(csr: CsrBaseline, n: number, options: { readonly alpha: number; readonly iterations: number }): Float64Array {
  const rank = new Float64Array(n).fill(1 / n);
  const contribution = new Float64Array(n);
  for (let it = 0; it < options.iterations; it++) {
    let dangling = 0;
    for (let v = 0; v < n; v++) {
      const d = csr.outDegree(v);
      if (d === 0) dangling += rank[v]!;
      contribution[v] = d === 0 ? 0 : rank[v]! / d;
    }
    const base = (1 - options.alpha) * (dangling / n) + options.alpha / n;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (const u of csr.inNeighboursOf(v)) sum += contribution[u]!;
      rank[v] = (1 - options.alpha) * sum + base;
    }
  }
  return rank;
}

/**
 * Weakly connected components by union-find (link by index, path halving); each vertex's value
 * is the smallest vertex of its component.
 *
 * @example
 * ```ts
 * declare const csr: CsrBaseline;
 * const component = wccBaseline(csr, 1024);
 * ```
 */
export function wccBaseline(csr: CsrBaseline, n: number): Int32Array {
  const parent = Int32Array.from({ length: n }, (_, v) => v);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (let v = 0; v < n; v++) {
    for (const u of csr.outNeighboursOf(v)) {
      const a = find(v);
      const b = find(u);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  for (let v = 0; v < n; v++) parent[v] = find(v);
  return parent;
}

/**
 * Triangles per vertex of the undirected simple graph (self-loops and parallel edges dropped),
 * each triangle found once from its lowest vertex in degree order.
 *
 * @example
 * ```ts
 * declare const csr: CsrBaseline;
 * const triangles = triangleBaseline(csr, 1024);
 * ```
 */
export function triangleBaseline(csr: CsrBaseline, n: number): Float64Array {
  const offsets = new Int32Array(n + 1);
  const rows: Int32Array[] = [];
  for (let v = 0; v < n; v++) {
    const row = new Int32Array(csr.outDegree(v) + csr.inDegree(v));
    row.set(csr.outNeighboursOf(v));
    row.set(csr.inNeighboursOf(v), csr.outDegree(v));
    row.sort();
    let k = 0;
    for (let i = 0; i < row.length; i++) if (row[i] !== v && (k === 0 || row[i] !== row[k - 1])) row[k++] = row[i]!;
    rows.push(row.subarray(0, k));
    offsets[v + 1] = offsets[v]! + k;
  }
  const degree = (v: number): number => rows[v]!.length;
  const above = (u: number, v: number): boolean => degree(u) > degree(v) || (degree(u) === degree(v) && u > v);
  const plus = rows.map((row, v) => row.filter((u) => above(u, v)));
  const count = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const pv = plus[v]!;
    for (const u of pv) {
      const pu = plus[u]!;
      let i = 0;
      let j = 0;
      while (i < pv.length && j < pu.length) {
        if (pv[i]! < pu[j]!) i++;
        else if (pv[i]! > pu[j]!) j++;
        else {
          count[v]!++;
          count[u]!++;
          count[pv[i]!]!++;
          i++;
          j++;
        }
      }
    }
  }
  return count;
}
