/**
 * Similarity traversers: sameNeighbors (pair and vertex-list forms), sameNeighborsBatch,
 * jaccardSimilarity (pair and top-k), adamicAdar and resourceAllocation.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { PlainId } from '../../values/index.js';
import { RowScan, Stamps, checkCapacity, intersect, reachLevel, rowsOf, scanHop } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import { DEFAULTS, Meter, bound, flag, ids, integer, positiveOrNoLimit, record, vertexSlot, verticesOut } from './traverser-common.js';
import { edgeStep, getHop } from './traverser-steps.js';
import { plainVertexId } from '../plain-ids.js';
import type { TraverserRun } from './traverser-common.js';
import type { EdgeStep, HopParameters, TraverserMeasure, TraverserVertex } from './traverser-types.js';

/**
 * Options of sameNeighbors: the common neighbours of `vertex` and `other` along the
 * {@link HopParameters}, or of every vertex of `vertexList` (at least two) along `labels`; at
 * most `limit` (default 10000000, -1 for no limit).
 *
 * @example
 * ```ts
 * const o: SameNeighborsOptions = { vertexList: ['1:marko', '1:josh', '2:ripple'], withVertex: true };
 * ```
 */
export interface SameNeighborsOptions extends HopParameters {
  readonly vertex?: PlainId;
  readonly other?: PlainId;
  readonly vertexList?: readonly PlainId[];
  readonly labels?: readonly string[];
  readonly limit?: number;
  readonly withVertex?: boolean;
}

/**
 * The answer of sameNeighbors: the common neighbours, and the given vertices followed by them
 * (ids, or full with `withVertex`).
 *
 * @example
 * ```ts
 * const { sameNeighbors } = await graph.traversers.sameNeighbors({ vertex: '1:marko', other: '1:josh' });
 * ```
 */
export interface SameNeighborsResult {
  readonly sameNeighbors: PlainId[];
  readonly vertices: (PlainId | TraverserVertex)[];
  readonly measure: TraverserMeasure;
}

/**
 * Options of sameNeighborsBatch: the common neighbours of each pair of `vertexList`.
 *
 * @example
 * ```ts
 * const o: SameNeighborsBatchOptions = { vertexList: [['1:marko', '1:josh']], direction: 'OUT' };
 * ```
 */
export interface SameNeighborsBatchOptions extends HopParameters {
  readonly vertexList: readonly (readonly PlainId[])[];
  readonly limit?: number;
}

/**
 * The answer of sameNeighborsBatch: one list of common neighbours per pair.
 *
 * @example
 * ```ts
 * const { sameNeighbors } = await graph.traversers.sameNeighborsBatch({ vertexList: [['1:marko', '1:josh']] });
 * ```
 */
export interface SameNeighborsBatchResult {
  readonly sameNeighbors: PlainId[][];
  readonly measure: TraverserMeasure;
}

/**
 * Options of jaccardSimilarity: of `vertex` and `other` along the {@link HopParameters}, or,
 * with `step`, of `vertex` and every vertex within two such steps, the `top` (default 100, 0:
 * all) kept; `capacity` (default 10000000, -1 for no limit) bounds the vertices reached.
 *
 * @example
 * ```ts
 * const o: JaccardSimilarityOptions = { vertex: '1:marko', step: { direction: 'BOTH' }, top: 2 };
 * ```
 */
export interface JaccardSimilarityOptions extends HopParameters {
  readonly vertex: PlainId;
  readonly other?: PlainId;
  readonly step?: EdgeStep;
  readonly top?: number;
  readonly capacity?: number;
}

/**
 * The answer of jaccardSimilarity: the score of the pair, or with `step` each similar vertex's
 * score by its id, best first.
 *
 * @example
 * ```ts
 * const { jaccardSimilarity } = await graph.traversers.jaccardSimilarity({ vertex: '1:marko', other: '1:peter' });
 * ```
 */
export interface JaccardSimilarityResult {
  readonly jaccardSimilarity: number | Record<string, number>;
  readonly measure: TraverserMeasure;
}

/**
 * Options of adamicAdar and resourceAllocation: the pair `vertex`, `other` (two different
 * vertices) and the {@link HopParameters}; `limit` is checked (> 0 or -1) but bounds nothing.
 *
 * @example
 * ```ts
 * const o: LinkPredictionOptions = { vertex: '1:marko', other: '1:josh', direction: 'BOTH' };
 * ```
 */
export interface LinkPredictionOptions extends HopParameters {
  readonly vertex: PlainId;
  readonly other: PlainId;
  readonly limit?: number;
}

/**
 * Options of adamicadar.
 *
 * @example
 * ```ts
 * const o: AdamicAdarOptions = { vertex: '1:marko', other: '1:josh' };
 * ```
 */
export type AdamicAdarOptions = LinkPredictionOptions;

/**
 * Options of resourceallocation.
 *
 * @example
 * ```ts
 * const o: ResourceAllocationOptions = { vertex: '1:marko', other: '1:josh', label: 'knows' };
 * ```
 */
export type ResourceAllocationOptions = LinkPredictionOptions;

/**
 * The answer of adamicAdar: Σ 1 / ln(degree) over the common neighbours.
 *
 * @example
 * ```ts
 * const { adamicAdar } = await graph.traversers.adamicAdar({ vertex: '1:marko', other: '1:josh' });
 * ```
 */
export interface AdamicAdarResult {
  readonly adamicAdar: number;
}

/**
 * The answer of resourceAllocation: Σ 1 / degree over the common neighbours.
 *
 * @example
 * ```ts
 * const { resourceAllocation } = await graph.traversers.resourceAllocation({ vertex: '1:marko', other: '1:josh' });
 * ```
 */
export interface ResourceAllocationResult {
  readonly resourceAllocation: number;
}

/** Distinct neighbours of one vertex, in adjacency order. */
function* neighbours(run: TraverserRun, slot: number, hop: HopOptions, meter: Meter): FrontierOperation<Int32Array> {
  meter.vertices++;
  const rows = rowsOf(run.source, hop);
  if (rows !== undefined) {
    const marks = Stamps.acquire(run.source.vertexSlotBound(), 1);
    try {
      const scan = new RowScan(rows, hop);
      yield* reachLevel(scan, { marks, payload: 0, out: marks.work, counted: 0, capacity: -1, finding: 'neighbours' }, Int32Array.of(slot), run.ctx);
      meter.edges += scan.scanned;
      return marks.work.slots.slice(0, marks.work.length);
    } finally {
      marks.release();
    }
  }
  const seen = new Set<number>();
  meter.edges += yield* scanHop(run.source, Int32Array.of(slot), hop, run.ctx, (_k, _e, v) => {
    seen.add(v);
  });
  return Int32Array.from(seen);
}

/** Distinct neighbours of two vertices: how many each has, and the common ones in `a`'s adjacency order. */
interface Overlap {
  readonly a: number;
  readonly b: number;
  readonly common: Int32Array;
}

/**
 * The {@link Overlap} of `a` and `b`. On rows, each row entry is read once: `a`'s neighbours
 * are stamped in one pooled mark array and `b`'s in another, and the common ones are those of
 * `a` that `b` stamped; no copy of either neighbourhood is made.
 */
function* overlap(run: TraverserRun, a: number, b: number, hop: HopOptions, meter: Meter): FrontierOperation<Overlap> {
  const rows = rowsOf(run.source, hop);
  if (rows === undefined) {
    const na = yield* neighbours(run, a, hop, meter);
    const nb = yield* neighbours(run, b, hop, meter);
    return { a: na.length, b: nb.length, common: intersect(na, nb) };
  }
  const bound = run.source.vertexSlotBound();
  const ofA = Stamps.acquire(bound, 1);
  try {
    const ofB = Stamps.acquire(bound, 1);
    try {
      const scan = new RowScan(rows, hop);
      for (const [slot, marks] of [[a, ofA], [b, ofB]] as const) {
        meter.vertices++;
        yield* reachLevel(scan, { marks, payload: 0, out: marks.work, counted: 0, capacity: -1, finding: 'neighbours', edges: false }, Int32Array.of(slot), run.ctx);
      }
      meter.edges += scan.scanned;
      const reached = ofA.work.slots;
      const count = ofA.work.length;
      let shared = 0;
      for (let i = 0; i < count; i++) if (ofB.has(reached[i]!)) shared++;
      const common = new Int32Array(shared);
      for (let i = 0, n = 0; n < shared; i++) if (ofB.has(reached[i]!)) common[n++] = reached[i]!;
      return { a: count, b: ofB.work.length, common };
    } finally {
      ofB.release();
    }
  } finally {
    ofA.release();
  }
}

function pair(run: TraverserRun, o: Readonly<Record<string, unknown>>): [number, number] {
  const a = vertexSlot(run.source, o.vertex, 'source');
  const b = vertexSlot(run.source, o.other, 'target');
  return [a, b];
}

/**
 * sameNeighbors: the common neighbours of `vertex` and `other` (GET form), or of every vertex of
 * `vertexList` (POST form, with `labels` and `withVertex`).
 */
export function* sameNeighbors(run: TraverserRun, options: SameNeighborsOptions): FrontierOperation<SameNeighborsResult> {
  const o = record(options, 'sameNeighbors options');
  const meter = new Meter();
  const hop: HopOptions = o.vertexList === undefined ? getHop(o) : { ...getHop({ ...o, label: undefined }), labels: o.labels === undefined ? [] : (o.labels as string[]) };
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.limit));
  let slots: number[];
  if (o.vertexList === undefined) slots = pair(run, o);
  else {
    if (!Array.isArray(o.vertexList) || o.vertexList.length < 2) throw new ArgumentError('TRAVERSER_ARGUMENT', "The vertex_list size can't be less than 2");
    slots = o.vertexList.map((id) => vertexSlot(run.source, id, 'source'));
  }
  let common: Int32Array | undefined;
  if (slots.length === 2) common = (yield* overlap(run, slots[0]!, slots[1]!, hop, meter)).common;
  else {
    for (const s of slots) {
      const n = yield* neighbours(run, s, hop, meter);
      common = common === undefined ? n : intersect(common, n);
    }
  }
  const all = common as Int32Array;
  const same = limit < all.length ? all.subarray(0, limit) : all;
  const withVertex = flag(o.withVertex, 'with vertex', false);
  return { sameNeighbors: ids(run.source, same), vertices: verticesOut(run.source, [...slots, ...same], withVertex), measure: meter.measure() };
}

/**
 * sameNeighborsBatch: the common neighbours of each pair of `vertexList`.
 */
export function* sameNeighborsBatch(run: TraverserRun, options: SameNeighborsBatchOptions): FrontierOperation<SameNeighborsBatchResult> {
  const o = record(options, 'sameNeighborsBatch options');
  const meter = new Meter();
  const hop = getHop(o);
  const limit = bound(positiveOrNoLimit(o.limit, 'limit', DEFAULTS.limit));
  if (!Array.isArray(o.vertexList)) throw new ArgumentError('TRAVERSER_ARGUMENT', "The vertex_list can't be null");
  const out: PlainId[][] = [];
  for (const p of o.vertexList as unknown[]) {
    if (!Array.isArray(p) || p.length !== 2) throw new ArgumentError('TRAVERSER_ARGUMENT', 'Each entry of vertex_list must hold exactly 2 vertex ids');
    const a = vertexSlot(run.source, p[0]);
    const { common } = yield* overlap(run, a, vertexSlot(run.source, p[1], 'target'), hop, meter);
    out.push(ids(run.source, limit < common.length ? common.subarray(0, limit) : common));
  }
  return { sameNeighbors: out, measure: meter.measure() };
}

function jaccard({ a, b, common }: Overlap): number {
  const all = a + b - common.length;
  return all === 0 ? 0 : common.length / all;
}

/**
 * jaccardSimilarity: |N(a) ∩ N(b)| / |N(a) ∪ N(b)| of `vertex` and `other` (GET form), or,
 * with `step`, the `top` vertices within two hops of `vertex` by that score, 0 included
 * (POST form; JaccardSimilarTraverser scores every vertex it reaches).
 */
export function* jaccardSimilarity(run: TraverserRun, options: JaccardSimilarityOptions): FrontierOperation<JaccardSimilarityResult> {
  const o = record(options, 'jaccardSimilarity options');
  const meter = new Meter();
  if (o.step === undefined) {
    const [a, b] = pair(run, o);
    return { jaccardSimilarity: jaccard(yield* overlap(run, a, b, getHop(o), meter)), measure: meter.measure() };
  }
  const source = vertexSlot(run.source, o.vertex);
  const hop = edgeStep(run, o.step);
  const top = integer(o.top, 'top', 100);
  if (top < 0) throw new ArgumentError('TRAVERSER_ARGUMENT', `The top must be >= 0, but got: ${top}`);
  const capacity = positiveOrNoLimit(o.capacity, 'capacity', DEFAULTS.capacity);
  const mine = yield* neighbours(run, source, hop, meter);
  const candidates = new Set<number>(mine);
  for (const n of mine) for (const m of yield* neighbours(run, n, hop, meter)) candidates.add(m);
  candidates.delete(source);
  checkCapacity(candidates.size, capacity, 'jaccard similars');
  const scored: [number, number][] = [];
  for (const c of candidates) {
    const theirs = yield* neighbours(run, c, hop, meter);
    const score = jaccard({ a: mine.length, b: theirs.length, common: intersect(mine, theirs) });
    scored.push([c, score]);
  }
  scored.sort((x, y) => y[1] - x[1]);
  const out: Record<string, number> = {};
  for (const [c, score] of top === 0 ? scored : scored.slice(0, top)) out[String(plainVertexId(run.source, c))] = score;
  return { jaccardSimilarity: out, measure: meter.measure() };
}

function* commonScores(run: TraverserRun, options: LinkPredictionOptions, what: string, weigh: (degree: number) => number): FrontierOperation<number> {
  const o = record(options, `${what} options`);
  const meter = new Meter();
  const [a, b] = pair(run, o);
  if (a === b) throw new ArgumentError('TRAVERSER_ARGUMENT', "The source and target vertex id can't be same");
  const hop = getHop(o);
  positiveOrNoLimit(o.limit, 'limit', DEFAULTS.limit);
  const { common } = yield* overlap(run, a, b, hop, meter);
  let sum = 0;
  for (const c of common) sum += weigh((yield* neighbours(run, c, hop, meter)).length);
  return sum;
}

/**
 * adamicAdar: Σ 1 / ln(degree) over the common neighbours of `vertex` and `other`.
 */
export function* adamicAdar(run: TraverserRun, options: LinkPredictionOptions): FrontierOperation<AdamicAdarResult> {
  return { adamicAdar: yield* commonScores(run, options, 'adamicAdar', (d) => (d > 1 ? 1 / Math.log(d) : 0)) };
}

/**
 * resourceAllocation: Σ 1 / degree over the common neighbours of `vertex` and `other`.
 */
export function* resourceAllocation(run: TraverserRun, options: LinkPredictionOptions): FrontierOperation<ResourceAllocationResult> {
  return { resourceAllocation: yield* commonScores(run, options, 'resourceAllocation', (d) => (d > 0 ? 1 / d : 0)) };
}
