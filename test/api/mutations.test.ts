import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, t, __, QuiverError, type Graph } from '../../src/index.js';

/** The modern graph, written the way TinkerPop's reference documentation writes it. */
const MODERN_TEXT = [
  "g.addV('person').property(T.id, 1).property('name', 'marko').property('age', 29).as('marko').",
  "  addV('person').property(T.id, 2).property('name', 'vadas').property('age', 27).as('vadas').",
  "  addV('software').property(T.id, 3).property('name', 'lop').property('lang', 'java').as('lop').",
  "  addV('person').property(T.id, 4).property('name', 'josh').property('age', 32).as('josh').",
  "  addV('software').property(T.id, 5).property('name', 'ripple').property('lang', 'java').as('ripple').",
  "  addV('person').property(T.id, 6).property('name', 'peter').property('age', 35).as('peter').",
  "  addE('knows').from('marko').to('vadas').property(T.id, 7).property('weight', 0.5).",
  "  addE('knows').from('marko').to('josh').property(T.id, 8).property('weight', 1.0).",
  "  addE('created').from('marko').to('lop').property(T.id, 9).property('weight', 0.4).",
  "  addE('knows').from('josh').to('ripple').property(T.id, 10).property('weight', 1.0).",
  "  addE('created').from('josh').to('lop').property(T.id, 11).property('weight', 0.4).",
  "  addE('created').from('peter').to('lop').property(T.id, 12).property('weight', 0.2).iterate()",
].join('\n');

async function autoGraph(): Promise<{ close: () => Promise<void>; graph: Graph }> {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  return { close: () => db.close(), graph };
}

async function assertModern(graph: Graph): Promise<void> {
  assert.deepEqual(await graph.gremlin('g.V().id()'), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(await graph.gremlin('g.E().id()'), [7, 8, 9, 10, 11, 12]);
  assert.deepEqual(await graph.gremlin("g.V(1).out('knows').values('name')"), ['vadas', 'josh']);
  assert.deepEqual(await graph.gremlin('g.E(7).values("weight")'), [0.5]);
  assert.deepEqual(await graph.gremlin('g.V(3).label()'), ['software']);
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof QuiverError, String(e));
    return e.code;
  }
  return 'no error';
}

test('Gremlin text builds the modern graph with property(T.id) as TinkerPop documents it', async () => {
  const { graph, close } = await autoGraph();
  await graph.gremlin(MODERN_TEXT);
  await assertModern(graph);
  await close();
});

test('the fluent API builds the modern graph with property(t.id)', async () => {
  const { graph, close } = await autoGraph();
  const g = graph.traversal();
  await g
    .addV('person').property(t.id, 1).property('name', 'marko').property('age', 29).as('marko')
    .addV('person').property(t.id, 2).property('name', 'vadas').property('age', 27).as('vadas')
    .addV('software').property(t.id, 3).property('name', 'lop').property('lang', 'java').as('lop')
    .addV('person').property(t.id, 4).property('name', 'josh').property('age', 32).as('josh')
    .addV('software').property(t.id, 5).property('name', 'ripple').property('lang', 'java').as('ripple')
    .addV('person').property(t.id, 6).property('name', 'peter').property('age', 35).as('peter')
    .addE('knows').from_('marko').to('vadas').property(t.id, 7).property('weight', 0.5)
    .addE('knows').from_('marko').to('josh').property(t.id, 8).property('weight', 1.0)
    .addE('created').from_('marko').to('lop').property(t.id, 9).property('weight', 0.4)
    .addE('knows').from_('josh').to('ripple').property(t.id, 10).property('weight', 1.0)
    .addE('created').from_('josh').to('lop').property(t.id, 11).property('weight', 0.4)
    .addE('created').from_('peter').to('lop').property(t.id, 12).property('weight', 0.2)
    .iterate();
  await assertModern(graph);
  await close();
});

test('property(T.label) names the new element and property(T.id) may come after unfolded writes or from a traversal', async () => {
  const { graph, close } = await autoGraph();
  assert.deepEqual(await graph.gremlin("g.addV().property(T.label, 'person').property('name', 'marko').label()"), ['person']);
  assert.deepEqual(await graph.gremlin("g.addV('p').property('name', 'm', 'since', 1).property(T.id, 90).id()"), [90]);
  assert.deepEqual(await graph.gremlin("g.inject(91).addV('p').property(T.id, __.identity()).id()"), [91]);
  assert.deepEqual(await graph.traversal().inject(92).addV('p').property(t.id, __.identity()).id().toList(), [92]);
  assert.equal(await code(graph.gremlin("g.addV('p').property(T.id, 90)")), 'VERTEX_ID_EXISTS');
  assert.equal(await code(graph.gremlin('g.V(90).property(T.id, 5)')), 'HIDDEN_KEY');
  assert.equal(await code(graph.gremlin("g.addV('p').property(T.id, __.constant([1]))")), 'ELEMENT_ID_VALUE');
  await close();
});

test('in a strict graph property(T.id) follows the id strategy of the label', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(
    [
      "graph.schema().propertyKey('name').asText().ifNotExist().create()",
      "graph.schema().propertyKey('weight').asDouble().ifNotExist().create()",
      "graph.schema().vertexLabel('person').useCustomizeNumberId().properties('name').ifNotExist().create()",
      "graph.schema().vertexLabel('tag').useCustomizeStringId().properties('name').ifNotExist().create()",
      "graph.schema().vertexLabel('pk').properties('name').primaryKeys('name').ifNotExist().create()",
      "graph.schema().vertexLabel('auto').properties('name').ifNotExist().create()",
      "graph.schema().edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').ifNotExist().create()",
    ].join('\n'),
  );
  await graph.gremlin(
    "g.addV('person').property(T.id, 1).property('name', 'marko').as('m').addV('person').property(T.id, 2).property('name', 'vadas').as('v').addE('knows').from('m').to('v').property('weight', 0.5)",
  );
  assert.deepEqual(await graph.gremlin("g.V(1).out('knows').values('name')"), ['vadas']);
  assert.deepEqual(await graph.gremlin("g.addV('tag').property(T.id, 'db').property('name', 'graphs').id()"), ['db']);
  assert.equal(await code(graph.gremlin("g.addV('person').property(T.id, 'x').property('name', 'x')")), 'VERTEX_ID_REQUIRED');
  assert.equal(await code(graph.gremlin("g.addV('pk').property(T.id, 3).property('name', 'x')")), 'VERTEX_ID_NOT_ALLOWED');
  assert.equal(await code(graph.gremlin("g.addV('auto').property(T.id, 3).property('name', 'x')")), 'VERTEX_ID_NOT_ALLOWED');
  assert.equal(await code(graph.gremlin("g.V(1).as('a').V(2).addE('knows').from('a').property(T.id, 7).property('weight', 1.0)")), 'EDGE_ID_NOT_ALLOWED');
  await db.close();
});

test('an auto-create graph gives primary-key labels primary-key ids and upserts them', async () => {
  const { graph, close } = await autoGraph();
  const schema = graph.schema();
  await schema.propertyKey('name').asText().ifNotExist().create();
  await schema.propertyKey('age').asInt().ifNotExist().create();
  await schema.vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create();
  const marko = await graph.addVertex('person', { name: 'marko', age: 29 });
  assert.equal(marko.id, '1:marko');
  assert.equal((await graph.addVertex('person', { name: 'marko', age: 30 })).id, '1:marko');
  await graph.gremlin("g.addV('person').property('name', 'marko').property('age', 31)");
  await graph.gremlin("graph.addVertex(T.label, 'person', 'name', 'vadas')");
  assert.deepEqual(await graph.gremlin("g.V().hasLabel('person').id()"), ['1:marko', '1:vadas']);
  assert.deepEqual(await graph.gremlin("g.V('1:marko').values('age')"), [31]);
  const [thing] = await graph.gremlin("g.addV('thing').property('name', 'x').id()");
  assert.equal(typeof thing, 'number', 'labels the graph creates itself keep TinkerGraph-style numeric ids');
  await close();
});

test('a meta-property written by property() is seen by later steps of the same traversal', async () => {
  const { graph, close } = await autoGraph();
  await graph.gremlin(MODERN_TEXT);
  const metas = await graph.gremlin("g.V(1).properties('name').property('since', 2012).properties()");
  assert.deepEqual(metas.map((p) => JSON.parse(JSON.stringify(p))), [{ key: 'since', value: 2012 }]);
  assert.deepEqual(await graph.gremlin("g.V(1).properties('name').property('until', 2020).values('until')"), [2020]);
  assert.deepEqual(
    await graph.gremlin("g.V(2).properties('name').as('p').property('since', 1999).select('p').properties('since').value()"),
    [1999],
  );
  assert.deepEqual(await graph.traversal().V(4).properties('name').property('since', 2001).properties().value().toList(), [2001]);
  assert.deepEqual(await graph.gremlin("g.V(1).properties('name').property('since', null).properties('since')"), []);
  // Read-only queries run on a read view: it holds the meta-properties the writes committed.
  assert.deepEqual(await graph.gremlin("g.V(1).properties('name').properties().key()"), ['until']);
  assert.deepEqual(await graph.traversal().V(2, 4).properties('name').properties('since').value().toList(), [1999, 2001]);
  await close();
});

test('writes and drops are seen by later steps of the same traversal and by the next query', async () => {
  const { graph, close } = await autoGraph();
  await graph.gremlin(MODERN_TEXT);
  assert.deepEqual(await graph.gremlin("g.addV().property('a', 1).values('a')"), [1]);
  assert.deepEqual(JSON.parse(JSON.stringify(await graph.gremlin("g.V(2).property('x', 1).valueMap('x')"))), [{ x: [1] }]);
  assert.deepEqual(await graph.gremlin("g.V(1).sideEffect(__.outE('knows').drop()).out('knows').count()"), [0]);
  assert.deepEqual(await graph.gremlin("g.V(4).sideEffect(__.properties('age').drop()).values('age')"), []);
  assert.deepEqual(await graph.gremlin("g.V(6).sideEffect(__.drop()).V(6).count()"), [0]);
  assert.deepEqual(await graph.traversal().V(3).property('x', 2).values('x').toList(), [2]);
  assert.deepEqual(await graph.traversal().V(3).values('x').toList(), [2]);
  assert.deepEqual(await graph.traversal().V(1).outE('knows').count().toList(), [0]);
  await close();
});
