/**
 * The drivers of the computation jobs: each runs one algorithm as supersteps of kernel tasks
 * over the snapshot and returns its values by vertex index. Parameters arrive resolved
 * (validated, defaults filled in) by the algorithm table (algorithms.ts).
 * @module
 */
import { ArgumentError, LimitError } from '../../errors.js';
import { parseLinksConfig, parseRingsFilter } from './filter-configs.js';
import type { KernelReply } from './kernel-reply.js';
import { sharedFloat64, sharedInt32 } from './compute-graph.js';
import { perSource, sampledSources, simpleAdjacency, sumOf, superstep, vertexRanges } from './superstep.js';
import type { DriverContext } from './superstep.js';

/**
 * What an algorithm computes, by vertex index: a number per vertex, a vertex per vertex (a
 * component, label or community, named by its smallest member), cycles (rings: per cycle,
 * its number of vertices k, then its k vertices, the smallest first) or walks (links: per walk,
 * its owner, k and its k vertices, j and its j out-entry positions). `supersteps` counts the
 * supersteps (iterations) run.
 */
export type AlgorithmOutput =
  | { readonly kind: 'number'; readonly values: Float64Array | Int32Array; readonly supersteps: number }
  | { readonly kind: 'vertex'; readonly values: Int32Array; readonly supersteps: number }
  | { readonly kind: 'cycles'; readonly items: Int32Array; readonly supersteps: number }
  | { readonly kind: 'walks'; readonly items: Int32Array; readonly supersteps: number };

/**
 * Resolved parameters of a run: every key of the algorithm's table, defaults filled in.
 */
export type ResolvedParams = Readonly<Record<string, number | string>>;

function num(params: ResolvedParams, key: string): number {
  return Number(params[key]);
}

/**
 * PageRank, HugeGraph-Computer's formula: alpha is the teleport probability, dangling rank is
 * spread evenly, ranks sum to 1; at most maxSuperStep updates, fewer once an update changes
 * the ranks by at most l1DiffThreshold (L1).
 */
export async function pageRank(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const g = context.graph;
  const rank = sharedFloat64(g.n);
  let previous = sharedFloat64(g.n);
  let next = sharedFloat64(g.n);
  if (g.n === 0) return { kind: 'number', values: rank, supersteps: 0 };
  const bounds = vertexRanges(context);
  let dangling = sumOf(await superstep(context, bounds, 'pageRankInit', (from, to) => ({ from, to, n: g.n, outOffsets: g.outOffsets, rank, contribution: previous })), 0);
  const alpha = num(params, 'alpha');
  const threshold = num(params, 'l1DiffThreshold');
  const max = num(params, 'maxSuperStep');
  let step = 0;
  while (step < max) {
    const replies = await superstep(context, bounds, 'pageRankStep', (from, to) => ({
      from, to, n: g.n, alpha, dangling, outOffsets: g.outOffsets, inOffsets: g.inOffsets, inTargets: g.inTargets, rank, previous, next,
    }));
    step++;
    context.progress(step);
    dangling = sumOf(replies, 1);
    [previous, next] = [next, previous];
    if (sumOf(replies, 0) <= threshold) break;
  }
  return { kind: 'number', values: rank, supersteps: step };
}

/** Degree centrality: out-degree, or the sum of the weight property over out-edges (a missing weight counts 1). */
export async function degreeCentrality(context: DriverContext): Promise<AlgorithmOutput> {
  const g = context.graph;
  const values = sharedFloat64(g.n);
  await superstep(context, vertexRanges(context, g.outOffsets), 'degreeCentrality', (from, to) => ({ from, to, outOffsets: g.outOffsets, values, ...(g.outWeights === undefined ? {} : { weights: g.outWeights }) }));
  context.progress(1);
  return { kind: 'number', values, supersteps: 1 };
}

/**
 * Weakly connected components; each vertex's value is the smallest vertex of its component.
 * Each task links the edges of its range in a union-find of its own (no atomics, no contention),
 * one task joins them, and all flatten the first.
 */
export async function wcc(context: DriverContext): Promise<AlgorithmOutput> {
  const g = context.graph;
  const bounds = vertexRanges(context, g.outOffsets);
  const parents = bounds.slice(1).map(() => {
    const parent = sharedInt32(g.n);
    for (let v = 0; v < g.n; v++) parent[v] = v;
    return parent;
  });
  await superstep(context, bounds, 'wccUnion', (from, to, part) => ({ from, to, outOffsets: g.outOffsets, outTargets: g.outTargets, parent: parents[part]! }));
  context.progress(1);
  if (parents.length > 1) await superstep(context, [0, g.n], 'wccMerge', () => ({ parents }));
  const parent = parents[0]!;
  await superstep(context, vertexRanges(context), 'wccFlatten', (from, to) => ({ from, to, parent }));
  context.progress(2);
  return { kind: 'vertex', values: parent, supersteps: 2 };
}

/** Triangle counts per vertex in the undirected simple graph; with `clustering`, 2T / (d(d − 1)) instead. */
async function triangleValues(context: DriverContext, clustering: boolean): Promise<AlgorithmOutput> {
  const g = context.graph;
  const u = await simpleAdjacency(context, true);
  context.progress(1);
  const bounds = vertexRanges(context, u.offsets);
  const plusCounts = sharedInt32(g.n);
  const none = sharedInt32(0);
  await superstep(context, bounds, 'orient', (from, to) => ({ from, to, fill: false, offsets: u.offsets, targets: u.targets, plusCounts, plusOffsets: none, plusTargets: none }));
  const plusOffsets = sharedInt32(g.n + 1);
  for (let v = 0; v < g.n; v++) plusOffsets[v + 1] = plusOffsets[v]! + plusCounts[v]!;
  const plusTargets = sharedInt32(plusOffsets[g.n]!);
  await superstep(context, bounds, 'orient', (from, to) => ({ from, to, fill: true, offsets: u.offsets, targets: u.targets, plusCounts, plusOffsets, plusTargets }));
  context.progress(2);
  const locals = bounds.slice(1).map(() => sharedFloat64(g.n));
  await superstep(context, vertexRanges(context, plusOffsets), 'triangles', (from, to, part) => ({ from, to, plusOffsets, plusTargets, local: locals[part]! }));
  context.progress(3);
  const values = sharedFloat64(g.n);
  await superstep(context, bounds, 'sumLocals', (from, to) => ({ from, to, locals, values, ...(clustering ? { clusteringOffsets: u.offsets } : {}) }));
  context.progress(4);
  return { kind: 'number', values, supersteps: 4 };
}

/** Triangles per vertex in the undirected simple graph. */
export function triangleCount(context: DriverContext): Promise<AlgorithmOutput> {
  return triangleValues(context, false);
}

/** Local clustering coefficient 2T / (d(d − 1)) with d distinct undirected neighbours; 0 when d < 2. */
export function clusteringCoefficient(context: DriverContext): Promise<AlgorithmOutput> {
  return triangleValues(context, true);
}

/** Core numbers of the undirected simple graph, 0 below k. */
export async function kcore(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const u = await simpleAdjacency(context, true);
  context.progress(1);
  const core = sharedInt32(context.graph.n);
  await superstep(context, [0, context.graph.n], 'kcore', () => ({ offsets: u.offsets, targets: u.targets, k: num(params, 'k'), core }));
  context.progress(2);
  return { kind: 'number', values: core, supersteps: 2 };
}

/** LDBC CDLP: exactly maxSuperStep synchronous supersteps; each value is a vertex (its label). */
export async function lpa(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const g = context.graph;
  let previous = sharedInt32(g.n);
  let next = sharedInt32(g.n);
  for (let v = 0; v < g.n; v++) previous[v] = v;
  const bounds = vertexRanges(context);
  const max = num(params, 'maxSuperStep');
  for (let step = 1; step <= max; step++) {
    await superstep(context, bounds, 'lpaStep', (from, to) => ({ from, to, outOffsets: g.outOffsets, outTargets: g.outTargets, inOffsets: g.inOffsets, inTargets: g.inTargets, previous, next }));
    [previous, next] = [next, previous];
    context.progress(step);
  }
  return { kind: 'vertex', values: previous, supersteps: max };
}

/** Harmonic closeness over both directions from (sampled) sources, weighted when the snapshot has weights. */
export async function closenessCentrality(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const g = context.graph;
  const sources = sampledSources(g.n, { rate: num(params, 'sampleRate'), seed: num(params, 'seed') });
  const values = await perSource(context, sources.length, { halve: false }, (from, to, local) => ({
    kernel: 'closeness',
    args: {
      sources, from, to, local, outOffsets: g.outOffsets, outTargets: g.outTargets, inOffsets: g.inOffsets, inTargets: g.inTargets,
      ...(g.outWeights === undefined || g.inWeights === undefined ? {} : { outWeights: g.outWeights, inWeights: g.inWeights }),
    },
  }));
  context.progress(1);
  return { kind: 'number', values, supersteps: 1 };
}

/** Exact Brandes betweenness on the undirected simple graph, each unordered pair once, from (sampled) sources. */
export async function betweennessCentrality(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const u = await simpleAdjacency(context, true);
  context.progress(1);
  const sources = sampledSources(context.graph.n, { rate: num(params, 'sampleRate'), seed: num(params, 'seed') });
  const values = await perSource(context, sources.length, { halve: true }, (from, to, local) => ({
    kernel: 'betweenness',
    args: { sources, from, to, local, offsets: u.offsets, targets: u.targets },
  }));
  context.progress(2);
  return { kind: 'number', values, supersteps: 2 };
}

/** Multi-level Louvain on the undirected simple graph; each value is a vertex (the smallest of its community). */
export async function louvain(context: DriverContext): Promise<AlgorithmOutput> {
  const u = await simpleAdjacency(context, true);
  context.progress(1);
  const community = sharedInt32(context.graph.n);
  await superstep(context, [0, context.graph.n], 'louvain', () => ({ offsets: u.offsets, targets: u.targets, community }));
  context.progress(2);
  return { kind: 'vertex', values: community, supersteps: 2 };
}

/** Most items (cycle or walk entries) a rings, rings-with-filter or links job may hold; beyond, it fails rather than exhaust memory. */
export const MAX_RING_ITEMS = 1 << 24;

/** The items of every reply, in order; LimitError when a task stopped at its share of the cap. */
function joinedItems(replies: readonly KernelReply[], algorithm: string): Int32Array {
  if (sumOf(replies, 0) > 0) throw new LimitError('COMPUTE_RESULT_TOO_LARGE', `Cannot run ${algorithm}: its results exceed ${MAX_RING_ITEMS} entries; lower bsp.max_super_step`);
  const items = new Int32Array(replies.reduce((n, r) => n + (r.items?.length ?? 0), 0));
  let at = 0;
  for (const r of replies) {
    if (r.items === undefined) continue;
    items.set(r.items, at);
    at += r.items.length;
  }
  return items;
}

/** Every simple directed cycle of 2 to maxSuperStep edges, from its smallest vertex. */
export async function rings(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const out = await simpleAdjacency(context, false);
  context.progress(1);
  const bounds = vertexRanges(context, out.offsets);
  const maxItems = Math.ceil(MAX_RING_ITEMS / (bounds.length - 1));
  const replies = await superstep(context, bounds, 'rings', (from, to) => ({ from, to, offsets: out.offsets, targets: out.targets, maxLength: num(params, 'maxSuperStep'), maxItems }));
  context.progress(2);
  return { kind: 'cycles', items: joinedItems(replies, 'rings'), supersteps: 2 };
}

/** The snapshot's labels and property columns, which the filtered algorithms need. */
function detailsOf(context: DriverContext): NonNullable<DriverContext['graph']['details']> {
  const details = context.graph.details;
  if (details === undefined) throw new ArgumentError('COMPUTE_PARAM', 'Cannot run a filtered algorithm on a snapshot without labels and properties');
  return details;
}

/** Simple directed cycles whose vertices and edges pass rings.property_filter. */
export async function ringsWithFilter(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const g = context.graph;
  const details = detailsOf(context);
  const filter = parseRingsFilter(String(params.propertyFilter));
  const bounds = vertexRanges(context, g.outOffsets);
  const maxItems = Math.ceil(MAX_RING_ITEMS / (bounds.length - 1));
  const replies = await superstep(context, bounds, 'ringsFiltered', (from, to) => ({
    from, to, outOffsets: g.outOffsets, outTargets: g.outTargets, maxLength: num(params, 'maxSuperStep'), maxItems, filter, details,
  }));
  context.progress(1);
  return { kind: 'cycles', items: joinedItems(replies, 'rings-with-filter'), supersteps: 1 };
}

/** HugeGraph's Links walks from links.analyze_config's start vertices. */
export async function links(context: DriverContext, params: ResolvedParams): Promise<AlgorithmOutput> {
  const g = context.graph;
  const details = detailsOf(context);
  const config = parseLinksConfig(String(params.analyzeConfig));
  const starts = Int32Array.from(new Set(config.starts.map((id) => context.indexOf?.(id) ?? -1).filter((i) => i >= 0)));
  const parts = Math.max(1, Math.min(context.pool.workers, starts.length));
  const bounds = Array.from({ length: parts + 1 }, (_, p) => Math.floor((starts.length * p) / parts));
  const maxItems = Math.ceil(MAX_RING_ITEMS / parts);
  const replies = await superstep(context, bounds, 'links', (from, to) => ({
    starts, from, to, outOffsets: g.outOffsets, outTargets: g.outTargets, maxLength: num(params, 'maxSuperStep'), maxItems, config, details,
  }));
  context.progress(1);
  return { kind: 'walks', items: joinedItems(replies, 'links'), supersteps: 1 };
}
