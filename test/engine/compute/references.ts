/**
 * Naive references of the computation jobs' algorithms, written for clarity over speed: each
 * takes a small directed multigraph as an edge list over vertices 0..n-1 (index order = id
 * order) and answers what docs/jobs.md says the algorithm computes.
 * @module
 */
import fc from 'fast-check';
import { runKernel, sharedFloat64, sharedInt32 } from '../../../src/engine/index.js';
import type { ComputeGraph, KernelPool } from '../../../src/engine/index.js';

/** A small directed multigraph: parallel edges and self-loops allowed, each edge with a weight. */
export interface SmallGraph {
  readonly n: number;
  readonly edges: readonly (readonly [number, number, number])[];
}

/** Random small graphs. */
export function smallGraphs(maxN = 9, maxEdges = 24): fc.Arbitrary<SmallGraph> {
  return fc.integer({ min: 1, max: maxN }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.integer({ min: 1, max: 5 })), { maxLength: maxEdges }),
    }),
  );
}

/** The snapshot of a small graph (out entries in edge order per source; in-CSR by the transpose kernel), weighted or not. */
export function computeGraph(g: SmallGraph, weighted = false): ComputeGraph {
  const outOffsets = sharedInt32(g.n + 1);
  for (const [s] of g.edges) outOffsets[s + 1]!++;
  for (let v = 0; v < g.n; v++) outOffsets[v + 1]! += outOffsets[v]!;
  const fill = outOffsets.slice(0, g.n);
  const outTargets = sharedInt32(g.edges.length);
  const outWeights = sharedFloat64(g.edges.length);
  for (const [s, t, w] of g.edges) {
    const p = fill[s]!++;
    outTargets[p] = t;
    outWeights[p] = w;
  }
  const inOffsets = sharedInt32(g.n + 1);
  const inTargets = sharedInt32(g.edges.length);
  const inWeights = sharedFloat64(g.edges.length);
  const weights = weighted ? { outWeights, inWeights } : {};
  runKernel({ kernel: 'transpose', args: { n: g.n, outOffsets, outTargets, inOffsets, inTargets, ...weights } });
  return { n: g.n, outOffsets, outTargets, inOffsets, inTargets, ...weights };
}

/** A pool running every task on this thread, splitting supersteps into `workers` ranges. */
export function inThread(workers: number): KernelPool {
  return { workers, run: async (task) => runKernel(task) };
}

/** Distinct undirected neighbours of each vertex, self-loops dropped. */
export function undirected(g: SmallGraph): Set<number>[] {
  const adj = Array.from({ length: g.n }, () => new Set<number>());
  for (const [s, t] of g.edges) {
    if (s === t) continue;
    adj[s]!.add(t);
    adj[t]!.add(s);
  }
  return adj;
}

/** PageRank by power iteration with HugeGraph-Computer's formula. */
export function pageRankReference(g: SmallGraph, alpha: number, steps: number, threshold: number): number[] {
  const out = new Array<number>(g.n).fill(0);
  for (const [s] of g.edges) out[s]!++;
  let rank = new Array<number>(g.n).fill(1 / g.n);
  for (let step = 0; step < steps; step++) {
    const dangling = rank.reduce((sum, r, v) => sum + (out[v] === 0 ? r : 0), 0);
    const next = new Array<number>(g.n).fill(0);
    for (const [s, t] of g.edges) next[t]! += rank[s]! / out[s]!;
    const updated = next.map((x) => (1 - alpha) * (x + dangling / g.n) + alpha / g.n);
    const l1 = updated.reduce((sum, r, v) => sum + Math.abs(r - rank[v]!), 0);
    rank = updated;
    if (l1 <= threshold) break;
  }
  return rank;
}

/** Smallest vertex of each vertex's weak component. */
export function wccReference(g: SmallGraph): number[] {
  const adj = undirected(g);
  const comp = new Array<number>(g.n).fill(-1);
  for (let s = 0; s < g.n; s++) {
    if (comp[s] !== -1) continue;
    const stack = [s];
    comp[s] = s;
    while (stack.length > 0) for (const u of adj[stack.pop()!]!) if (comp[u] === -1) stack.push(u), (comp[u] = s);
  }
  return comp;
}

/** Triangles per vertex of the undirected simple graph. */
export function triangleReference(g: SmallGraph): number[] {
  const adj = undirected(g);
  const t = new Array<number>(g.n).fill(0);
  for (let a = 0; a < g.n; a++) for (let b = a + 1; b < g.n; b++) for (let c = b + 1; c < g.n; c++) {
    if (adj[a]!.has(b) && adj[b]!.has(c) && adj[a]!.has(c)) t[a]!++, t[b]!++, t[c]!++;
  }
  return t;
}

/** Core numbers by repeated peeling for each k, 0 below `k`. */
export function kcoreReference(g: SmallGraph, k: number): number[] {
  const adj = undirected(g);
  const core = new Array<number>(g.n).fill(0);
  for (let level = 1; level <= g.n; level++) {
    const alive = new Set(Array.from({ length: g.n }, (_, v) => v));
    for (let changed = true; changed; ) {
      changed = false;
      for (const v of [...alive]) {
        if ([...adj[v]!].filter((u) => alive.has(u)).length < level) alive.delete(v), (changed = true);
      }
    }
    for (const v of alive) core[v] = level;
  }
  return core.map((c) => (c < k ? 0 : c));
}

/** LDBC CDLP with a Map per vertex. */
export function lpaReference(g: SmallGraph, steps: number): number[] {
  let labels = Array.from({ length: g.n }, (_, v) => v);
  for (let step = 0; step < steps; step++) {
    const next = labels.slice();
    for (let v = 0; v < g.n; v++) {
      const counts = new Map<number, number>();
      for (const [s, t] of g.edges) {
        if (s === v) counts.set(labels[t]!, (counts.get(labels[t]!) ?? 0) + 1);
        if (t === v) counts.set(labels[s]!, (counts.get(labels[s]!) ?? 0) + 1);
      }
      if (counts.size === 0) continue;
      const best = Math.max(...counts.values());
      next[v] = Math.min(...[...counts].filter(([, c]) => c === best).map(([l]) => l));
    }
    labels = next;
  }
  return labels;
}

/** All-pairs distances over both directions (Floyd–Warshall; weighted takes each edge's weight, else 1). */
export function distances(g: SmallGraph, weighted: boolean): number[][] {
  const d = Array.from({ length: g.n }, (_, i) => Array.from({ length: g.n }, (_, j) => (i === j ? 0 : Infinity)));
  for (const [s, t, w] of g.edges) {
    if (s === t) continue;
    const x = weighted ? w : 1;
    d[s]![t] = Math.min(d[s]![t]!, x);
    d[t]![s] = Math.min(d[t]![s]!, x);
  }
  for (let k = 0; k < g.n; k++) for (let i = 0; i < g.n; i++) for (let j = 0; j < g.n; j++) d[i]![j] = Math.min(d[i]![j]!, d[i]![k]! + d[k]![j]!);
  return d;
}

/** Harmonic closeness: Σ 1/d over the other reachable vertices. */
export function closenessReference(g: SmallGraph, weighted: boolean): number[] {
  const d = distances(g, weighted);
  return d.map((row, v) => row.reduce((sum, x, u) => sum + (u !== v && x !== Infinity ? 1 / x : 0), 0));
}

/** Betweenness on the undirected simple graph, each unordered pair once, from path counts. */
export function betweennessReference(g: SmallGraph): number[] {
  const adj = undirected(g);
  const d = distances(g, false);
  const sigma = Array.from({ length: g.n }, (_, s) => {
    const count = new Array<number>(g.n).fill(0);
    count[s] = 1;
    const order = Array.from({ length: g.n }, (_, v) => v).filter((v) => d[s]![v] !== Infinity).sort((a, b) => d[s]![a]! - d[s]![b]!);
    for (const v of order) for (const u of adj[v]!) if (d[s]![u] === d[s]![v]! + 1) count[u]! += count[v]!;
    return count;
  });
  const b = new Array<number>(g.n).fill(0);
  for (let s = 0; s < g.n; s++) for (let t = s + 1; t < g.n; t++) {
    if (d[s]![t] === Infinity) continue;
    for (let v = 0; v < g.n; v++) {
      if (v === s || v === t || d[s]![v]! + d[v]![t]! !== d[s]![t]) continue;
      b[v]! += (sigma[s]![v]! * sigma[v]![t]!) / sigma[s]![t]!;
    }
  }
  return b;
}

/** Every simple directed cycle of 2 to `max` edges, as vertex lists starting at their smallest vertex, sorted as text. */
export function ringsReference(g: SmallGraph, max: number): string[] {
  const out = Array.from({ length: g.n }, () => new Set<number>());
  for (const [s, t] of g.edges) if (s !== t) out[s]!.add(t);
  const found = new Set<string>();
  const walk = (path: number[]): void => {
    for (const u of out[path[path.length - 1]!]!) {
      if (u === path[0] && path.length >= 2) {
        const low = path.indexOf(Math.min(...path));
        const rotated = [...path.slice(low), ...path.slice(0, low)];
        found.add(`[${[...rotated, rotated[0]].join(', ')}]`);
      } else if (!path.includes(u) && path.length < max) {
        walk([...path, u]);
      }
    }
  };
  for (let s = 0; s < g.n; s++) walk([s]);
  return [...found].sort();
}

/** Newman's modularity of a partition of the undirected simple graph (every edge weight 1). */
export function modularity(g: SmallGraph, community: readonly number[]): number {
  const adj = undirected(g);
  const m2 = adj.reduce((sum, s) => sum + s.size, 0);
  if (m2 === 0) return 0;
  let q = 0;
  for (let u = 0; u < g.n; u++) {
    for (let v = 0; v < g.n; v++) {
      if (community[u] !== community[v]) continue;
      q += (adj[u]!.has(v) ? 1 : 0) - (adj[u]!.size * adj[v]!.size) / m2;
    }
  }
  return q / m2;
}

/**
 * A simple reference for Louvain: one level of greedy local moving (each vertex in index order
 * moves to the neighbouring community that raises modularity most, until none moves), without
 * aggregation. Multi-level Louvain starts with this same level, so it can only do better.
 */
export function localMovingReference(g: SmallGraph): number[] {
  const adj = undirected(g).map((s) => [...s]);
  const m2 = adj.reduce((sum, s) => sum + s.length, 0);
  const community = Array.from({ length: g.n }, (_, v) => v);
  if (m2 === 0) return community;
  const total = (c: number, except: number): number => adj.reduce((sum, s, v) => sum + (community[v] === c && v !== except ? s.length : 0), 0);
  for (let moved = true; moved; ) {
    moved = false;
    for (let v = 0; v < g.n; v++) {
      const links = new Map<number, number>();
      for (const u of adj[v]!) links.set(community[u]!, (links.get(community[u]!) ?? 0) + 1);
      const gain = (c: number): number => (links.get(c) ?? 0) - (total(c, v) * adj[v]!.length) / m2;
      let best = community[v]!;
      for (const c of [...links.keys()].sort((a, b) => a - b)) if (gain(c) > gain(best) + 1e-12) best = c;
      if (best !== community[v]) (community[v] = best), (moved = true);
    }
  }
  return community;
}
