import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GremlinScope } from '../../../src/index.js';
import type { GraphPolicy } from '../../../src/index.js';
import { ADULTS_POLICY, names, rejection, rule, withPeople } from './people.js';

const NO_EXECUTE: GraphPolicy = { grants: { ...ADULTS_POLICY.grants, EXECUTE: [] } };

test('withPolicy: Gremlin text, bytecode and every fluent terminal need EXECUTE on GREMLIN; CRUD and traversers do not', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(NO_EXECUTE);
    const denied = await rejection(h.gremlin('g.V().count()'), 'PERMISSION_DENIED');
    assert.equal(denied.message, 'Permission denied: the request needs EXECUTE on GREMLIN');
    await rejection(h.gremlin(graph.traversal().V().count().bytecode), 'PERMISSION_DENIED');
    await rejection(h.traversal().V().toList(), 'PERMISSION_DENIED');
    await rejection(h.traversal().V().next(), 'PERMISSION_DENIED');
    await rejection(h.traversal().V().hasNext(), 'PERMISSION_DENIED');
    await rejection(h.traversal().addV('person').property('name', 'ann').property('age', 40).iterate(), 'PERMISSION_DENIED');
    assert.deepEqual(await names(graph, 'person'), ['josh', 'kid', 'marko', 'peter', 'vadas'], 'nothing ran');
    assert.equal((await h.vertices({ label: 'person' })).vertices.length, 4);
    assert.deepEqual((await h.traversers.kneighbor({ source: '1:josh', maxDepth: 1 })).ids.sort(), ['1:marko', '2:ripple']);
    const withExecute = graph.withPolicy({ grants: { EXECUTE: [rule('ALL')] } });
    assert.deepEqual(await withExecute.gremlin('g.V().count()'), [0], 'ALL covers GREMLIN; reads still need READ');
  }));

test('withPolicy: Gremlin reads only what READ shows, and a hidden vertex by id is no result, as a missing one', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    assert.deepEqual(await h.gremlin("g.V().hasLabel('person').values('name').order()"), ['josh', 'marko', 'peter', 'vadas']);
    assert.deepEqual(await h.gremlin("g.V('1:kid')"), []);
    assert.deepEqual(await h.gremlin("g.V('1:josh').out('knows').count()"), [0], "josh's only knows edge leads to kid");
    assert.deepEqual(await h.gremlin("g.V().has('person', 'age', lt(18)).count()"), [0], 'an index lookup is filtered too');
    assert.deepEqual(await h.gremlin("g.V('1:marko').values('name', 'age')"), ['marko', 29], 'every property of a visible vertex');
    assert.deepEqual(await h.traversal().V().hasLabel('person').count().toList(), [4]);
    assert.deepEqual(await h.gremlin("g.V('1:marko').repeat(out()).times(2).values('name')"), ['ripple'], 'through a frontier');
    assert.deepEqual((await h.gremlin("g.V('1:josh').both().values('name')")).sort(), ['marko', 'ripple'], 'not kid');
    assert.deepEqual(await h.gremlin("g.V('1:josh').bothE().count()"), [2]);
  }));

test('withPolicy: a Gremlin write outside the grants rolls the whole script back', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    await rejection(
      h.gremlin(["g.addV('person').property('name', 'ann').property('age', 40).iterate()", "g.V('1:marko').property('age', 30).iterate()", "g.addV('person').property('name', 'tim').property('age', 9)"].join('\n')),
      'PERMISSION_DENIED',
    );
    assert.deepEqual(await names(graph, 'person'), ['josh', 'kid', 'marko', 'peter', 'vadas']);
    assert.equal((await graph.getVertex('1:marko'))?.properties.age, 29);
    await rejection(h.gremlin("g.V('1:marko').property('age', 10)"), 'PERMISSION_DENIED');
    await rejection(h.gremlin("g.V().hasLabel('person').drop()"), 'PERMISSION_DENIED');
    assert.deepEqual(await names(graph, 'person'), ['josh', 'kid', 'marko', 'peter', 'vadas'], "marko's created edge is not deletable: no person dropped");
    await rejection(h.gremlin("graph.addVertex(T.label, 'software', 'name', 'gremlin')"), 'PERMISSION_DENIED');
    await rejection(h.gremlin("g.V('1:marko').addE('knows').to(V('1:peter'))"), 'PERMISSION_DENIED');
    await rejection(h.gremlin("g.V('1:marko').properties('age').drop()"), 'PERMISSION_DENIED');
    assert.deepEqual(await names(graph, 'software'), ['lop', 'ripple']);
    assert.equal((await graph.edges({ label: 'knows' })).edges.length, 3);
    assert.equal((await graph.getVertex('1:marko'))?.properties.age, 29);
  }));

test('withPolicy: what a request writes is checked as the request leaves it, and g.tx().commit() keeps what it committed', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    const scope = new GremlinScope();
    await h.gremlin("ann = graph.addVertex(T.label, 'person', 'name', 'ann', 'age', 40)", { scope });
    assert.deepEqual(await h.gremlin("ann.property('age', 41); ann.value('age')", { scope }), [41]);
    await rejection(h.gremlin("g.addV('person').property('name', 'bo').property('age', 50).iterate(); g.tx().commit(); g.V('1:ann').property('age', 5)"), 'PERMISSION_DENIED');
    assert.deepEqual(await names(graph, 'person'), ['ann', 'bo', 'josh', 'kid', 'marko', 'peter', 'vadas'], 'bo was committed before the refused write');
    assert.equal((await graph.getVertex('1:ann'))?.properties.age, 41);
    assert.deepEqual(await h.gremlin("g.addV('person').property('name', 'cy').property('age', 18).property('age', 19).values('age')"), [19]);
    await rejection(h.traversal().addV('software').property('name', 'x').iterate(), 'PERMISSION_DENIED');
    assert.deepEqual(await names(graph, 'software'), ['lop', 'ripple']);
  }));

test('withPolicy: a Gremlin schema change needs WRITE on the schema element', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    const denied = await rejection(h.gremlin("graph.schema().propertyKey('color').asText().create()"), 'PERMISSION_DENIED');
    assert.match(denied.message, /WRITE on PROPERTY_KEY 'color'/);
    assert.equal(graph.catalog().propertyKey('color'), undefined);
    const schemaWriter = graph.withPolicy({ grants: { ...ADULTS_POLICY.grants, WRITE: [rule('PROPERTY_KEY')] } });
    await schemaWriter.gremlin("graph.schema().propertyKey('color').asText().create()");
    assert.equal(graph.catalog().propertyKey('color')?.dataType, 'TEXT');
  }));
