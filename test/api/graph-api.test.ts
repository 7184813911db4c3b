import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ArgumentError, ConflictError, NotFoundError, QuiverError, StorageError, TypedNumber, open,
} from '../../src/index.js';
import type { Graph } from '../../src/index.js';
import { readGraph } from '../read-graph.js';

async function modernSchema(graph: Graph): Promise<void> {
  const schema = graph.schema();
  await schema.propertyKey('name').asText().ifNotExist().create();
  await schema.propertyKey('age').asInt().ifNotExist().create();
  await schema.propertyKey('lang').asText().ifNotExist().create();
  await schema.propertyKey('weight').asDouble().ifNotExist().create();
  await schema.vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create();
  await schema.vertexLabel('software').properties('name', 'lang').primaryKeys('name').ifNotExist().create();
  await schema.edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').ifNotExist().create();
  await schema.edgeLabel('created').sourceLabel('person').targetLabel('software').properties('weight').ifNotExist().create();
  await schema.indexLabel('personByAge').onV('person').by('age').range().ifNotExist().create();
}

function code(expected: string): (error: unknown) => boolean {
  return (error: unknown) => error instanceof QuiverError && error.code === expected;
}

test('open() without a path gives an in-memory database whose graphs start empty', async () => {
  const db = await open();
  assert.equal(db.path, undefined);
  const graph = await db.createGraph('hugegraph');
  assert.equal(graph.name, 'hugegraph');
  assert.equal(graph.durable, false);
  assert.equal(readGraph(graph, (s) => s.vertexCount()), 0);
  assert.deepEqual(db.graphs().map((g) => g.name), ['hugegraph']);
  await db.close();
});

test('Database.createGraph, graph, graphs and dropGraph manage the registry', async () => {
  const db = await open();
  await db.createGraph('b');
  await db.createGraph('a', { 'schema.auto_create': true });
  assert.deepEqual(db.graphs().map((g) => g.name), ['a', 'b']);
  assert.equal(db.graph('a').config['schema.auto_create'], true);
  await assert.rejects(db.createGraph('a'), (e: unknown) => e instanceof ConflictError && e.code === 'GRAPH_EXISTS');
  await assert.rejects(db.createGraph('Bad Name'), (e: unknown) => e instanceof ArgumentError && e.code === 'INVALID_GRAPH_NAME');
  await assert.rejects(db.createGraph('c', { 'edge.tx_capacity': 1 }), code('INVALID_CONFIG_VALUE'));
  assert.equal(db.hasGraph('c'), false);
  await db.dropGraph('b');
  assert.throws(() => db.graph('b'), (e: unknown) => e instanceof NotFoundError && e.code === 'GRAPH_NOT_FOUND' && e.message === "Graph 'b' does not exist");
  await assert.rejects(db.dropGraph('b'), code('GRAPH_NOT_FOUND'));
  await db.close();
  assert.throws(() => db.graphs(), (e: unknown) => e instanceof StorageError && e.code === 'DATABASE_CLOSED');
});

test('Graph CRUD returns HugeGraph-shaped plain objects', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await modernSchema(graph);
  const marko = await graph.addVertex('person', { name: 'marko', age: 29 });
  const vadas = await graph.addVertex('person', { name: 'vadas', age: 27 });
  const lop = await graph.addVertex('software', { name: 'lop', lang: 'java' });
  assert.deepEqual(marko, { id: '1:marko', label: 'person', type: 'vertex', properties: { name: 'marko', age: 29 } });
  const knows = await graph.addEdge('knows', { out: marko.id, in: vadas.id, properties: { weight: 0.5 } });
  assert.equal(knows.label, 'knows');
  assert.equal(knows.type, 'edge');
  assert.equal(knows.outV, '1:marko');
  assert.equal(knows.outVLabel, 'person');
  assert.equal(knows.inV, '1:vadas');
  assert.equal(knows.inVLabel, 'person');
  assert.equal(knows.properties.weight, 0.5);
  const javaKnows = await graph.getEdge(knows.id, { types: 'java' });
  assert.ok(javaKnows?.properties.weight instanceof TypedNumber);
  assert.equal(javaKnows.properties.weight.toNumber(), 0.5);
  assert.deepEqual((await graph.getEdge(knows.id)), knows);
  assert.deepEqual((await graph.getVertex('1:marko')), marko);
  assert.equal((await graph.getVertex('1:nobody')), undefined);
  const created = await graph.addEdge('created', { out: marko.id, in: lop.id, properties: { weight: 0.4 } });
  assert.equal(readGraph(graph, (s) => s.edgeCount()), 2);
  const older = await graph.updateVertexProperties(marko.id, { age: 30 });
  assert.equal(older.properties.age, 30);
  assert.equal((await graph.getVertex(marko.id))?.properties.age, 30);
  const heavier = await graph.updateEdgeProperties(created.id, { weight: 1 });
  assert.equal(heavier.properties.weight, 1);
  await graph.removeEdge(knows.id);
  assert.equal((await graph.getEdge(knows.id)), undefined);
  await graph.removeVertex(marko.id);
  assert.equal((await graph.getVertex(marko.id)), undefined);
  assert.equal((await graph.getEdge(created.id)), undefined, 'removing a vertex removes its edges');
  assert.equal(readGraph(graph, (s) => s.edgeCount()), 0);
  await db.close();
});

test('Graph CRUD errors name what failed', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await modernSchema(graph);
  await graph.addVertex('person', { name: 'marko' });
  await assert.rejects(
    graph.addEdge('knows', { out: '1:marko', in: '1:ghost' }),
    (e: unknown) => e instanceof NotFoundError && e.code === 'VERTEX_NOT_FOUND' && e.message === "Cannot create edge: vertex '1:ghost' does not exist",
  );
  await assert.rejects(graph.removeVertex('1:ghost'), code('VERTEX_NOT_FOUND'));
  await assert.rejects(graph.removeEdge('S1:marko>1>1>>S1:ghost'), code('EDGE_NOT_FOUND'));
  await assert.rejects(graph.updateVertexProperties('1:ghost', { age: 1 }), code('VERTEX_NOT_FOUND'));
  await assert.rejects(graph.addVertex('alien', { name: 'x' }), (e: unknown) => e instanceof QuiverError && e.kind === 'schema');
  await db.close();
});

test('Graph.addVertices is one atomic batch: a bad vertex leaves nothing behind', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await modernSchema(graph);
  await assert.rejects(graph.addVertices([
    { label: 'person', properties: { name: 'a' } },
    { label: 'person', properties: { name: 'b' } },
    { label: 'person', properties: { name: 'c', age: 'old' } },
  ]));
  assert.equal(readGraph(graph, (s) => s.vertexCount()), 0);
  const added = await graph.addVertices([{ label: 'person', properties: { name: 'a' } }, { label: 'person', properties: { name: 'b' } }]);
  assert.deepEqual(added.map((v) => v.id), ['1:a', '1:b']);
  const weight = { weight: 0.1 };
  await assert.rejects(graph.addEdges([{ label: 'knows', out: '1:a', in: '1:b', properties: weight }, { label: 'knows', out: '1:a', in: '1:zz', properties: weight }]), code('VERTEX_NOT_FOUND'));
  assert.equal(readGraph(graph, (s) => s.edgeCount()), 0);
  await db.close();
});

test('Graph.vertices filters by label and property through an index, refuses unindexed properties in a strict graph, and limits', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await modernSchema(graph);
  await graph.addVertices([
    { label: 'person', properties: { name: 'marko', age: 29 } },
    { label: 'person', properties: { name: 'josh', age: 32 } },
    { label: 'person', properties: { name: 'peter', age: 29 } },
    { label: 'software', properties: { name: 'lop', lang: 'java' } },
  ]);
  assert.deepEqual((await graph.vertices({ label: 'person', properties: { age: 29 } })).vertices.map((v) => v.id).sort(), ['1:marko', '1:peter']);
  await assert.rejects(graph.vertices({ label: 'software', properties: { lang: 'java' } }), (e: unknown) => e instanceof QuiverError && e.code === 'NO_INDEX' && e.message === "Don't accept query based on properties [lang] that are not indexed in label 'software', may not match secondary condition");
  assert.equal((await graph.vertices({ label: 'person' })).vertices.length, 3);
  assert.equal((await graph.vertices({ limit: 2 })).vertices.length, 2);
  assert.equal((await graph.vertices()).vertices.length, 4);
  assert.deepEqual((await graph.vertices({ properties: { name: 'nobody' } })).vertices, []);
  await db.close();
});

test('Graph.write commits a batch of writer calls and rolls back on a throw', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await modernSchema(graph);
  const slot = await graph.write((w) => w.addVertex('person', { properties: [['name', 'marko']] }));
  assert.equal(readGraph(graph, (s) => s.vertexId(slot)), '1:marko');
  await assert.rejects(graph.write((w) => {
    w.addVertex('person', { properties: [['name', 'vadas']] });
    throw new Error('changed my mind');
  }), /changed my mind/);
  assert.equal((await graph.getVertex('1:vadas')), undefined);
  await db.close();
});

test('Graph modes are validated and kept', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  assert.equal(graph.mode, 'NONE');
  assert.equal(graph.readMode, 'OLTP_ONLY');
  await graph.setMode('RESTORING');
  await graph.setReadMode('ALL');
  assert.equal(graph.mode, 'RESTORING');
  assert.equal(graph.readMode, 'ALL');
  await assert.rejects(graph.setMode('PAUSED' as 'NONE'), code('INVALID_GRAPH_MODE'));
  await db.close();
});

test('A graph with schema.auto_create accepts unknown labels and keys, like TinkerGraph', async () => {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  const a = await graph.addVertex('person', { name: 'marko', age: 29 }, { id: 1 });
  const b = await graph.addVertex('person', { name: 'vadas' }, { id: 2 });
  await graph.addEdge('knows', { out: a.id, in: b.id, properties: { weight: 0.5 } });
  assert.ok(graph.catalog().vertexLabel('person') !== undefined);
  assert.equal(graph.catalog().propertyKey('age')?.dataType, 'INT');
  assert.equal(readGraph(graph, (s) => s.edgeCount('knows')), 1);
  await db.close();
});

test('A closed graph refuses use', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await db.close();
  assert.throws(() => graph.openReadView(), code('GRAPH_CLOSED'));
  await assert.rejects(graph.addVertex('x'), code('GRAPH_CLOSED'));
});
