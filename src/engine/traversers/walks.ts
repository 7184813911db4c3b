/**
 * Traversers that enumerate simple paths on a {@link PathTree}, one length at a time (so the
 * shortest come first and `limit` cuts at a whole length): paths (GET and POST), crosspoints,
 * rings and rays.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { PlainId } from '../../values/index.js';
import { SlotMap, checkCapacity } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import { DEFAULTS, Meter, bound, flag, ids, maxDepth, positiveOrNoLimit, record, vertexSlot } from './traverser-common.js';
import { edgeStep, getHop, selectVertices } from './traverser-steps.js';
import type { TraverserRun } from './traverser-common.js';
import type { EdgeStep, ElementOptions, HopParameters, PathElements, PathsResult, TraverserMeasure, TraverserPath, VertexSelector } from './traverser-types.js';
import { plainVertexId } from '../plain-ids.js';
import { PathTree, neighbourLists, opposite, pathKey, treePath, treeTail } from './tree.js';

/**
 * Options of paths: simple paths from `source` to `target` along the {@link HopParameters}, or
 * from the `sources` to the `targets` selectors along `step`; at most `maxDepth` edges long and
 * `limit` (default 10, -1 for all) of them; `capacity` (default 10000000, -1 for no limit) bounds
 * the partial paths. `nearest` is checked, not used.
 *
 * @example
 * ```ts
 * const o: PathsOptions = { sources: { ids: ['1:marko'] }, targets: { label: 'software' }, step: { direction: 'OUT' }, maxDepth: 3 };
 * ```
 */
export interface PathsOptions extends HopParameters, ElementOptions {
  readonly source?: PlainId;
  readonly target?: PlainId;
  readonly sources?: VertexSelector;
  readonly targets?: VertexSelector;
  readonly step?: EdgeStep;
  readonly maxDepth: number;
  readonly nearest?: boolean;
  readonly capacity?: number;
  readonly limit?: number;
}

/**
 * Options of crosspoints: paths of at most `maxDepth` edges where walks from `source` and
 * `target` along the {@link HopParameters} meet; `capacity` and `limit` as for paths.
 *
 * @example
 * ```ts
 * const o: CrosspointsOptions = { source: '1:marko', target: '1:vadas', maxDepth: 5, direction: 'OUT' };
 * ```
 */
export interface CrosspointsOptions extends HopParameters {
  readonly source: PlainId;
  readonly target: PlainId;
  readonly maxDepth: number;
  readonly capacity?: number;
  readonly limit?: number;
}

/**
 * A path of crosspoints with the vertex where its two walks meet.
 *
 * @example
 * ```ts
 * const c: Crosspoint = { crosspoint: '1:josh', objects: ['1:marko', '1:peter', '1:josh', '1:vadas'] };
 * ```
 */
export interface Crosspoint {
  readonly crosspoint: PlainId;
  readonly objects: PlainId[];
}

/**
 * The answer of crosspoints.
 *
 * @example
 * ```ts
 * const { crosspoints } = await graph.traversers.crosspoints({ source: '1:marko', target: '1:vadas', maxDepth: 5 });
 * ```
 */
export interface CrosspointsResult {
  readonly crosspoints: Crosspoint[];
  readonly measure: TraverserMeasure;
}

/**
 * Options of rays: from `source` along the {@link HopParameters}, at most `maxDepth` edges;
 * `capacity` and `limit` as for paths.
 *
 * @example
 * ```ts
 * const o: RaysOptions = { source: '1:marko', maxDepth: 3, withVertex: true };
 * ```
 */
export interface RaysOptions extends HopParameters, ElementOptions {
  readonly source: PlainId;
  readonly maxDepth: number;
  readonly capacity?: number;
  readonly limit?: number;
}

/**
 * Options of rings: {@link RaysOptions} and `sourceInRing` (default true: only rings through the source).
 *
 * @example
 * ```ts
 * const o: RingsOptions = { source: '1:vadas', maxDepth: 10, sourceInRing: false };
 * ```
 */
export interface RingsOptions extends RaysOptions {
  readonly sourceInRing?: boolean;
}

/**
 * The answer of rings.
 *
 * @example
 * ```ts
 * const { rings } = await graph.traversers.rings({ source: '1:marko', maxDepth: 10 });
 * ```
 */
export interface RingsResult extends PathElements {
  readonly rings: TraverserPath[];
  readonly measure: TraverserMeasure;
}

/**
 * The answer of rays.
 *
 * @example
 * ```ts
 * const { rays } = await graph.traversers.rays({ source: '1:marko', maxDepth: 10 });
 * ```
 */
export interface RaysResult extends PathElements {
  readonly rays: TraverserPath[];
  readonly measure: TraverserMeasure;
}

/** Phases of a crosspoint walk: still on the source side, or past the crosspoint. */
const SOURCE_SIDE = 0;
const TARGET_SIDE = 1;

interface Between {
  readonly sources: ArrayLike<number>;
  readonly targets: ArrayLike<number>;
  readonly hop: HopOptions;
  /** Crosspoints: the target side walks the same direction, so from the crosspoint on the path follows its opposite. */
  readonly crosspoints: boolean;
  readonly depth: number;
  readonly capacity: number;
  readonly limit: number;
}

interface Found {
  readonly tree: PathTree;
  /** Path nodes in the order found. */
  readonly paths: number[];
}

/** The deepest source-side node of the path ending at `node`: its position is the crosspoint. */
function crosspointAt(tree: PathTree, node: number): number {
  let at = node;
  while (tree.tag[at] !== SOURCE_SIDE) at = tree.parent[at]!;
  return tree.length[at]!;
}

/**
 * Simple paths of at most `depth` edges from a source to a target (a path stops at its
 * first target), shortest first, distinct by their vertices. With `crosspoints` and a
 * one-way direction a path turns once, at position ⌈length/2⌉ (PathsTraverser's meeting point):
 * source side along the direction, target side against it.
 */
function* between(run: TraverserRun, b: Between, meter: Meter): FrontierOperation<Found> {
  const tree = new PathTree();
  const isTarget = new SlotMap();
  for (let i = 0; i < b.targets.length; i++) isTarget.set(b.targets[i]!, 0);
  const turning = b.crosspoints && b.hop.direction !== 'BOTH';
  const back: HopOptions = { ...b.hop, direction: opposite(b.hop.direction) };
  const found = new Map<string, number>();
  let layer: number[] = [];
  for (let i = 0; i < b.sources.length; i++) layer.push(tree.push(b.sources[i]!, -1, -1, SOURCE_SIDE));
  for (let d = 1; d <= b.depth && layer.length > 0 && found.size < b.limit; d++) {
    const vertices = layer.map((n) => tree.vertex[n]!);
    const forward = yield* neighbourLists(run, layer.filter((n) => tree.tag[n] === SOURCE_SIDE).map((n) => tree.vertex[n]!), b.hop, meter);
    const backward = turning ? yield* neighbourLists(run, vertices, back, meter) : undefined;
    const next: number[] = [];
    const extend = (node: number, list: readonly number[], tag: number): void => {
      const reached = new Set<number>();
      for (let i = 0; i < list.length; i += 2) {
        const w = list[i + 1]!;
        if (reached.has(w) || tree.contains(node, w)) continue;
        reached.add(w);
        const child = tree.push(w, list[i]!, node, tag);
        checkCapacity(tree.size, b.capacity, 'paths');
        if (!isTarget.has(w)) {
          next.push(child);
          continue;
        }
        // PathsTraverser meets its two frontiers at their newest layers only, so a path turns at ⌈d/2⌉.
        if (turning && crosspointAt(tree, child) !== Math.ceil(d / 2)) continue;
        const key = pathKey(tree.vertices(child));
        if (!found.has(key)) found.set(key, child);
      }
    };
    for (const n of layer) {
      const v = tree.vertex[n]!;
      if (tree.tag[n] === SOURCE_SIDE) extend(n, forward.get(v) ?? [], SOURCE_SIDE);
      if (backward !== undefined) extend(n, backward.get(v) ?? [], TARGET_SIDE);
    }
    layer = next;
  }
  return { tree, paths: [...found.values()].slice(0, b.limit === Infinity ? undefined : b.limit) };
}

function capacityAndLimit(o: Readonly<Record<string, unknown>>): { capacity: number; limit: number } {
  return {
    capacity: positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity),
    limit: bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit)),
  };
}

/**
 * paths: simple paths from `source` to `target` of at most `maxDepth` edges, shortest first,
 * along `direction` and `label`; with `sources` and `targets` selectors, along the EdgeStep `step`.
 */
export function* paths(run: TraverserRun, options: PathsOptions): FrontierOperation<PathsResult> {
  const o = record(options, 'paths options');
  const meter = new Meter();
  const post = o.sources !== undefined;
  const sources = post ? selectVertices(run, o.sources, 'sources') : [vertexSlot(run.source, o.source)];
  const targets = post ? selectVertices(run, o.targets, 'targets') : [vertexSlot(run.source, o.target, 'target')];
  const hop = post ? edgeStep(run, o.step) : getHop(o);
  const depth = maxDepth(o.maxDepth);
  if (post) {
    if (depth > 5000) throw new ArgumentError('TRAVERSER_ARGUMENT', `The max depth parameter must be in [1, 5000], but got: ${depth}`);
    flag(o.nearest, 'nearest', false);
  }
  const found = yield* between(run, { sources, targets, hop, crosspoints: false, depth, ...capacityAndLimit(o) }, meter);
  const out = found.paths.map((p) => treePath(run, found.tree, p));
  return { paths: out, ...treeTail(run, found.tree, found.paths, o), measure: meter.measure() };
}

/**
 * crosspoints: paths of at most `maxDepth` edges joining `source` and `target` where both walk
 * `direction` and meet at the crosspoint, position ⌈length/2⌉ of the path (for BOTH: every simple path).
 */
export function* crosspoints(run: TraverserRun, options: CrosspointsOptions): FrontierOperation<CrosspointsResult> {
  const o = record(options, 'crosspoints options');
  const meter = new Meter();
  const sources = [vertexSlot(run.source, o.source)];
  const targets = [vertexSlot(run.source, o.target, 'target')];
  const found = yield* between(run, { sources, targets, hop: getHop(o), crosspoints: true, depth: maxDepth(o.maxDepth), ...capacityAndLimit(o) }, meter);
  const out = found.paths.map((p) => {
    const vertices = found.tree.vertices(p);
    return { crosspoint: plainVertexId(run.source, vertices[Math.ceil((vertices.length - 1) / 2)]!), objects: ids(run.source, vertices) };
  });
  return { crosspoints: out, measure: meter.measure() };
}

/**
 * A ring's key (SubGraphTraverser's RingPath): two rings are one when their vertex lists are
 * equal or one is the other reversed, so the key is the smaller of the two orders.
 */
function ringKey(vertices: readonly number[]): string {
  const forward = pathKey(vertices);
  const backward = pathKey([...vertices].reverse());
  return forward < backward ? forward : backward;
}

interface Subgraph {
  readonly rings: boolean;
  readonly sourceInRing: boolean;
}

/**
 * Rings or rays from one source (HugeGraph's SubGraphTraverser rules). A path grows by
 * neighbours not yet on it. Rays: a path ends as a ray at a vertex without edges, at a vertex
 * whose one edge leads back (BOTH), or at `maxDepth`; a path running into itself otherwise is
 * dropped. Rings: a path closes a ring when it meets a vertex already on it (with
 * `sourceInRing`, only the source); stepping straight back to the vertex before (BOTH) is a
 * ring only when an out edge and an in edge join the two.
 */
function* subgraph(run: TraverserRun, o: Readonly<Record<string, unknown>>, s: Subgraph, meter: Meter): FrontierOperation<{ tree: PathTree; nodes: number[] }> {
  const source = vertexSlot(run.source, o.source);
  const hop = getHop(o);
  const depth = maxDepth(o.maxDepth);
  const { capacity, limit } = capacityAndLimit(o);
  const tree = new PathTree();
  const found = new Map<string, number>();
  const add = (node: number): void => {
    const vertices = tree.vertices(node);
    const key = s.rings ? ringKey(vertices) : pathKey(vertices);
    if (!found.has(key)) found.set(key, node);
  };
  let layer = [tree.push(source, -1, -1, 0)];
  for (let d = 1; d <= depth && layer.length > 0 && found.size < limit; d++) {
    const lists = yield* neighbourLists(run, layer.map((n) => tree.vertex[n]!), hop, meter);
    const next: number[] = [];
    for (const n of layer) {
      if (found.size >= limit) break;
      const list = lists.get(tree.vertex[n]!) ?? [];
      if (list.length === 0 && !s.rings) add(n);
      const parent = tree.parent[n]!;
      const reached = new Set<number>();
      for (let i = 0; i < list.length; i += 2) {
        const w = list[i + 1]!;
        if (reached.has(w)) continue;
        reached.add(w);
        if (!tree.contains(n, w)) {
          next.push(tree.push(w, list[i]!, n, 0));
          checkCapacity(tree.size, capacity, s.rings ? 'rings' : 'rays');
          continue;
        }
        const back = parent >= 0 && tree.vertex[parent] === w && hop.direction === 'BOTH';
        if (!s.rings) {
          if (back && list.length === 2) add(n);
          continue;
        }
        if (s.sourceInRing && w !== source) continue;
        if (back && !bothWays(run, tree.vertex[n]!, list, w)) continue;
        add(tree.push(w, list[i]!, n, 0));
      }
    }
    layer = next;
    if (!s.rings && d === depth) for (const n of layer) add(n);
  }
  return { tree, nodes: [...found.values()].slice(0, limit === Infinity ? undefined : limit) };
}

/** Whether `vertex` has both an out edge and an in edge to `w` among its `[edge, vertex, ...]` list (SubGraphTraverser's multi-edge test). */
function bothWays(run: TraverserRun, vertex: number, list: readonly number[], w: number): boolean {
  let out = false;
  let into = false;
  for (let i = 0; i < list.length; i += 2) {
    if (list[i + 1] !== w) continue;
    if (run.source.edgeOutVertex(list[i]!) === vertex) out = true;
    else into = true;
  }
  return out && into;
}

/**
 * rings: cycles of at most `maxDepth` edges through `source` (`sourceInRing`, default true) or
 * reached from it; a ring and its reverse are listed once.
 */
export function* rings(run: TraverserRun, options: RingsOptions): FrontierOperation<RingsResult> {
  const o = record(options, 'rings options');
  const meter = new Meter();
  const r = yield* subgraph(run, o, { rings: true, sourceInRing: flag(o.sourceInRing, 'source in ring', true) }, meter);
  return { rings: r.nodes.map((n) => treePath(run, r.tree, n)), ...treeTail(run, r.tree, r.nodes, o), measure: meter.measure() };
}

/**
 * rays: the paths from `source` that cannot grow any further, or reach `maxDepth` edges.
 */
export function* rays(run: TraverserRun, options: RaysOptions): FrontierOperation<RaysResult> {
  const o = record(options, 'rays options');
  const meter = new Meter();
  const r = yield* subgraph(run, o, { rings: false, sourceInRing: false }, meter);
  return { rays: r.nodes.map((n) => treePath(run, r.tree, n)), ...treeTail(run, r.tree, r.nodes, o), measure: meter.measure() };
}
