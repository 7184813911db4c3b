/**
 * Path traversers: shortestpath, allshortestpaths (bidirectional BFS), weightedshortestpath and
 * singlesourceshortestpath (Dijkstra), multinodeshortestpath, and the simple-path enumerations
 * paths, crosspoints, rings and rays.
 * @module
 */
import { TypedNumber } from '../../values/index.js';
import type { PlainId } from '../../values/index.js';
import { allShortestPaths, dijkstra, pathEdges, scanHop, shortestPath, weightedPathTo } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import type { AdjacencySource } from '../../port/index.js';
import { ArgumentError } from '../../errors.js';
import { DEFAULTS, Meter, bound, edgesOut, flag, ids, maxDepth, positiveOrNoLimit, record, vertexSlot, verticesOut } from './traverser-common.js';
import { edgeStep, getHop, selectVertices } from './traverser-steps.js';
import type { EdgeJson, Measure, TraverserRun, VertexJson } from './traverser-common.js';
import { plainVertexId } from '../plain-ids.js';

/**
 * The tail every path response shares: path vertices and edges (ids, or full elements with
 * `withVertex` / `withEdge`) and the measure block.
 *
 * @example
 * ```ts
 * const r: PathsResponse = { paths: [{ objects: ['1:marko', '1:peter'] }], vertices: ['1:marko', '1:peter'], edges: ['S1:marko>1>>S1:peter'], measure: { edge_iterations: 4, vertice_iterations: 2, 'cost(ns)': 120000 } };
 * ```
 */
export interface PathsResponse {
  readonly [name: string]: unknown;
  readonly vertices?: (PlainId | VertexJson)[];
  readonly edges?: (PlainId | EdgeJson)[];
  readonly measure: Measure;
}

/** The edges along a vertex path: for each step the lightest edge the hop follows, or with no weight any one ({@link pathEdges}). */
function* edgesAlong(run: TraverserRun, path: ArrayLike<number>, hop: HopOptions, weight?: (edge: number) => number): FrontierOperation<number[]> {
  if (weight === undefined) return yield* pathEdges(run.source, path, hop, run.ctx);
  const out: number[] = [];
  const one = new Int32Array(1);
  for (let i = 0; i + 1 < path.length; i++) {
    one[0] = path[i]!;
    const want = path[i + 1]!;
    let best = -1;
    let bestWeight = Infinity;
    yield* scanHop(run.source, one, { ...hop, maxDegree: -1, skipDegree: 0 }, run.ctx, (_k, edge, v) => {
      if (v !== want) return;
      const w = weight(edge);
      if (best < 0 || w < bestWeight) [best, bestWeight] = [edge, w];
    });
    out.push(best);
  }
  return out;
}

function* tail(run: TraverserRun, paths: readonly ArrayLike<number>[], hop: HopOptions, o: Readonly<Record<string, unknown>>, meter: Meter, weight?: (edge: number) => number): FrontierOperation<PathsResponse> {
  const edges: number[] = [];
  for (const p of paths) for (const e of yield* edgesAlong(run, p, hop, weight)) edges.push(e);
  return elements(run, paths, edges, o, meter);
}

/** The tail of paths whose edges are known: `edges` lists every path's edges in turn. */
function elements(run: TraverserRun, paths: readonly ArrayLike<number>[], edges: Iterable<number>, o: Readonly<Record<string, unknown>>, meter: Meter): PathsResponse {
  const vertices: number[] = [];
  for (const p of paths) for (let i = 0; i < p.length; i++) vertices.push(p[i]!);
  return {
    vertices: verticesOut(run.source, vertices, flag(o.withVertex, 'with vertex', false)),
    edges: edgesOut(run.source, edges, flag(o.withEdge, 'with edge', false)),
    measure: meter.measure(),
  };
}

/** The adjacency, counting scanned vertices and edges into the meter. */
function counting(run: TraverserRun, meter: Meter): { readonly source: AdjacencySource } {
  const base = run.source;
  return {
    source: {
      vertexCount: (label) => base.vertexCount(label),
      vertexSlotBound: () => base.vertexSlotBound(),
      vertexVisible: (slot) => base.vertexVisible(slot),
      degree: (slot, direction, labels) => base.degree(slot, direction, labels),
      scanNeighbours: (sources, direction, options) => {
        meter.vertices += sources.length;
        return countEdges(run.source.scanNeighbours(sources, direction, options), meter);
      },
    },
  };
}

function* countEdges<B extends { readonly length: number }>(batches: Iterable<B>, meter: Meter): Iterable<B> {
  for (const b of batches) {
    meter.edges += b.length;
    yield b;
  }
}

/**
 * The search options of a path traverser. Built as one literal: V8 copies `{ ...x, key }` with a
 * key `x` lacks on a slow path (about 1.5 µs each, more than a small search costs).
 */
function shortestOptions(o: Readonly<Record<string, unknown>>, hop: HopOptions, meter: Meter, depthFallback?: number): { hop: HopOptions; maxDepth: number; capacity: number; meter: Meter } {
  return { hop, maxDepth: maxDepth(o.maxDepth, depthFallback), capacity: positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity), meter };
}

/**
 * shortestpath: one shortest path from `source` to `target` within `maxDepth` hops (`path`
 * is [] when there is none).
 *
 * @example
 * ```ts
 * runFrontier(shortestpath(run, { source: '1:marko', target: '1:josh', maxDepth: 3 })); // { path: ['1:marko', '1:peter', '1:josh'], ... }
 * ```
 */
export function* shortestpath(run: TraverserRun, options: unknown): FrontierOperation<PathsResponse> {
  const o = record(options, 'shortestpath options');
  const meter = new Meter();
  const [s, t] = [vertexSlot(run.source, o.source), vertexSlot(run.source, o.target, 'target')];
  const found = yield* shortestPath(run.source, s, t, shortestOptions(o, getHop(o), meter), run.ctx);
  if (found === undefined) return { path: [], ...elements(run, [], [], o, meter) };
  return { path: ids(run.source, found.vertices), ...elements(run, [found.vertices], found.edges, o, meter) };
}

/**
 * allshortestpaths: every shortest path from `source` to `target` within `maxDepth` hops.
 *
 * @example
 * ```ts
 * runFrontier(allshortestpaths(run, { source: '1:marko', target: '1:josh', maxDepth: 3 })); // { paths: [{ objects: [...] }], ... }
 * ```
 */
export function* allshortestpaths(run: TraverserRun, options: unknown): FrontierOperation<PathsResponse> {
  const o = record(options, 'allshortestpaths options');
  const meter = new Meter();
  const [s, t] = [vertexSlot(run.source, o.source), vertexSlot(run.source, o.target, 'target')];
  const hop = getHop(o);
  const paths = yield* allShortestPaths(run.source, s, t, shortestOptions(o, hop, meter), run.ctx);
  return { paths: paths.map((p) => ({ objects: ids(run.source, p) })), ...(yield* tail(run, paths, hop, o, meter)) };
}

function weightOf(run: TraverserRun, key: unknown): (edge: number) => number {
  if (key === undefined || key === null) return () => 1;
  if (typeof key !== 'string') return () => 1;
  return (edge) => {
    const v = run.source.edgeProperty(edge, key);
    const n = v instanceof TypedNumber ? Number(v.value) : v;
    return typeof n === 'number' && Number.isFinite(n) ? n : 1;
  };
}

/**
 * weightedshortestpath: the lightest path from `source` to `target` by the numeric edge
 * property `weight` (edges without it weigh 1); `path` is {} when unreachable.
 *
 * @example
 * ```ts
 * runFrontier(weightedshortestpath(run, { source: '1:marko', target: '1:josh', weight: 'weight' })); // { path: { weight: 0.9, vertices: [...] }, ... }
 * ```
 */
export function* weightedshortestpath(run: TraverserRun, options: unknown): FrontierOperation<PathsResponse> {
  const o = record(options, 'weightedshortestpath options');
  const meter = new Meter();
  const [s, t] = [vertexSlot(run.source, o.source), vertexSlot(run.source, o.target, 'target')];
  if (typeof o.weight !== 'string') throw new ArgumentError('TRAVERSER_ARGUMENT', "The weight parameter can't be null");
  const hop = getHop(o);
  const weight = weightOf(run, o.weight);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const r = yield* dijkstra(counting(run, meter).source, s, { hop, weight, target: t, capacity }, run.ctx);
  const path = weightedPathTo(r, t);
  if (path === undefined) return { path: {}, ...(yield* tail(run, [], hop, o, meter)) };
  return { path: { weight: r.distance[r.positions.get(t)]!, vertices: ids(run.source, path) }, ...(yield* tail(run, [path], hop, o, meter, weight)) };
}

/**
 * singlesourceshortestpath: the lightest paths from `source` to the `limit` (10) nearest
 * vertices, keyed by target id.
 *
 * @example
 * ```ts
 * runFrontier(singlesourceshortestpath(run, { source: '1:marko', weight: 'weight' })); // { paths: { '1:peter': { weight: 0.5, vertices: [...] } }, ... }
 * ```
 */
export function* singlesourceshortestpath(run: TraverserRun, options: unknown): FrontierOperation<PathsResponse> {
  const o = record(options, 'singlesourceshortestpath options');
  const meter = new Meter();
  const s = vertexSlot(run.source, o.source);
  const hop = getHop(o);
  const weight = weightOf(run, o.weight);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit));
  const r = yield* dijkstra(counting(run, meter).source, s, { hop, weight, capacity }, run.ctx);
  const out: Record<string, { weight: number; vertices: PlainId[] }> = {};
  const found: Int32Array[] = [];
  for (let i = 1; i < r.settled.length && found.length < limit; i++) {
    const target = r.settled.slots[i]!;
    const path = weightedPathTo(r, target) as Int32Array;
    found.push(path);
    out[String(plainVertexId(run.source, target))] = { weight: r.distance[i]!, vertices: ids(run.source, path) };
  }
  return { paths: out, ...(yield* tail(run, found, hop, o, meter, weight)) };
}

/**
 * multinodeshortestpath: a shortest path between every pair of the selected `vertices`,
 * following `step`, within `maxDepth` hops.
 *
 * @example
 * ```ts
 * runFrontier(multinodeshortestpath(run, { vertices: { ids: ['1:marko', '1:josh'] }, step: { direction: 'BOTH' }, maxDepth: 5 }));
 * ```
 */
export function* multinodeshortestpath(run: TraverserRun, options: unknown): FrontierOperation<PathsResponse> {
  const o = record(options, 'multinodeshortestpath options');
  const meter = new Meter();
  const vertices = selectVertices(run, o.vertices, 'vertices');
  const hop = edgeStep(run, o.step);
  const settings = shortestOptions(o, hop, meter, 10);
  const found: Int32Array[] = [];
  const edges: number[] = [];
  for (let i = 0; i < vertices.length; i++) {
    for (let j = i + 1; j < vertices.length; j++) {
      const p = yield* shortestPath(run.source, vertices[i]!, vertices[j]!, settings, run.ctx);
      if (p === undefined) continue;
      found.push(p.vertices);
      for (const e of p.edges) edges.push(e);
    }
  }
  return { paths: found.map((p) => ({ objects: ids(run.source, p) })), ...elements(run, found, edges, o, meter) };
}
