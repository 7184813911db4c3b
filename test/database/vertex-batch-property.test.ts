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
  return graph;
}

async function schemaGraph(db?: Database): Promise<Graph> {
  return defineSchema(await (db ?? (await open())).createGraph('g'));
}

const value = (good: fc.Arbitrary<PropertyValue>): fc.Arbitrary<PropertyValue | undefined> =>
  fc.oneof({ weight: 30, arbitrary: good }, { weight: 6, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant<PropertyValue>(12.5) });

const vertex: fc.Arbitrary<VertexInput> = fc
  .record({
    label: fc.constantFrom('person', 'person', 'person', 'person', 'tagged', 'place', 'account'),
    name: fc.oneof({ weight: 30, arbitrary: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h') }, { weight: 1, arbitrary: fc.constant(undefined) }),
    age: value(fc.integer({ min: 0, max: 99 })),
    city: value(fc.constantFrom('x', 'y')),
    tags: value(fc.constantFrom<PropertyValue>(['t'], ['t', 'u'])),
    code: value(fc.constantFrom('k1', 'k2')),
    reversed: fc.boolean(),
    stray: fc.oneof({ weight: 60, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    id: fc.oneof({ weight: 40, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('i1', 'i2') }),
  })
  .map(({ label, reversed, stray, id, ...values }) => {
    const fits: Record<string, readonly string[]> = { person: ['name', 'age', 'city'], tagged: ['name', 'tags'], place: ['name', 'code'], account: ['name'] };
    const entries = Object.entries(values).filter(([name, v]) => v !== undefined && (v === 12.5 || fits[label]!.includes(name)));
    const properties: Record<string, PropertyValue> = Object.fromEntries(reversed ? entries.reverse() : entries) as Record<string, PropertyValue>;
    if (stray) properties.unknown = 1;
    const given = label === 'account' ? (id ?? 'acc') : id;
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
