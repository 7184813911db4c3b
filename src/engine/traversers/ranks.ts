/**
 * Scoring traversers (fusiformsimilarity, neighborrank, personalrank) and the edgeexist lookup.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { ElementId } from '../../values/index.js';
import { checkCapacity } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import {
  DEFAULTS, Meter, bound, direction, edgeJson, edgeStep, flag, getHop, integer, labels, listOf, numberOf, positiveOrNoLimit, record, selectVertices,
  vertexSlot, verticesOut,
} from './traverser-common.js';
import type { EdgeJson, Measure, TraverserRun, VertexJson } from './traverser-common.js';
import { neighbourLists, opposite } from './tree.js';

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
  for (let i = 1; i < (list?.length ?? 0); i += 2) out.add((list as number[])[i] as number);
  return [...out];
}

/** Entries by score, highest first, the first `top` of them (0: all) as an id → score object. */
function topScores(run: TraverserRun, scores: Map<number, number>, top: number): Record<string, number> {
  const sorted = [...scores].sort((a, b) => b[1] - a[1]);
  const out: Record<string, number> = {};
  for (const [slot, score] of top > 0 ? sorted.slice(0, top) : sorted) out[String(run.source.vertexId(slot))] = score;
  return out;
}

/** One similar vertex of fusiformsimilarity. */
interface Similar {
  readonly id: ElementId;
  readonly score: number;
  readonly intermediaries: ElementId[];
}

/**
 * fusiformsimilarity: for each vertex of the `sources` selector with at least `minNeighbors`
 * neighbours (by `label`, `direction`), the vertices that share at least `alpha` of those
 * neighbours (score = shared / neighbours), kept when there are at least `minSimilars` of them
 * (and, with `groupProperty`, at least `minGroups` distinct values of it); the `top` best (0:
 * all) per source, for at most `limit` sources.
 *
 * @example
 * ```ts
 * runFrontier(fusiformsimilarity(run, { sources: { ids: ['1:marko'] }, minNeighbors: 1, alpha: 0.5 }));
 * ```
 */
export function* fusiformsimilarity(run: TraverserRun, options: unknown): FrontierOperation<{ similars: Record<string, Similar[]>; vertices: (ElementId | VertexJson)[]; measure: Measure }> {
  const o = record(options, 'fusiformsimilarity options');
  const meter = new Meter();
  const sources = selectVertices(run.source, o.sources, 'sources');
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
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.pathsLimit));
  const withIntermediary = flag(o.withIntermediary, 'with intermediary', false);
  const similars: Record<string, Similar[]> = {};
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
    let found = [...shared].map(([c, via]) => ({ c, via, score: via.length / mine.length })).filter((x) => x.score >= alpha);
    if (found.length < minSimilars) continue;
    if (groupProperty !== undefined) {
      const groups = new Set(found.map((x) => JSON.stringify(run.source.vertexProperties(x.c, [groupProperty]).map((p) => String(p.value)))));
      if (groups.size < minGroups) continue;
    }
    found.sort((a, b) => b.score - a.score);
    if (top > 0) found = found.slice(0, top);
    similars[String(run.source.vertexId(s))] = found.map((x) => ({
      id: run.source.vertexId(x.c),
      score: x.score,
      intermediaries: withIntermediary ? x.via.map((v) => run.source.vertexId(v)) : [],
    }));
    listed.push(s, ...found.map((x) => x.c), ...(withIntermediary ? found.flatMap((x) => x.via) : []));
  }
  return { similars, vertices: verticesOut(run.source, listed, flag(o.withVertex, 'with vertex', false)), measure: meter.measure() };
}

/**
 * neighborrank: rank flows out of `source` (rank 1) one step at a time; a vertex passes
 * `alpha` × its rank, split evenly over its distinct neighbours under the step, to those not
 * reached at an earlier step or this one's start. `ranks[i]` holds the `top` (10) best of step i
 * (`ranks[0]` is the source).
 *
 * @example
 * ```ts
 * runFrontier(neighborrank(run, { source: '1:marko', steps: [{ direction: 'BOTH' }], alpha: 0.9 })); // { ranks: [{ '1:marko': 1 }, {...}] }
 * ```
 */
export function* neighborrank(run: TraverserRun, options: unknown): FrontierOperation<{ ranks: Record<string, number>[] }> {
  const o = record(options, 'neighborrank options');
  const meter = new Meter();
  const source = vertexSlot(run.source, o.source);
  const steps = listOf(o.steps, 'steps').map((s) => ({ hop: edgeStep(run.source, s), top: integer(s.top, 'top', 10) }));
  if (steps.length === 0) throw bad("The steps can't be empty");
  if (steps.length > 5000) throw bad(`The steps length must be <= 5000, but got: ${steps.length}`);
  for (const s of steps) if (s.top <= 0 || s.top > 1000) throw bad(`The top of each layer must be in (0, 1000], but got: ${s.top}`);
  const alpha = alphaOf(o.alpha);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const reached = new Set([source]);
  let layer = new Map([[source, 1]]);
  const ranks: Record<string, number>[] = [{ [String(run.source.vertexId(source))]: 1 }];
  for (const step of steps) {
    const lists = yield* neighbourLists(run, layer.keys(), step.hop, meter);
    const next = new Map<number, number>();
    for (const [v, rank] of layer) {
      const neighbours = distinctOf(lists.get(v));
      for (const w of neighbours) {
        if (reached.has(w) && !next.has(w)) continue;
        next.set(w, (next.get(w) ?? 0) + (rank * alpha) / neighbours.length);
      }
    }
    for (const w of next.keys()) reached.add(w);
    checkCapacity(reached.size, capacity, 'neighbor rank');
    ranks.push(topScores(run, next, step.top));
    layer = next;
  }
  return { ranks };
}

const WITH_LABEL = ['SAME_LABEL', 'OTHER_LABEL', 'BOTH_LABEL'];

/**
 * personalrank: a random walk with restart from `source` over edges of `label` (both
 * directions): each round a vertex passes `alpha` × its rank evenly over its edges and the
 * source gets 1 − alpha back; it stops after `maxDepth` rounds or when no rank moves by
 * `maxDiff`. The source is left out; `withLabel` keeps vertices of the source's vertex label
 * (SAME_LABEL), of the others (OTHER_LABEL) or both; `sorted` orders by rank; `limit` (100) cuts.
 *
 * @example
 * ```ts
 * runFrontier(personalrank(run, { source: '1:marko', label: 'created', maxDepth: 3 })); // { '2:ripple': 0.38..., ... }
 * ```
 */
export function* personalrank(run: TraverserRun, options: unknown): FrontierOperation<Record<string, number>> {
  const o = record(options, 'personalrank options');
  const meter = new Meter();
  const source = vertexSlot(run.source, o.source);
  if (typeof o.label !== 'string') throw bad("The edge label parameter can't be null");
  const hop: HopOptions = { ...getHop({ ...o, label: undefined, direction: 'BOTH' }), labels: labels(o.label, 'label') };
  const alpha = alphaOf(o.alpha, 0.85);
  const maxDiff = numberOf(o.maxDiff, 'max diff', 0.0001);
  if (!(maxDiff > 0 && maxDiff < 1)) throw bad(`The max diff must be in range (0, 1), but got: ${maxDiff}`);
  const depth = integer(o.maxDepth, 'max depth', 5);
  if (depth < 1 || depth > 5000) throw bad(`The max depth must be in range [1, 5000], but got: ${depth}`);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', 100));
  const withLabel = o.withLabel ?? 'BOTH_LABEL';
  if (typeof withLabel !== 'string' || !WITH_LABEL.includes(withLabel)) throw bad(`The with label must be one of ${WITH_LABEL.join(', ')}, but got '${String(withLabel)}'`);
  const sorted = flag(o.sorted, 'sorted', true);
  let ranks = new Map([[source, 1]]);
  for (let round = 0; round < depth; round++) {
    const lists = yield* neighbourLists(run, ranks.keys(), hop, meter);
    const next = new Map<number, number>();
    for (const [v, rank] of ranks) {
      const list = lists.get(v) ?? [];
      for (let i = 1; i < list.length; i += 2) next.set(list[i] as number, (next.get(list[i] as number) ?? 0) + (rank * alpha) / (list.length / 2));
    }
    next.set(source, (next.get(source) ?? 0) + 1 - alpha);
    let moved = 0;
    for (const v of new Set([...ranks.keys(), ...next.keys()])) moved = Math.max(moved, Math.abs((next.get(v) ?? 0) - (ranks.get(v) ?? 0)));
    ranks = next;
    if (moved < maxDiff) break;
  }
  const label = run.source.vertexLabel(source);
  let out = [...ranks].filter(([v]) => v !== source).filter(([v]) => withLabel === 'BOTH_LABEL' || (run.source.vertexLabel(v) === label) === (withLabel === 'SAME_LABEL'));
  if (sorted) out.sort((a, b) => b[1] - a[1]);
  if (limit !== Infinity) out = out.slice(0, limit);
  return Object.fromEntries(out.map(([v, r]) => [String(run.source.vertexId(v)), r]));
}

/** The sort-values part of an edge id (`S<out>>label>sub>sortValues>S<in>`), or '' for another id form. */
function sortValuesOf(id: ElementId): string {
  if (typeof id !== 'string') return '';
  const parts = id.split(/(?<!`)>/);
  return parts.length === 5 ? (parts[3] as string).replace(/`>/g, '>') : '';
}

/**
 * edgeexist: the edges from `source` to `target` (out direction), of `label` when given and
 * with those `sortValues` when given (which needs `label`), at most `limit` (100).
 *
 * @example
 * ```ts
 * runFrontier(edgeexist(run, { source: '1:marko', target: '1:peter', label: 'knows' })); // { edges: [{ id: ..., label: 'knows', ... }] }
 * ```
 */
export function* edgeexist(run: TraverserRun, options: unknown): FrontierOperation<{ edges: EdgeJson[] }> {
  const o = record(options, 'edgeexist options');
  const meter = new Meter();
  const source = vertexSlot(run.source, o.source);
  const target = vertexSlot(run.source, o.target, 'target');
  const label = labels(o.label, 'label');
  const sortValues = o.sortValues === undefined || o.sortValues === null ? '' : String(o.sortValues);
  if (sortValues !== '' && label.length === 0) throw bad('The label parameter is required when sort values are given');
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', 100));
  const lists = yield* neighbourLists(run, [source], { direction: direction('OUT'), labels: label, maxDegree: -1 }, meter);
  const list = lists.get(source) ?? [];
  const edges: EdgeJson[] = [];
  for (let i = 0; i < list.length && edges.length < limit; i += 2) {
    if (list[i + 1] !== target) continue;
    const edge = list[i] as number;
    if (sortValues === '' || sortValuesOf(run.source.edgeId(edge)) === sortValues) edges.push(edgeJson(run.source, edge));
  }
  return { edges };
}
