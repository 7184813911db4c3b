import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FilteredSource, P, QuiverError } from '../../src/index.js';
import type { Graph, GraphSource, SourceDecorator } from '../../src/index.js';
import { openModern } from './modern-graph.js';
import { readGraph } from '../read-graph.js';

/** A decorator that hides every `software` vertex, and with it every edge that touches one. */
const hideSoftware: SourceDecorator = (source: GraphSource) => new FilteredSource(source, { vertex: (slot) => source.vertexLabel(slot) !== 'software' });

function code(expected: string): (error: unknown) => boolean {
  return (error: unknown) => error instanceof QuiverError && error.code === expected;
}

async function allScanned(graph: Graph, element: 'vertex' | 'edge', splitSize: number): Promise<string[]> {
  const seen: string[] = [];
  const shards = element === 'vertex' ? await graph.vertexShards(splitSize) : await graph.edgeShards(splitSize);
  for (const shard of shards) {
    let page: string | null = '';
    while (page !== null) {
      if (element === 'vertex') {
        const answer: { vertices: { label: string }[]; page: string | null } = await graph.scanVertices({ start: shard.start, end: shard.end, page, pageLimit: 1 });
        seen.push(...answer.vertices.map((v) => v.label));
        page = answer.page;
      } else {
        const answer: { edges: { label: string }[]; page: string | null } = await graph.scanEdges({ start: shard.start, end: shard.end, page, pageLimit: 1 });
        seen.push(...answer.edges.map((e) => e.label));
        page = answer.page;
      }
    }
  }
  return seen.sort();
}

test('Graph.withSourceDecorator hides a label from every public read: Gremlin, fluent, CRUD, property queries, pages, shards, scans and counts', async () => {
  const { db, graph } = await openModern();
  try {
    const restricted = graph.withSourceDecorator(hideSoftware);
    // The undecorated graph sees everything, so each assertion below can fail.
    assert.deepEqual(await graph.gremlin("g.V().hasLabel('software').count()"), [2]);
    assert.notEqual(await graph.getVertex(3), undefined);

    assert.deepEqual(await restricted.gremlin("g.V().hasLabel('software').count()"), [0]);
    assert.deepEqual(await restricted.gremlin("g.V(3).values('name')"), []);
    assert.deepEqual(await restricted.gremlin("g.E().hasLabel('created').count()"), [0]);
    assert.deepEqual(await restricted.gremlin("g.V(1).out().values('name').order()"), ['josh', 'vadas']);
    assert.deepEqual(await restricted.traversal().V().hasLabel('software').toList(), []);
    assert.deepEqual(await restricted.gremlin("g.V().hasLabel('software').property('seen', true).count()"), [0], 'a writing traversal reads through the decorator too');
    assert.deepEqual(await graph.gremlin("g.V().has('seen').count()"), [0]);
    assert.deepEqual(await restricted.traversal().V().has('name', 'lop').count().toList(), [0]);
    assert.deepEqual(await restricted.traversal().E().label().dedup().toList(), ['knows']);

    assert.equal(await restricted.getVertex(3), undefined);
    assert.equal(await restricted.getEdge(9), undefined, 'created edge 1->3');
    assert.notEqual(await restricted.getEdge(7), undefined, 'knows edge 1->2 stays');
    assert.deepEqual((await restricted.vertices({ label: 'software' })).vertices, []);
    assert.deepEqual((await restricted.vertices({ properties: { name: P.within('lop', 'ripple', 'marko') } })).vertices.map((v) => v.id), [1]);
    assert.deepEqual((await restricted.vertices()).vertices.map((v) => v.label).sort(), ['person', 'person', 'person', 'person']);
    assert.deepEqual((await restricted.edges({ vertexId: 1 })).edges.map((e) => e.label), ['knows', 'knows']);
    assert.deepEqual((await restricted.edges({ label: 'created' })).edges, []);
    assert.deepEqual((await restricted.edges({ properties: { weight: P.gte(0.4) }, limit: 10, page: '' })).edges.map((e) => e.id), [7, 8]);

    const pages: string[] = [];
    let page: string | null = '';
    while (page !== null) {
      const answer: { vertices: { id: unknown }[]; page: string | null } = await restricted.vertices({ limit: 1, page });
      pages.push(...answer.vertices.map((v) => String(v.id)));
      page = answer.page;
    }
    assert.deepEqual(pages, ['1', '2', '4', '6']);

    assert.deepEqual(await allScanned(restricted, 'vertex', 2), ['person', 'person', 'person', 'person']);
    assert.deepEqual(await allScanned(restricted, 'edge', 1), ['knows', 'knows']);
    assert.equal((await restricted.vertexShards(1)).reduce((n, s) => n + s.length, 0), 4);
    assert.equal(readGraph(restricted, (s) => s.vertexCount('software')), 0);
    assert.equal(readGraph(restricted, (s) => s.edgeCount()), 2);

    // Traversers read through the decorator too (runTraverser used to read the bare view).
    assert.deepEqual((await graph.traversers.kneighbor({ source: 1, maxDepth: 1 })).ids.map(String).sort(), ['2', '3', '4']);
    assert.deepEqual((await restricted.traversers.kneighbor({ source: 1, maxDepth: 1 })).ids.map(String).sort(), ['2', '4']);
    assert.equal((await graph.traversers.rays({ source: 4, direction: 'OUT', maxDepth: 2 })).rays.length, 2);
    assert.deepEqual((await restricted.traversers.rays({ source: 4, direction: 'OUT', maxDepth: 2 })).rays, [{ objects: [4] }]);

    // A nested handle composes decorators; the original graph is untouched.
    const noJosh = restricted.withSourceDecorator((source) => new FilteredSource(source, { vertex: (slot) => source.vertexId(slot) !== 4 }));
    assert.deepEqual(await noJosh.gremlin('g.V().count()'), [3]);
    assert.deepEqual(await graph.gremlin('g.V().count()'), [6]);
  } finally {
    await db.close();
  }
});

test('Graph.vertices and edges take P predicates, page with tokens and follow HugeGraph\'s list rules', async () => {
  const { db, graph } = await openModern();
  try {
    const older = await graph.vertices({ label: 'person', properties: { age: P.gt(29) } });
    assert.deepEqual(older.vertices.map((v) => v.id), [4, 6]);
    assert.equal(older.page, null);
    const first = await graph.vertices({ label: 'person', properties: { age: P.between(27, 33) }, limit: 2, page: '' });
    assert.deepEqual(first.vertices.map((v) => v.id), [1, 2]);
    assert.equal(typeof first.page, 'string');
    const second = await graph.vertices({ label: 'person', properties: { age: P.between(27, 33) }, limit: 2, page: first.page! });
    assert.deepEqual(second.vertices.map((v) => v.id), [4]);
    assert.equal(second.page, null);
    assert.deepEqual((await graph.edges({ vertexId: 1, direction: 'OUT', label: 'knows' })).edges.map((e) => e.inV), [2, 4]);
    assert.deepEqual((await graph.edges({ vertexId: 1, direction: 'IN' })).edges, []);
    assert.deepEqual((await graph.edges({ vertexId: 4, offset: 1, limit: 1 })).edges.map((e) => e.id), [10]);
    // HugeGraph's EdgeAPI rules: a page goes with a vertex, a direction and several properties; only an offset beside it is refused.
    const mine = await graph.edges({ vertexId: 1, direction: 'OUT', limit: 2, page: '' });
    assert.deepEqual([mine.edges.length, typeof mine.page], [2, 'string']);
    const rest = await graph.edges({ vertexId: 1, direction: 'OUT', limit: 2, page: mine.page! });
    assert.deepEqual([rest.edges.length, rest.page], [1, null]);
    assert.equal((await graph.edges({ page: '', direction: 'OUT', limit: 100 })).edges.length, 6, 'direction without a vertex is ignored');
    await assert.rejects(graph.edges({ vertexId: 1, offset: 1, page: '' }), code('INVALID_ARGUMENT'));
    await assert.rejects(graph.vertices({ page: 'nonsense' }), code('INVALID_PAGE'));
    await assert.rejects(graph.vertices({ page: (await graph.edges({ limit: 1, page: '' })).page! }), code('INVALID_PAGE'));
  } finally {
    await db.close();
  }
});

test('Graph.vertices and edges need an index for every property condition in a strict graph, never for ids, labels or one vertex\'s edges', async () => {
  const { db } = await openModern();
  try {
    const graph = await db.createGraph('strict');
    const schema = graph.schema();
    await schema.propertyKey('name').asText().create();
    await schema.propertyKey('age').asInt().create();
    await schema.propertyKey('city').asText().create();
    await schema.propertyKey('weight').asDouble().create();
    await schema.vertexLabel('person').properties('name', 'age', 'city').primaryKeys('name').nullableKeys('age', 'city').create();
    await schema.edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').nullableKeys('weight').create();
    await schema.indexLabel('personByAge').onV('person').by('age').range().create();
    await graph.addVertices([{ label: 'person', properties: { name: 'a', age: 20, city: 'x' } }, { label: 'person', properties: { name: 'b', age: 40, city: 'y' } }]);
    await graph.addEdge('knows', { out: '1:a', in: '1:b', properties: { weight: 0.5 } });

    assert.deepEqual((await graph.vertices({ label: 'person', properties: { age: P.gte(30) } })).vertices.map((v) => v.id), ['1:b']);
    assert.deepEqual((await graph.vertices({ label: 'person', properties: { name: 'a' } })).vertices.map((v) => v.id), ['1:a'], 'a single primary key is an id lookup');
    assert.equal((await graph.vertices({ label: 'person' })).vertices.length, 2);
    assert.notEqual(await graph.getVertex('1:a'), undefined);
    assert.equal((await graph.edges({ vertexId: '1:a', properties: { weight: 0.5 } })).edges.length, 1);
    await assert.rejects(
      graph.vertices({ label: 'person', properties: { age: P.gte(30), city: 'y' } }),
      (e: unknown) => e instanceof QuiverError && e.code === 'NO_INDEX' && e.message === "Don't accept query based on properties [city] that are not indexed in label 'person', may not match secondary condition",
    );
    await assert.rejects(graph.vertices({ properties: { age: P.neq(20) } }), (e: unknown) => e instanceof QuiverError && e.code === 'NO_INDEX' && /any label, may not match not-equal/.test(e.message));
    await assert.rejects(graph.edges({ properties: { weight: 0.5 } }), code('NO_INDEX'));
  } finally {
    await db.close();
  }
});

test('Graph.addEdgesBulk takes vertex ids or the slots vertexSlotsOf returns, and refuses absent vertices', async () => {
  const { db, graph } = await openModern();
  try {
    const before = readGraph(graph, (s) => s.edgeCount('likes'));
    assert.equal(await graph.addEdgesBulk('likes', { out: [1, 2], in: [3, 5] }), 2);
    const slots = await graph.vertexSlotsOf([4, 6, 'nobody']);
    assert.equal(slots[2], -1);
    assert.equal(await graph.addEdgesBulk('likes', { out: slots.subarray(0, 1), in: slots.subarray(1, 2) }), 1);
    assert.deepEqual((await graph.edges({ label: 'likes' })).edges.map((e) => [e.outV, e.inV]), [[1, 3], [2, 5], [4, 6]]);
    await assert.rejects(graph.addEdgesBulk('likes', { out: [1], in: ['nobody'] }), code('VERTEX_NOT_FOUND'));
    await assert.rejects(graph.addEdgesBulk('likes', { out: slots.subarray(2), in: slots.subarray(0, 1) }), code('VERTEX_NOT_FOUND'));
    assert.equal(readGraph(graph, (s) => s.edgeCount('likes')), before + 3);
    assert.equal((await graph.withSourceDecorator(hideSoftware).vertexSlotsOf([3]))[0], -1, 'a hidden vertex has no slot for the handle');
  } finally {
    await db.close();
  }
});

test('script element methods (value, values, keys, properties, property, outVertex, inVertex) read through the source decorator', async () => {
  const { db, graph } = await openModern();
  try {
    const hideKeys = (source: GraphSource): GraphSource => new FilteredSource(source, { hiddenKeys: new Set(['age', 'weight']) });
    const restricted = graph.withSourceDecorator(hideKeys);
    // The undecorated graph sees the keys, so each assertion below can fail.
    assert.deepEqual(await graph.gremlin('g.V(1).next().values()'), ['marko', 29]);
    assert.deepEqual(await graph.gremlin('g.E(7).next().values()'), [0.5]);

    assert.deepEqual(await restricted.gremlin('g.V(1).next().values()'), ['marko']);
    assert.deepEqual(await restricted.gremlin("g.V(1).next().values('age')"), []);
    const keys = async (script: string): Promise<unknown[][]> => (await restricted.gremlin(script)).map((k) => [...(k as Iterable<unknown>)]);
    assert.deepEqual(await keys('g.V(1).next().keys()'), [['name']]);
    assert.deepEqual((await restricted.gremlin('g.V(1).next().properties()')).map((p) => (p as { key: string }).key), ['name']);
    await assert.rejects(restricted.gremlin("g.V(1).next().value('age')"), code('NO_PROPERTY'));
    assert.equal((await graph.gremlin("g.V(1).next().property('age')")).length, 1);
    assert.deepEqual(await restricted.gremlin("g.V(1).next().property('age')"), []);
    assert.deepEqual(await restricted.gremlin('g.E(7).next().values()'), []);
    assert.deepEqual(await keys('g.E(7).next().keys()'), [[]]);
    assert.deepEqual(await restricted.gremlin('g.E(7).next().outVertex().values()'), ['marko']);
    assert.deepEqual(await restricted.gremlin('g.E(7).next().inVertex().values()'), ['vadas']);
  } finally {
    await db.close();
  }
});
