/**
 * The two graphs of the Gremlin benchmark, loaded through the public API, each with a seeded
 * sample of start vertices and the same edges in a hand-written typed-array CSR (the baseline).
 *
 * - grateful: TinkerPop's grateful-dead graph (GraphSON 3, auto-created schema, plus a
 *   secondary index on song names as a HugeGraph user would add).
 * - rmat: Graph500 R-MAT (bench/rmat.ts), strict schema: `node` vertices with a customised
 *   number id, a unique `name` (secondary index) and a seeded `rank`; `link` edges.
 * @module
 */
import { readFileSync } from 'node:fs';
import type { Database, ElementId, Graph } from '../../src/index.js';
import { loadGraphson } from '../../test/tck/graphson.js';
import { parseGraphson } from '../../src/engine/io/graphson.js';
import { CsrBaseline } from '../csr-baseline.js';
import { generateRmat, seededRandom, seededUint32 } from '../rmat.js';

/**
 * One start vertex: its id in the graph, its dense index in the baseline CSR and its name.
 *
 * @example
 * ```ts
 * const start: StartVertex = { id: 1, dense: 0, name: 'HEY BO DIDDLEY' };
 * ```
 */
export interface StartVertex {
  readonly id: ElementId;
  readonly dense: number;
  readonly name: string;
}

/**
 * A loaded benchmark graph with the names its queries use.
 *
 * @example
 * ```ts
 * const bg: BenchGraph = await loadGrateful(db, { dataDir, seed: 1, samples: 64 });
 * await bg.graph.gremlin('g.V(id).out().count()', { bindings: { id: bg.starts[0]!.id } });
 * ```
 */
export interface BenchGraph {
  readonly name: string;
  readonly graph: Graph;
  /** Vertex label of the start vertices, edge label followed by the labelled queries, numeric key to order by. */
  readonly vertexLabel: string;
  readonly edgeLabel: string;
  readonly rankKey: string;
  readonly vertices: number;
  readonly edges: number;
  readonly starts: readonly StartVertex[];
  /** Whether the whole-graph 2-hop overhead query starts from every vertex or only from `starts` (a skewed graph has too many 2-hop paths). */
  readonly overheadScope: 'graph' | 'starts';
  readonly csr: CsrBaseline;
  readonly loadMs: number;
}

/**
 * Sampling options: where the TinkerPop data lives, the PRNG seed, how many start vertices.
 *
 * @example
 * ```ts
 * const options: SampleOptions = { dataDir: '/work/shared/tinkerpop/data', seed: 1, samples: 64 };
 * ```
 */
export interface SampleOptions {
  readonly dataDir: string;
  readonly seed: number;
  readonly samples: number;
}

const BATCH = 10_000;

/** Picks `count` distinct candidates with a seeded partial Fisher–Yates shuffle. */
function pick<T>(candidates: readonly T[], count: number, seed: number): T[] {
  const random = seededRandom(seed);
  const pool = [...candidates];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/**
 * Loads grateful-dead-v3.json with `schema.auto_create`, indexes song names, and samples songs
 * that have out-edges.
 *
 * @example
 * ```ts
 * const grateful = await loadGrateful(db, { dataDir: '/work/shared/tinkerpop/data', seed: 1, samples: 64 });
 * ```
 */
export async function loadGrateful(db: Database, options: SampleOptions): Promise<BenchGraph> {
  const text = readFileSync(`${options.dataDir}/grateful-dead-v3.json`, 'utf8');
  const start = performance.now();
  const graph = await db.createGraph('grateful', { 'schema.auto_create': true });
  const counts = await loadGraphson(graph, text);
  await graph.schema().indexLabel('songByName').onV('song').by('name').secondary().ifNotExist().create();
  const loadMs = performance.now() - start;
  const document = parseGraphson(text);
  const dense = new Map<unknown, number>(document.vertices.map((v, i) => [v.id, i]));
  const csr = new CsrBaseline(document.vertices.length);
  csr.append(Int32Array.from(document.edges, (e) => dense.get(e.out)!), Int32Array.from(document.edges, (e) => dense.get(e.in)!));
  csr.build();
  const candidates: StartVertex[] = [];
  for (const [i, v] of document.vertices.entries()) {
    const name = v.properties.find((p) => p.key === 'name')?.value;
    if (v.label === 'song' && csr.outDegree(i) > 0 && typeof name === 'string') candidates.push({ id: v.id, dense: i, name });
  }
  const starts = pick(candidates, options.samples, options.seed);
  return { name: 'grateful', graph, vertexLabel: 'song', edgeLabel: 'followedBy', rankKey: 'performances', vertices: counts.vertices, edges: counts.edges, starts, overheadScope: 'graph', csr, loadMs };
}

async function defineRmatSchema(graph: Graph): Promise<void> {
  const schema = graph.schema();
  await schema.propertyKey('name').asText().create();
  await schema.propertyKey('rank').asInt().create();
  await schema.vertexLabel('node').useCustomizeNumberId().properties('name', 'rank').create();
  await schema.edgeLabel('link').sourceLabel('node').targetLabel('node').singleTime().create();
  await schema.indexLabel('nodeByName').onV('node').by('name').secondary().create();
}

/**
 * Generates the R-MAT graph (edge factor 16, the given seed), loads it in batches of 10k and
 * samples start vertices with out-edges.
 *
 * @example
 * ```ts
 * const rmat = await loadRmat(db, 16, { dataDir, seed: 1, samples: 64 });
 * ```
 */
export async function loadRmat(db: Database, scale: number, options: SampleOptions): Promise<BenchGraph> {
  const rmat = generateRmat({ scale, edgeFactor: 16, seed: options.seed });
  const start = performance.now();
  const graph = await db.createGraph('rmat', { 'vertex.tx_capacity': 20_000, 'edge.tx_capacity': 20_000 });
  await defineRmatSchema(graph);
  const ranks = seededUint32(options.seed + 1);
  const slots = new Int32Array(rmat.vertexCount);
  for (let first = 0; first < rmat.vertexCount; first += BATCH) {
    const last = Math.min(first + BATCH, rmat.vertexCount);
    await graph.write((w) => {
      for (let v = first; v < last; v++) slots[v] = w.addVertex('node', { id: v, properties: [['name', `n${v}`], ['rank', ranks() % 100_000]] });
    });
  }
  for (let first = 0; first < rmat.edgeCount; first += BATCH) {
    const last = Math.min(first + BATCH, rmat.edgeCount);
    await graph.write((w) => {
      for (let e = first; e < last; e++) w.addEdge('link', { out: slots[rmat.sources[e]!]!, in: slots[rmat.targets[e]!]! });
    });
  }
  const loadMs = performance.now() - start;
  const csr = new CsrBaseline(rmat.vertexCount);
  csr.append(rmat.sources, rmat.targets);
  csr.build();
  const candidates: StartVertex[] = [];
  for (let v = 0; v < rmat.vertexCount; v++) if (csr.outDegree(v) > 0) candidates.push({ id: v, dense: v, name: `n${v}` });
  const starts = pick(candidates, options.samples, options.seed);
  return { name: `rmat${scale}`, graph, vertexLabel: 'node', edgeLabel: 'link', rankKey: 'rank', vertices: rmat.vertexCount, edges: rmat.edgeCount, starts, overheadScope: 'starts', csr, loadMs };
}
