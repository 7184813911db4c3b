/**
 * Graph.addVertexIds (columnar per label run) against Graph.addVertices (one vertex at a time):
 * the same random batches, good and bad, give the same ids, the same errors and the same graph;
 * a rejected batch leaves nothing behind, also after a reopen of a durable graph.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { QuiverError, open } from '../../src/index.js';
import { TypedNumber } from '../../src/index.js';
import type { Database, Graph, PropertyValue, VertexInput } from '../../src/index.js';
import { assertSameBatches, storedVertices } from './batch-equivalence.js';

async function defineSchema(graph: Graph): Promise<Graph> {
  const s = graph.schema();
  await s.propertyKey('name').asText().create();
  await s.propertyKey('age').asInt().create();
  await s.propertyKey('city').asText().create();
  await s.propertyKey('tags').asText().valueList().create();
  await s.propertyKey('code').asText().create();
  await s.vertexLabel('person').properties('name', 'age', 'city').primaryKeys('name').nullableKeys('age').create();
  await s.vertexLabel('tagged').properties('name', 'tags').primaryKeys('name').nullableKeys('tags').create();
  await s.vertexLabel('place').properties('name', 'code').primaryKeys('name').nullableKeys('code').create();
  await s.indexLabel('placeByCode').onV('place').by('code').secondary().create();
  await s.vertexLabel('account').useCustomizeStringId().properties('name').nullableKeys('name').create();
  await s.vertexLabel('counter').useCustomizeNumberId().properties('name', 'age').nullableKeys('age').create();
  await s.vertexLabel('token').useCustomizeUuidId().properties('code').nullableKeys('code').create();
  await s.vertexLabel('auto').useAutomaticId().properties('name', 'age').nullableKeys('age').create();
  return graph;
}

const UUID = '4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11';
const OTHER_UUID = '00000000-0000-4000-8000-000000000001';
const uuidOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function schemaGraph(db?: Database): Promise<Graph> {
  return defineSchema(await (db ?? (await open())).createGraph('g'));
}

const value = (good: fc.Arbitrary<PropertyValue>): fc.Arbitrary<PropertyValue | undefined> =>
  fc.oneof({ weight: 30, arbitrary: good }, { weight: 6, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant<PropertyValue>(12.5) });

const vertex: fc.Arbitrary<VertexInput> = fc
  .record({
    label: fc.constantFrom('person', 'person', 'person', 'person', 'tagged', 'place', 'account', 'account', 'counter', 'counter', 'token', 'token'),
    name: fc.oneof({ weight: 30, arbitrary: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h') }, { weight: 1, arbitrary: fc.constant(undefined) }),
    age: value(fc.integer({ min: 0, max: 99 })),
    city: value(fc.constantFrom('x', 'y')),
    tags: value(fc.constantFrom<PropertyValue>(['t'], ['t', 'u'])),
    code: value(fc.constantFrom('k1', 'k2')),
    reversed: fc.boolean(),
    stray: fc.oneof({ weight: 60, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    id: fc.oneof({ weight: 40, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('i1', 'i2') }),
    // Ids for the CUSTOMIZE labels: few distinct values (merges and repeats in a batch), equal
    // numbers in several forms, a UUID in two cases, and ids the strategy refuses.
    customized: fc.constantFrom<VertexInput['id']>('acc', 'acc2', 'a3', 7, 8, 9, '9', 9n, 2.5, UUID, UUID.toUpperCase(), OTHER_UUID, 'not-a-uuid', ''),
    generated: fc.integer({ min: 0, max: 40 }),
  })
  .map(({ label, reversed, stray, id, customized, generated, ...values }) => {
    const fits: Record<string, readonly string[]> = { person: ['name', 'age', 'city'], tagged: ['name', 'tags'], place: ['name', 'code'], account: ['name'], counter: ['name', 'age'], token: ['code'] };
    const entries = Object.entries(values).filter(([name, v]) => v !== undefined && (v === 12.5 || fits[label]!.includes(name)));
    const properties: Record<string, PropertyValue> = Object.fromEntries(reversed ? entries.reverse() : entries) as Record<string, PropertyValue>;
    if (stray) properties.unknown = 1;
    // Mostly an id of the label's own kind (repeats make merges), now and then any other.
    const own: Record<string, VertexInput['id']> = { account: `acc${generated % 5}`, counter: generated % 5, token: uuidOf(generated % 5) };
    const given = label in own ? (generated % 10 === 0 ? customized : own[label]) : id;
    return given === undefined ? { label, properties } : { label, properties, id: given };
  });

test('addVertexIds gives the same ids, errors and stored vertices as addVertices, batch after batch', async () => {
  await assertSameBatches(fc.array(fc.array(vertex, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }), {
    graph: () => schemaGraph(),
    columnar: (graph, batch) => graph.addVertexIds(batch),
    perElement: async (graph, batch) => (await graph.addVertices(batch)).map((v) => v.id),
    stored: storedVertices,
    numRuns: 80,
    minWritten: 100,
  });
});

test('addVertexIds rolls back a columnar run when a later vertex of the batch fails, in memory and after a reopen', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-vbatch-'));
  try {
    const db = await open({ path: dir });
    const graph = await schemaGraph(db);
    await graph.addVertexIds([{ label: 'person', properties: { name: 'kept', city: 'x' } }]);
    const before = await storedVertices(graph);
    const run = Array.from({ length: 50 }, (_, i) => ({ label: 'person', properties: { name: `n${i}`, age: i, city: 'y' } }));
    await assert.rejects(
      graph.addVertexIds([...run, { label: 'person', properties: { name: 'bad', age: 'old', city: 'y' } }]),
      (e: unknown) => e instanceof QuiverError && e.code !== undefined,
    );
    assert.deepEqual(await storedVertices(graph), before);
    const ids = await graph.addVertexIds(run);
    assert.deepEqual(ids, run.map((v) => `1:${v.properties.name}`));
    const written = await storedVertices(graph);
    await db.close();
    const again = await open({ path: dir });
    assert.deepEqual(await storedVertices(again.graph('g')), written);
    assert.equal(written.length, 51);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('addVertexIds writes AUTOMATIC vertices columnar with new increasing ids, the values addVertices stores, and refuses a bad batch whole', async () => {
  const columnar = await schemaGraph();
  const perVertex = await schemaGraph();
  const batch: VertexInput[] = Array.from({ length: 40 }, (_, i): VertexInput => ({ label: 'auto', properties: i % 3 === 0 ? { name: `n${i}` } : { name: `n${i}`, age: i } }));
  const ids = await columnar.addVertexIds(batch, { types: 'java' });
  await perVertex.addVertices(batch);
  const longs = ids.map((id) => {
    assert.ok(id instanceof TypedNumber && id.type === 'long', `expected a long id, got ${String(id)}`);
    return BigInt(id.value);
  });
  assert.deepEqual([...longs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), longs);
  assert.equal(new Set(longs).size, longs.length);
  // Vertices in insertion order (the scan order of both graphs), without their ids.
  const withoutIds = async (graph: Graph): Promise<unknown[]> => (await graph.vertices({ limit: 1000 })).vertices.map((v) => [v.label, v.properties]);
  assert.deepEqual(await withoutIds(columnar), await withoutIds(perVertex));
  const before = await storedVertices(columnar);
  await assert.rejects(columnar.addVertexIds([...batch, { label: 'auto', properties: { name: 'x', age: 'old' } }]), (e: unknown) => e instanceof QuiverError);
  await assert.rejects(columnar.addVertexIds([{ label: 'auto', id: 5, properties: { name: 'x' } }]), (e: unknown) => e instanceof QuiverError && e.code === 'VERTEX_ID_NOT_ALLOWED');
  assert.deepEqual(await storedVertices(columnar), before);
});

test('addVertexIds batches of CUSTOMIZE and AUTOMATIC labels replay from the log to the same vertices', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-vbatch-ids-'));
  try {
    const db = await open({ path: dir });
    const graph = await schemaGraph(db);
    await graph.addVertexIds([
      ...[1, 2, 3n].map((id) => ({ label: 'counter', id, properties: { name: `c${id}` } })),
      ...[UUID.toUpperCase(), OTHER_UUID].map((id) => ({ label: 'token', id, properties: { code: 'k1' } })),
      ...['x', 'y'].map((id) => ({ label: 'account', id, properties: { name: id } })),
      ...[5, 6].map((age) => ({ label: 'auto', properties: { name: 'a', age } })),
    ]);
    const written = await storedVertices(graph);
    assert.equal(written.length, 9);
    await db.close();
    const again = await open({ path: dir });
    assert.deepEqual(await storedVertices(again.graph('g')), written);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
