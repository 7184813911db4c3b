/**
 * TinkerPop write-step behaviours beyond the shared feature sample: explicit cardinality on the
 * values of property() and mergeV() option maps (TinkerPop's CardinalityValueTraversal).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSmallGraph } from './small-graph.js';

const ages = (r: unknown[]): number[] => (r as number[]).slice().sort((a, b) => a - b);

test('AddPropertyStep: property(single, key, value) replaces every value of the key', () =>
  withSmallGraph(async ({ run }) => {
    await run("g.V().has('name', 'marko').property(list, 'age', 30)");
    assert.deepEqual(ages(await run("g.V().has('name', 'marko').property(single, 'age', 33).values('age')")), [33]);
  }));

test('property(map) honours single(v), list(v) and set(v) values per entry', () =>
  withSmallGraph(async ({ run }) => {
    const marko = "g.V().has('name', 'marko')";
    assert.deepEqual(ages(await run(`${marko}.property([age: list(30)]).values('age')`)), [29, 30]);
    assert.deepEqual(ages(await run(`${marko}.property([age: set(30)]).values('age')`)), [29, 30]);
    assert.deepEqual(ages(await run(`${marko}.property([age: set(31)]).values('age')`)), [29, 30, 31]);
    assert.deepEqual(ages(await run(`${marko}.property([age: single(33)]).values('age')`)), [33]);
    assert.deepEqual(ages(await run(`${marko}.property([age: Cardinality.list(33)]).values('age')`)), [33, 33]);
  }));

test('property(cardinality, map): an explicit cardinality on a value overrides the map cardinality', () =>
  withSmallGraph(async ({ run }) => {
    const r = await run("g.V().has('name', 'marko').property(list, [age: single(40), name: 'mark']).valueMap('age', 'name')");
    assert.deepEqual([...(r[0] as Map<string, unknown[]>)].sort(), [['age', [40]], ['name', ['marko', 'mark']]]);
  }));

test('MergeVertexStep option(onMatch) map values carry their own cardinality', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(ages(await run("g.mergeV([name: 'marko']).option(onMatch, [age: set(50)]).values('age')")), [29, 50]);
    assert.deepEqual(ages(await run("g.mergeV([name: 'marko']).option(onMatch, [age: single(51)]).values('age')")), [51]);
  }));

test('option(Merge, map, Cardinality) applies the cardinality to every value without its own', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(ages(await run("g.mergeV([name: 'marko']).option(onMatch, [age: 52], list).values('age')")), [29, 52]);
    assert.deepEqual(ages(await run("g.mergeV([name: 'marko']).option(onMatch, [age: 53], single).values('age')")), [53]);
    assert.deepEqual(ages(await run("g.mergeV([name: 'marko']).option(onMatch, [age: single(54)], list).values('age')")), [54]);
    await assert.rejects(run("g.mergeV([name: 'marko']).option(onMatch, [age: 1], 'x')"), { code: 'STEP_ARGUMENTS' });
  }));

test('MergeVertexStep option(onCreate) writes values with an explicit cardinality after creating the vertex', () =>
  withSmallGraph(async ({ run }) => {
    const r = await run("g.mergeV([name: 'zed']).option(onCreate, [name: 'zed', age: list(1)]).valueMap()");
    assert.deepEqual([...(r[0] as Map<string, unknown[]>)].sort(), [['age', [1]], ['name', ['zed']]]);
    assert.deepEqual(await run("g.mergeV([name: 'zoe']).option(onCreate, [name: 'zoe', age: single(2)]).values('age')"), [2]);
  }));
