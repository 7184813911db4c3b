/**
 * `npm run bench`: Graph500 R-MAT graphs (scale 16 and 20, edge factor 16, seed 1) loaded
 * through the library API and into a hand-written typed-array CSR baseline. Reports insert
 * rates, bytes per edge (RSS and heap delta after gc), snapshot write time, the longest time a
 * snapshot kept the event loop from other work (`snapshot stall ms`) and reopen time,
 * prints a table and writes bench/results.json. Reopen is timed in a fresh process (bench/reopen.ts).
 *
 * The library is measured twice in memory: `library` adds one edge per `GraphWriter.addEdge`
 * call, `bulk` adds each batch of 10k edges with one `GraphWriter.addEdgesBulk` call (the bulk
 * loading path). The durable run loads with `addEdgesBulk` too.
 *
 * Then runs the Gremlin query benchmark (bench/gremlin/run.ts, also `npm run bench:gremlin`).
 *
 * Options: `--scale N` runs one scale; `--quick` runs scale 16 only; `--no-gremlin` skips the
 * Gremlin query benchmark.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { open } from '../src/index.js';
import type { Graph } from '../src/index.js';
import { CsrBaseline } from './csr-baseline.js';
import { defineSchema, loadGraphBulk, loadVertices } from './rmat-load.js';
import { generateRmat } from './rmat.js';
import type { RmatGraph } from './rmat.js';

const BATCH = 10_000;
const SEED = 1;
const EDGE_FACTOR = 16;

interface MemorySample {
  readonly rss: number;
  readonly heap: number;
}

function settle(): MemorySample {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('Run the benchmark with node --expose-gc (npm run bench does)');
  for (let i = 0; i < 3; i++) gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed + usage.external };
}

function perEdge(before: MemorySample, after: MemorySample, edges: number): { rss: number; heap: number } {
  return { rss: (after.rss - before.rss) / edges, heap: (after.heap - before.heap) / edges };
}

function diskBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? diskBytes(full) : statSync(full).size;
  }
  return total;
}

/** Loads the R-MAT graph through Graph.write in batches of 10k; returns load times in ms. */
async function loadGraph(graph: Graph, rmat: RmatGraph): Promise<{ vertexMs: number; edgeMs: number }> {
  const { slots, vertexMs } = await loadVertices(graph, rmat);
  const start = performance.now();
  for (let first = 0; first < rmat.edgeCount; first += BATCH) {
    const last = Math.min(first + BATCH, rmat.edgeCount);
    await graph.write((w) => {
      for (let e = first; e < last; e++) w.addEdge('link', { out: slots[rmat.sources[e]!]!, in: slots[rmat.targets[e]!]! });
    });
  }
  return { vertexMs, edgeMs: performance.now() - start };
}

async function benchLibrary(rmat: RmatGraph, load: typeof loadGraph): Promise<Record<string, number>> {
  const before = settle();
  const db = await open();
  const graph = await db.createGraph('rmat', { 'vertex.tx_capacity': 20_000, 'edge.tx_capacity': 20_000 });
  await defineSchema(graph);
  const { vertexMs, edgeMs } = await load(graph, rmat);
  const after = settle();
  const view = graph.openReadView();
  const edges = view.source.edgeCount();
  view.release();
  if (edges !== rmat.edgeCount) throw new Error(`Expected ${rmat.edgeCount} edges, found ${edges}`);
  const bytes = perEdge(before, after, rmat.edgeCount);
  await db.close();
  return { verticesPerSec: rmat.vertexCount / (vertexMs / 1000), edgesPerSec: rmat.edgeCount / (edgeMs / 1000), bytesPerEdgeRss: bytes.rss, bytesPerEdgeHeap: bytes.heap };
}

function benchBaseline(rmat: RmatGraph): Record<string, number> {
  const before = settle();
  const start = performance.now();
  const csr = new CsrBaseline(rmat.vertexCount);
  for (let first = 0; first < rmat.edgeCount; first += BATCH) {
    const last = Math.min(first + BATCH, rmat.edgeCount);
    csr.append(rmat.sources.slice(first, last), rmat.targets.slice(first, last));
  }
  csr.build();
  const ms = performance.now() - start;
  const after = settle();
  const bytes = perEdge(before, after, rmat.edgeCount);
  if (csr.edgeCount !== rmat.edgeCount) throw new Error('Baseline lost edges');
  return { edgesPerSec: rmat.edgeCount / (ms / 1000), bytesPerEdgeRss: bytes.rss, bytesPerEdgeHeap: bytes.heap, bytesPerEdgeArrays: csr.byteLength / rmat.edgeCount };
}

/**
 * Runs `work` while a 1 ms interval timer watches the event loop; `longest()` is the longest
 * time between two of its ticks (or from the start to the first), in ms: how long `work` kept
 * every other task waiting.
 */
function longestGap(work: () => Promise<unknown>): { done: Promise<void>; longest: () => number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const done = work().then(() => undefined).finally(() => {
    longest = Math.max(longest, performance.now() - last);
    clearInterval(timer);
  });
  return { done, longest: () => longest };
}

async function benchDurable(rmat: RmatGraph): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-bench-'));
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('rmat', { 'vertex.tx_capacity': 20_000, 'edge.tx_capacity': 20_000 });
    await defineSchema(graph);
    const { edgeMs } = await loadGraphBulk(graph, rmat);
    const start = performance.now();
    const stall = longestGap(() => graph.snapshot());
    await stall.done;
    const snapshotMs = performance.now() - start;
    const snapshotStallMs = stall.longest();
    await db.close();
    const bytesOnDisk = diskBytes(dir);
    const child = execFileSync(process.execPath, [fileURLToPath(new URL('./reopen.js', import.meta.url)), dir], { encoding: 'utf8' });
    const { ms: reopenMs, edges } = JSON.parse(child) as { ms: number; edges: number };
    if (edges !== rmat.edgeCount) throw new Error(`Reopened graph has ${edges} edges, expected ${rmat.edgeCount}`);
    return { durableBulkEdgesPerSec: rmat.edgeCount / (edgeMs / 1000), snapshotMs, snapshotStallMs, reopenMs, bytesOnDisk };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchScale(scale: number): Promise<Record<string, unknown>> {
  let start = performance.now();
  const rmat = generateRmat({ scale, edgeFactor: EDGE_FACTOR, seed: SEED });
  const generateMs = performance.now() - start;
  process.stderr.write(`scale ${scale}: ${rmat.vertexCount} vertices, ${rmat.edgeCount} edges (${rmat.generatedCount} generated) in ${generateMs.toFixed(0)} ms\n`);
  const baseline = benchBaseline(rmat);
  const library = await benchLibrary(rmat, loadGraph);
  const bulk = await benchLibrary(rmat, loadGraphBulk);
  start = performance.now();
  const durable = await benchDurable(rmat);
  process.stderr.write(`scale ${scale}: done in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
  return { scale, vertices: rmat.vertexCount, edges: rmat.edgeCount, generatedEdges: rmat.generatedCount, library, bulk, baseline, durable };
}

function fmt(n: unknown, digits = 0): string {
  return typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '-';
}

function table(results: readonly Record<string, unknown>[]): string {
  const rows = [
    ['scale', 'edges', 'quiver edges/s', 'bulk edges/s', 'baseline edges/s', 'quiver B/edge rss|heap', 'bulk B/edge rss|heap', 'baseline B/edge rss|heap', 'durable bulk edges/s', 'snapshot ms', 'snapshot stall ms', 'reopen ms'],
  ];
  for (const r of results) {
    const lib = r.library as Record<string, number>;
    const bulk = r.bulk as Record<string, number>;
    const base = r.baseline as Record<string, number>;
    const dur = r.durable as Record<string, number>;
    rows.push([
      String(r.scale), fmt(r.edges), fmt(lib.edgesPerSec), fmt(bulk.edgesPerSec), fmt(base.edgesPerSec),
      `${fmt(lib.bytesPerEdgeRss, 1)} | ${fmt(lib.bytesPerEdgeHeap, 1)}`, `${fmt(bulk.bytesPerEdgeRss, 1)} | ${fmt(bulk.bytesPerEdgeHeap, 1)}`,
      `${fmt(base.bytesPerEdgeRss, 1)} | ${fmt(base.bytesPerEdgeHeap, 1)}`,
      fmt(dur.durableBulkEdgesPerSec), fmt(dur.snapshotMs), fmt(dur.snapshotStallMs), fmt(dur.reopenMs),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => cell.padStart(widths[i]!)).join('  ')).join('\n');
}

async function main(): Promise<void> {
  const options = new Command('bench')
    .option('--scale <n>', 'run one R-MAT scale', (text) => Number.parseInt(text, 10))
    .option('--quick', 'run scale 16 only', false)
    .option('--no-gremlin', 'skip the Gremlin query benchmark (bench/gremlin/run.ts)')
    .parse(process.argv)
    .opts<{ scale?: number; quick: boolean; gremlin: boolean }>();
  const scales = options.scale !== undefined ? [options.scale] : options.quick ? [16] : [16, 20];
  const results: Record<string, unknown>[] = [];
  for (const scale of scales) results.push(await benchScale(scale));
  const report = {
    command: `npm run bench${options.scale !== undefined ? ` -- --scale ${options.scale}` : options.quick ? ' -- --quick' : ''}`,
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
    seed: SEED,
    edgeFactor: EDGE_FACTOR,
    batch: BATCH,
    results,
  };
  process.stdout.write(`${table(results)}\n`);
  writeFileSync(fileURLToPath(new URL('../../bench/results.json', import.meta.url)), `${JSON.stringify(report, null, 2)}\n`);
  if (options.gremlin) execFileSync(process.execPath, [fileURLToPath(new URL('./gremlin/run.js', import.meta.url)), ...(options.quick ? ['--quick'] : [])], { stdio: 'inherit' });
}

await main();
