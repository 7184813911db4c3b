/**
 * Neighbourhood traversers: kout, kneighbor (GET and POST forms), count and egonet.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { PlainId } from '../../values/index.js';
import { Frontier, VisitedMarks, checkCapacity, scanHop } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import {
  DEFAULTS, Meter, bound, checkCapacityOverLimit, edgesOut, flag, ids, integer, maxDepth, positiveOrNoLimit, record, vertexSlot, verticesOut,
} from './traverser-common.js';
import { edgeStep, getHop, listOf, selectVertices, veSteps } from './traverser-steps.js';
import type { TraverserRun } from './traverser-common.js';
import type { EdgeStep, ElementOptions, HopParameters, PathElements, TraverserMeasure, TraverserPath, VertexEdgeSteps, VertexSelector } from './traverser-types.js';
import { layerPath, layers } from './layers.js';
import type { Layer } from './layers.js';

/**
 * What kout, kneighbor and egonet share: the start, how many hops, the hop itself (the
 * {@link HopParameters} or, given `steps`, HugeGraph's {@link VertexEdgeSteps}), the bounds
 * (`capacity`, `limit`: default 10000000, -1 for no limit), the walk (`algorithm`: breadth first
 * by default) and what the answer holds (`countOnly`, `withPath`, `withVertex`, `withEdge`).
 *
 * @example
 * ```ts
 * const o: NeighbourhoodOptions = { source: '1:marko', maxDepth: 2, steps: { direction: 'OUT' }, withPath: true };
 * ```
 */
export interface NeighbourhoodOptions extends HopParameters, ElementOptions {
  readonly source: PlainId;
  readonly maxDepth: number;
  readonly steps?: VertexEdgeSteps;
  readonly capacity?: number;
  readonly limit?: number;
  readonly algorithm?: 'breadth_first' | 'deep_first';
  readonly countOnly?: boolean;
  readonly withPath?: boolean;
}

/**
 * Options of kout: {@link NeighbourhoodOptions} and `nearest` (default true: only vertices
 * whose shortest path is `maxDepth` hops long).
 *
 * @example
 * ```ts
 * const o: KoutOptions = { source: '1:marko', maxDepth: 2, nearest: false };
 * ```
 */
export interface KoutOptions extends NeighbourhoodOptions {
  readonly nearest?: boolean;
}

/**
 * Options of kneighbor.
 *
 * @example
 * ```ts
 * const o: KneighborOptions = { source: '1:marko', maxDepth: 2, direction: 'OUT' };
 * ```
 */
export type KneighborOptions = NeighbourhoodOptions;

/**
 * Options of egonet: {@link NeighbourhoodOptions} from `source`, or, with `steps`, from
 * `sources` (ids or a selector).
 *
 * @example
 * ```ts
 * const o: EgonetOptions = { sources: ['1:marko', '1:josh'], steps: { direction: 'OUT' }, maxDepth: 1 };
 * ```
 */
export interface EgonetOptions extends Omit<NeighbourhoodOptions, 'source'> {
  readonly source?: PlainId;
  readonly sources?: readonly PlainId[] | VertexSelector;
}

/**
 * The answer of kout, kneighbor and egonet: the ids found (empty with `countOnly`) and how many;
 * with `withPath` the path to each and the edges on them; with `withPath` or `withVertex` the
 * vertices found and those on the paths (ids, or full with `withVertex`), otherwise no vertices.
 *
 * @example
 * ```ts
 * const { ids, size } = await graph.traversers.kneighbor({ source: '1:marko', maxDepth: 2 });
 * ```
 */
export interface NeighbourhoodResult extends PathElements {
  readonly ids: PlainId[];
  readonly size: number;
  readonly paths: TraverserPath[];
  readonly measure: TraverserMeasure;
}

/**
 * The answer of kout.
 *
 * @example
 * ```ts
 * const { ids }: KoutResult = await graph.traversers.kout({ source: '1:marko', maxDepth: 2 });
 * ```
 */
export type KoutResult = NeighbourhoodResult;

/**
 * The answer of kneighbor.
 *
 * @example
 * ```ts
 * const { size }: KneighborResult = await graph.traversers.kneighbor({ source: '1:marko', maxDepth: 2, countOnly: true });
 * ```
 */
export type KneighborResult = NeighbourhoodResult;

/**
 * The answer of egonet: its `ids` hold the sources too.
 *
 * @example
 * ```ts
 * const { ids }: EgonetResult = await graph.traversers.egonet({ source: '1:vadas', maxDepth: 1 });
 * ```
 */
export type EgonetResult = NeighbourhoodResult;

/**
 * Options of count: from `source`, one hop per entry of `steps` (default skipDegree 100000);
 * `containsTraversed` also counts the vertices passed; `dedupSize` (default 1000000, -1 for
 * all) bounds the vertices remembered to walk each once.
 *
 * @example
 * ```ts
 * const o: CountOptions = { source: '1:marko', steps: [{ direction: 'OUT' }, { direction: 'OUT' }] };
 * ```
 */
export interface CountOptions {
  readonly source: PlainId;
  readonly steps: readonly EdgeStep[];
  readonly containsTraversed?: boolean;
  readonly dedupSize?: number;
}

/**
 * The answer of count.
 *
 * @example
 * ```ts
 * const { count } = await graph.traversers.count({ source: '1:marko', steps: [{ direction: 'OUT' }] });
 * ```
 */
export interface CountResult {
  readonly count: number;
}

type Mode = 'breadth_first' | 'deep_first';

function mode(options: Readonly<Record<string, unknown>>): Mode {
  const given = options.algorithm;
  if (given === undefined || given === null || given === 'breadth_first' || given === 'breadth_first_search') return 'breadth_first';
  if (given === 'deep_first' || given === 'depth_first_search') return 'deep_first';
  throw new ArgumentError('TRAVERSER_ARGUMENT', `The algorithm must be one of 'breadth_first' or 'deep_first', but got '${String(given)}'`);
}

/** Whether `vertex` is on the path to entry `at` of layer `d`. */
function onPath(ls: readonly Layer[], d: number, at: number, vertex: number): boolean {
  for (let depth = d, i = at; depth >= 0; depth--) {
    const layer = (ls[depth] as Layer).vertices;
    if (layer.slots[i] === vertex) return true;
    i = (layer.predecessor as Int32Array)[i]!;
  }
  return false;
}

/**
 * Depth-first layers. With `nearest` a vertex is entered once, at the depth the DFS first
 * meets it (which may not be its nearest); without, the DFS follows every simple path (no
 * vertex twice on one path), so a vertex is at depth d when a simple path of d hops ends there.
 */
function* deepLayers(run: TraverserRun, source: number, hop: HopOptions, depth: number, nearest: boolean, capacity: number, meter: Meter): FrontierOperation<Layer[]> {
  const ls = yield* layers(run, Int32Array.of(source), { hop, depth: 0, nearest: true, capacity, finding: 'kout', meter });
  for (let d = 1; d <= depth; d++) ls.push({ vertices: new Frontier({ predecessor: true }), edges: new Frontier() });
  const seen = new VisitedMarks();
  seen.mark(source);
  const stack: [number, number][] = [[0, 0]];
  let total = 0;
  const one = new Int32Array(1);
  while (stack.length > 0) {
    const [d, at] = stack.pop() as [number, number];
    if (d === depth) continue;
    one[0] = (ls[d] as Layer).vertices.slots[at]!;
    meter.vertices++;
    const next = ls[d + 1] as Layer;
    const pushed: [number, number][] = [];
    meter.edges += yield* scanHop(run.source, one, hop, run.ctx, (_k, edge, vertex) => {
      if (nearest ? !seen.mark(vertex) : onPath(ls, d, at, vertex)) return;
      pushed.push([d + 1, next.vertices.length]);
      next.vertices.push(vertex, 1, 0, at);
      next.edges.push(edge, 1, 0, -1);
      checkCapacity(++total, capacity, 'kout');
    });
    for (let i = pushed.length - 1; i >= 0; i--) stack.push(pushed[i] as [number, number]);
  }
  return ls;
}

interface Found {
  readonly ls: Layer[];
  /** The results in order: slot, and (when paths are asked for) the depth and index in its layer that it was found at. */
  readonly slots: Int32Array;
  readonly depths: Int32Array;
  readonly at: Int32Array;
}

const NONE = new Int32Array(0);

function* neighbourhood(run: TraverserRun, sources: Int32Array, o: Readonly<Record<string, unknown>>, kind: 'kout' | 'kneighbor' | 'egonet', meter: Meter): FrontierOperation<Found> {
  const post = o.steps !== undefined;
  const hop = post ? veSteps(run, o.steps) : getHop(o);
  const depth = maxDepth(o.maxDepth);
  const nearest = flag(o.nearest, 'nearest', true);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = positiveOrNoLimit(o.limit, 'limit', DEFAULTS.limit);
  if (kind === 'kout') checkCapacityOverLimit(capacity, limit);
  const max = bound(limit);
  const deep = mode(o) === 'deep_first' && sources.length === 1;
  const once = kind !== 'kout' || nearest;
  const paths = flag(o.withPath, 'with path', false);
  const ls = deep
    ? yield* deepLayers(run, sources[0]!, hop, depth, once, capacity, meter)
    : yield* layers(run, sources, { hop, depth, nearest: once, capacity, finding: kind, meter, paths });
  // Layers of a breadth-first search are distinct across the layers read (one layer for kout,
  // nearest marks for the others); a deep-first walk's may repeat a vertex.
  const taken = deep ? new VisitedMarks() : undefined;
  const from = kind === 'kout' ? depth : 1;
  let total = 0;
  for (let d = from; d <= depth && d < ls.length; d++) total += (ls[d] as Layer).vertices.length;
  const n = Math.min(total, max);
  if (!paths && !deep) return { ls, slots: layerSlots(ls, from, depth, n), depths: NONE, at: NONE };
  const found = { ls, slots: new Int32Array(n), depths: new Int32Array(n), at: new Int32Array(n) };
  let k = 0;
  for (let d = from; d <= depth && d < ls.length; d++) {
    const layer = (ls[d] as Layer).vertices;
    for (let i = 0; i < layer.length && k < n; i++) {
      const v = layer.slots[i]!;
      if (taken !== undefined && !taken.mark(v)) continue;
      found.slots[k] = v;
      found.depths[k] = d;
      found.at[k++] = i;
    }
  }
  return { ls, slots: found.slots.subarray(0, k), depths: found.depths.subarray(0, k), at: found.at.subarray(0, k) };
}

/** The first `n` slots of layers `from` to `depth`, in order: the last layer itself when it is the only one. */
function layerSlots(ls: readonly Layer[], from: number, depth: number, n: number): Int32Array {
  if (from === depth) return from < ls.length ? (ls[from] as Layer).vertices.slots.subarray(0, n) : NONE;
  const out = new Int32Array(n);
  let k = 0;
  for (let d = from; d <= depth && d < ls.length && k < n; d++) {
    const slots = (ls[d] as Layer).vertices.view();
    const part = slots.length <= n - k ? slots : slots.subarray(0, n - k);
    out.set(part, k);
    k += part.length;
  }
  return out;
}

function shape(run: TraverserRun, found: Found, o: Readonly<Record<string, unknown>>, meter: Meter, extra: readonly number[] = []): NeighbourhoodResult {
  const countOnly = flag(o.countOnly, 'count only', false);
  const withPath = flag(o.withPath, 'with path', false);
  const withVertex = flag(o.withVertex, 'with vertex', false);
  const withEdge = flag(o.withEdge, 'with edge', false);
  if (countOnly && (withPath || withVertex || withEdge)) {
    throw new ArgumentError('TRAVERSER_ARGUMENT', "Can't return vertex, edge or path when count only");
  }
  const unique = extra.length === 0 ? found.slots : [...new Set([...extra, ...found.slots])];
  if (countOnly) return { ids: [], size: unique.length, paths: [], vertices: [], edges: [], measure: meter.measure() };
  const foundIds = ids(run.source, unique);
  if (!withPath && !withVertex) return { ids: foundIds, size: unique.length, paths: [], vertices: [], edges: [], measure: meter.measure() };
  const paths: TraverserPath[] = [];
  const pathVertices: number[] = [];
  const pathEdges: number[] = [];
  if (withPath) {
    for (let k = 0; k < found.slots.length; k++) {
      const p = layerPath(found.ls, found.depths[k]!, found.at[k]!);
      paths.push({ objects: ids(run.source, p.vertices) });
      pathVertices.push(...p.vertices);
      pathEdges.push(...p.edges);
    }
  }
  // KoutAPI and KneighborAPI list the neighbours and every vertex of the returned paths.
  const vertices = verticesOut(run.source, [...pathVertices, ...unique], withVertex);
  return { ids: foundIds, size: unique.length, paths, vertices, edges: withPath ? edgesOut(run.source, pathEdges, withEdge) : [], measure: meter.measure() };
}

/**
 * kout: the vertices exactly `maxDepth` hops from `source` (with `nearest`, whose shortest
 * path is that long), along the {@link HopParameters} or, given `steps`, the VESteps.
 */
export function* kout(run: TraverserRun, options: KoutOptions): FrontierOperation<NeighbourhoodResult> {
  const o = record(options, 'kout options');
  const meter = new Meter();
  const found = yield* neighbourhood(run, Int32Array.of(vertexSlot(run.source, o.source)), o, 'kout', meter);
  return shape(run, found, o, meter);
}

/**
 * kneighbor: every vertex within `maxDepth` hops of `source` (the source excluded).
 */
export function* kneighbor(run: TraverserRun, options: KneighborOptions): FrontierOperation<NeighbourhoodResult> {
  const o = record(options, 'kneighbor options');
  const meter = new Meter();
  const found = yield* neighbourhood(run, Int32Array.of(vertexSlot(run.source, o.source)), o, 'kneighbor', meter);
  return shape(run, found, o, meter);
}

/**
 * egonet: the kneighbor of several sources, sources included: of `source` without `steps`, of
 * `sources` (a list of ids, or a vertices selector) with them.
 */
export function* egonet(run: TraverserRun, options: EgonetOptions): FrontierOperation<NeighbourhoodResult> {
  const o = record(options, 'egonet options');
  const meter = new Meter();
  if (o.steps === undefined) {
    const source = vertexSlot(run.source, o.source);
    const found = yield* neighbourhood(run, Int32Array.of(source), o, 'egonet', meter);
    return shape(run, found, o, meter, [source]);
  }
  const sources = selectVertices(run, Array.isArray(o.sources) ? { ids: o.sources } : o.sources, 'sources');
  const found = yield* neighbourhood(run, sources, o, 'egonet', meter);
  return shape(run, found, o, meter, [...sources]);
}

/**
 * count: HugeGraph's CountTraverser. The steps before the last are walked edge by edge, depth
 * first (HugeGraph chains lazy iterators, so the order is the adjacency order); a vertex is
 * expanded only the first time it is met while fewer than `dedupSize` are remembered (the source
 * is remembered first), and each vertex the walk reaches at the last step adds the number of
 * edges that step follows from it. `containsTraversed` also counts the source and every edge
 * of the earlier steps.
 */
export function* count(run: TraverserRun, options: CountOptions): FrontierOperation<CountResult> {
  const o = record(options, 'count options');
  const source = vertexSlot(run.source, o.source);
  const steps = listOf(o.steps, 'steps').map((s) => edgeStep(run, s, { maxDegree: DEFAULTS.maxDegree, skipDegree: 100_000 }));
  if (steps.length === 0) throw new ArgumentError('TRAVERSER_ARGUMENT', "The steps can't be empty");
  const containsTraversed = flag(o.containsTraversed, 'contains traversed', false);
  const dedupSize = integer(o.dedupSize, 'dedup size', 1_000_000);
  if (dedupSize < 0 && dedupSize !== -1) throw new ArgumentError('TRAVERSER_ARGUMENT', `The dedup size must be >= 0 or == -1, but got: ${dedupSize}`);
  const remembered = new VisitedMarks();
  let rememberedSize = 0;
  const dedup = (v: number): boolean => {
    if (dedupSize === 0) return false;
    if (remembered.has(v)) return true;
    if (dedupSize === -1 || rememberedSize < dedupSize) {
      remembered.mark(v);
      rememberedSize++;
    }
    return false;
  };
  const one = new Int32Array(1);
  function* targets(v: number, hop: HopOptions): FrontierOperation<number[]> {
    const out: number[] = [];
    one[0] = v;
    yield* scanHop(run.source, one, hop, run.ctx, (_k, _edge, w) => {
      out.push(w);
    });
    return out;
  }
  let n = containsTraversed ? 1 : 0;
  const last = steps.length - 1;
  if (last === 0) return { count: n + (yield* targets(source, steps[0] as HopOptions)).length };
  dedup(source);
  const first = yield* targets(source, steps[0] as HopOptions);
  if (containsTraversed) n += first.length;
  const stack: { list: number[]; at: number }[] = [{ list: first, at: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { list: number[]; at: number };
    if (top.at >= top.list.length) {
      stack.pop();
      continue;
    }
    const w = top.list[top.at++]!;
    if (dedup(w)) continue;
    const next = yield* targets(w, steps[stack.length] as HopOptions);
    if (stack.length === last) n += next.length;
    else {
      if (containsTraversed) n += next.length;
      stack.push({ list: next, at: 0 });
    }
  }
  return { count: n };
}
