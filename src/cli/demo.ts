/**
 * `quiver demo`: opens a durable database, creates a schema (person/software, knows/created,
 * property keys and index labels), loads a generated graph in batches with a progress bar,
 * reads it back through indexes and neighbour scans, and reports where the data lives, its
 * size on disk and the rates. A second run finds the graph, reopens it and reports what is
 * there; `--reset` drops it and loads again.
 * @module
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import { open, TypedNumber, Uuid } from '../index.js';
import type { Database, EdgeInput, Graph, VertexInput } from '../index.js';

/**
 * Options of {@link runDemo}.
 */
interface DemoOptions {
  readonly data: string;
  readonly graph: string;
  readonly vertices: number;
  readonly edges: number;
  readonly reset: boolean;
  readonly progress: boolean;
  /** Where report lines go. */
  readonly out: (line: string) => void;
}

const BATCH = 5000;
const LANGS = ['java', 'typescript', 'go', 'rust', 'python'];

/** A small deterministic PRNG (LCG), so every demo run builds the same graph. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function diskBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? diskBytes(full) : statSync(full).size;
  }
  return total;
}

function rate(count: number, ms: number): string {
  return `${Math.round(count / Math.max(ms / 1000, 1e-9)).toLocaleString('en-US')}/s`;
}

async function createSchema(graph: Graph): Promise<void> {
  const schema = graph.schema();
  await schema.propertyKey('name').asText().ifNotExist().create();
  await schema.propertyKey('age').asInt().ifNotExist().create();
  await schema.propertyKey('lang').asText().ifNotExist().create();
  await schema.propertyKey('weight').asDouble().ifNotExist().create();
  await schema.vertexLabel('person').useCustomizeNumberId().properties('name', 'age').nullableKeys('age').ifNotExist().create();
  await schema.vertexLabel('software').useCustomizeNumberId().properties('name', 'lang').ifNotExist().create();
  await schema.edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').ifNotExist().create();
  await schema.edgeLabel('created').sourceLabel('person').targetLabel('software').properties('weight').ifNotExist().create();
  await schema.indexLabel('personByName').onV('person').by('name').secondary().ifNotExist().create();
  await schema.indexLabel('personByAge').onV('person').by('age').range().ifNotExist().create();
  await schema.indexLabel('softwareByLang').onV('software').by('lang').secondary().ifNotExist().create();
}

async function inBatches<T>(items: readonly T[], bar: cliProgress.SingleBar | undefined, write: (batch: readonly T[]) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  bar?.start(items.length, 0);
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    await write(batch);
    bar?.increment(batch.length);
  }
  bar?.stop();
  return performance.now() - start;
}

async function load(graph: Graph, options: DemoOptions): Promise<void> {
  const people = Math.max(1, Math.ceil(options.vertices * 0.8));
  const software = Math.max(1, options.vertices - people);
  const random = lcg(20240229);
  const vertices: VertexInput[] = [];
  for (let i = 0; i < people; i++) vertices.push({ label: 'person', id: i + 1, properties: { name: `person${i + 1}`, age: 18 + (i % 60) } });
  for (let i = 0; i < software; i++) {
    vertices.push({ label: 'software', id: people + i + 1, properties: { name: `software${i + 1}`, lang: LANGS[i % LANGS.length]! } });
  }
  const seen = new Set<number>();
  const edges: EdgeInput[] = [];
  const maxEdges = Math.min(options.edges, people * (people - 1) + people * software);
  while (edges.length < maxEdges) {
    const created = random() < 0.2;
    const out = 1 + Math.floor(random() * people);
    const inV = created ? people + 1 + Math.floor(random() * software) : 1 + Math.floor(random() * people);
    const key = out * (people + software + 1) + inV;
    if (out === inV || seen.has(key)) continue;
    seen.add(key);
    edges.push({ label: created ? 'created' : 'knows', out, in: inV, properties: { weight: Math.round(random() * 100) / 100 } });
  }
  const bar = (name: string): cliProgress.SingleBar | undefined =>
    options.progress ? new cliProgress.SingleBar({ format: `${name} [{bar}] {percentage}% | {value}/{total} | {duration}s` }, cliProgress.Presets.shades_classic) : undefined;
  const vertexMs = await inBatches(vertices, bar('vertices'), (batch) => graph.addVertices(batch));
  const edgeMs = await inBatches(edges, bar('edges   '), (batch) => graph.addEdges(batch));
  options.out(`Loaded ${vertices.length.toLocaleString('en-US')} vertices in ${(vertexMs / 1000).toFixed(2)} s (${rate(vertices.length, vertexMs)})`);
  options.out(`Loaded ${edges.length.toLocaleString('en-US')} edges in ${(edgeMs / 1000).toFixed(2)} s (${rate(edges.length, edgeMs)}), batches of ${BATCH}, each fsynced`);
}

async function readBack(graph: Graph, out: (line: string) => void): Promise<void> {
  const view = graph.openReadView();
  const { source } = view;
  const people = source.vertexCount('person');
  out(`Counts: ${people} person, ${source.vertexCount('software')} software, ${source.edgeCount('knows')} knows, ${source.edgeCount('created')} created`);
  view.release();
  const lookups = Math.min(1000, people);
  let found = 0;
  let start = performance.now();
  for (let i = 0; i < lookups; i++) found += (await graph.vertices({ label: 'person', properties: { name: `person${1 + ((i * 7919) % people)}` } })).vertices.length;
  const lookupMs = performance.now() - start;
  out(`Index lookups by name (personByName): ${found}/${lookups} found, ${rate(lookups, lookupMs)}`);
  const inRange = source.lookup('vertex', { label: 'person', key: 'age', predicate: { op: 'between', values: [30, 40] } });
  out(`Range lookup 30 <= age < 40 (personByAge): ${inRange === undefined ? 'no index' : [...inRange].length} people`);
  const [example] = (await graph.vertices({ label: 'person', limit: 1 })).vertices;
  if (example !== undefined) out(`Example vertex: ${JSON.stringify(example, (_key, value: unknown) => (value instanceof TypedNumber || value instanceof Uuid ? String(value) : value))}`);
  start = performance.now();
  const sources = Int32Array.from(source.vertexSlots('person'));
  let neighbours = 0;
  for (const batch of source.scanNeighbours(sources, 'OUT', { labels: ['knows'] })) neighbours += batch.length;
  const scanMs = performance.now() - start;
  out(`Neighbour scan: ${neighbours} knows-neighbours of ${sources.length} people in ${scanMs.toFixed(1)} ms (${rate(neighbours, scanMs)})`);
}

/**
 * Runs the demo and writes its report through `options.out`.
 */
export async function runDemo(options: DemoOptions): Promise<void> {
  const path = resolve(options.data);
  const out = options.out;
  let start = performance.now();
  let db: Database = await open({ path });
  out(`Opened database in ${path} (${(performance.now() - start).toFixed(0)} ms)`);
  try {
    if (options.reset && db.hasGraph(options.graph)) {
      await db.dropGraph(options.graph);
      out(`Dropped graph '${options.graph}'`);
    }
    if (db.hasGraph(options.graph)) {
      out(`Graph '${options.graph}' already exists: reading it back (run with --reset to load it again)`);
    } else {
      const graph = await db.createGraph(options.graph);
      await createSchema(graph);
      out(`Created graph '${options.graph}' with schema: person, software, knows, created; indexes personByName, personByAge, softwareByLang`);
      await load(graph, options);
    }
    await readBack(db.graph(options.graph), out);
    start = performance.now();
    await db.close();
    out(`Closed (final snapshot) in ${(performance.now() - start).toFixed(0)} ms`);
    start = performance.now();
    db = await open({ path });
    const reopened = db.graph(options.graph).openReadView();
    out(`Reopened in ${(performance.now() - start).toFixed(0)} ms: ${reopened.source.vertexCount()} vertices, ${reopened.source.edgeCount()} edges`);
    reopened.release();
  } finally {
    await db.close();
  }
  out(`Data lives in ${join(path, 'graphs', options.graph)} (${(diskBytes(path) / 1024 / 1024).toFixed(2)} MiB on disk)`);
}
