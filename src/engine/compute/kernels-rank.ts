/**
 * Kernels of the iterative algorithms that work vertex by vertex over one range per task:
 * PageRank supersteps, degree centrality and LPA (LDBC CDLP) supersteps. Each writes only the
 * entries of its own range of the shared arrays, so tasks of one superstep never race.
 * @module
 */
import type { KernelReply } from './kernel-reply.js';

/** A range [from, to) of vertices. */
interface Range {
  readonly from: number;
  readonly to: number;
}

/**
 * PageRank's first state: rank 1/n, contribution rank / out-degree; the reply's sum is the
 * rank held by dangling vertices (no out-edge) of the range.
 */
export function pageRankInit(a: Range & { readonly n: number; readonly outOffsets: Int32Array; readonly rank: Float64Array; readonly contribution: Float64Array }): KernelReply {
  const r = 1 / a.n;
  let dangling = 0;
  for (let v = a.from; v < a.to; v++) {
    a.rank[v] = r;
    const d = a.outOffsets[v + 1]! - a.outOffsets[v]!;
    if (d === 0) dangling += r;
    a.contribution[v] = d === 0 ? 0 : r / d;
  }
  return { sums: [dangling] };
}

/**
 * One PageRank update (HugeGraph-Computer's formula): rank = (1 − alpha)·(Σ contributions of
 * in-neighbours + dangling / n) + alpha / n, one contribution per in-edge. Reads `previous`
 * contributions, writes `next` ones; replies [L1 change of the range, dangling rank of the range].
 */
export function pageRankStep(
  a: Range & {
    readonly n: number;
    readonly alpha: number;
    readonly dangling: number;
    readonly outOffsets: Int32Array;
    readonly inOffsets: Int32Array;
    readonly inTargets: Int32Array;
    readonly rank: Float64Array;
    readonly previous: Float64Array;
    readonly next: Float64Array;
  },
): KernelReply {
  const damping = 1 - a.alpha;
  const base = damping * (a.dangling / a.n) + a.alpha / a.n;
  const { inOffsets, inTargets, outOffsets, rank, previous, next } = a;
  let l1 = 0;
  let dangling = 0;
  for (let v = a.from; v < a.to; v++) {
    let sum = 0;
    const end = inOffsets[v + 1]!;
    for (let i = inOffsets[v]!; i < end; i++) sum += previous[inTargets[i]!]!;
    const r = damping * sum + base;
    l1 += Math.abs(r - rank[v]!);
    rank[v] = r;
    const d = outOffsets[v + 1]! - outOffsets[v]!;
    if (d === 0) {
      dangling += r;
      next[v] = 0;
    } else {
      next[v] = r / d;
    }
  }
  return { sums: [l1, dangling] };
}

/**
 * Degree centrality: the number of out-edges (parallel edges counted), or with `weights` the
 * sum of their weights.
 */
export function degreeCentrality(a: Range & { readonly outOffsets: Int32Array; readonly weights?: Float64Array; readonly values: Float64Array }): KernelReply {
  const { outOffsets, weights, values } = a;
  for (let v = a.from; v < a.to; v++) {
    const start = outOffsets[v]!;
    const end = outOffsets[v + 1]!;
    if (weights === undefined) {
      values[v] = end - start;
      continue;
    }
    let sum = 0;
    for (let i = start; i < end; i++) sum += weights[i]!;
    values[v] = sum;
  }
  return { sums: [] };
}

/**
 * One synchronous LPA superstep (LDBC Graphalytics CDLP): each vertex takes the most frequent
 * label among its out- and in-neighbours in `previous` (one count per edge), ties to the
 * smallest label; a vertex without neighbours keeps its label. Replies [vertices that changed].
 */
export function lpaStep(
  a: Range & {
    readonly outOffsets: Int32Array;
    readonly outTargets: Int32Array;
    readonly inOffsets: Int32Array;
    readonly inTargets: Int32Array;
    readonly previous: Int32Array;
    readonly next: Int32Array;
  },
): KernelReply {
  const { outOffsets, outTargets, inOffsets, inTargets, previous, next } = a;
  let scratch = new Int32Array(64);
  let changed = 0;
  for (let v = a.from; v < a.to; v++) {
    const os = outOffsets[v]!;
    const oe = outOffsets[v + 1]!;
    const is = inOffsets[v]!;
    const ie = inOffsets[v + 1]!;
    const k = oe - os + (ie - is);
    if (k === 0) {
      next[v] = previous[v]!;
      continue;
    }
    if (scratch.length < k) scratch = new Int32Array(Math.max(k, scratch.length * 2));
    let n = 0;
    for (let i = os; i < oe; i++) scratch[n++] = previous[outTargets[i]!]!;
    for (let i = is; i < ie; i++) scratch[n++] = previous[inTargets[i]!]!;
    const labels = scratch.subarray(0, n).sort();
    let best = labels[0]!;
    let bestCount = 0;
    for (let i = 0; i < n; ) {
      let j = i + 1;
      while (j < n && labels[j] === labels[i]) j++;
      // ascending order: a later label wins only with a strictly higher count
      if (j - i > bestCount) {
        bestCount = j - i;
        best = labels[i]!;
      }
      i = j;
    }
    if (best !== previous[v]) changed++;
    next[v] = best;
  }
  return { sums: [changed] };
}
