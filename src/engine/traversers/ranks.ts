/**
 * Scoring traversers (fusiformSimilarity, neighborRank, personalRank) and the edgeExist lookup.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { ElementId, PlainId } from '../../values/index.js';
import { checkCapacity } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import { DEFAULTS, Meter, bound, direction, edgeJson, flag, integer, labels, numberOf, positiveOrNoLimit, record, vertexSlot, verticesOut } from './traverser-common.js';
import { edgeStep, getHop, listOf, selectVertices } from './traverser-steps.js';
import type { TraverserRun } from './traverser-common.js';
import type { EdgeStep, HopParameters, TraverserEdge, TraverserMeasure, TraverserVertex, VertexSelector } from './traverser-types.js';
import { plainVertexId } from '../plain-ids.js';
import { PathTree, neighbourLists, opposite } from './tree.js';
import { jsonValue } from '../json.js';

function bad(message: string): ArgumentError {
  return new ArgumentError('TRAVERSER_ARGUMENT', message);
}

/** Alpha in (0, 1]. */
function alphaOf(value: unknown, fallback?: number): number {
  if ((value === undefined || value === null) && fallback === undefined) throw bad("The alpha parameter can't be null");
  const alpha = numberOf(value, 'alpha', fallback ?? 0);
  if (!(alpha > 0 && alpha <= 1)) throw bad(`The alpha must be in range (0, 1], but got: ${alpha}`);
  return alpha;
}

/** Distinct neighbours of a list from {@link neighbourLists}, in order. */
function distinctOf(list: readonly number[] | undefined): number[] {
  const out = new Set<number>();
  for (let i = 1; i < (list?.length ?? 0); i += 2) out.add((list as number[])[i]!);
  return [...out];
}

/**
 * Options of fusiformSimilarity: for each of the `sources` with at least `minNeighbors`
 * neighbours along the {@link HopParameters}, the vertices sharing at least `alpha` (in (0, 1])
 * of them; a source needs `minSimilars` (default 1) such vertices, the `top` (default 0: all)
 * are kept, and with `groupProperty` they and the source must hold at least `minGroups`
 * values of it. At most `limit` (default 10, -1 for all) sources answer; `capacity` (default
 * 10000000, -1 for no limit) bounds the vertices visited.
 *
 * @example
 * ```ts
 * const o: FusiformSimilarityOptions = { sources: { ids: ['1:marko'] }, label: 'created', direction: 'OUT', minNeighbors: 1, alpha: 0.5 };
 * ```
 */
export interface FusiformSimilarityOptions extends HopParameters {
  readonly sources: VertexSelector;
  readonly minNeighbors: number;
  readonly alpha: number;
  readonly minSimilars?: number;
  readonly top?: number;
  readonly groupProperty?: string;
  readonly minGroups?: number;
  readonly capacity?: number;
  readonly limit?: number;
  readonly withIntermediary?: boolean;
  readonly withVertex?: boolean;
}

/**
 * One similar vertex of fusiformSimilarity: its score, and with `withIntermediary` the
 * neighbours it shares with the source.
 *
 * @example
 * ```ts
 * const s: FusiformSimilar = { id: '1:peter', score: 1, intermediaries: [] };
 * ```
 */
export interface FusiformSimilar {
  readonly id: PlainId;
  readonly score: number;
  readonly intermediaries: PlainId[];
}

/**
 * The answer of fusiformSimilarity: each answering source's similar vertices by its id, and
 * the vertices named (ids, or full with `withVertex`).
 *
 * @example
 * ```ts
 * const { similars } = await graph.traversers.fusiformSimilarity({ sources: { ids: ['1:marko'] }, minNeighbors: 1, alpha: 1 });
 * ```
 */
export interface FusiformSimilarityResult {
  readonly similars: Record<string, FusiformSimilar[]>;
  readonly vertices: (PlainId | TraverserVertex)[];
  readonly measure: TraverserMeasure;
}

/**
 * A step of neighborRank: an {@link EdgeStep} and the ranks kept of its layer (`top`, default
 * 10, in (0, 1000]).
 *
 * @example
 * ```ts
 * const step: RankStep = { direction: 'BOTH', labels: ['knows'], top: 5 };
 * ```
 */
export interface RankStep extends EdgeStep {
  readonly top?: number;
}

/**
 * Options of neighborRank: rank spreads out of `source` one of `steps` at a time, `alpha` (in
 * (0, 1]) of it passed on; `capacity` (default 10000000, -1 for no limit) bounds the path nodes.
 *
 * @example
 * ```ts
 * const o: NeighborRankOptions = { source: '1:marko', steps: [{ direction: 'BOTH' }], alpha: 0.9 };
 * ```
 */
export interface NeighborRankOptions {
  readonly source: PlainId;
  readonly steps: readonly RankStep[];
  readonly alpha: number;
  readonly capacity?: number;
}

/**
 * The answer of neighborRank: one layer of ranks by vertex id per step, after the source's own.
 *
 * @example
 * ```ts
 * const { ranks } = await graph.traversers.neighborRank({ source: '1:marko', steps: [{ direction: 'BOTH' }], alpha: 0.9 });
 * ```
 */
export interface NeighborRankResult {
  readonly ranks: Record<string, number>[];
}

/**
 * Options of personalRank: a random walk with restart from `source` over the edges of `label`
 * for `maxDepth` (default 5, in (1, 5000]) rounds, `alpha` (default 0.85) passed on each round;
 * `maxDiff` (default 0.0001) is checked, not used; `withLabel` keeps the source's side, the
 * other side or both (default BOTH_LABEL); `sorted` (default true) orders by rank; at most
 * `limit` (default 100, -1 for all); `maxDegree` and `skipDegree` bound each vertex's edges.
 *
 * @example
 * ```ts
 * const o: PersonalRankOptions = { source: '1:marko', label: 'created', maxDepth: 3, withLabel: 'OTHER_LABEL' };
 * ```
 */
export interface PersonalRankOptions {
  readonly source: PlainId;
  readonly label: string;
  readonly alpha?: number;
  readonly maxDiff?: number;
  readonly maxDegree?: number;
  readonly skipDegree?: number;
  readonly limit?: number;
  readonly maxDepth?: number;
  readonly withLabel?: 'SAME_LABEL' | 'OTHER_LABEL' | 'BOTH_LABEL';
  readonly sorted?: boolean;
}

/**
 * The answer of personalRank: each ranked vertex's rank by its id.
 *
 * @example
 * ```ts
 * const { ranks } = await graph.traversers.personalRank({ source: '1:marko', label: 'created' });
 * ```
 */
export interface PersonalRankResult {
  readonly ranks: Record<string, number>;
}

/**
 * Options of edgeExist: the edges from `source` to `target`, of `label` and with the sort key
 * values `sortValues` when given (which needs `label`), at most `limit` (default 100, -1 for all).
 *
 * @example
 * ```ts
 * const o: EdgeExistOptions = { source: '1:marko', target: '1:peter', label: 'knows' };
 * ```
 */
export interface EdgeExistOptions {
  readonly source: PlainId;
  readonly target: PlainId;
  readonly label?: string;
  readonly sortValues?: string;
  readonly limit?: number;
}

/**
 * The answer of edgeExist.
 *
 * @example
 * ```ts
 * const { edges } = await graph.traversers.edgeExist({ source: '1:marko', target: '1:peter' });
 * ```
 */
export interface EdgeExistResult {
  readonly edges: TraverserEdge[];
}

/**
 * fusiformSimilarity: for each vertex of the `sources` selector with at least `minNeighbors`
 * neighbours (by `label`, `direction`), the vertices that share at least `alpha` of those
 * neighbours (score = shared / neighbours), kept when there are at least `minSimilars` of them
 * (and, with `groupProperty`, at least `minGroups` distinct values of it); the `top` best (0:
 * all) per source, for at most `limit` sources.
 */
export function* fusiformSimilarity(run: TraverserRun, options: FusiformSimilarityOptions): FrontierOperation<FusiformSimilarityResult> {
  const o = record(options, 'fusiformSimilarity options');
  const meter = new Meter();
  const sources = selectVertices(run, o.sources, 'sources');
  const hop = getHop(o);
  const back: HopOptions = { ...hop, direction: opposite(hop.direction) };
  const minNeighbors = integer(o.minNeighbors, 'min neighbors', 0);
  if (minNeighbors <= 0) throw bad(`The min neighbor count must be > 0, but got: ${minNeighbors}`);
  const alpha = alphaOf(o.alpha);
  const minSimilars = integer(o.minSimilars, 'min similars', 1);
  if (minSimilars < 1) throw bad(`The min similar count must be >= 1, but got: ${minSimilars}`);
  const top = integer(o.top, 'top', 0);
  if (top < 0) throw bad(`The top must be >= 0, but got: ${top}`);
  const groupProperty = o.groupProperty === undefined || o.groupProperty === null ? undefined : String(o.groupProperty);
  const minGroups = integer(o.minGroups, 'min groups', 0);
  if (groupProperty === undefined && minGroups !== 0) throw bad("Can't set min group count when group property not set");
  if (groupProperty === '') throw bad("The group property can't be empty");
  if (groupProperty !== undefined && minGroups <= 0) throw bad('Must set min group count when group property set');
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit));
  const withIntermediary = flag(o.withIntermediary, 'with intermediary', false);
  const similars: Record<string, FusiformSimilar[]> = {};
  const listed: number[] = [];
  let visited = 0;
  for (const s of sources) {
    if (Object.keys(similars).length >= limit) break;
    const mine = distinctOf((yield* neighbourLists(run, [s], hop, meter)).get(s));
    if (mine.length < minNeighbors) continue;
    const lists = yield* neighbourLists(run, mine, back, meter);
    const shared = new Map<number, number[]>();
    for (const n of mine) {
      for (const c of distinctOf(lists.get(n))) {
        if (c === s) continue;
        checkCapacity(++visited, capacity, 'fusiform similars');
        (shared.get(c) ?? shared.set(c, []).get(c) as number[]).push(n);
      }
    }
    // FusiformSimilarityTraverser: alpha, then min_similars on all that pass it, then the top N,
    // then min_groups over the group values of the top N and of the source itself.
    let found = [...shared].map(([c, via]) => ({ c, via, score: via.length / mine.length })).filter((x) => x.score >= alpha);
    if (found.length < minSimilars) continue;
    found.sort((a, b) => b.score - a.score);
    if (top > 0) found = found.slice(0, top);
    if (groupProperty !== undefined) {
      const groupOf = (v: number): string => JSON.stringify(run.source.vertexProperties(v, [groupProperty]).map((p) => jsonValue(p.value)));
      const groups = new Set([groupOf(s), ...found.map((x) => groupOf(x.c))]);
      if (groups.size < minGroups) continue;
    }
    similars[String(plainVertexId(run.source, s))] = found.map((x) => ({
      id: plainVertexId(run.source, x.c),
      score: x.score,
      intermediaries: withIntermediary ? x.via.map((v) => plainVertexId(run.source, v)) : [],
    }));
    listed.push(s, ...found.map((x) => x.c), ...(withIntermediary ? found.flatMap((x) => x.via) : []));
  }
  return { similars, vertices: verticesOut(run.source, listed, flag(o.withVertex, 'with vertex', false)), measure: meter.measure() };
}

/** Rank order of NeighborRankTraverser's layers: rank descending, then id ascending. */
function byRank(run: TraverserRun): (a: [number, number], b: [number, number]) => number {
  return (a, b) => b[1] - a[1] || compareIds(plainVertexId(run.source, a[0]), plainVertexId(run.source, b[0]));
}

function compareIds(a: PlainId, b: PlainId): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** HugeGraph keeps at most this many ranks in a layer (NeighborRankAPI's capacity per layer). */
const LAYER_CAPACITY = 100_000;

/**
 * neighborRank (HugeGraph's NeighborRankTraverser): rank flows out of `source` (rank 1) one step
 * at a time along partial paths without loops. At each step a vertex of the last layer divides
 * its degree among (a) its neighbours in the last layer, (b) each earlier layer (after the
 * first) holding one of its neighbours, counted once per layer, and (c) every new path node it
 * opens (one per edge and per path reaching it). The increment `alpha` × rank / degree is added
 * to the neighbours in the last layer and in the earlier layers first; the new layer then gets
 * `alpha` × the updated rank / degree per path node. Each layer is ordered by rank (then id), the
 * `top` (10) best of it are kept, and `ranks[0]` is the source.
 */
export function* neighborRank(run: TraverserRun, options: NeighborRankOptions): FrontierOperation<NeighborRankResult> {
  const o = record(options, 'neighborRank options');
  const meter = new Meter();
  const source = vertexSlot(run.source, o.source);
  const steps = listOf(o.steps, 'steps').map((s) => ({ hop: edgeStep(run, s), top: integer(s.top, 'top', 10) }));
  if (steps.length === 0) throw bad("The steps can't be empty");
  if (steps.length > 5000) throw bad(`The steps length must be <= 5000, but got: ${steps.length}`);
  for (const s of steps) if (s.top <= 0 || s.top > 1000) throw bad(`The top of each layer must be in (0, 1000], but got: ${s.top}`);
  const alpha = alphaOf(o.alpha);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const tree = new PathTree();
  let sources = new Map([[source, [tree.push(source, -1, -1, 0)]]]);
  const ranks: Map<number, number>[] = [new Map([[source, 1]])];
  let access = 0;
  for (const step of steps) {
    const last = ranks[ranks.length - 1] as Map<number, number>;
    const lists = yield* neighbourLists(run, sources.keys(), step.hop, meter);
    const sameLayerIncr = new Map<number, number>();
    const opened: { vertex: number; degree: number; nodes: number[] }[] = [];
    const next = new Map<number, number[]>();
    for (const [v, nodes] of sources) {
      const list = lists.get(v) ?? [];
      const sameLayer = new Set<number>();
      const earlier = new Map<number, Set<number>>();
      const fresh: number[] = [];
      for (let i = 0; i < list.length; i += 2) {
        const w = list[i + 1]!;
        if (sources.has(w)) {
          sameLayer.add(w);
          continue;
        }
        let layer = ranks.length - 2;
        while (layer > 0 && !(ranks[layer] as Map<number, number>).has(w)) layer--;
        if (layer > 0) {
          (earlier.get(layer) ?? earlier.set(layer, new Set()).get(layer) as Set<number>).add(w);
          continue;
        }
        for (const n of nodes) {
          if (tree.contains(n, w)) continue;
          const child = tree.push(w, list[i]!, n, 0);
          fresh.push(child);
          (next.get(w) ?? next.set(w, []).get(w) as number[]).push(child);
          checkCapacity(++access, capacity, 'neighbor rank');
        }
      }
      const degree = sameLayer.size + earlier.size + fresh.length;
      if (degree === 0) continue;
      opened.push({ vertex: v, degree, nodes: fresh });
      const incr = ((last.get(v) ?? 0) * alpha) / degree;
      for (const w of sameLayer) sameLayerIncr.set(w, (sameLayerIncr.get(w) ?? 0) + incr);
      for (const [layer, ws] of earlier) for (const w of ws) (ranks[layer] as Map<number, number>).set(w, ((ranks[layer] as Map<number, number>).get(w) ?? 0) + incr);
    }
    for (const [w, incr] of sameLayerIncr) last.set(w, (last.get(w) ?? 0) + incr);
    const layer = new Map<number, number>();
    for (const a of opened) {
      for (const n of a.nodes) {
        const w = tree.vertex[n]!;
        layer.set(w, (layer.get(w) ?? 0) + ((last.get(a.vertex) ?? 0) * alpha) / a.degree);
      }
    }
    ranks.push(layer.size > LAYER_CAPACITY ? new Map([...layer].sort(byRank(run)).slice(0, LAYER_CAPACITY)) : layer);
    sources = next;
  }
  return {
    ranks: ranks.map((layer, i) => {
      const sorted = i === 0 ? [...layer] : [...layer].sort(byRank(run)).slice(0, (steps[i - 1] as { top: number }).top);
      return Object.fromEntries(sorted.map(([v, r]) => [String(plainVertexId(run.source, v)), r]));
    }),
  };
}

const WITH_LABEL = ['SAME_LABEL', 'OTHER_LABEL', 'BOTH_LABEL'];

/**
 * personalRank (HugeGraph's PersonalRankTraverser): a random walk with restart from `source` over
 * the edges of `label`, which must join two different vertex labels. The source's side walks
 * the direction its own edges of `label` take (OUT when it is their out vertex), the other side
 * walks back. Each of `maxDepth` (5, in (1, 5000]) rounds, every vertex reached so far passes
 * `alpha` × its rank evenly over its edges (a vertex without any keeps its rank) and the source
 * gets 1 − alpha. The source and its direct neighbours are left out; `withLabel` keeps the
 * source's side (SAME_LABEL), the other side (OTHER_LABEL) or both; `sorted` orders by rank;
 * `limit` (100) cuts. `maxDiff` is checked but, as in HugeGraph, not used.
 */
export function* personalRank(run: TraverserRun, options: PersonalRankOptions): FrontierOperation<PersonalRankResult> {
  const o = record(options, 'personalRank options');
  const meter = new Meter();
  const source = vertexSlot(run.source, o.source);
  if (typeof o.label !== 'string') throw bad("The edge label parameter can't be null");
  const label = labels(o.label, 'label');
  const alpha = alphaOf(o.alpha, 0.85);
  const maxDiff = numberOf(o.maxDiff, 'max diff', 0.0001);
  if (!(maxDiff > 0 && maxDiff <= 1)) throw bad(`The max diff must be in range (0, 1], but got: ${maxDiff}`);
  const depth = integer(o.maxDepth, 'max depth', 5);
  if (depth <= 1 || depth > 5000) throw bad(`The max depth must be in range (1, 5000], but got: ${depth}`);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', 100));
  const withLabel = o.withLabel ?? 'BOTH_LABEL';
  if (typeof withLabel !== 'string' || !WITH_LABEL.includes(withLabel)) throw bad(`The with label must be one of ${WITH_LABEL.join(', ')}, but got '${String(withLabel)}'`);
  const sorted = flag(o.sorted, 'sorted', true);
  // The port has no schema: the start direction is read off the source's own edges of the label.
  const outs = run.source.degree(source, 'OUT', label);
  const ins = run.source.degree(source, 'IN', label);
  if (outs > 0 && ins > 0) throw bad('The edge label for personal rank must link different vertex labels');
  const start: 'OUT' | 'IN' = ins > 0 ? 'IN' : 'OUT';
  const hop = (dir: 'OUT' | 'IN'): HopOptions => ({ ...getHop({ ...o, label: undefined, direction: dir }), labels: label });
  const seeds = { OUT: new Set<number>(), IN: new Set<number>() };
  seeds[start].add(source);
  let ranks = new Map([[source, 1]]);
  const rootAdjacencies = new Set<number>();
  for (let round = 0; round < depth; round++) {
    const next = new Map<number, number>();
    const reached = { OUT: [] as number[], IN: [] as number[] };
    for (const dir of ['OUT', 'IN'] as const) {
      const lists = yield* neighbourLists(run, seeds[dir], hop(dir), meter);
      for (const seed of seeds[dir]) {
        const rank = ranks.get(seed) ?? 0;
        const list = lists.get(seed) ?? [];
        if (list.length === 0) {
          next.set(seed, rank);
          continue;
        }
        const incr = (rank * alpha) / (list.length / 2);
        for (let i = 1; i < list.length; i += 2) {
          const w = list[i]!;
          reached[dir === 'OUT' ? 'IN' : 'OUT'].push(w);
          next.set(w, (next.get(w) ?? 0) + incr);
        }
      }
    }
    for (const w of reached.OUT) seeds.OUT.add(w);
    for (const w of reached.IN) seeds.IN.add(w);
    next.set(source, (next.get(source) ?? 0) + 1 - alpha);
    ranks = next;
    if (round === 0) for (const v of ranks.keys()) rootAdjacencies.add(v);
  }
  const other = start === 'OUT' ? seeds.IN : seeds.OUT;
  const mine = seeds[start];
  let out = [...ranks].filter(([v]) => {
    if (rootAdjacencies.has(v)) return false;
    if (withLabel === 'SAME_LABEL') return !other.has(v);
    if (withLabel === 'OTHER_LABEL') return !mine.has(v);
    return true;
  });
  if (sorted) out.sort((a, b) => b[1] - a[1]);
  if (limit !== Infinity) out = out.slice(0, limit);
  return { ranks: Object.fromEntries(out.map(([v, r]) => [String(plainVertexId(run.source, v)), r])) };
}

/** The sort-values part of an edge id (`S<out>>label>sub>sortValues>S<in>`), or '' for another id form. */
function sortValuesOf(id: ElementId): string {
  if (typeof id !== 'string') return '';
  const parts = id.split(/(?<!`)>/);
  return parts.length === 5 ? (parts[3] as string).replace(/`>/g, '>') : '';
}

/**
 * edgeExist: the edges from `source` to `target` (out direction), of `label` when given and
 * with those `sortValues` when given (which needs `label`), at most `limit` (100).
 */
export function* edgeExist(run: TraverserRun, options: EdgeExistOptions): FrontierOperation<EdgeExistResult> {
  const o = record(options, 'edgeExist options');
  const meter = new Meter();
  const source = vertexSlot(run.source, o.source);
  const target = vertexSlot(run.source, o.target, 'target');
  const label = labels(o.label, 'label');
  const sortValues = o.sortValues === undefined || o.sortValues === null ? '' : String(o.sortValues);
  if (sortValues !== '' && label.length === 0) throw bad('The label parameter is required when sort values are given');
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', 100));
  const lists = yield* neighbourLists(run, [source], { direction: direction('OUT'), labels: label, maxDegree: -1 }, meter);
  const list = lists.get(source) ?? [];
  const edges: TraverserEdge[] = [];
  for (let i = 0; i < list.length && edges.length < limit; i += 2) {
    if (list[i + 1] !== target) continue;
    const edge = list[i]!;
    if (sortValues === '' || sortValuesOf(run.source.edgeId(edge)) === sortValues) edges.push(edgeJson(run.source, edge));
  }
  return { edges };
}
