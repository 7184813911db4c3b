/**
 * The cost of the database layer's element reads on the engine's read road: id lookups,
 * property queries, paging and shard scans over 100,000 vertices in memory (fixed data).
 * Usage: npm run bench:reads
 * @module
 */
import { performance } from 'node:perf_hooks';
import { open, P } from '../src/index.js';

const VERTICES = 100_000;
const LOOKUPS = 20_000;

function report(what: string, value: string): void {
  process.stdout.write(`${what.padEnd(52)} ${value}\n`);
}

const db = await open({ ttlSweepMs: 0 });
const graph = await db.createGraph('reads');
const schema = graph.schema();
await schema.propertyKey('name').asText().create();
await schema.propertyKey('age').asInt().create();
await schema.vertexLabel('person').properties('name', 'age').primaryKeys('name').create();
await schema.indexLabel('personByAge').onV('person').by('age').range().create();
for (let i = 0; i < VERTICES; i += 5000) {
  await graph.addVertices(Array.from({ length: 5000 }, (_, j) => ({ label: 'person', properties: { name: `p${i + j}`, age: (i + j) % 100 } })));
}

let start = performance.now();
for (let i = 0; i < LOOKUPS; i++) await graph.getVertex(`1:p${(i * 7919) % VERTICES}`);
report('getVertex (read view + engine entry point)', `${(((performance.now() - start) * 1000) / LOOKUPS).toFixed(1)} us/call`);

start = performance.now();
for (let i = 0; i < LOOKUPS; i++) graph.openReadView().release();
report('  of which opening and releasing the read view', `${(((performance.now() - start) * 1000) / LOOKUPS).toFixed(1)} us/call`);

start = performance.now();
for (let i = 0; i < 200; i++) await graph.vertices({ label: 'person', properties: { age: P.between(10, 12) }, limit: 100 });
report('vertices(age between 10 and 12, range index, limit 100)', `${((performance.now() - start) / 200).toFixed(2)} ms/call`);

start = performance.now();
let page: string | null = '';
let seen = 0;
while (page !== null) {
  const answer: Awaited<ReturnType<typeof graph.vertices>> = await graph.vertices({ label: 'person', limit: 1000, page });
  seen += answer.vertices.length;
  page = answer.page;
}
report(`paging all ${seen} vertices, 1000 a page`, `${(performance.now() - start).toFixed(0)} ms`);

start = performance.now();
const shards = await graph.vertexShards(10_000);
seen = 0;
for (const shard of shards) seen += (await graph.scanVertices({ start: shard.start, end: shard.end })).vertices.length;
report(`shards + scans of all ${seen} vertices (${shards.length} shards)`, `${(performance.now() - start).toFixed(0)} ms`);
await db.close();
