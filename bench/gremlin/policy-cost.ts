/**
 * `node dist/bench/gremlin/policy-cost.js`: what row-level security costs a query. It loads the
 * grateful-dead graph, adds 40 isolated vertices of a label `secret`, and times the queries of
 * bench/gremlin/queries.ts, plus whole-graph counts, through the fluent API over the seeded
 * start vertices, on five handles of the same graph:
 * - `graph`: the graph itself;
 * - `unrestricted`: `withPolicy` of an unrestricted policy;
 * - `read-all`: of a policy granting READ on every element and the schema (`ALL`, label `*`);
 * - `labels`: of a label-only policy, READ on `song`, `artist` and each edge label by name, so
 *   `secret` is hidden and every element is tested by its label;
 * - `conditioned`: the same with songs read by property conditions (predicate texts on
 *   `songType`, `performances` and `name`, one of which every song meets).
 * The secrets touch no query that starts from a song, so every handle gives those the same
 * answers; the scans and counts are compared within the handles that show the secrets and
 * within those that hide them. Passes alternate between the handles; the report is the median
 * time of a pass per query and handle, and its ratio to the graph's. Never part of `npm test`.
 * @module
 */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { open } from '../../src/index.js';
import type { Graph, GraphPolicy, GraphTraversal, GraphTraversalSource, ResourceRule } from '../../src/index.js';
import { loadGrateful } from './graphs.js';
import type { BenchGraph, StartVertex } from './graphs.js';
import { QUERIES, WORK_CAP } from './queries.js';
import type { QuerySpec } from './queries.js';

const SEED = 1;
const SAMPLES = 64;

const rule = (type: ResourceRule['type'], label: string, properties: ResourceRule['properties'] = null): ResourceRule => ({ type, label, properties });
const EXECUTE = [rule('GREMLIN', '*')];

/** The handles compared, by name. */
const HANDLES: ReadonlyArray<readonly [string, (graph: Graph) => Graph]> = [
  ['graph', (graph) => graph],
  ['unrestricted', (graph) => graph.withPolicy({ unrestricted: true, grants: {} })],
  ['read-all', (graph) => graph.withPolicy({ grants: { READ: [rule('ALL', '*')], EXECUTE } })],
  ['labels', (graph) => graph.withPolicy(policy(rule('VERTEX', 'song')))],
  ['conditioned', (graph) => graph.withPolicy(policy(rule('VERTEX', 'song', { songType: 'P.within("original", "cover", "")' }), rule('VERTEX', 'song', { performances: 'P.gte(0)' }), rule('VERTEX', 'song', { name: 'P.neq("")' })))],
];

/** READ on the given song rules, on artists and on every edge by name, and on the schema. */
function policy(...songs: ResourceRule[]): GraphPolicy {
  const edges = ['followedBy', 'sungBy', 'writtenBy'].map((label) => rule('EDGE', label));
  return { grants: { READ: [...songs, rule('VERTEX', 'artist'), ...edges, rule('SCHEMA', '*')], EXECUTE } };
}

/** Whole-graph counts, beside the OLTP queries: the count pushdowns a filter must answer. */
const COUNTS: readonly QuerySpec[] = [
  { name: 'V-count', scan: true, text: () => 'g.V().count()', fluent: (g) => g.V().count() },
  { name: 'V-song-count', scan: true, text: () => "g.V().hasLabel('song').count()", fluent: (g) => g.V().hasLabel('song').count() },
  { name: 'E-count', scan: true, text: () => 'g.E().count()', fluent: (g) => g.E().count() },
];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `q` from every start once on `g` and returns the results, in order. */
async function pass(q: QuerySpec, g: GraphTraversalSource, run: { readonly bg: BenchGraph; readonly starts: readonly StartVertex[] }): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const s of run.starts) out.push(await (q.fluent(g, s, run.bg) as GraphTraversal).toList());
  return out;
}

async function main(): Promise<void> {
  const program = new Command()
    .option('--data <dir>', 'TinkerPop data directory', '../shared/tinkerpop/data')
    .option('--passes <n>', 'timed passes per query and handle', '15')
    .option('--warmup <n>', 'untimed passes first', '3')
    .parse();
  const options = program.opts<{ data: string; passes: string; warmup: string }>();
  const db = await open();
  const bg = await loadGrateful(db, { dataDir: resolve(options.data), seed: SEED, samples: SAMPLES });
  await bg.graph.addVertices(Array.from({ length: 40 }, (_, i) => ({ label: 'secret', properties: { name: `secret ${i}` } })));
  const handles = HANDLES.map(([name, make]) => [name, make(bg.graph).traversal()] as const);
  console.log(`grateful: ${bg.vertices} vertices, ${bg.edges} edges, ${bg.starts.length} start vertices; ms per pass (median of ${options.passes}), ratio to the graph`);
  console.log(`${'query'.padEnd(24)}${handles.map(([name]) => name.padStart(20)).join('')}`);
  for (const q of [...QUERIES, ...COUNTS]) {
    const starts = q.scan ? Array.from({ length: 16 }, () => bg.starts[0]!) : bg.starts.filter((s) => (q.work?.(bg, s) ?? 0) <= WORK_CAP);
    const times = handles.map(() => [] as number[]);
    // The first three handles show the secrets, the last two hide them.
    const answers = await Promise.all(handles.map(async ([, g]) => JSON.stringify(await pass(q, g, { bg, starts }))));
    for (const [k, [name]] of handles.entries()) {
      const same = q.scan && k >= 3 ? answers[3] : answers[0];
      if (answers[k] !== same) throw new Error(`${q.name}: the ${name} handle answers otherwise than the others`);
    }
    const rounds = Number(options.warmup) + Number(options.passes);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < handles.length; k++) {
        const at = (k + round) % handles.length;
        const started = performance.now();
        await pass(q, handles[at]![1], { bg, starts });
        if (round >= Number(options.warmup)) times[at]!.push(performance.now() - started);
      }
    }
    const base = median(times[0]!);
    const cells = times.map((t) => `${median(t).toFixed(2)} (${(median(t) / base).toFixed(2)})`.padStart(20));
    console.log(`${q.name.padEnd(24)}${cells.join('')}`);
  }
  await db.close();
}

await main();
