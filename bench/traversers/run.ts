/**
 * `npm run bench:traversers`: the frontier engine against a hand-written typed-array CSR BFS on
 * R-MAT graphs (scale 16 and 20, edge factor 16, seed 1), for 16 fixed sources or pairs:
 * k-hop neighbourhoods at depths 1–4 (both directions, distinct), shortest path and full BFS;
 * each asked of the frontier operators directly, through Gremlin (which the frontier strategy
 * compiles to the same operators), of the CSR BFS, and (scale 16) of graphology installed on
 * the fly as an optional peer. Prints milliseconds for the 16 questions, the ratio to the CSR
 * BFS and traversed edges per second. Fixed seeds; never part of `npm test`.
 *
 * Options: `--scales 16,20`, `--runs N` (repetitions, the median is kept), `--no-graphology`.
 * @module
 */
import { Command } from 'commander';
import { loadavg } from 'node:os';
import { open } from '../../src/index.js';
import { __ } from '../../src/engine/index.js';
import type { GraphSource } from '../../src/engine/index.js';
import { NEVER_PAUSE, kHop, runFrontier, shortestPath } from '../../src/engine/frontier/index.js';
import { CsrBaseline } from '../csr-baseline.js';
import { generateRmat, seededUint32 } from '../rmat.js';
import { defineSchema, loadGraphBulk } from '../rmat-load.js';
import { textTable } from '../gremlin/timing.js';
import { CsrBfs } from './csr-bfs.js';
import { loadGraphology } from './graphology.js';
import type { GraphologyPeer } from './graphology.js';

const QUESTIONS = 16;
/** Enough rounds for a full BFS of an R-MAT graph through Gremlin's times(). */
const FULL_DEPTH = 64;

/** One timed column: total ms for the 16 questions and the adjacency entries they scanned. */
interface Cell {
  readonly ms: number;
  readonly scanned: number;
}

interface Row {
  readonly query: string;
  readonly csr: Cell;
  readonly frontier: Cell;
  readonly gremlin: Cell;
  readonly graphology?: Cell;
}

/** Median over `runs` of the time of one pass of `pass` (which returns what it scanned). */
async function time(runs: number, pass: () => number | Promise<number>): Promise<Cell> {
  await pass();
  const samples: number[] = [];
  let scanned = 0;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    scanned = await pass();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[samples.length >> 1] as number, scanned };
}

/** 16 seeded sources with edges, and a target for each (the next source). */
function questions(csr: CsrBaseline, n: number): { sources: number[]; targets: number[] } {
  const next = seededUint32(7);
  const sources: number[] = [];
  while (sources.length < QUESTIONS) {
    const v = next() % n;
    if (csr.outDegree(v) + csr.inDegree(v) > 0 && !sources.includes(v)) sources.push(v);
  }
  return { sources, targets: sources.map((_s, i) => sources[(i + 1) % QUESTIONS] as number) };
}

async function benchScale(scale: number, runs: number, withGraphology: boolean): Promise<Row[]> {
  const rmat = generateRmat({ scale, edgeFactor: 16, seed: 1 });
  const db = await open();
  const graph = await db.createGraph('rmat', { 'vertex.tx_capacity': 20_000, 'edge.tx_capacity': 20_000 });
  await defineSchema(graph);
  const { slots, edgeMs } = await loadGraphBulk(graph, rmat);
  console.log(`scale ${scale}: ${rmat.vertexCount} vertices, ${rmat.edgeCount} edges, edges loaded in ${(edgeMs / 1000).toFixed(1)} s`);
  const csr = new CsrBaseline(rmat.vertexCount);
  csr.append(rmat.sources, rmat.targets);
  csr.build();
  const bfs = new CsrBfs(csr, rmat.vertexCount);
  const { sources, targets } = questions(csr, rmat.vertexCount);
  const source: GraphSource = graph.source();
  const g = graph.traversal();
  const peer: GraphologyPeer | undefined = withGraphology ? loadGraphology(rmat) : undefined;
  const rows: Row[] = [];
  const sum = (f: (s: number, i: number) => number) => (): number => sources.reduce((acc, s, i) => acc + f(s, i), 0);
  const gremlin = (f: (s: number, i: number) => Promise<unknown>) => async (): Promise<number> => {
    for (const [i, s] of sources.entries()) await f(s, i);
    return 0;
  };
  const khop = (depth: number) => (s: number): number =>
    runFrontier(kHop(source, Int32Array.of(slots[s] as number), { hop: { direction: 'BOTH' }, depth, excludeSources: true }, NEVER_PAUSE)).edgesScanned;
  for (const depth of [1, 2, 3, 4]) {
    rows.push({
      query: `k-hop ${depth}`,
      csr: await time(runs, sum((s) => bfs.kHop(s, depth).scanned)),
      frontier: await time(runs, sum(khop(depth))),
      gremlin: await time(runs, gremlin((s) => g.V(s).repeat(__.both().dedup()).emit().times(depth).count().next())),
      ...(peer === undefined ? {} : { graphology: await time(runs, sum((s) => (peer.kHop(s, depth), 0))) }),
    });
  }
  rows.push({
    query: 'shortest path',
    csr: await time(runs, sum((s, i) => bfs.kHop(s, Infinity, targets[i] as number).scanned)),
    frontier: await time(runs, sum((s, i) => runFrontier(shortestPath(source, slots[s] as number, slots[targets[i] as number] as number, { hop: { direction: 'BOTH' }, maxDepth: FULL_DEPTH }, NEVER_PAUSE))?.length ?? 0)),
    gremlin: await time(runs, gremlin((s, i) => g.V(s).repeat(__.both().dedup()).until(__.hasId(targets[i] as number)).limit(1).path().toList())),
    ...(peer === undefined ? {} : { graphology: await time(runs, sum((s, i) => (peer.shortestPath(s, targets[i] as number), 0))) }),
  });
  rows.push({
    query: 'full BFS',
    csr: await time(runs, sum((s) => bfs.kHop(s, Infinity).scanned)),
    frontier: await time(runs, sum(khop(Infinity))),
    gremlin: await time(runs, gremlin((s) => g.V(s).repeat(__.both().dedup()).emit().times(FULL_DEPTH).count().next())),
    ...(peer === undefined ? {} : { graphology: await time(runs, sum((s) => (peer.kHop(s, Infinity), 0))) }),
  });
  peer?.dispose();
  await db.close();
  return rows;
}

function report(scale: number, rows: readonly Row[]): string {
  const ms = (c: Cell): string => c.ms.toFixed(1);
  const ratio = (c: Cell | undefined, base: Cell): string => (c === undefined ? '—' : `×${(c.ms / base.ms).toFixed(2)}`);
  const eps = (c: Cell): string => (c.scanned > 0 ? `${(c.scanned / (c.ms / 1000) / 1e6).toFixed(1)}` : '—');
  const header = ['query (16×)', 'CSR BFS ms', 'frontier ms', 'frontier ×', 'Gremlin ms', 'Gremlin ×', 'graphology ms', 'graphology ×', 'CSR M edges/s', 'frontier M edges/s'];
  const body = rows.map((r) => [
    r.query, ms(r.csr), ms(r.frontier), ratio(r.frontier, r.csr), ms(r.gremlin), ratio(r.gremlin, r.csr),
    r.graphology === undefined ? '—' : ms(r.graphology), ratio(r.graphology, r.csr), eps(r.csr), eps(r.frontier),
  ]);
  return `R-MAT scale ${scale}\n${textTable([header, ...body])}`;
}

async function main(): Promise<void> {
  const program = new Command()
    .option('--scales <list>', 'R-MAT scales, comma-separated', '16,20')
    .option('--runs <n>', 'repetitions per cell (median kept)', '3')
    .option('--no-graphology', 'leave the graphology column out')
    .parse();
  const o = program.opts<{ scales: string; runs: string; graphology: boolean }>();
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (other work on the machine skews every column)`);
  for (const scale of o.scales.split(',').map(Number)) {
    const rows = await benchScale(scale, Number(o.runs), o.graphology && scale <= 16);
    console.log(report(scale, rows));
  }
}

await main();
