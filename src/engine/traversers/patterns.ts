/**
 * Traversers that follow a list of steps, one step per hop, on a {@link PathTree}:
 * customizedPaths (weights, sample, sortBy), templatePaths (each step repeated up to
 * `maxTimes`, with or without rings) and customizedCrosspoints (path patterns that must end
 * at the same vertices).
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { TypedNumber } from '../../values/index.js';
import type { PlainId } from '../../values/index.js';
import { SlotMap, checkCapacity } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import { DEFAULTS, Meter, bound, flag, ids, integer, numberOf, positiveOrNoLimit, record, verticesOut } from './traverser-common.js';
import { edgeStep, listOf, selectVertices } from './traverser-steps.js';
import type { TraverserRun } from './traverser-common.js';
import type { EdgeStep, ElementOptions, PathElements, PathsResult, TraverserMeasure, TraverserPath, VertexSelector } from './traverser-types.js';
import { PathTree, neighbourLists, pathKey, treePath, treeTail } from './tree.js';

function bad(message: string): ArgumentError {
  return new ArgumentError('TRAVERSER_ARGUMENT', message);
}

function steps(o: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>[] {
  const list = listOf(o.steps, 'steps');
  if (list.length === 0) throw bad("The steps can't be empty");
  return list;
}

/**
 * A step of customizedPaths: an {@link EdgeStep}, the edge property weighing it (`weightBy`),
 * the weight of an edge without it (`defaultWeight`, default 0), and how many of the new paths
 * each vertex opens are drawn at random (`sample`, default 100, -1 for all).
 *
 * @example
 * ```ts
 * const step: CustomizedPathStep = { direction: 'OUT', labels: ['knows'], weightBy: 'weight', sample: -1 };
 * ```
 */
export interface CustomizedPathStep extends EdgeStep {
  readonly weightBy?: string;
  readonly defaultWeight?: number;
  readonly sample?: number;
}

/**
 * Options of customizedPaths: from the `sources`, one hop per entry of `steps` over paths
 * without loops; `sortBy` INCR or DECR orders the paths by their summed weights (default NONE);
 * at most `limit` (default 10, -1 for all) paths; `capacity` (default 10000000, -1 for no limit)
 * bounds the path nodes.
 *
 * @example
 * ```ts
 * const o: CustomizedPathsOptions = { sources: { ids: ['1:marko'] }, steps: [{ direction: 'OUT', weightBy: 'weight' }], sortBy: 'DECR' };
 * ```
 */
export interface CustomizedPathsOptions extends ElementOptions {
  readonly sources: VertexSelector;
  readonly steps: readonly CustomizedPathStep[];
  readonly sortBy?: 'INCR' | 'DECR' | 'NONE';
  readonly capacity?: number;
  readonly limit?: number;
}

/**
 * A path of customizedPaths; `weights` (one per edge) when sorted by them.
 *
 * @example
 * ```ts
 * const p: CustomizedPath = { objects: ['1:marko', '1:peter'], weights: [0.5] };
 * ```
 */
export interface CustomizedPath extends TraverserPath {
  readonly weights?: number[];
}

/**
 * The answer of customizedPaths.
 *
 * @example
 * ```ts
 * const { paths } = await graph.traversers.customizedPaths({ sources: { ids: ['1:marko'] }, steps: [{ direction: 'OUT' }] });
 * ```
 */
export interface CustomizedPathsResult extends PathElements {
  readonly paths: CustomizedPath[];
  readonly measure: TraverserMeasure;
}

/**
 * A step of templatePaths: an {@link EdgeStep} taken 1 to `maxTimes` (default 1) times.
 *
 * @example
 * ```ts
 * const step: TemplatePathStep = { direction: 'OUT', labels: ['knows'], maxTimes: 3 };
 * ```
 */
export interface TemplatePathStep extends EdgeStep {
  readonly maxTimes?: number;
}

/**
 * Options of templatePaths: paths from the `sources` to the `targets` taking each of `steps`
 * in order; `withRing` (default false) lets a path repeat vertices; `capacity` and `limit` as
 * for customizedPaths.
 *
 * @example
 * ```ts
 * const o: TemplatePathsOptions = { sources: { ids: ['1:marko'] }, targets: { ids: ['1:vadas'] }, steps: [{ direction: 'OUT', maxTimes: 3 }] };
 * ```
 */
export interface TemplatePathsOptions extends ElementOptions {
  readonly sources: VertexSelector;
  readonly targets: VertexSelector;
  readonly steps: readonly TemplatePathStep[];
  readonly withRing?: boolean;
  readonly capacity?: number;
  readonly limit?: number;
}

/**
 * The answer of templatepaths.
 *
 * @example
 * ```ts
 * const { paths }: TemplatePathsResult = await graph.traversers.templatePaths({ sources: { ids: ['1:marko'] }, targets: { ids: ['1:vadas'] }, steps: [{ maxTimes: 3 }] });
 * ```
 */
export type TemplatePathsResult = PathsResult;

/**
 * A path pattern of customizedCrosspoints: one hop per step.
 *
 * @example
 * ```ts
 * const pattern: PathPattern = { steps: [{ direction: 'OUT', labels: ['created'] }] };
 * ```
 */
export interface PathPattern {
  readonly steps: readonly EdgeStep[];
}

/**
 * Options of customizedCrosspoints: from the `sources`, every one of `pathPatterns`; the
 * crosspoints are where paths from every source end (at most `limit`, default 10, -1 for all);
 * `withPath` also answers the paths ending there.
 *
 * @example
 * ```ts
 * const o: CustomizedCrosspointsOptions = { sources: { ids: ['1:marko', '1:josh'] }, pathPatterns: [{ steps: [{ direction: 'BOTH' }] }], withPath: true };
 * ```
 */
export interface CustomizedCrosspointsOptions extends ElementOptions {
  readonly sources: VertexSelector;
  readonly pathPatterns: readonly PathPattern[];
  readonly withPath?: boolean;
  readonly capacity?: number;
  readonly limit?: number;
}

/**
 * The answer of customizedCrosspoints: the crosspoints, and with `withPath` the paths to them;
 * `vertices` lists the paths' vertices, or without paths the crosspoints.
 *
 * @example
 * ```ts
 * const { crosspoints } = await graph.traversers.customizedCrosspoints({ sources: { ids: ['1:marko', '1:josh'] }, pathPatterns: [{ steps: [{ direction: 'BOTH' }] }] });
 * ```
 */
export interface CustomizedCrosspointsResult extends PathElements {
  readonly crosspoints: PlainId[];
  readonly paths: TraverserPath[];
  readonly measure: TraverserMeasure;
}

/** A uniform random sample of `size` entries of `items` (all of them when there are no more), in their order. */
function sampleOf<T>(items: T[], size: number): T[] {
  if (items.length <= size) return items;
  const picks = Array.from(items.keys());
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(Math.random() * (picks.length - i));
    [picks[i], picks[j]] = [picks[j]!, picks[i]!];
  }
  return picks.slice(0, size).sort((x, y) => x - y).map((i) => items[i] as T);
}

/**
 * customizedPaths (HugeGraph's CustomizePathsTraverser): from the `sources` selector, one hop
 * per entry of `steps` (an EdgeStep plus `weightBy`, `defaultWeight` (0) and `sample` (100; -1
 * all)) over paths without loops. `sample` draws that many of the new path nodes a vertex opens
 * at the step (for all the paths reaching it together), at random. With `sortBy` INCR or DECR
 * each path carries its edge weights (`weightBy`'s value, else `defaultWeight`) and the paths
 * are sorted by their sum before `limit` cuts; with NONE (the default) paths carry no weights
 * and the walk stops once the last step has found `limit` of them.
 */
export function* customizedPaths(run: TraverserRun, options: CustomizedPathsOptions): FrontierOperation<CustomizedPathsResult> {
  const o = record(options, 'customizedPaths options');
  const meter = new Meter();
  const sources = selectVertices(run, o.sources, 'sources');
  const plan = steps(o).map((s) => ({
    hop: edgeStep(run, s),
    weightBy: s.weightBy === undefined || s.weightBy === null ? undefined : String(s.weightBy),
    defaultWeight: numberOf(s.defaultWeight, 'default weight', 0),
    sample: integer(s.sample, 'sample', 100),
  }));
  for (const s of plan) if (s.sample <= 0 && s.sample !== -1) throw bad(`The sample must be > 0 or == -1, but got: ${s.sample}`);
  const sortBy = o.sortBy ?? 'NONE';
  if (sortBy !== 'INCR' && sortBy !== 'DECR' && sortBy !== 'NONE') throw bad(`The sort_by must be one of INCR, DECR or NONE, but got '${String(sortBy)}'`);
  const sorted = sortBy !== 'NONE';
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit));
  const tree = new PathTree();
  const weights: number[] = [];
  let layer = Array.from(sources, (s) => tree.push(s, -1, -1, 0));
  let access = 0;
  for (const [index, step] of plan.entries()) {
    const weigh = (edge: number): number => {
      if (step.weightBy === undefined) return step.defaultWeight;
      const v = run.source.edgeProperty(edge, step.weightBy);
      const n = v instanceof TypedNumber ? Number(v.value) : v;
      return typeof n === 'number' && Number.isFinite(n) ? n : step.defaultWeight;
    };
    const byVertex = new Map<number, number[]>();
    for (const n of layer) (byVertex.get(tree.vertex[n]!) ?? byVertex.set(tree.vertex[n]!, []).get(tree.vertex[n]!) as number[]).push(n);
    const lists = yield* neighbourLists(run, byVertex.keys(), step.hop, meter);
    const next: number[] = [];
    const lastStep = index === plan.length - 1;
    walk: for (const [v, nodes] of byVertex) {
      const list = lists.get(v) ?? [];
      let opened: number[] = [];
      for (let i = 0; i < list.length; i += 2) {
        for (const n of nodes) {
          if (tree.contains(n, list[i + 1]!)) continue;
          opened.push(tree.push(list[i + 1]!, list[i]!, n, 0));
          if (sorted) weights[tree.size - 1] = weigh(list[i]!);
          checkCapacity(++access, capacity, 'customized paths');
        }
      }
      if (step.sample > 0) opened = sampleOf(opened, step.sample);
      for (const child of opened) {
        next.push(child);
        if (lastStep && !sorted && next.length >= limit) break walk;
      }
    }
    layer = next;
  }
  const weightsOf = (node: number): number[] => {
    const out: number[] = [];
    for (let at = node; tree.parent[at]! >= 0; at = tree.parent[at]!) out.push(weights[at]!);
    return out.reverse();
  };
  const total = (node: number): number => weightsOf(node).reduce((a, b) => a + b, 0);
  let found = layer;
  if (sorted) found = [...found].sort((a, b) => (sortBy === 'INCR' ? total(a) - total(b) : total(b) - total(a)));
  if (limit !== Infinity) found = found.slice(0, limit);
  const paths = found.map((n) => (sorted ? { ...treePath(run, tree, n), weights: weightsOf(n) } : treePath(run, tree, n)));
  return { paths, ...treeTail(run, tree, found, o), measure: meter.measure() };
}

/**
 * templatePaths: paths from the `sources` selector to the `targets` selector that take each of
 * `steps` (an EdgeStep plus `maxTimes`, default 1) between 1 and `maxTimes` times in order;
 * with `withRing` false (the default) a path never repeats a vertex. Shortest first.
 */
export function* templatePaths(run: TraverserRun, options: TemplatePathsOptions): FrontierOperation<PathsResult> {
  const o = record(options, 'templatePaths options');
  const meter = new Meter();
  const sources = selectVertices(run, o.sources, 'sources');
  const targets = selectVertices(run, o.targets, 'targets');
  const plan = steps(o).map((s) => ({ hop: edgeStep(run, s), maxTimes: integer(s.maxTimes, 'max times', 1) }));
  for (const s of plan) if (s.maxTimes < 1) throw bad(`The max times must be >= 1, but got: ${s.maxTimes}`);
  const withRing = flag(o.withRing, 'with ring', false);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit));
  const isTarget = new SlotMap();
  for (const t of targets) isTarget.set(t, 0);
  // A node's tag packs (step index, times that step was taken so far): step * TIMES + times.
  const TIMES = 1 << 16;
  const tree = new PathTree();
  const found = new Map<string, number>();
  let layer = Array.from(sources, (s) => tree.push(s, -1, -1, 0));
  while (layer.length > 0 && found.size < limit) {
    const byStep = new Map<number, number[]>();
    for (const n of layer) {
      const [step, times] = [Math.floor(tree.tag[n]! / TIMES), tree.tag[n]! % TIMES];
      if (times < (plan[step] as { maxTimes: number }).maxTimes) (byStep.get(step) ?? byStep.set(step, []).get(step) as number[]).push(n);
      if (times >= 1 && step + 1 < plan.length) (byStep.get(step + 1) ?? byStep.set(step + 1, []).get(step + 1) as number[]).push(n);
    }
    const next: number[] = [];
    for (const [step, nodes] of byStep) {
      const lists = yield* neighbourLists(run, nodes.map((n) => tree.vertex[n]!), (plan[step] as { hop: HopOptions }).hop, meter);
      for (const n of nodes) {
        const tag = Math.floor(tree.tag[n]! / TIMES) === step ? tree.tag[n]! + 1 : step * TIMES + 1;
        const list = lists.get(tree.vertex[n]!) ?? [];
        const reached = new Set<number>();
        for (let i = 0; i < list.length; i += 2) {
          const w = list[i + 1]!;
          if (reached.has(w) || (!withRing && tree.contains(n, w))) continue;
          reached.add(w);
          const child = tree.push(w, list[i]!, n, tag);
          checkCapacity(tree.size, capacity, 'template paths');
          next.push(child);
          if (step === plan.length - 1 && isTarget.has(w)) {
            const key = pathKey(tree.vertices(child));
            if (!found.has(key)) found.set(key, child);
          }
        }
      }
    }
    layer = next;
  }
  const nodes = [...found.values()].slice(0, limit === Infinity ? undefined : limit);
  return { paths: nodes.map((n) => treePath(run, tree, n)), ...treeTail(run, tree, nodes, o), measure: meter.measure() };
}

/**
 * customizedCrosspoints: from each vertex of the `sources` selector, each of `pathPatterns`
 * (`{ steps: [EdgeStep...] }`) is walked one hop per step over simple paths; the crosspoints
 * are the vertices where paths from every source end (none if a source has no path), and with
 * `withPath` the paths ending there are returned.
 */
export function* customizedCrosspoints(run: TraverserRun, options: CustomizedCrosspointsOptions): FrontierOperation<CustomizedCrosspointsResult> {
  const o = record(options, 'customizedCrosspoints options');
  const meter = new Meter();
  const sources = selectVertices(run, o.sources, 'sources');
  const patterns = listOf(o.pathPatterns, 'path patterns').map((p) => steps(p).map((s) => edgeStep(run, s)));
  if (patterns.length === 0) throw bad("The path patterns can't be empty");
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit));
  const withPath = flag(o.withPath, 'with path', false);
  const tree = new PathTree();
  const ends: number[][] = [];
  for (const pattern of patterns) {
    let layer = Array.from(sources, (s) => tree.push(s, -1, -1, 0));
    for (const hop of pattern) {
      const lists = yield* neighbourLists(run, layer.map((n) => tree.vertex[n]!), hop, meter);
      const next: number[] = [];
      for (const n of layer) {
        const list = lists.get(tree.vertex[n]!) ?? [];
        for (let i = 0; i < list.length; i += 2) {
          if (tree.contains(n, list[i + 1]!)) continue;
          next.push(tree.push(list[i + 1]!, list[i]!, n, 0));
          checkCapacity(tree.size, capacity, 'crosspoints');
        }
      }
      layer = next;
    }
    ends.push(layer);
  }
  const all = ends.flat();
  const rootOf = (n: number): number => tree.vertices(n)[0]!;
  const bySource = new Map<number, Set<number>>(Array.from(sources, (s) => [s, new Set<number>()]));
  for (const n of all) (bySource.get(rootOf(n)) as Set<number>).add(tree.vertex[n]!);
  const sets = [...bySource.values()];
  const points = sets.some((e) => e.size === 0) ? [] : [...(sets[0] as Set<number>)].filter((v) => sets.every((e) => e.has(v))).slice(0, limit === Infinity ? undefined : limit);
  const chosen = new Set(points);
  const seen = new Set<string>();
  const pathNodes = withPath
    ? all.filter((n) => {
        const key = pathKey(tree.vertices(n));
        if (!chosen.has(tree.vertex[n]!) || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
    : [];
  const tail = treeTail(run, tree, pathNodes, o);
  const vertices = withPath ? tail.vertices : verticesOut(run.source, points, flag(o.withVertex, 'with vertex', false));
  return { crosspoints: ids(run.source, points), paths: pathNodes.map((n) => treePath(run, tree, n)), vertices, edges: tail.edges, measure: meter.measure() };
}
