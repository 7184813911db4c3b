/**
 * A program written against the `gremlin` npm package, ported to Quiver by changing only its
 * imports and the line that creates `g`: every step family on the modern graph, with the
 * results TinkerPop gives, as plain JavaScript values.
 */
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import * as gremlin from '../../src/index.js';
import type { Database, Graph, GraphTraversalSource } from '../../src/index.js';
import { openModern } from './modern-graph.js';

const { t, order, scope, column, cardinality, direction, pop, operator, pick, merge, withOptions, P, TextP } = gremlin.process;
const __ = gremlin.process.statics;

let db: Database;
let modern: Graph;
let g: GraphTraversalSource;

before(async () => {
  ({ db, graph: modern } = await openModern());
  g = modern.traversal();
});
after(async () => {
  await db.close();
});

const sorted = (values: unknown[]): unknown[] => [...values].sort();

test('map steps: values, id, label, count, sum, mean, min, max, fold, unfold, constant, math', async () => {
  assert.deepEqual(await g.V().count().toList(), [6]);
  assert.deepEqual(await g.V(1).values('name').toList(), ['marko']);
  assert.deepEqual(await g.V(1).id().toList(), [1]);
  assert.deepEqual(await g.V(1).label().toList(), ['person']);
  assert.deepEqual(await g.V().values('age').sum().toList(), [123]);
  assert.deepEqual(await g.V().values('age').mean().toList(), [30.75]);
  assert.deepEqual(await g.V().values('age').min().toList(), [27]);
  assert.deepEqual(await g.E().values('weight').max().toList(), [1]);
  assert.deepEqual(await g.V().hasLabel('software').values('name').fold().toList(), [['lop', 'ripple']]);
  assert.deepEqual(await g.V(1).values('age').fold().unfold().toList(), [29]);
  assert.deepEqual(await g.V(1).constant('c').toList(), ['c']);
  assert.deepEqual(await g.V(1).values('age').math('_ + 1').toList(), [30]);
  assert.deepEqual(await g.V().values('age').fold().count(scope.local).toList(), [4]);
});

test('ordering, grouping and projection: order, group, groupCount, project, select, valueMap, elementMap', async () => {
  assert.deepEqual(await g.V().hasLabel('person').order().by('age', order.desc).values('name').toList(), ['peter', 'josh', 'marko', 'vadas']);
  assert.deepEqual(await g.V().hasLabel('person').values('name').order().by(order.asc).toList(), ['josh', 'marko', 'peter', 'vadas']);
  const [groups] = (await g.V().group().by(t.label).by(__.count()).toList()) as Map<string, number>[];
  assert.deepEqual([...groups!].sort(), [['person', 4], ['software', 2]]);
  const [counts] = (await g.V().hasLabel('software').groupCount().by('lang').toList()) as Map<string, number>[];
  assert.deepEqual([...counts!], [['java', 2]]);
  assert.deepEqual(sorted((await g.V().groupCount().by(t.label).select(column.keys).unfold().toList()) as string[]), ['person', 'software']);
  assert.deepEqual(sorted((await g.V().groupCount().by(t.label).select(column.values).unfold().toList()) as number[]), [2, 4]);
  const projected = (await g.V().hasLabel('person').has('name', 'marko').project('n', 'out').by('name').by(__.outE().count()).toList()) as Map<string, unknown>[];
  assert.deepEqual(projected.map((m) => [...m]), [[['n', 'marko'], ['out', 3]]]);
  const pairs = (await g.V(1).as('a').out('created').as('b').select('a', 'b').by('name').toList()) as Map<string, unknown>[];
  assert.deepEqual(pairs.map((m) => [...m]), [[['a', 'marko'], ['b', 'lop']]]);
  const [tokens] = (await g.V(1).valueMap().with_(withOptions.tokens).toList()) as Map<unknown, unknown>[];
  assert.deepEqual([...tokens!], [[t.id, 1], [t.label, 'person'], ['name', ['marko']], ['age', [29]]]);
  const [edgeMap] = (await g.E(7).elementMap().toList()) as Map<unknown, unknown>[];
  assert.equal(edgeMap!.get(t.id), 7);
  assert.equal(edgeMap!.get(t.label), 'knows');
  assert.equal((edgeMap!.get(direction.out) as Map<unknown, unknown>).get(t.id), 1);
  assert.equal((edgeMap!.get(direction.in) as Map<unknown, unknown>).get(t.id), 2);
  assert.equal(edgeMap!.get('weight'), 0.5);
});

test('filter steps: has with P and TextP, hasLabel, is, where, dedup, limit, range, tail, not, and, or, simplePath', async () => {
  assert.deepEqual(await g.V().has('age', P.gt(30)).values('name').toList(), ['josh', 'peter']);
  assert.deepEqual(await g.V().has('age', P.between(27, 30)).values('name').toList(), ['marko', 'vadas']);
  assert.deepEqual(await g.V().has('name', P.within('vadas', 'lop')).values('name').toList(), ['vadas', 'lop']);
  assert.deepEqual(await g.V().has('name', TextP.startingWith('ma')).values('name').toList(), ['marko']);
  assert.deepEqual(await g.V().has('name', TextP.containing('o').and(TextP.endingWith('p'))).values('name').toList(), ['lop']);
  assert.deepEqual(await g.V().values('age').is(P.lte(29)).toList(), [29, 27]);
  assert.deepEqual(await g.V(1).as('a').out('created').in_('created').where(P.neq('a')).values('name').toList(), ['josh', 'peter']);
  assert.deepEqual(await g.V().both().dedup().count().toList(), [6]);
  assert.deepEqual(await g.V().values('name').limit(2).toList(), ['marko', 'vadas']);
  assert.deepEqual(await g.V().values('name').range(1, 3).toList(), ['vadas', 'lop']);
  assert.deepEqual(await g.V().values('name').tail(1).toList(), ['peter']);
  assert.deepEqual(await g.V().not(__.hasLabel('person')).values('name').toList(), ['lop', 'ripple']);
  assert.deepEqual(await g.V().and(__.outE('knows'), __.values('age').is(P.lt(30))).values('name').toList(), ['marko']);
  assert.deepEqual(await g.V().or(__.has('name', 'ripple'), __.has('age', 35)).values('name').toList(), ['ripple', 'peter']);
  assert.deepEqual(await g.V(1).both().both().simplePath().dedup().count().toList(), [4]);
});

test('vertex and edge steps: out, in_, both, outE, inV, otherV, properties, and element results', async () => {
  assert.deepEqual(await g.V(1).out('knows').values('name').toList(), ['vadas', 'josh']);
  assert.deepEqual(await g.V(3).in_('created').values('name').toList(), ['marko', 'josh', 'peter']);
  assert.deepEqual(await g.V(1).outE('created').inV().values('name').toList(), ['lop']);
  assert.deepEqual(await g.V(2).bothE().otherV().values('name').toList(), ['marko']);
  assert.deepEqual(await g.E(7).properties().toList().then((ps) => ps.map((p) => ({ ...(p as object) }))), [{ key: 'weight', value: 0.5 }]);
  const [v] = (await g.V(1).toList()) as gremlin.Vertex[];
  assert.deepEqual([v!.id, v!.label, v!.properties!['name']![0]!.value], [1, 'person', 'marko']);
  const [e] = (await g.V(1).outE('knows').limit(1).toList()) as gremlin.Edge[];
  assert.deepEqual([e!.id, e!.label, e!.outV.id, e!.inV.id, e!.properties!['weight']!.value], [7, 'knows', 1, 2, 0.5]);
});

test('branch steps: union, choose with pick, coalesce, optional, repeat with times, emit and until, local', async () => {
  assert.deepEqual(await g.V(1).union(__.out('knows'), __.out('created')).values('name').toList(), ['vadas', 'josh', 'lop']);
  assert.deepEqual(
    await g.V().hasLabel('person').choose(__.values('name')).option('marko', __.values('age')).option(pick.none, __.constant(0)).toList(),
    [29, 0, 0, 0],
  );
  assert.deepEqual(await g.V().coalesce(__.values('lang'), __.constant('none')).toList(), ['none', 'none', 'java', 'none', 'java', 'none']);
  assert.deepEqual(await g.V(2).optional(__.out()).values('name').toList(), ['vadas']);
  assert.deepEqual(await g.V(1).repeat(__.out()).times(2).values('name').toList(), ['ripple', 'lop']);
  assert.deepEqual(await g.V(1).repeat(__.out()).emit().values('name').toList().then(sorted), ['josh', 'lop', 'lop', 'ripple', 'vadas']);
  assert.deepEqual(await g.V(1).repeat(__.out()).until(__.hasLabel('software')).values('name').toList().then(sorted), ['lop', 'lop', 'ripple']);
  assert.deepEqual(await g.V().hasLabel('person').local(__.outE().limit(1)).inV().values('name').toList(), ['lop', 'ripple', 'lop']);
});

test('paths and side effects: path with by, tree, aggregate, cap, sideEffect, sack with an operator, select with pop', async () => {
  const paths = (await g.V(1).out('created').path().by('name').toList()) as gremlin.Path[];
  assert.deepEqual(paths.map((p) => p.objects), [['marko', 'lop']]);
  const [tree] = (await g.V(1).out('knows').tree().by('name').toList()) as gremlin.Tree[];
  assert.deepEqual(JSON.parse(JSON.stringify(tree)), [{ key: 'marko', value: [{ key: 'vadas', value: [] }, { key: 'josh', value: [] }] }]);
  assert.deepEqual(await g.V().hasLabel('software').aggregate('x').cap('x').unfold().values('name').toList(), ['lop', 'ripple']);
  assert.deepEqual(await g.V(1).sideEffect(__.outE()).values('name').toList(), ['marko']);
  assert.deepEqual(await g.withSack(1).V(1).outE('knows').sack(operator.mult).by('weight').sack().toList(), [0.5, 1]);
  assert.deepEqual(await g.V(1).as('a').out('knows').as('a').select(pop.first, 'a').values('name').toList(), ['marko', 'marko']);
  assert.deepEqual(await g.V(1).as('a').out('knows').as('a').select(pop.last, 'a').values('name').toList(), ['vadas', 'josh']);
});

test('string steps: toUpper, concat, split', async () => {
  assert.deepEqual(await g.V(1).values('name').toUpper().toList(), ['MARKO']);
  assert.deepEqual(await g.V(1).values('name').concat('!').toList(), ['marko!']);
  assert.deepEqual(await g.inject('a-b').split('-').toList(), [['a', 'b']]);
});

test('mutations: addV, property with cardinality, addE, mergeV with merge options, drop', async () => {
  const scratch = await db.createGraph('scratch', { 'schema.auto_create': true });
  const w = scratch.traversal();
  await w.addV('person').property('name', 'ann').property(cardinality.list, 'nick', 'a').property(cardinality.list, 'nick', 'b').iterate();
  assert.deepEqual(await w.V().has('name', 'ann').values('nick').toList(), ['a', 'b']);
  await w.addV('person').property('name', 'bob').iterate();
  await w.V().has('name', 'ann').addE('knows').to(__.V().has('name', 'bob')).property('since', 2020).iterate();
  assert.deepEqual(await w.V().has('name', 'ann').out('knows').values('name').toList(), ['bob']);
  assert.deepEqual(await w.E().values('since').toList(), [2020]);
  const created = new Map<gremlin.EnumValue | string, string>([[t.label, 'person'], ['name', 'cy']]);
  await w.mergeV(created).option(merge.onCreate, new Map([['age', 1]])).iterate();
  await w.mergeV(created).option(merge.onMatch, new Map([['age', 2]])).iterate();
  assert.deepEqual(await w.V().has('name', 'cy').values('age').toList(), [2]);
  await w.V().has('name', 'bob').drop().iterate();
  assert.deepEqual(await w.V().values('name').toList().then(sorted), ['ann', 'cy']);
  assert.deepEqual(await w.E().count().toList(), [0]);
});
