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
