/**
 * `npm run bench:traversers`: the public traverser API (`graph.traversers.kout`, `kneighbor`,
 * `shortestPath`, `jaccardSimilarity`) and Gremlin against hand-written typed-array CSR
 * baselines on R-MAT graphs (scale 16 and 20, edge factor 16, seed 1), for 16 fixed sources or
 * pairs: kout and kneighbor at depths 1–4 (both directions, no degree or capacity limit),
 * shortest path, jaccard similarity and full BFS (the frontier engine's kHop, as the API has no
 * unbounded depth). Gremlin asks `repeat(both().dedup())[.emit()].times(k).count()` and
 * `repeat(both().dedup()).until(hasId(t)).limit(1).path()`, which the frontier strategy
 * compiles to the same operators. At scale 16, graphology installed on the fly as an optional
 * peer answers the same questions, and so does Kuzu (the `kuzu` npm package, installed the same
 * way; Cypher over an in-memory database loaded by COPY FROM, one thread; see kuzu.ts for the
 * queries) for the kout, kneighbor and shortest path rows — jaccard and full BFS have no faithful
 * Cypher form there (a recursive pattern needs an upper bound), so their Kuzu cells are '—'. Prints milliseconds for the 16 questions, the ratio to the
 * CSR baseline, and traversed edges per second (the API's from its measure block). Fixed seeds;
 * never part of `npm test`.
 *
 * Options: `--scales 16,20`, `--runs N` (repetitions, the median is kept), `--warmup MS`
 * (warm-up passes of each cell for that long before the timed runs, at least one; default 300),
 * `--no-graphology`, `--no-kuzu` (leave those peers out; neither is installed above scale 16),
 * `--queries 'shortest path,jaccard'` (only the rows of those names).
 * @module
 */
import { Command } from 'commander';
import { loadavg } from 'node:os';
import { open } from '../../src/index.js';
import type { Graph, TraverserMeasure } from '../../src/index.js';
import { __ } from '../../src/engine/index.js';
import type { GraphSource } from '../../src/engine/index.js';
import { NEVER_PAUSE, kHop, runFrontier } from '../../src/engine/frontier/index.js';
import { CsrBaseline } from '../csr-baseline.js';
import { generateRmat, seededUint32 } from '../rmat.js';
import { defineSchema, loadGraphBulk } from '../rmat-load.js';
import { textTable } from '../gremlin/timing.js';
import { CsrBfs } from './csr-bfs.js';
import { loadGraphology } from './graphology.js';
import type { GraphologyPeer } from './graphology.js';
import { loadKuzu } from './kuzu.js';
import type { KuzuPeer } from './kuzu.js';

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
  /** The public API (graph.traversers), or the frontier operator for full BFS. */
  readonly api: Cell;
  readonly gremlin?: Cell;
  readonly graphology?: Cell;
  readonly kuzu?: Cell;
}

/** What the 16 questions of one row ask of each contender. */
interface Question {
  readonly query: string;
  readonly csr: (s: number, t: number) => number;
  readonly api: (s: number, t: number) => Promise<number> | number;
  readonly gremlin?: (s: number, t: number) => Promise<unknown>;
  readonly graphology?: (peer: GraphologyPeer, s: number, t: number) => number;
  readonly kuzu?: (peer: KuzuPeer, s: number, t: number) => number;
}

/** Edges scanned, from a traverser's measure block. */
function scanned(r: { readonly measure: TraverserMeasure }): number {
  return r.measure.edgeIterations;
}

/** Most warm-up passes of one cell. */
const MAX_WARMUP_PASSES = 2000;

/**
 * Median over `runs` of the time of one pass of `pass` (which returns what it scanned), after
 * warm-up passes for `warmupMs` milliseconds (at least one), so that a cell of fast questions is
 * timed on optimised code, as a long-running server runs it, and a slow cell is not run for long.
 */
async function time(runs: number, warmupMs: number, pass: () => number | Promise<number>): Promise<Cell> {
  const warmEnd = performance.now() + warmupMs;
  for (let i = 0; i === 0 || (i < MAX_WARMUP_PASSES && performance.now() < warmEnd); i++) await pass();
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

/** The questions of one scale: kout and kneighbor at depths 1–4, shortest path, jaccard, full BFS. */
function questionsOf(graph: Graph, source: GraphSource, slots: Int32Array, bfs: CsrBfs): Question[] {
  const api = graph.traversers;
  const g = graph.traversal();
  const unlimited = { direction: 'BOTH', maxDegree: -1, capacity: -1, limit: -1 } as const;
  const out: Question[] = [];
  for (const kind of ['kout', 'kneighbor'] as const) {
    for (const depth of [1, 2, 3, 4]) {
      out.push({
        query: `${kind} ${depth}`,
        csr: (s) => bfs.kHop(s, depth).scanned,
        api: async (s) => scanned(await api[kind]({ source: s, maxDepth: depth, ...unlimited })),
        gremlin: (s) => (kind === 'kout' ? g.V(s).repeat(__.both().dedup()).times(depth) : g.V(s).repeat(__.both().dedup()).emit().times(depth)).count().next(),
        graphology: (peer, s) => (peer.kHop(s, depth), 0),
        kuzu: (peer, s) => ((kind === 'kout' ? peer.kOut(s, depth) : peer.kNeighbor(s, depth)), 0),
      });
    }
  }
  out.push({
    query: 'shortest path',
    csr: (s, t) => bfs.kHop(s, Infinity, t).scanned,
    api: async (s, t) => scanned(await api.shortestPath({ source: s, target: t, maxDepth: FULL_DEPTH, direction: 'BOTH', maxDegree: -1, capacity: -1 })),
    gremlin: (s, t) => g.V(s).repeat(__.both().dedup()).until(__.hasId(t)).limit(1).path().toList(),
    graphology: (peer, s, t) => (peer.shortestPath(s, t), 0),
    kuzu: (peer, s, t) => (peer.shortestPath(s, t), 0),
  });
  out.push({
    query: 'jaccard',
    csr: (s, t) => bfs.jaccard(s, t).scanned,
    api: async (s, t) => scanned(await api.jaccardSimilarity({ vertex: s, other: t, direction: 'BOTH', maxDegree: -1 })),
    graphology: (peer, s, t) => (peer.jaccard(s, t), 0),
  });
  out.push({
    query: 'full BFS',
    csr: (s) => bfs.kHop(s, Infinity).scanned,
    api: (s) => runFrontier(kHop(source, Int32Array.of(slots[s] as number), { hop: { direction: 'BOTH' }, depth: Infinity, excludeSources: true }, NEVER_PAUSE)).edgesScanned,
    gremlin: (s) => g.V(s).repeat(__.both().dedup()).emit().times(FULL_DEPTH).count().next(),
    graphology: (peer, s) => (peer.kHop(s, Infinity), 0),
  });
  return out;
}

async function benchScale(scale: number, timing: { readonly runs: number; readonly warmupMs: number }, peers: { readonly graphology: boolean; readonly kuzu: boolean }, only: readonly string[] | undefined): Promise<Row[]> {
  const rmat = generateRmat({ scale, edgeFactor: 16, seed: 1 });
  const db = await open();
  const graph = await db.createGraph('rmat', { 'vertex.tx_capacity': 20_000, 'edge.tx_capacity': 20_000 });
  await defineSchema(graph);
  const { slots, vertexMs, edgeMs } = await loadGraphBulk(graph, rmat);
  const view = graph.openReadView();
  const source: GraphSource = view.source;
  const firstRead = performance.now();
  source.adjacencyRows?.('BOTH');
  const mergeMs = performance.now() - firstRead;
  console.log(
    `scale ${scale}: ${rmat.vertexCount} vertices, ${rmat.edgeCount} edges; loaded in ${((vertexMs + edgeMs) / 1000).toFixed(1)} s ` +
      `(vertices ${(vertexMs / 1000).toFixed(1)} s, edges ${(edgeMs / 1000).toFixed(1)} s), adjacency merged for the first fast read in ${mergeMs.toFixed(0)} ms`,
  );
  const csr = new CsrBaseline(rmat.vertexCount);
  csr.append(rmat.sources, rmat.targets);
  csr.build();
  const bfs = new CsrBfs(csr, rmat.vertexCount);
  const { sources, targets } = questions(csr, rmat.vertexCount);
  const peer: GraphologyPeer | undefined = peers.graphology ? loadGraphology(rmat) : undefined;
  const kuzuPeer: KuzuPeer | undefined = peers.kuzu ? loadKuzu(rmat) : undefined;
  const rows: Row[] = [];
  const each = (f: (s: number, t: number) => unknown) => async (): Promise<number> => {
    let n = 0;
    for (const [i, s] of sources.entries()) {
      const r = await f(s, targets[i] as number);
      if (typeof r === 'number') n += r;
    }
    return n;
  };
  for (const q of questionsOf(graph, source, slots, bfs).filter((x) => only === undefined || only.includes(x.query))) {
    const gremlin = q.gremlin;
    const graphology = q.graphology;
    const kuzu = q.kuzu;
    const row: Row = {
      query: q.query,
      csr: await time(timing.runs, timing.warmupMs, each(q.csr)),
      api: await time(timing.runs, timing.warmupMs, each(q.api)),
      ...(gremlin === undefined ? {} : { gremlin: await time(timing.runs, timing.warmupMs, each(gremlin)) }),
      ...(peer === undefined || graphology === undefined ? {} : { graphology: await time(timing.runs, timing.warmupMs, each((s, t) => graphology(peer, s, t))) }),
      ...(kuzuPeer === undefined || kuzu === undefined ? {} : { kuzu: await time(timing.runs, timing.warmupMs, each((s, t) => kuzu(kuzuPeer, s, t))) }),
    };
    // Progress on stderr: a scale-20 run takes minutes before its table.
    console.error(`  ${row.query}: CSR ${row.csr.ms.toFixed(1)} ms, API ${row.api.ms.toFixed(1)} ms, Gremlin ${row.gremlin?.ms.toFixed(1) ?? '—'} ms, Kuzu ${row.kuzu?.ms.toFixed(1) ?? '—'} ms`);
    rows.push(row);
  }
  peer?.dispose();
  kuzuPeer?.dispose();
  view.release();
  await db.close();
  return rows;
}

function report(scale: number, rows: readonly Row[]): string {
  const ms = (c: Cell | undefined): string => (c === undefined ? '—' : c.ms.toFixed(c.ms < 10 ? 2 : 1));
  const ratio = (c: Cell | undefined, base: Cell): string => (c === undefined ? '—' : `×${(c.ms / base.ms).toFixed(2)}`);
  const eps = (c: Cell): string => (c.scanned > 0 ? `${(c.scanned / (c.ms / 1000) / 1e6).toFixed(1)}` : '—');
  const header = ['query (16×)', 'CSR ms', 'API ms', 'API ×', 'Gremlin ms', 'Gremlin ×', 'graphology ms', 'graphology ×', 'Kuzu ms', 'Kuzu ×', 'CSR M edges/s', 'API M edges/s'];
  const body = rows.map((r) => [
    r.query, ms(r.csr), ms(r.api), ratio(r.api, r.csr), ms(r.gremlin), ratio(r.gremlin, r.csr),
    ms(r.graphology), ratio(r.graphology, r.csr), ms(r.kuzu), ratio(r.kuzu, r.csr), eps(r.csr), eps(r.api),
  ]);
  return `R-MAT scale ${scale} (API: graph.traversers; full BFS: the frontier engine's kHop)\n${textTable([header, ...body])}`;
}

async function main(): Promise<void> {
  const program = new Command()
    .option('--scales <list>', 'R-MAT scales, comma-separated', '16,20')
    .option('--runs <n>', 'repetitions per cell (median kept)', '3')
    .option('--warmup <ms>', 'warm-up passes per cell for this long (at least one; 0: one pass)', '300')
    .option('--no-graphology', 'leave the graphology column out')
    .option('--no-kuzu', 'leave the Kuzu column out')
    .option('--queries <list>', "only these rows, comma-separated (e.g. 'shortest path,jaccard')")
    .parse();
  const o = program.opts<{ scales: string; runs: string; warmup: string; graphology: boolean; kuzu: boolean; queries?: string }>();
  const only = o.queries?.split(',').map((q) => q.trim());
  const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`load average ${load()} (other work on the machine skews every column)`);
  for (const scale of o.scales.split(',').map(Number)) {
    const rows = await benchScale(scale, { runs: Number(o.runs), warmupMs: Number(o.warmup) }, { graphology: o.graphology && scale <= 16, kuzu: o.kuzu && scale <= 16 }, only);
    console.log(report(scale, rows));
    console.log(`load average ${load()}`);
  }
}

await main();
