/**
 * `node dist/bench/gremlin/pause-cost.js --baseline DIR`: the cost of the engine's cancellation
 * and pause checks. DIR is a built checkout of a commit before pausing landed (19fe551):
 *
 *     git worktree add /tmp/pre 19fe551 && ln -s "$PWD/node_modules" /tmp/pre/node_modules
 *     (cd /tmp/pre && npx tsc -p tsconfig.json)
 *     npm run build && node dist/bench/gremlin/pause-cost.js --baseline /tmp/pre
 *
 * Each round runs one child process per checkout, in alternating order, so that both see the
 * same machine load. A child loads the grateful-dead graph and times every query of
 * bench/gremlin/queries.ts through the fluent API (the async, pausing path of this checkout)
 * over the seeded start vertices; it reports the median time of a pass per query. The parent
 * prints the median over rounds and the ratio current / baseline. Never part of `npm test`.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';

const SEED = 1;
const SAMPLES = 64;
const PASSES = 15;
const WARMUP = 3;

type Timings = Record<string, number>;

/** Loads grateful from the checkout at `root` and times each query; milliseconds per pass. */
async function child(root: string, dataDir: string): Promise<Timings> {
  const api = (await import(pathToFileURL(`${root}/dist/src/index.js`).href)) as typeof import('../../src/index.js');
  const graphs = (await import(pathToFileURL(`${root}/dist/bench/gremlin/graphs.js`).href)) as typeof import('./graphs.js');
  const queries = (await import(pathToFileURL(`${root}/dist/bench/gremlin/queries.js`).href)) as typeof import('./queries.js');
  const db = await api.open();
  const bg = await graphs.loadGrateful(db, { dataDir, seed: SEED, samples: SAMPLES });
  const g = bg.graph.traversal();
  const timings: Timings = {};
  for (const q of queries.QUERIES) {
    const starts = q.scan ? Array.from({ length: 16 }, () => bg.starts[0]!) : bg.starts.filter((s) => (q.work?.(bg, s) ?? 0) <= queries.WORK_CAP);
    const passes: number[] = [];
    for (let pass = 0; pass < WARMUP + PASSES; pass++) {
      const started = performance.now();
      for (const s of starts) await q.fluent(g, s, bg).toList();
      if (pass >= WARMUP) passes.push(performance.now() - started);
    }
    timings[q.name] = median(passes);
  }
  await db.close();
  return timings;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function runChild(root: string, dataDir: string): Timings {
  const script = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, [script, '--child', root, '--data', dataDir], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').pop()!) as Timings;
}

async function main(): Promise<void> {
  const program = new Command()
    .option('--baseline <dir>', 'built checkout of the commit to compare with')
    .option('--child <dir>', 'internal: time the checkout at <dir> and print JSON')
    .option('--rounds <n>', 'child processes per checkout', '5')
    .option('--data <dir>', 'TinkerPop data directory', '../shared/tinkerpop/data')
    .parse();
  const options = program.opts<{ baseline?: string; child?: string; rounds: string; data: string }>();
  const dataDir = resolve(options.data);
  if (options.child !== undefined) {
    console.log(JSON.stringify(await child(options.child, dataDir)));
    return;
  }
  if (options.baseline === undefined) throw new Error('pause-cost needs --baseline DIR (a built checkout of 19fe551)');
  const current = resolve(fileURLToPath(import.meta.url), '../../../..');
  const roots = { baseline: resolve(options.baseline), current };
  const runs: Record<'baseline' | 'current', Timings[]> = { baseline: [], current: [] };
  for (let round = 0; round < Number(options.rounds); round++) {
    const order = round % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const);
    for (const which of order) runs[which].push(runChild(roots[which], dataDir));
    console.error(`round ${round + 1} done`);
  }
  const ratios: number[] = [];
  console.log('query                    baseline ms/pass   current ms/pass   current/baseline');
  for (const name of Object.keys(runs.current[0]!)) {
    const before = median(runs.baseline.map((t) => t[name]!));
    const after = median(runs.current.map((t) => t[name]!));
    ratios.push(after / before);
    console.log(`${name.padEnd(24)} ${before.toFixed(2).padStart(16)} ${after.toFixed(2).padStart(17)} ${(after / before).toFixed(3).padStart(18)}`);
  }
  const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`geometric mean of current/baseline: ${geomean.toFixed(3)} (${((geomean - 1) * 100).toFixed(1)}% cost)`);
}

await main();
