/**
 * `npm run bench:gremlin` (also run at the end of `npm run bench`): per-query latency of
 * typical OLTP traversals on the grateful-dead and R-MAT graphs (text with parse, fluent, and
 * fluent with every optimisation strategy off), engine overhead per traverser, parse cost, and
 * typed-array baselines. Prints tables and writes bench/gremlin-results.json (relative to the
 * working directory, the repository root under npm). Fixed seeds; never part of `npm test`.
 *
 * Options: `--scale N` (R-MAT scale, default 16), `--data DIR` (TinkerPop data, default
 * ../shared/tinkerpop/data), `--quick` (shorter sampling), `--out FILE`.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { open } from '../../src/index.js';
import { loadGrateful, loadRmat } from './graphs.js';
import type { BenchGraph, StartVertex } from './graphs.js';
import { baselineLatencies, overheadFigures, parserFigures } from './overhead.js';
import type { OverheadFigures } from './overhead.js';
import { OPTIMISATIONS, QUERIES, WORK_CAP, withoutOptimisations } from './queries.js';
import type { QuerySpec } from './queries.js';
import { DEFAULT_PLAN, formatUs, sample, textTable } from './timing.js';
import type { LatencyStats, SamplePlan } from './timing.js';

const SEED = 1;
const SAMPLES = 64;

interface QueryResult {
  readonly query: string;
  readonly text: string;
  readonly startVertices: number;
  readonly resultsFirstStart: number;
  readonly strategiesAgree: boolean;
  readonly gremlinText: LatencyStats;
  readonly fluent: LatencyStats;
  readonly fluentNoStrategies: LatencyStats;
  readonly typedArrayBaseline?: LatencyStats;
}

interface GraphReport {
  readonly graph: string;
  readonly vertices: number;
  readonly edges: number;
  readonly loadMs: number;
  readonly startVertices: number;
  readonly queries: readonly QueryResult[];
  readonly overhead: OverheadFigures;
}

/** A canonical text of a result list, so runs can be compared (Maps and bigints included). */
function canonical(values: readonly unknown[]): string {
  return JSON.stringify(values, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (v instanceof Map) return [...v.entries()].map(([k, x]) => [canonical([k]), x]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    if (v instanceof Set) return [...v];
    return v;
  });
}

async function benchQuery(bg: BenchGraph, q: QuerySpec, plans: { perStart: SamplePlan; scan: SamplePlan }): Promise<QueryResult> {
  const plan = q.scan ? plans.scan : plans.perStart;
  const g = bg.graph.traversal();
  const off = bg.graph.traversal().withoutStrategies(...OPTIMISATIONS);
  const text = q.text(bg);
  const bindings = (s: StartVertex): Record<string, unknown> => ({ vid: s.id, vname: s.name });
  const starts = bg.starts.filter((s) => (q.work?.(bg, s) ?? 0) <= WORK_CAP);
  const at = (i: number): StartVertex => starts[((i % starts.length) + starts.length) % starts.length]!;
  let agree = true;
  for (const s of starts.slice(0, 4)) {
    const runs = [
      await bg.graph.gremlin(text, { bindings: bindings(s) }),
      await q.fluent(g, s, bg).toList(),
      await q.fluent(off, s, bg).toList(),
      await bg.graph.gremlin(withoutOptimisations(text), { bindings: bindings(s) }),
    ].map(canonical);
    if (runs.some((r) => r !== runs[0])) agree = false;
  }
  const first = await q.fluent(g, at(0), bg).toList();
  const rounds = q.scan ? 1 : starts.length;
  const result: QueryResult = {
    query: q.name,
    text,
    startVertices: q.scan ? 0 : starts.length,
    resultsFirstStart: first.length,
    strategiesAgree: agree,
    gremlinText: await sample((i) => bg.graph.gremlin(text, { bindings: bindings(at(i)) }), plan, rounds),
    fluent: await sample((i) => q.fluent(g, at(i), bg).toList(), plan, rounds),
    fluentNoStrategies: await sample((i) => q.fluent(off, at(i), bg).toList(), plan, rounds),
  };
  process.stderr.write(`${bg.name} ${q.name}: ${formatUs(result.fluent.medianUs)} median (fluent)\n`);
  return result;
}

async function benchGraph(bg: BenchGraph, plans: { perStart: SamplePlan; scan: SamplePlan }): Promise<GraphReport> {
  const baselines = await baselineLatencies(bg, plans.perStart);
  const queries: QueryResult[] = [];
  for (const q of QUERIES) {
    const r = await benchQuery(bg, q, plans);
    const baseline = baselines[q.name];
    queries.push(baseline === undefined ? r : { ...r, typedArrayBaseline: baseline });
  }
  const overhead = await overheadFigures(bg);
  return { graph: bg.name, vertices: bg.vertices, edges: bg.edges, loadMs: bg.loadMs, startVertices: bg.starts.length, queries, overhead };
}

function triple(s: LatencyStats): string {
  return `${formatUs(s.medianUs)} / ${formatUs(s.p95Us)} / ${formatUs(s.p99Us)}`;
}

function queryTable(graph: GraphReport): string {
  const rows = [['query', 'starts', 'text p50 / p95 / p99', 'fluent p50 / p95 / p99', 'no strategies p50 / p95 / p99', 'strategies gain', 'typed-array p50', 'same results']];
  for (const r of graph.queries) {
    rows.push([
      r.query, r.startVertices === 0 ? 'scan' : String(r.startVertices), triple(r.gremlinText), triple(r.fluent), triple(r.fluentNoStrategies),
      `${(r.fluentNoStrategies.medianUs / r.fluent.medianUs).toFixed(1)}x`,
      r.typedArrayBaseline === undefined ? '-' : formatUs(r.typedArrayBaseline.medianUs), r.strategiesAgree ? 'yes' : 'NO',
    ]);
  }
  return textTable(rows);
}

function overheadTable(graphs: readonly GraphReport[]): string {
  const rows = [['graph', '2-hop paths', 'traversers made', 'out.out.count pushdown', 'no pushdown', 'typed-array', 'ns/traverser', 'ns/path (baseline)', 'identity ns/traverser/step']];
  for (const g of graphs) {
    const two = g.overhead.twoHopCount;
    const id = g.overhead.identityChain;
    rows.push([
      `${g.graph} (${two.from === 'every vertex' ? 'all' : 'starts'})`, two.paths.toLocaleString('en-US'), two.traversersProduced.total.toLocaleString('en-US'),
      formatUs(two.withPushdown.medianUs), formatUs(two.withoutPushdown.medianUs), formatUs(two.typedArrayBaseline.medianUs),
      two.nsPerTraverserWithoutPushdown.toFixed(1), `${two.nsPerPathWithoutPushdown.toFixed(1)} (${two.nsPerPathBaseline.toFixed(2)})`, id.nsPerTraverserStep.toFixed(1),
    ]);
  }
  return textTable(rows);
}

async function main(): Promise<void> {
  const options = new Command('bench-gremlin')
    .option('--scale <n>', 'R-MAT scale', (text) => Number.parseInt(text, 10), 16)
    .option('--data <dir>', 'TinkerPop data folder', '../shared/tinkerpop/data')
    .option('--out <file>', 'results file', 'bench/gremlin-results.json')
    .option('--quick', 'shorter sampling', false)
    .parse(process.argv)
    .opts<{ scale: number; data: string; out: string; quick: boolean }>();
  const perStart: SamplePlan = options.quick ? { warmup: 20, runs: 300, minRuns: 10, budgetMs: 250 } : DEFAULT_PLAN;
  const scan: SamplePlan = options.quick ? { warmup: 2, runs: 20, minRuns: 3, budgetMs: 500 } : { warmup: 5, runs: 200, minRuns: 10, budgetMs: 2000 };
  const sampling = { dataDir: resolve(options.data), seed: SEED, samples: SAMPLES };
  const db = await open();
  const graphs: GraphReport[] = [];
  for (const load of [() => loadGrateful(db, sampling), () => loadRmat(db, options.scale, sampling)]) {
    const bg = await load();
    process.stderr.write(`${bg.name}: ${bg.vertices} vertices, ${bg.edges} edges loaded in ${bg.loadMs.toFixed(0)} ms\n`);
    graphs.push(await benchGraph(bg, { perStart, scan }));
  }
  await db.close();
  const parser = await parserFigures(perStart);
  const report = {
    command: `npm run bench:gremlin${options.quick ? ' -- --quick' : ''}${options.scale !== 16 ? ` -- --scale ${options.scale}` : ''}`,
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
    loadAverageAtEnd: loadavg(),
    seed: SEED,
    startVertices: SAMPLES,
    sampling: { perStart, scan },
    strategiesOff: OPTIMISATIONS,
    graphs,
    parser,
  };
  for (const g of graphs) process.stdout.write(`\n${g.graph} (${g.vertices} vertices, ${g.edges} edges)\n${queryTable(g)}\n`);
  process.stdout.write(`\nEngine overhead (V().out().out().count(), V().identity()x10.count())\n${overheadTable(graphs)}\n`);
  const p = parser;
  process.stdout.write(
    `\nParser (${p.chars} chars): parseTraversal ${formatUs(p.parseTraversal.medianUs)}, parseScript ${formatUs(p.parseScript.medianUs)}, ` +
      `compile ${formatUs(p.compileWithStrategies.medianUs)} (no strategies ${formatUs(p.compileWithoutStrategies.medianUs)}) median\n`,
  );
  writeFileSync(resolve(options.out), `${JSON.stringify(report, null, 2)}\n`);
}

await main();
