/**
 * Path traversers: shortestPath, allShortestPaths (bidirectional BFS), weightedShortestPath and
 * singleSourceShortestPath (Dijkstra), multiNodeShortestPath, and the simple-path enumerations
 * paths, crosspoints, rings and rays.
 * @module
 */
import { TypedNumber } from '../../values/index.js';
import type { PlainId } from '../../values/index.js';
import { allShortestPaths as searchAllShortestPaths, dijkstra, pathEdges, scanHop, shortestPath as searchShortestPath, weightedPathTo } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import type { AdjacencySource } from '../../port/index.js';
import { ArgumentError } from '../../errors.js';
import { DEFAULTS, Meter, bound, edgesOut, flag, ids, maxDepth, positiveOrNoLimit, record, vertexSlot, verticesOut } from './traverser-common.js';
import { edgeStep, getHop, selectVertices } from './traverser-steps.js';
import type { TraverserRun } from './traverser-common.js';
import type { EdgeStep, ElementOptions, HopParameters, PathElements, PathsResult, TraverserMeasure, VertexSelector } from './traverser-types.js';
import { plainVertexId } from '../plain-ids.js';

/**
 * Options of shortestPath and allShortestPaths: from `source` to `target` within `maxDepth`
 * hops along the {@link HopParameters}; `capacity` (default 10000000, -1 for no limit) bounds
 * the vertices visited.
 *
 * @example
 * ```ts
 * const o: ShortestPathOptions = { source: '1:marko', target: '1:josh', maxDepth: 3, withVertex: true };
 * ```
 */
export interface ShortestPathOptions extends HopParameters, ElementOptions {
  readonly source: PlainId;
  readonly target: PlainId;
  readonly maxDepth: number;
  readonly capacity?: number;
}

/**
 * The answer of shortestPath: one shortest path (empty when there is none), its vertices and edges.
 *
 * @example
 * ```ts
 * const { path } = await graph.traversers.shortestPath({ source: '1:marko', target: '1:josh', maxDepth: 3 });
 * ```
 */
export interface ShortestPathResult extends PathElements {
  readonly path: PlainId[];
  readonly measure: TraverserMeasure;
}

/**
 * Options of allshortestpaths.
 *
 * @example
 * ```ts
 * const o: AllShortestPathsOptions = { source: '1:marko', target: '1:vadas', maxDepth: 5 };
 * ```
 */
export type AllShortestPathsOptions = ShortestPathOptions;

/**
 * The answer of allshortestpaths.
 *
 * @example
 * ```ts
 * const { paths }: AllShortestPathsResult = await graph.traversers.allShortestPaths({ source: '1:marko', target: '1:vadas', maxDepth: 5 });
 * ```
 */
export type AllShortestPathsResult = PathsResult;

/**
 * A path weighed by an edge property: the sum of its edges' weights and its vertices.
 *
 * @example
 * ```ts
 * const p: WeightedPath = { weight: 0.7, vertices: ['1:marko', '2:ripple', '1:peter', '1:josh'] };
 * ```
 */
export interface WeightedPath {
  readonly weight: number;
  readonly vertices: PlainId[];
}

/**
 * Options of weightedShortestPath: the lightest path from `source` to `target` by the numeric
 * edge property `weight` (an edge without it weighs 1), along the {@link HopParameters}.
 *
 * @example
 * ```ts
 * const o: WeightedShortestPathOptions = { source: '1:marko', target: '1:josh', weight: 'weight' };
 * ```
 */
export interface WeightedShortestPathOptions extends HopParameters, ElementOptions {
  readonly source: PlainId;
  readonly target: PlainId;
  readonly weight: string;
  readonly capacity?: number;
}

/**
 * The answer of weightedShortestPath: the path (absent when `target` is unreachable), its
 * vertices and edges.
 *
 * @example
 * ```ts
 * const { path } = await graph.traversers.weightedShortestPath({ source: '1:marko', target: '1:josh', weight: 'weight' });
 * ```
 */
export interface WeightedShortestPathResult extends PathElements {
  readonly path?: WeightedPath;
  readonly measure: TraverserMeasure;
}

/**
 * Options of singleSourceShortestPath: the lightest paths from `source` to its `limit` (default
 * 10, -1 for all) nearest vertices by the edge property `weight` (default: every edge weighs 1).
 *
 * @example
 * ```ts
 * const o: SingleSourceShortestPathOptions = { source: '1:marko', weight: 'weight', limit: 2 };
 * ```
 */
export interface SingleSourceShortestPathOptions extends HopParameters, ElementOptions {
  readonly source: PlainId;
  readonly weight?: string;
  readonly capacity?: number;
  readonly limit?: number;
}

/**
 * The answer of singleSourceShortestPath: each reached vertex's path by its id, nearest first.
 *
 * @example
 * ```ts
 * const { paths } = await graph.traversers.singleSourceShortestPath({ source: '1:marko', weight: 'weight' });
 * ```
 */
export interface SingleSourceShortestPathResult extends PathElements {
  readonly paths: Record<string, WeightedPath>;
  readonly measure: TraverserMeasure;
}

/**
 * Options of multiNodeShortestPath: a shortest path between every pair of the `vertices`,
 * along `step`, within `maxDepth` (default 10) hops.
 *
 * @example
 * ```ts
 * const o: MultiNodeShortestPathOptions = { vertices: { ids: ['1:marko', '1:josh'] }, step: { direction: 'BOTH' } };
 * ```
 */
export interface MultiNodeShortestPathOptions extends ElementOptions {
  readonly vertices: VertexSelector;
  readonly step: EdgeStep;
  readonly maxDepth?: number;
  readonly capacity?: number;
}

/**
 * The answer of multinodeshortestpath.
 *
 * @example
 * ```ts
 * const { paths }: MultiNodeShortestPathResult = await graph.traversers.multiNodeShortestPath({ vertices: { ids: ['1:marko', '1:josh'] }, step: {} });
 * ```
 */
export type MultiNodeShortestPathResult = PathsResult;

/** The tail every path answer ends with. */
interface Tail extends PathElements {
  readonly measure: TraverserMeasure;
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

function* tail(run: TraverserRun, paths: readonly ArrayLike<number>[], hop: HopOptions, o: Readonly<Record<string, unknown>>, meter: Meter, weight?: (edge: number) => number): FrontierOperation<Tail> {
  const edges: number[] = [];
  for (const p of paths) for (const e of yield* edgesAlong(run, p, hop, weight)) edges.push(e);
  return elements(run, paths, edges, o, meter);
}

/** The tail of paths whose edges are known: `edges` lists every path's edges in turn. */
function elements(run: TraverserRun, paths: readonly ArrayLike<number>[], edges: Iterable<number>, o: Readonly<Record<string, unknown>>, meter: Meter): Tail {
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
 * shortestPath: one shortest path from `source` to `target` within `maxDepth` hops (`path`
 * is [] when there is none).
 */
export function* shortestPath(run: TraverserRun, options: ShortestPathOptions): FrontierOperation<ShortestPathResult> {
  const o = record(options, 'shortestPath options');
  const meter = new Meter();
  const [s, t] = [vertexSlot(run.source, o.source), vertexSlot(run.source, o.target, 'target')];
  const found = yield* searchShortestPath(run.source, s, t, shortestOptions(o, getHop(o), meter), run.ctx);
  if (found === undefined) return { path: [], ...elements(run, [], [], o, meter) };
  return { path: ids(run.source, found.vertices), ...elements(run, [found.vertices], found.edges, o, meter) };
}

/**
 * allShortestPaths: every shortest path from `source` to `target` within `maxDepth` hops.
 */
export function* allShortestPaths(run: TraverserRun, options: ShortestPathOptions): FrontierOperation<PathsResult> {
  const o = record(options, 'allShortestPaths options');
  const meter = new Meter();
  const [s, t] = [vertexSlot(run.source, o.source), vertexSlot(run.source, o.target, 'target')];
  const hop = getHop(o);
  const paths = yield* searchAllShortestPaths(run.source, s, t, shortestOptions(o, hop, meter), run.ctx);
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
 * weightedShortestPath: the lightest path from `source` to `target` by the numeric edge
 * property `weight` (edges without it weigh 1); `path` is absent when unreachable.
 */
export function* weightedShortestPath(run: TraverserRun, options: WeightedShortestPathOptions): FrontierOperation<WeightedShortestPathResult> {
  const o = record(options, 'weightedShortestPath options');
  const meter = new Meter();
  const [s, t] = [vertexSlot(run.source, o.source), vertexSlot(run.source, o.target, 'target')];
  if (typeof o.weight !== 'string') throw new ArgumentError('TRAVERSER_ARGUMENT', "The weight parameter can't be null");
  const hop = getHop(o);
  const weight = weightOf(run, o.weight);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const r = yield* dijkstra(counting(run, meter).source, s, { hop, weight, target: t, capacity }, run.ctx);
  const path = weightedPathTo(r, t);
  if (path === undefined) return yield* tail(run, [], hop, o, meter);
  return { path: { weight: r.distance[r.positions.get(t)]!, vertices: ids(run.source, path) }, ...(yield* tail(run, [path], hop, o, meter, weight)) };
}

/**
 * singleSourceShortestPath: the lightest paths from `source` to the `limit` (10) nearest
 * vertices, keyed by target id.
 */
export function* singleSourceShortestPath(run: TraverserRun, options: SingleSourceShortestPathOptions): FrontierOperation<SingleSourceShortestPathResult> {
  const o = record(options, 'singleSourceShortestPath options');
  const meter = new Meter();
  const s = vertexSlot(run.source, o.source);
  const hop = getHop(o);
  const weight = weightOf(run, o.weight);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit));
  const r = yield* dijkstra(counting(run, meter).source, s, { hop, weight, capacity }, run.ctx);
  const out: Record<string, WeightedPath> = {};
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
 * multiNodeShortestPath: a shortest path between every pair of the selected `vertices`,
 * following `step`, within `maxDepth` hops.
 */
export function* multiNodeShortestPath(run: TraverserRun, options: MultiNodeShortestPathOptions): FrontierOperation<PathsResult> {
  const o = record(options, 'multiNodeShortestPath options');
  const meter = new Meter();
  const vertices = selectVertices(run, o.vertices, 'vertices');
  const hop = edgeStep(run, o.step);
  const settings = shortestOptions(o, hop, meter, 10);
  const found: Int32Array[] = [];
  const edges: number[] = [];
  for (let i = 0; i < vertices.length; i++) {
    for (let j = i + 1; j < vertices.length; j++) {
      const p = yield* searchShortestPath(run.source, vertices[i]!, vertices[j]!, settings, run.ctx);
      if (p === undefined) continue;
      found.push(p.vertices);
      for (const e of p.edges) edges.push(e);
    }
  }
  return { paths: found.map((p) => ({ objects: ids(run.source, p) })), ...elements(run, found, edges, o, meter) };
}
