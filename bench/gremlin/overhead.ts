/**
 * Engine overhead figures: parse and compile cost, time per traverser with the count pushdown
 * off, the cost of one pass-through step per traverser, and hand-written typed-array loops over
 * the same adjacency (the baseline) so the distance to "the least one can do" is visible.
 * @module
 */
import { compile, traverse } from '../../src/engine/index.js';
import { parseScript, parseTraversal } from '../../src/grammar/index.js';
import type { GraphTraversal, GraphTraversalSource } from '../../src/index.js';
import type { BenchGraph, StartVertex } from './graphs.js';
import { sample } from './timing.js';
import type { LatencyStats, SamplePlan } from './timing.js';

/**
 * Parse and compile latencies of one traversal text.
 *
 * @example
 * ```ts
 * const f: ParserFigures = await parserFigures(DEFAULT_PLAN);
 * ```
 */
export interface ParserFigures {
  readonly text: string;
  readonly chars: number;
  readonly parseTraversal: LatencyStats;
  readonly parseScript: LatencyStats;
  readonly compileWithStrategies: LatencyStats;
  readonly compileWithoutStrategies: LatencyStats;
}

/**
 * Whole-graph overhead figures (see overheadFigures).
 *
 * @example
 * ```ts
 * const f: OverheadFigures = await overheadFigures(grateful);
 * console.log(f.identityChain.nsPerTraverserStep);
 * ```
 */
export interface OverheadFigures {
  readonly twoHopCount: {
    readonly from: string;
    readonly paths: number;
    readonly traversersProduced: { readonly V: number; readonly out: number; readonly outOut: number; readonly total: number; readonly outOutBulk: number };
    readonly withPushdown: LatencyStats;
    readonly withoutPushdown: LatencyStats;
    readonly typedArrayBaseline: LatencyStats;
    readonly nsPerTraverserWithoutPushdown: number;
    readonly nsPerPathWithoutPushdown: number;
    readonly nsPerPathBaseline: number;
  };
  readonly identityChain: {
    readonly vertices: number;
    readonly count: LatencyStats;
    readonly identityX10Count: LatencyStats;
    readonly nsPerTraverserStep: number;
    readonly nsPerVertexScanAndCount: number;
  };
}

/** The parser benchmark's traversal: 100 characters of typical OLTP Gremlin. */
const PARSE_TEXT = "g.V().has('song','name','DARK STAR').out('followedBy').in('sungBy').dedup().order().by('name').limit(7)";

/** A scan is slow: a few runs suffice. */
const SCAN_PLAN: SamplePlan = { warmup: 3, runs: 50, minRuns: 5, budgetMs: 3000 };

/**
 * Parse and compile cost of one 100-character traversal, in microseconds.
 *
 * @example
 * ```ts
 * const figures = await parserFigures(DEFAULT_PLAN);
 * console.log(figures.parseTraversal.medianUs);
 * ```
 */
export async function parserFigures(plan: SamplePlan): Promise<ParserFigures> {
  const bytecode = parseTraversal(PARSE_TEXT);
  return {
    text: PARSE_TEXT,
    chars: PARSE_TEXT.length,
    parseTraversal: await sample(() => parseTraversal(PARSE_TEXT), plan),
    parseScript: await sample(() => parseScript(PARSE_TEXT), plan),
    compileWithStrategies: await sample(() => compile(bytecode), plan),
    compileWithoutStrategies: await sample(() => compile(bytecode, { strategies: false }), plan),
  };
}

/** Traversers (after bulking) and their summed bulk leaving the last step of a traversal. */
function traversersOf(bg: BenchGraph, traversal: GraphTraversal): { traversers: number; bulk: number } {
  let traversers = 0;
  let bulk = 0;
  const view = bg.graph.openReadView();
  try {
    for (const t of traverse(compile(traversal.bytecode), { source: view.source }, undefined)) {
      traversers++;
      bulk += t.bulk;
    }
  } finally {
    view.release();
  }
  return { traversers, bulk };
}

/**
 * Typed-array baseline for g.V(starts).out().out().count(): the sum over the start vertices
 * (dense indexes) of their out-neighbours' out-degrees.
 *
 * @example
 * ```ts
 * baselineTwoHopCount(grateful, allVertices); // 327370
 * ```
 */
export function baselineTwoHopCount(bg: BenchGraph, starts: Int32Array): number {
  let total = 0;
  for (const v of starts) for (const u of bg.csr.outNeighboursOf(v)) total += bg.csr.outDegree(u);
  return total;
}

/**
 * Typed-array baseline for g.V(id).out().out().dedup().count(), with a reusable stamp array.
 *
 * @example
 * ```ts
 * const count = baselineTwoHopDedup(grateful, new Int32Array(grateful.vertices), 1, grateful.starts[0]!);
 * ```
 */
export function baselineTwoHopDedup(bg: BenchGraph, stamps: Int32Array, stamp: number, start: StartVertex): number {
  let count = 0;
  for (const u of bg.csr.outNeighboursOf(start.dense)) {
    for (const w of bg.csr.outNeighboursOf(u)) {
      if (stamps[w] !== stamp) {
        stamps[w] = stamp;
        count++;
      }
    }
  }
  return count;
}

/**
 * Per-start baselines for the queries that have one (out-count and 2hop-dedup-count), timed
 * over the same rotation of start vertices as the engine.
 *
 * @example
 * ```ts
 * const { outCount, twoHopDedup } = await baselineLatencies(grateful, DEFAULT_PLAN);
 * ```
 */
export async function baselineLatencies(bg: BenchGraph, plan: SamplePlan): Promise<Record<string, LatencyStats>> {
  const stamps = new Int32Array(bg.vertices);
  const n = bg.starts.length;
  const at = (i: number): StartVertex => bg.starts[((i % n) + n) % n]!;
  let stamp = 0;
  return {
    'out-count': await sample((i) => bg.csr.outDegree(at(i).dense), plan, n),
    '2hop-dedup-count': await sample((i) => baselineTwoHopDedup(bg, stamps, ++stamp, at(i)), plan, n),
  };
}

async function timeCount(bg: BenchGraph, without: readonly string[], build: (g: GraphTraversalSource) => GraphTraversal): Promise<LatencyStats> {
  const g = bg.graph.traversal().withoutStrategies(...without);
  return sample(() => build(g).toList(), SCAN_PLAN);
}

/** Runs a count traversal once and fails loudly when it disagrees with the baseline. */
async function checkCount(traversal: GraphTraversal, expected: number, what: string): Promise<void> {
  const [count] = await traversal.toList();
  if (Number(String(count)) !== expected) throw new Error(`${what}: engine counted ${String(count)}, baseline ${expected}`);
}

/**
 * Whole-graph overhead figures for one graph:
 * - `V().out().out().count()` (from every vertex, or from the sampled starts when the graph's
 *   scope says so) with and without the count pushdown, against the typed-array
 *   loop, with the traversers each step produced and the time per produced traverser;
 * - `V().identity()×10.count()` against `V().count()` (identity removal and count pushdown off):
 *   the cost of one pass-through step per traverser.
 *
 * @example
 * ```ts
 * const figures = await overheadFigures(rmat);
 * ```
 */
export async function overheadFigures(bg: BenchGraph): Promise<OverheadFigures> {
  const whole = bg.overheadScope === 'graph';
  const ids = bg.starts.map((s) => s.id);
  const dense = whole ? Int32Array.from({ length: bg.vertices }, (_, i) => i) : Int32Array.from(bg.starts, (s) => s.dense);
  const spawn = (g: GraphTraversalSource): GraphTraversal => (whole ? g.V() : g.V(...ids));
  const g = bg.graph.traversal();
  const vertices = traversersOf(bg, spawn(g));
  const hop1 = traversersOf(bg, spawn(g).out());
  const hop2 = traversersOf(bg, spawn(g).out().out());
  const produced = vertices.traversers + hop1.traversers + hop2.traversers;
  const pushdown = await timeCount(bg, [], (s) => spawn(s).out().out().count());
  const noPushdown = await timeCount(bg, ['CountStrategy'], (s) => spawn(s).out().out().count());
  const expected = baselineTwoHopCount(bg, dense);
  await checkCount(spawn(g.withoutStrategies('CountStrategy')).out().out().count(), expected, 'out().out().count()');
  const baseline = await sample(() => baselineTwoHopCount(bg, dense), SCAN_PLAN);
  const off = ['IdentityRemovalStrategy', 'CountStrategy'];
  const plain = await timeCount(bg, off, (g) => g.V().count());
  const identities = await timeCount(bg, off, (g) => {
    let t = g.V();
    for (let i = 0; i < 10; i++) t = t.identity();
    return t.count();
  });
  return {
    twoHopCount: {
      from: whole ? 'every vertex' : `${ids.length} sampled start vertices`,
      paths: expected,
      traversersProduced: { V: vertices.traversers, out: hop1.traversers, outOut: hop2.traversers, total: produced, outOutBulk: hop2.bulk },
      withPushdown: pushdown,
      withoutPushdown: noPushdown,
      typedArrayBaseline: baseline,
      nsPerTraverserWithoutPushdown: (noPushdown.medianUs * 1000) / produced,
      nsPerPathWithoutPushdown: (noPushdown.medianUs * 1000) / expected,
      nsPerPathBaseline: (baseline.medianUs * 1000) / expected,
    },
    identityChain: {
      vertices: vertices.traversers,
      count: plain,
      identityX10Count: identities,
      nsPerTraverserStep: ((identities.medianUs - plain.medianUs) * 1000) / (vertices.traversers * 10),
      nsPerVertexScanAndCount: (plain.medianUs * 1000) / vertices.traversers,
    },
  };
}
