import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Edge,
  jsonReplacer,
  open,
  order,
  Path,
  PlainMap,
  Property,
  scope,
  t,
  Tree,
  TypedNumber,
  Uuid,
  Vertex,
  VertexProperty,
  withOptions,
  cardinality,
  column,
} from '../../src/index.js';
import { openModern } from './modern-graph.js';

test('a count from the fluent API is a number a user can add to', async () => {
  const { db, graph } = await openModern();
  const g = graph.traversal();
  const [n] = (await g.V().count().toList()) as number[];
  assert.equal(n! + 1, 7);
  const next = await g.V().count().next();
  assert.equal(next.value, 6);
  await db.close();
});

test('Graph.gremlin returns plain numbers by default and TypedNumbers with types java', async () => {
  const { db, graph } = await openModern();
  const r = await graph.gremlin('g.V().count()');
  assert.deepEqual(r, [6]);
  assert.equal((r[0] as number) + 1, 7);
  assert.equal(JSON.stringify(r), '[6]');
  const [typed] = await graph.gremlin('g.V().count()', { types: 'java' });
  assert.ok(typed instanceof TypedNumber && typed.type === 'long' && typed.value === 6n);
  const [javaTyped] = await graph.traversal({ types: 'java' }).V().count().toList();
  assert.ok(javaTyped instanceof TypedNumber);
  await assert.rejects(graph.gremlin('g.V().count()', { types: 'typed' as 'java' }), /Invalid Gremlin types/);
  await db.close();
});

test('Java numbers map to number, bigint only beyond 2^53, and BigDecimal keeps its digits', async () => {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  const [values] = await graph.gremlin(
    'g.inject([1b, 2s, 3, 4L, 5.5f, 6.25d, 7n, 9007199254740993L, 123456789012345678901234567890n, 1.50m, 0.1000000000000000000001m, 12345678901234567890m])',
  );
  assert.deepEqual(values, [1, 2, 3, 4, 5.5, 6.25, 7, 9007199254740993n, 123456789012345678901234567890n, 1.5, '0.1000000000000000000001', 12345678901234567890n]);
  const [uuid] = await graph.gremlin('g.inject(u)', { bindings: { u: new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11') } });
  assert.equal(uuid, '4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11');
  await db.close();
});

test('a vertex result carries gremlin-javascript-shaped properties and nothing internal', async () => {
  const { db, graph } = await openModern();
  const [v] = (await graph.traversal().V(1).toList()) as Vertex[];
  assert.ok(v instanceof Vertex);
  assert.deepEqual(Object.keys(v!), ['id', 'label', 'properties']);
  assert.equal(v!.id, 1);
  assert.deepEqual(Object.keys(v!.properties!).sort(), ['age', 'name']);
  const [name] = v!.properties!['name']!;
  assert.ok(name instanceof VertexProperty);
  assert.deepEqual(Object.keys(name!).sort(), ['id', 'key', 'label', 'properties', 'value']);
  assert.equal(name!.value, 'marko');
  assert.equal(name!.label, 'name');
  assert.equal(typeof v!.slot, 'number');
  const [fromScript] = (await graph.gremlin('g.V(1)')) as Vertex[];
  assert.equal(fromScript!.properties!['age']![0]!.value, 29);
  await db.close();
});

test('an edge result carries inV, outV and key -> Property properties', async () => {
  const { db, graph } = await openModern();
  const [e] = (await graph.traversal().E(7).toList()) as Edge[];
  assert.ok(e instanceof Edge);
  assert.deepEqual(Object.keys(e!), ['id', 'label', 'outV', 'inV', 'properties']);
  assert.equal(e!.outV.id, 1);
  assert.equal(e!.inV.id, 2);
  assert.deepEqual(Object.keys(e!.outV), ['id', 'label']);
  const weight = e!.properties!['weight'];
  assert.ok(weight instanceof Property);
  assert.deepEqual({ ...weight }, { key: 'weight', value: 0.5 });
  await db.close();
});

test('JSON.stringify writes every result kind', async () => {
  const { db, graph } = await openModern();
  const g = graph.traversal();
  const json = async (t: { toList(): Promise<unknown[]> }): Promise<unknown> => JSON.parse(JSON.stringify(await t.toList()));
  // The modern graph auto-creates its keys with LIST cardinality: their values are lists, as in getVertex and REST.
  assert.deepEqual(await json(g.V(1)), [{ id: 1, label: 'person', type: 'vertex', properties: { name: ['marko'], age: [29] } }]);
  assert.deepEqual(await json(g.E(7)), [
    { id: 7, label: 'knows', type: 'edge', outV: 1, outVLabel: 'person', inV: 2, inVLabel: 'person', properties: { weight: 0.5 } },
  ]);
  assert.deepEqual(await json(g.V(1).out('knows').has('name', 'vadas').path().by('name')), [{ labels: [[], []], objects: ['marko', 'vadas'] }]);
  assert.deepEqual(await json(g.V(1).groupCount()), [{ 'v[1]': 1 }]);
  assert.deepEqual(await json(g.V(1).out('created').tree().by('name')), [[{ key: 'marko', value: [{ key: 'lop', value: [] }] }]]);
  assert.deepEqual(await json(g.E(7).properties()), [{ key: 'weight', value: 0.5 }]);
  const [name] = (await g.V(1).properties('name').toList()) as VertexProperty[];
  assert.deepEqual(await json(g.V(1).properties('name')), [{ id: name!.id, label: 'name', value: 'marko', properties: {} }]);
  assert.deepEqual(await json(g.V(1).valueMap().with_(withOptions.tokens)), [{ id: 1, label: 'person', name: ['marko'], age: [29] }]);
  const [big] = await graph.gremlin('g.inject(9007199254740993L)');
  assert.equal(JSON.stringify([big], jsonReplacer), '["9007199254740993"]');
  assert.equal(JSON.stringify(new PlainMap([['n', big]])), '{"n":"9007199254740993"}');
  const [path] = await g.V(1).out().path().toList();
  assert.ok(path instanceof Path);
  const [tree] = await g.V(1).out().tree().toList();
  assert.ok(tree instanceof Tree);
  await db.close();
});

test('ids of AUTOMATIC and CUSTOMIZE_NUMBER vertices are numbers, and snowflake ids beyond 2^53 are bigints that round-trip', async () => {
  const db = await open();
  const strict = await db.createGraph('strict');
  await strict.gremlin(
    [
      "graph.schema().propertyKey('name').asText().ifNotExist().create()",
      "graph.schema().vertexLabel('auto').properties('name').useAutomaticId().ifNotExist().create()",
      "graph.schema().vertexLabel('custom').properties('name').useCustomizeNumberId().ifNotExist().create()",
    ].join('\n'),
  );
  await strict.addVertex('custom', { name: 'c' }, { id: 42 });
  assert.deepEqual(await strict.gremlin("g.V().hasLabel('custom').id()"), [42]);
  await strict.addVertex('auto', { name: 'a' });
  const [snowflake] = await strict.gremlin("g.V().hasLabel('auto').id()");
  assert.equal(typeof snowflake, 'bigint');
  assert.deepEqual(await strict.traversal().V(snowflake as bigint).values('name').toList(), ['a']);
  assert.deepEqual(await strict.gremlin('g.V(vid).values("name")', { bindings: { vid: snowflake } }), ['a']);
  const auto = await db.createGraph('auto', { 'schema.auto_create': true });
  await auto.gremlin("g.addV('x').property('name', 'y')");
  const [counter] = (await auto.traversal().V().toList()) as Vertex[];
  assert.equal(typeof counter!.id, 'number');
  assert.deepEqual(await auto.gremlin('g.V().id()'), [counter!.id]);
  await db.close();
});

test('the exported enums work in fluent traversals and key the token maps', async () => {
  const { db, graph } = await openModern();
  const g = graph.traversal();
  assert.deepEqual(await g.V().hasLabel('person').order().by('age', order.desc).values('name').toList(), ['peter', 'josh', 'marko', 'vadas']);
  assert.deepEqual(await g.V().values('age').fold().count(scope.local).toList(), [4]);
  const [tokens] = (await g.V(1).valueMap().with_(withOptions.tokens).toList()) as Map<unknown, unknown>[];
  assert.equal(tokens!.get(t.id), 1);
  assert.equal(tokens!.get(t.label), 'person');
  const [element] = (await g.V(1).elementMap().toList()) as Map<unknown, unknown>[];
  assert.equal(element!.get(t.id), 1);
  const keys = (await g.V().groupCount().by(t.label).select(column.keys).unfold().toList()) as string[];
  assert.deepEqual(keys.sort(), ['person', 'software']);
  await g.V(1).property(cardinality.list, 'nick', 'mk').iterate();
  await db.close();
});
