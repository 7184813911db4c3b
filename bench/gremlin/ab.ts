/**
 * A/B comparison of two builds' Gremlin road in one process: each build (a compiled `dist/`
 * directory inside a checkout, such as a worktree of an older commit) opens its own in-memory
 * database and loads the grateful-dead graph with its own loader; then every text query of
 * bench/gremlin/queries.ts runs on both, in alternating rounds (A then B, B then A...), so that
 * the drift of a shared machine hits both builds alike. Each round runs a query for `--ms`
 * milliseconds over a fixed list of start vertices; the figure is the median over rounds of
 * the mean µs per call of `graph.gremlin(text, { bindings })` (parse cache, compile, run and
 * plain conversion: everything a caller waits for). Fluent queries are left out: their builders
 * are objects of one build.
 *
 * Usage: `node dist/bench/gremlin/ab.js --builds ../before/dist,dist [--rounds 6] [--ms 400]
 * [--data ../shared/tinkerpop/data] [--only out-count,2hop-dedup-count]`.
 * @module
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { QUERIES } from './queries.js';
import type { QueryNames } from './queries.js';

/** What the comparison needs of a build's graph. */
interface BuildGraph {
  gremlin(text: string, options?: { readonly bindings?: Readonly<Record<string, unknown>> }): Promise<unknown[]>;
}

interface Build {
  readonly dir: string;
  readonly graph: BuildGraph;
}

const NAMES: QueryNames = { vertexLabel: 'song', edgeLabel: 'followedBy', rankKey: 'performances' };
const STARTS = 16;

async function load(dir: string, graphson: string): Promise<Build> {
  const base = pathToFileURL(`${resolve(dir)}/`);
  const library = (await import(new URL('src/index.js', base).href)) as { open(): Promise<{ createGraph(name: string, config: object): Promise<BuildGraph> }> };
  const loader = (await import(new URL('test/tck/graphson.js', base).href)) as { loadGraphson(graph: BuildGraph, text: string): Promise<unknown> };
  const db = await library.open();
  const graph = await db.createGraph('grateful', { 'schema.auto_create': true });
  await loader.loadGraphson(graph, graphson);
  await graph.gremlin("graph.schema().indexLabel('songByName').onV('song').by('name').secondary().ifNotExist().create()");
  return { dir, graph };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Mean µs per call of `text` on `graph`, over `ms` milliseconds, cycling through `starts`. */
async function timed(graph: BuildGraph, text: string, starts: readonly Record<string, unknown>[], ms: number): Promise<number> {
  for (let i = 0; i < 20; i++) await graph.gremlin(text, { bindings: starts[i % starts.length] });
  const begin = performance.now();
  let calls = 0;
  while (performance.now() - begin < ms) await graph.gremlin(text, { bindings: starts[calls++ % starts.length] });
  return ((performance.now() - begin) * 1000) / calls;
}

async function main(): Promise<void> {
  const options = new Command('bench-gremlin-ab')
    .requiredOption('--builds <a,b>', 'two dist directories, comma-separated')
    .option('--rounds <n>', 'alternating rounds per query', '6')
    .option('--ms <ms>', 'milliseconds per build and round', '400')
    .option('--data <dir>', 'TinkerPop data directory', '../shared/tinkerpop/data')
    .option('--only <names>', 'comma-separated query names')
    .parse(process.argv)
    .opts<{ builds: string; rounds: string; ms: string; data: string; only?: string }>();
  const dirs = options.builds.split(',');
  if (dirs.length !== 2) throw new Error('--builds takes two directories');
  const graphson = readFileSync(`${options.data}/grateful-dead-v3.json`, 'utf8');
  const builds = [await load(dirs[0]!, graphson), await load(dirs[1]!, graphson)] as const;
  const projected = await builds[0].graph.gremlin(`g.V().hasLabel('song').where(outE('followedBy')).order().by('performances', desc).limit(${STARTS}).project('vid', 'vname').by(id).by('name')`);
  const rows = projected.map((row) => Object.fromEntries(row as Map<string, unknown>));
  const only = options.only?.split(',');
  const ratios: number[] = [];
  console.log(`query                      A µs      B µs    B/A   (A = ${dirs[0]}, B = ${dirs[1]}; median of ${options.rounds} rounds)`);
  for (const query of QUERIES.filter((q) => only === undefined || only.includes(q.name))) {
    const text = query.text(NAMES);
    const runs: [number[], number[]] = [[], []];
    for (let round = 0; round < Number(options.rounds); round++) {
      for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) runs[which]!.push(await timed(builds[which]!.graph, text, rows, Number(options.ms)));
    }
    const [a, b] = [median(runs[0]), median(runs[1])];
    ratios.push(b / a);
    console.log(`${query.name.padEnd(24)} ${a.toFixed(1).padStart(8)}  ${b.toFixed(1).padStart(8)}  ${(b / a).toFixed(2)}`);
  }
  const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  console.log(`geometric mean of B/A: ${geomean.toFixed(3)}`);
}

await main();
process.exit(0);
