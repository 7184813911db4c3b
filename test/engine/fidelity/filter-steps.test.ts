/**
 * TinkerPop filter-step behaviours with null arguments, beyond the shared feature sample.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSmallGraph } from './small-graph.js';

test('HasStep: hasId(null) matches nothing, and a null among ids is skipped', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run('g.V().hasId(null)'), []);
    assert.deepEqual(await run('g.E().hasId(null)'), []);
    const [marko] = await run("g.V().has('name', 'marko').id()");
    assert.deepEqual(await run(`g.V().hasId(null, ${String(marko)}).values('name')`), ['marko']);
  }));

test('HasStep: has(key, null) matches no stored property, since null values are not stored', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().has('name', null)"), []);
    assert.deepEqual(await run("g.V().has('person', 'age', null)"), []);
  }));

test('HasStep: a null label or key matches nothing, and hasNot(null) keeps every element', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run('g.V().hasLabel(null)'), []);
    assert.deepEqual(await run('g.V().has(null)'), []);
    assert.deepEqual(await run('g.V().hasNot(null).count()'), [5]);
  }));

test("typeOf: aggregate()'s side-effect is a set (Java's BulkSet, bulk kept), select(keys) of a map is a set, subgraph() a graph", () =>
  withSmallGraph(async ({ run }) => {
    const people = ['josh', 'marko', 'vadas'];
    const [bulk] = await run("g.V().hasLabel('person').values('name').aggregate('x').cap('x').is(typeOf(GType.SET))");
    assert.deepEqual([...(bulk as Iterable<unknown>)].map(String).sort(), people);
    assert.deepEqual(await run("g.V().out().aggregate('x').cap('x').is(typeOf(GType.LIST)).count()"), [0]);
    assert.deepEqual(await run("g.V().out().aggregate('x').cap('x').count(local)"), [5], 'the bulk of each value stays');
    assert.deepEqual(await run("g.V().valueMap().select(keys).dedup().is(typeOf(GType.SET)).count()"), [2]);
    assert.deepEqual(await run("g.V().valueMap().select(values).is(typeOf(GType.LIST)).count()"), [5]);
    assert.deepEqual(await run("g.V().outE('knows').subgraph('sg').cap('sg').is(typeOf(GType.GRAPH)).count()"), [1]);
    assert.deepEqual(await run("g.V().outE('knows').subgraph('sg').cap('sg').is(P.not(typeOf(GType.GRAPH))).count()"), [0]);
  }));

test('HasStep: ids given as text with a null among them still compare as text', () =>
  withSmallGraph(async ({ run }) => {
    const [vadas] = await run("g.V().has('name', 'vadas').id()");
    assert.deepEqual(await run(`g.V().hasId('${String(vadas)}', null).values('name')`), ['vadas']);
    assert.deepEqual(await run(`g.V().hasId(null, '${String(vadas)}').values('name')`), ['vadas']);
  }));

test('typeOf: a tree is a map (Java\'s Tree extends HashMap), a vertex property a property', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().out().tree().is(typeOf(GType.MAP)).count()"), [1]);
    assert.deepEqual(await run("g.V().out().tree().is(typeOf(GType.TREE)).count()"), [1]);
    assert.deepEqual(await run("g.V().has('name', 'marko').properties('name').is(typeOf(GType.PROPERTY)).is(typeOf(GType.VPROPERTY)).count()"), [1]);
    assert.deepEqual(await run("g.E().limit(1).properties().is(typeOf(GType.VPROPERTY)).count()"), [0]);
  }));
