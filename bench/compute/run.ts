/**
 * `npm run bench:compute`: the computation jobs' engine (the drivers and kernels on the worker
 * pool, over a SharedArrayBuffer CSR snapshot) against hand-written single-threaded CSR
 * baselines (baseline.ts) and Kuzu's algorithm extension (kuzu-algo.ts, when it can be
 * installed), on the R-MAT graph (edge factor 16, seed 1): PageRank (20 iterations), WCC,
 * triangle count and Louvain, with 1 and 2 workers (Kuzu with 1 and 2 threads). Each cell is
 * the median of `--runs` runs after one untimed warm-up run; the Quiver results are checked
 * against the baseline's. Snapshot building and the OLAP write-back are not in these cells:
 * `--end-to-end` also times `graph.compute('pageRank')` on the graph loaded into a store.
 * Never part of `npm test`.
 *
 * Options: `--scale 20`, `--runs 3`, `--no-kuzu`, `--end-to-end`, `--only wcc,pageRank`.
 * @module
 */
import { Command } from 'commander';
import { loadavg } from 'node:os';
import { open } from '../../src/index.js';
import { ALGORITHMS, resolveParams, sharedInt32 } from '../../src/engine/index.js';
import type { AlgorithmName, AlgorithmOutput, ComputeGraph } from '../../src/engine/index.js';
import { ComputeScheduler } from '../../src/database/graph/compute/scheduler.js';
import { CsrBaseline } from '../csr-baseline.js';
import { generateRmat } from '../rmat.js';
import { defineSchema, loadGraphBulk } from '../rmat-load.js';
import { textTable } from '../gremlin/timing.js';
import { pageRankBaseline, triangleBaseline, wccBaseline } from './baseline.js';
import { loadKuzuAlgo } from './kuzu-algo.js';

const options = new Command()
  .option('--scale <n>', 'R-MAT scale', '20')
  .option('--runs <n>', 'timed runs per cell (the median is kept)', '3')
  .option('--no-kuzu', 'leave Kuzu out')
  .option('--end-to-end', 'also time graph.compute on a loaded store')
  .option('--only <names>', 'only these algorithms (library names, comma-separated)')
  .parse()
  .opts<{ scale: string; runs: string; kuzu: boolean; endToEnd?: boolean; only?: string }>();

const scale = Number(options.scale);
const runs = Number(options.runs);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median ms of `runs` runs of `work` after one untimed run; the last run's answer. */
async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; answer: T }> {
  let answer = await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    answer = await work();
    times.push(performance.now() - started);
  }
  return { ms: median(times), answer };
}

const rmat = generateRmat({ scale, edgeFactor: 16, seed: 1 });
const n = rmat.vertexCount;
console.log(`R-MAT scale ${scale}: ${n} vertices, ${rmat.edgeCount} edges; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const csr = new CsrBaseline(n);
csr.append(rmat.sources, rmat.targets);
csr.build();

/** The snapshot of the R-MAT graph, as a job builds it: CSRs in SharedArrayBuffers. */
function snapshot(): ComputeGraph {
  const outOffsets = sharedInt32(n + 1);
  const inOffsets = sharedInt32(n + 1);
  for (let v = 0; v < n; v++) {
    outOffsets[v + 1] = outOffsets[v]! + csr.outDegree(v);
    inOffsets[v + 1] = inOffsets[v]! + csr.inDegree(v);
  }
  const outTargets = sharedInt32(rmat.edgeCount);
  const inTargets = sharedInt32(rmat.edgeCount);
  for (let v = 0; v < n; v++) {
    outTargets.set(csr.outNeighboursOf(v), outOffsets[v]!);
    inTargets.set(csr.inNeighboursOf(v), inOffsets[v]!);
  }
  return { n, outOffsets, outTargets, inOffsets, inTargets };
}

const graph = snapshot();
const scheduler = new ComputeScheduler({ threads: 2 });
const signal = new AbortController().signal;

async function quiver(name: AlgorithmName, params: Record<string, unknown>, workers: number): Promise<{ ms: number; answer: AlgorithmOutput }> {
  const lease = await scheduler.acquire({ workers, bytes: 0, signal });
  try {
    return await timed(() => ALGORITHMS[name].run({ graph, pool: lease, signal, progress: () => undefined }, resolveParams(name, params)));
  } finally {
    lease.release();
  }
}

function values(output: AlgorithmOutput): ArrayLike<number> {
  if (output.kind === 'cycles' || output.kind === 'walks') throw new Error('unexpected cycles');
  return output.values;
}

function check(name: string, ok: boolean): void {
  if (!ok) throw new Error(`${name}: Quiver's answer differs from the baseline's`);
}

const kuzu = options.kuzu ? loadKuzuAlgo(rmat) : undefined;
const fmt = (ms: number | undefined): string => (ms === undefined ? '—' : ms.toFixed(0));
const ratio = (ms: number, base: number | undefined): string => (base === undefined ? '' : ` (${(ms / base).toFixed(2)}×)`);
const rows: string[][] = [];

const PR = { maxSuperStep: 20, l1DiffThreshold: Number.MIN_VALUE };
const cases: { name: AlgorithmName; label: string; params: Record<string, unknown>; kuzu?: 'page_rank' | 'weakly_connected_components' | 'louvain'; baseline?: () => ArrayLike<number>; same?: (a: ArrayLike<number>, b: ArrayLike<number>) => boolean }[] = [
  {
    name: 'pageRank', label: 'PageRank (20 iterations)', params: PR, kuzu: 'page_rank',
    baseline: () => pageRankBaseline(csr, n, { alpha: 0.15, iterations: 20 }),
    same: (a, b) => Array.from(a).every((x, i) => Math.abs(x - b[i]!) < 1e-12),
  },
  { name: 'wcc', label: 'WCC', params: {}, kuzu: 'weakly_connected_components', baseline: () => wccBaseline(csr, n), same: (a, b) => Array.from(a).every((x, i) => x === b[i]) },
  { name: 'triangleCount', label: 'triangle count', params: {}, baseline: () => triangleBaseline(csr, n), same: (a, b) => Array.from(a).every((x, i) => x === b[i]) },
  { name: 'louvain', label: 'Louvain', params: {}, kuzu: 'louvain' },
];

const only = options.only?.split(',');
for (const c of cases.filter((x) => only === undefined || only.includes(x.name))) {
  const base = c.baseline === undefined ? undefined : await timed(c.baseline);
  const one = await quiver(c.name, c.params, 1);
  const two = await quiver(c.name, c.params, 2);
  if (base !== undefined && c.same !== undefined) {
    check(c.label, c.same(values(one.answer), base.answer));
    check(c.label, c.same(values(two.answer), base.answer));
  }
  const k1 = kuzu !== undefined && c.kuzu !== undefined ? median(Array.from({ length: runs }, () => kuzu.time(c.kuzu!, 1))) : undefined;
  const k2 = kuzu !== undefined && c.kuzu !== undefined ? median(Array.from({ length: runs }, () => kuzu.time(c.kuzu!, 2))) : undefined;
  rows.push([c.label, fmt(base?.ms), fmt(one.ms) + ratio(one.ms, base?.ms), fmt(two.ms) + ratio(two.ms, base?.ms), k1 === undefined ? '—' : fmt(k1) + ratio(k1, base?.ms), k2 === undefined ? '—' : fmt(k2) + ratio(k2, base?.ms)]);
  console.log(rows[rows.length - 1]!.join(' | '));
}
console.log(textTable([['algorithm', 'CSR baseline ms', 'Quiver 1 worker ms', 'Quiver 2 workers ms', 'Kuzu 1 thread ms', 'Kuzu 2 threads ms'], ...rows]));
kuzu?.dispose();

if (options.endToEnd === true) {
  const db = await open();
  const g = await db.createGraph('rmat');
  await defineSchema(g);
  await loadGraphBulk(g, rmat);
  for (const run of ['first run', 'second run, replacing the first run\'s values']) {
    const started = performance.now();
    const job = g.compute('pageRank', PR, { workers: 2 });
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    await job.result;
    await new Promise((r) => setTimeout(r, 5));
    clearInterval(ticker);
    console.log(`graph.compute('pageRank', 20 iterations, 2 workers) end to end (snapshot, compute, OLAP write-back), ${run}: ${(performance.now() - started).toFixed(0)} ms; longest event-loop gap ${longest.toFixed(0)} ms (the write-back batch)`);
  }
  await db.close();
}
await scheduler.close();
