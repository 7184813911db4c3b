/**
 * Behaviours checked against TinkerPop 3.8's gremlin-core beyond the shared feature sample:
 * null keys in valueMap()/propertyMap()/elementMap(), the cardinality mergeV() option(onMatch)
 * writes with, cardinality on edge properties, and the strategy names withStrategies() accepts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';

const entries = (m: unknown): [unknown, unknown][] => [...(m as Map<unknown, unknown>)].map(([k, v]) => [String(k), v] as [unknown, unknown]).sort();

test('PropertyMapStep: a null key names no property, so valueMap(null) and propertyMap(null) are empty maps', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual((await run("g.V().has('name', 'lop').valueMap(null)")).map(entries), [[]]);
    assert.deepEqual((await run("g.V().has('name', 'lop').propertyMap(null)")).map(entries), [[]]);
    assert.deepEqual((await run("g.E().has('weight', 0.5d).valueMap(null)")).map(entries), [[]]);
    assert.deepEqual((await run("g.V().has('name', 'lop').valueMap('lang', null)")).map(entries), [[['lang', ['java']]]]);
  }));

test('PropertyMapStep: valueMap(true, null) and with(WithOptions.tokens) keep the tokens only', () =>
  withSmallGraph(async ({ run }) => {
    const [m] = await run("g.V().has('name', 'lop').valueMap(true, null)");
    assert.deepEqual(entries(m).map(([k]) => k), ['T.id', 'T.label']);
    const [w] = await run("g.V().has('name', 'lop').valueMap(null).with(WithOptions.tokens, WithOptions.labels)");
    assert.deepEqual(entries(w), [['T.label', 'software']]);
  }));

test('ElementMapStep: elementMap(null) keeps id, label and the edge ends, and no property', () =>
  withSmallGraph(async ({ run }) => {
    const [v] = await run("g.V().has('name', 'lop').elementMap(null)");
    assert.deepEqual(entries(v).map(([k]) => k), ['T.id', 'T.label']);
    const [e] = await run("g.E().has('weight', 0.5d).elementMap(null)");
    assert.deepEqual(entries(e).map(([k]) => k), ['Direction.IN', 'Direction.OUT', 'T.id', 'T.label']);
  }));

test('MergeVertexStep: option(onMatch) writes with the graph cardinality of the key (single on an auto-create graph)', () =>
  withSmallGraph(async ({ run }) => {
    await run("g.V().has('name', 'marko').property(list, 'age', 30)");
    await run("g.mergeV([name: 'marko']).option(onMatch, [age: 40])");
    assert.deepEqual(await run("g.V().has('name', 'marko').values('age')"), [40]);
  }));

test('MergeVertexStep: option(onMatch) appends to a LIST key of the schema, and set(v) still overrides', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('lists');
    const schema = graph.schema();
    await schema.propertyKey('name').asText().create();
    await schema.propertyKey('tag').asText().valueList().create();
    await schema.vertexLabel('item').properties('name', 'tag').primaryKeys('name').nullableKeys('tag').create();
    await graph.gremlin("g.addV('item').property('name', 'a').property(list, 'tag', 'x')");
    await graph.gremlin("g.mergeV([(T.label): 'item', name: 'a']).option(onMatch, [tag: 'y'])");
    assert.deepEqual(await graph.gremlin("g.V().has('item', 'name', 'a').values('tag')"), ['x', 'y']);
    await graph.gremlin("g.mergeV([(T.label): 'item', name: 'a']).option(onMatch, [tag: set('y')])");
    assert.deepEqual(await graph.gremlin("g.V().has('item', 'name', 'a').values('tag')"), ['x', 'y']);
  } finally {
    await db.close();
  }
});

test('AddPropertyStep: a cardinality on an edge property is refused, as only vertex properties have one', () =>
  withSmallGraph(async ({ run }) => {
    for (const card of ['single', 'list', 'set']) {
      await assert.rejects(run(`g.E().has('weight', 0.5d).property(${card}, 'k', 1)`), { code: 'EDGE_CARDINALITY', message: /'k'/ });
      await assert.rejects(run(`g.E().has('weight', 0.5d).property([k: ${card}(1)])`), { code: 'EDGE_CARDINALITY' });
    }
    assert.deepEqual(await run("g.E().has('weight', 0.5d).property('k', 1).values('k')"), [1]);
  }));

test('MergeEdgeStep: single(v), list(v) and set(v) values are refused in the merge map and in both options', () =>
  withSmallGraph(async ({ run }) => {
    const mergeE = (map: string, option = ''): string =>
      `g.V().has('name', 'vadas').as('a').V().has('name', 'lop').as('b').mergeE(${map})${option}`;
    const search = "[(T.label): 'likes', (Direction.OUT): Merge.outV, (Direction.IN): Merge.inV";
    const endOptions = ".option(Merge.outV, select('a')).option(Merge.inV, select('b'))";
    await assert.rejects(run(mergeE(`${search}, since: set(2020)]`, endOptions)), { code: 'EDGE_CARDINALITY', message: /'since'/ });
    await assert.rejects(run(mergeE(`${search}]`, `${endOptions}.option(onCreate, [since: single(2020)])`)), { code: 'EDGE_CARDINALITY' });
    await run(mergeE(`${search}]`, endOptions));
    await assert.rejects(run(mergeE(`${search}]`, `${endOptions}.option(onMatch, [since: list(2021)])`)), { code: 'EDGE_CARDINALITY' });
    assert.deepEqual(await run(mergeE(`${search}]`, `${endOptions}.option(onMatch, [since: 2021]).values('since')`)), [2021]);
  }));

test('withStrategies() and withoutStrategies() refuse a name that is no TinkerPop or Quiver strategy', () =>
  withSmallGraph(async ({ run, graph }) => {
    await assert.rejects(run('g.withStrategies(FooStrategy).V().count()'), { code: 'UNKNOWN_STRATEGY', message: /FooStrategy/ });
    await assert.rejects(run('g.withStrategies(new ReadOnlyStrategyy()).V().count()'), { code: 'UNKNOWN_STRATEGY', message: /ReadOnlyStrategyy/ });
    await assert.rejects(run('g.withoutStrategies(BarStrategy).V().count()'), { code: 'UNKNOWN_STRATEGY', message: /BarStrategy/ });
    await assert.rejects(graph.traversal().withoutStrategies('NoSuchStrategy').V().count().toList(), { code: 'UNKNOWN_STRATEGY' });
    assert.deepEqual(await run('g.withStrategies(LazyBarrierStrategy, ReadOnlyStrategy).withoutStrategies(ColumnScanStrategy).V().count()'), [5]);
  }));

test('ReplaceGlobalStep: a null argument or an empty search string leaves the string as it is', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.inject('marko', null).replace('o', null)"), ['marko', null]);
    assert.deepEqual(await run("g.inject('marko').replace(null, 'x')"), ['marko']);
    assert.deepEqual(await run("g.inject('marko').replace('', 'x')"), ['marko']);
    assert.deepEqual(await run("g.inject(['marko', 'josh']).replace(local, 'o', null)"), [['marko', 'josh']]);
    assert.deepEqual(await run("g.inject('marko').replace('o', '')"), ['mark']);
  }));
