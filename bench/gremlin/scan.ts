/**
 * `node --expose-gc dist/bench/gremlin/scan.js [--scale 19] [--edge-factor 10] [--step-by-step]`:
 * full element scans on an R-MAT graph (about 5M edges at the defaults, three edge labels, a
 * `weight` on every edge and a `name` on every vertex). For each query it reports the time and
 * the heap held above the loaded graph: the peak sampled while the query runs (it yields to the
 * event loop every few milliseconds) and what is still held after it, each of a second run. With `--step-by-step` it
 * also runs each query with ColumnScanStrategy off (the plan as written, one element object per
 * element) and checks that both give the same result. Fixed seed; never part of `npm test`.
 * @module
 */
import { getHeapStatistics } from 'node:v8';
import { Command } from 'commander';
import { open } from '../../src/index.js';
import type { Graph, GraphTraversal, GraphTraversalSource } from '../../src/index.js';
import { P, t } from '../../src/index.js';
import { generateRmat, seededRandom } from '../rmat.js';

const SEED = 1;
const BATCH = 100_000;
const LABELS = ['link', 'cites', 'likes'] as const;
const MB = 1024 * 1024;

interface ScanQuery {
  readonly name: string;
  readonly build: (g: GraphTraversalSource) => GraphTraversal;
}

const QUERIES: readonly ScanQuery[] = [
  { name: "g.E().groupCount().by(label)", build: (g) => g.E().groupCount().by(t.label) },
  { name: 'g.E().label().groupCount()', build: (g) => g.E().label().groupCount() },
  { name: "g.V().hasLabel('node').count()", build: (g) => g.V().hasLabel('node').count() },
  { name: "g.E().has('weight', gt(0.5)).count()", build: (g) => g.E().has('weight', P.gt(0.5)).count() },
  { name: "g.V().values('name').dedup().count()", build: (g) => g.V().values('name').dedup().count() },
];

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('Run with node --expose-gc');
  collect();
  collect();
}

async function load(graph: Graph, scale: number, edgeFactor: number): Promise<{ vertices: number; edges: number; ms: number }> {
  const start = performance.now();
  const schema = graph.schema();
  await schema.propertyKey('name').asText().create();
  await schema.propertyKey('weight').asDouble().create();
  await schema.vertexLabel('node').useCustomizeNumberId().properties('name').create();
  for (const l of LABELS) await schema.edgeLabel(l).sourceLabel('node').targetLabel('node').properties('weight').nullableKeys('weight').create();
  const rmat = generateRmat({ scale, edgeFactor, seed: SEED });
  const slots = new Int32Array(rmat.vertexCount);
  for (let first = 0; first < rmat.vertexCount; first += BATCH) {
    const last = Math.min(first + BATCH, rmat.vertexCount);
    await graph.write((w) => {
      for (let v = first; v < last; v++) slots[v] = w.addVertex('node', { id: v, properties: [['name', `n${v % 100_000}`]] });
    });
  }
  const random = seededRandom(SEED + 1);
  for (let first = 0; first < rmat.edgeCount; first += BATCH) {
    const n = Math.min(BATCH, rmat.edgeCount - first);
    await graph.write((w) => {
      if (w.addEdgesBulk === undefined) throw new Error('The store writer lacks addEdgesBulk');
      for (const [k, label] of LABELS.entries()) {
        const outs: number[] = [];
        const ins: number[] = [];
        for (let i = k; i < n; i += LABELS.length) {
          outs.push(slots[rmat.sources[first + i]!]!);
          ins.push(slots[rmat.targets[first + i]!]!);
        }
        for (const e of w.addEdgesBulk(label, Int32Array.from(outs), Int32Array.from(ins))) w.setEdgeProperty(e, 'weight', random());
      }
    });
  }
  return { vertices: rmat.vertexCount, edges: rmat.edgeCount, ms: performance.now() - start };
}

function heapUsed(): number {
  return getHeapStatistics().used_heap_size;
}

/**
 * Time, peak heap above the start (sampled between the query's time slices) and heap still held
 * after the query; the query runs once before, so that the figures are of compiled code.
 */
async function measure(q: ScanQuery, g: GraphTraversalSource): Promise<{ ms: number; peakMb: number; heldMb: number; result: string }> {
  await q.build(g).toList();
  gc();
  const base = heapUsed();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, heapUsed())), 2);
  const start = performance.now();
  const result = await q.build(g).toList();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, heapUsed());
  const text = JSON.stringify(result, (_k, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : typeof v === 'bigint' ? String(v) : v));
  gc();
  return { ms, peakMb: (peak - base) / MB, heldMb: (heapUsed() - base) / MB, result: text };
}

async function main(): Promise<void> {
  const options = new Command()
    .option('--scale <n>', 'R-MAT scale', '19')
    .option('--edge-factor <n>', 'R-MAT edges per vertex', '10')
    .option('--step-by-step', 'also run every query with ColumnScanStrategy off')
    .parse()
    .opts<{ scale: string; edgeFactor: string; stepByStep?: boolean }>();
  const db = await open();
  const graph = await db.createGraph('scan', { 'vertex.tx_capacity': BATCH, 'edge.tx_capacity': BATCH * 2 });
  const loaded = await load(graph, Number(options.scale), Number(options.edgeFactor));
  console.log(`R-MAT scale ${options.scale}: ${loaded.vertices} vertices, ${loaded.edges} edges loaded in ${(loaded.ms / 1000).toFixed(1)} s`);
  const g = graph.traversal();
  const off = graph.traversal().withoutStrategies('ColumnScanStrategy');
  for (const q of QUERIES) {
    const on = await measure(q, g);
    console.log(`${q.name.padEnd(40)} ${on.ms.toFixed(0).padStart(7)} ms  peak +${on.peakMb.toFixed(1)} MB  held +${on.heldMb.toFixed(1)} MB  ${on.result}`);
    if (options.stepByStep !== true) continue;
    const plain = await measure(q, off);
    const same = plain.result === on.result ? 'same result' : `DIFFERENT: ${plain.result}`;
    console.log(`${'  step by step'.padEnd(40)} ${plain.ms.toFixed(0).padStart(7)} ms  peak +${plain.peakMb.toFixed(1)} MB  held +${plain.heldMb.toFixed(1)} MB  ${same}`);
  }
  await db.close();
}

await main();
