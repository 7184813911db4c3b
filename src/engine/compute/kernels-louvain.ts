/**
 * Multi-level Louvain (Blondel et al.) on the undirected simple graph, every edge of weight 1,
 * in one task: local moving in index order until no vertex moves, then each community becomes
 * one node of the next level (its internal weight a self-loop), until a level moves nothing.
 * Deterministic: vertices are visited in index order, and a vertex leaves its community only for
 * a strictly better gain (ties to the smallest community).
 * @module
 */
import type { KernelReply } from './kernel-reply.js';

/** One level: a symmetric weighted adjacency, and each node's internal (self-loop) weight. */
interface Level {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly weights: Float64Array;
  readonly self: Float64Array;
}

/** Local moving on one level; returns each node's community (renumbered 0..c-1) and whether any node moved. */
function moveNodes(level: Level, m2: number): { readonly community: Int32Array; readonly count: number; readonly moved: boolean } {
  const n = level.self.length;
  const { offsets, targets, weights, self } = level;
  const degree = new Float64Array(n);
  const community = new Int32Array(n);
  const total = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    let k = self[v]!;
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) k += weights[i]!;
    degree[v] = k;
    community[v] = v;
    total[v] = k;
  }
  const toCommunity = new Float64Array(n);
  const touched = new Int32Array(n);
  let moved = false;
  for (let improved = true; improved; ) {
    improved = false;
    for (let v = 0; v < n; v++) {
      const own = community[v]!;
      let count = 0;
      for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
        const c = community[targets[i]!]!;
        if (toCommunity[c] === 0) touched[count++] = c;
        toCommunity[c]! += weights[i]!;
      }
      total[own]! -= degree[v]!;
      const k = degree[v]! / m2;
      let best = own;
      let bestGain = toCommunity[own]! - total[own]! * k;
      for (let j = 0; j < count; j++) {
        const c = touched[j]!;
        const gain = toCommunity[c]! - total[c]! * k;
        if (gain > bestGain + 1e-12 || (Math.abs(gain - bestGain) <= 1e-12 && c < best && best !== own)) {
          best = c;
          bestGain = gain;
        }
      }
      total[best]! += degree[v]!;
      for (let j = 0; j < count; j++) toCommunity[touched[j]!] = 0;
      if (best !== own) {
        community[v] = best;
        improved = true;
        moved = true;
      }
    }
  }
  const renumber = new Int32Array(n).fill(-1);
  let count = 0;
  for (let v = 0; v < n; v++) {
    const c = community[v]!;
    if (renumber[c] === -1) renumber[c] = count++;
    community[v] = renumber[c]!;
  }
  return { community, count, moved };
}

/** The next level: one node per community. */
function aggregate(level: Level, community: Int32Array, count: number): Level {
  const n = level.self.length;
  const self = new Float64Array(count);
  const rows = Array.from({ length: count }, () => new Map<number, number>());
  for (let v = 0; v < n; v++) {
    const c = community[v]!;
    self[c]! += level.self[v]!;
    for (let i = level.offsets[v]!; i < level.offsets[v + 1]!; i++) {
      const d = community[level.targets[i]!]!;
      if (d === c) self[c]! += level.weights[i]!;
      else rows[c]!.set(d, (rows[c]!.get(d) ?? 0) + level.weights[i]!);
    }
  }
  const offsets = new Int32Array(count + 1);
  for (let c = 0; c < count; c++) offsets[c + 1] = offsets[c]! + rows[c]!.size;
  const targets = new Int32Array(offsets[count]!);
  const weights = new Float64Array(offsets[count]!);
  for (let c = 0; c < count; c++) {
    let p = offsets[c]!;
    for (const [d, w] of [...rows[c]!].sort((a, b) => a[0] - b[0])) {
      targets[p] = d;
      weights[p++] = w;
    }
  }
  return { offsets, targets, weights, self };
}

/**
 * Louvain communities of the undirected simple graph (`offsets`/`targets`), written to
 * `community` as the smallest vertex index of each community; replies [levels, modularity].
 */
export function louvain(a: { readonly offsets: Int32Array; readonly targets: Int32Array; readonly community: Int32Array }): KernelReply {
  const n = a.offsets.length - 1;
  let level: Level = { offsets: a.offsets, targets: a.targets, weights: new Float64Array(a.targets.length).fill(1), self: new Float64Array(n) };
  const m2 = a.targets.length;
  const node = Int32Array.from({ length: n }, (_, v) => v);
  let levels = 0;
  while (m2 > 0) {
    const { community, count, moved } = moveNodes(level, m2);
    if (!moved) break;
    levels++;
    for (let v = 0; v < n; v++) node[v] = community[node[v]!]!;
    level = aggregate(level, community, count);
  }
  const smallest = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) if (smallest[node[v]!] === -1) smallest[node[v]!] = v;
  for (let v = 0; v < n; v++) a.community[v] = smallest[node[v]!]!;
  let modularity = 0;
  if (m2 > 0) {
    const inside = new Float64Array(n);
    const total = new Float64Array(n);
    for (let v = 0; v < n; v++) {
      for (let i = a.offsets[v]!; i < a.offsets[v + 1]!; i++) {
        total[a.community[v]!]!++;
        if (a.community[a.targets[i]!] === a.community[v]) inside[a.community[v]!]!++;
      }
    }
    for (let c = 0; c < n; c++) modularity += inside[c]! / m2 - (total[c]! / m2) ** 2;
  }
  return { sums: [levels, modularity] };
}
