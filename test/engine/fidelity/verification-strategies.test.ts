/**
 * TinkerPop's verification strategies through withStrategies(...), in Gremlin text and in the
 * fluent API: EdgeLabelVerificationStrategy, ReservedKeysVerificationStrategy and
 * VertexProgramRestrictionStrategy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { EdgeLabelVerificationStrategy, ReservedKeysVerificationStrategy, VertexProgramRestrictionStrategy, __ } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';

const EDGE_LABEL = /The provided traversal contains a vertex step without any specified edge label: out\(\)/;

test('EdgeLabelVerificationStrategy(throwException: true) refuses a vertex step without edge label, also in a child traversal', () =>
  withSmallGraph(async ({ run }) => {
    const g = 'g.withStrategies(EdgeLabelVerificationStrategy(throwException: true))';
    await assert.rejects(run(`${g}.V().out()`), { code: 'EDGE_LABEL_VERIFICATION', message: EDGE_LABEL });
    await assert.rejects(run(`${g}.V().where(out()).count()`), { code: 'EDGE_LABEL_VERIFICATION' });
    await assert.rejects(run(`${g}.V().bothE().count()`), { code: 'EDGE_LABEL_VERIFICATION', message: /bothE\(\)/ });
    assert.deepEqual((await run(`${g}.V().out('knows').values('name')`)).sort(), ['josh', 'vadas']);
  }));

test('EdgeLabelVerificationStrategy checks before optimisation, so out().count() is refused too', () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run('g.withStrategies(EdgeLabelVerificationStrategy(throwException: true)).V().out().count()'), { code: 'EDGE_LABEL_VERIFICATION' });
  }));

test('EdgeLabelVerificationStrategy without throwException, or removed by withoutStrategies, lets the traversal run', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run('g.withStrategies(EdgeLabelVerificationStrategy).V().out().count()'), [5]);
    assert.deepEqual(await run('g.withStrategies(EdgeLabelVerificationStrategy(throwException: false, logWarning: false)).V().out().count()'), [5]);
    assert.deepEqual(await run('g.withStrategies(EdgeLabelVerificationStrategy(throwException: true)).withoutStrategies(EdgeLabelVerificationStrategy).V().out().count()'), [5]);
  }));

test('EdgeLabelVerificationStrategy(logWarning: true) emits a VerificationWarning and runs the traversal', () =>
  withSmallGraph(async ({ run }) => {
    const warned = once(process, 'warning');
    assert.deepEqual(await run('g.withStrategies(EdgeLabelVerificationStrategy(logWarning: true)).V().out().count()'), [5]);
    const [warning] = (await warned) as [Error & { code?: string }];
    assert.equal(warning.name, 'VerificationWarning');
    assert.equal(warning.code, 'EDGE_LABEL_VERIFICATION');
  }));

test('verification strategy options must be booleans', () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run("g.withStrategies(EdgeLabelVerificationStrategy(throwException: 'yes')).V().count()"), { code: 'STRATEGY_CONFIG' });
  }));

test('ReservedKeysVerificationStrategy reserves id and label by default, in addV(), addE() and property()', () =>
  withSmallGraph(async ({ run }) => {
    const g = 'g.withStrategies(ReservedKeysVerificationStrategy(throwException: true))';
    await assert.rejects(run(`${g}.addV('person').property('id', 123).property('name', 'marko')`), {
      code: 'RESERVED_KEYS_VERIFICATION',
      message: /AddVertexStartStep that is setting a property key to a reserved word: id/,
    });
    await assert.rejects(run(`${g}.V().has('name', 'marko').property('label', 'x')`), { message: /AddPropertyStep .*reserved word: label/ });
    await assert.rejects(run(`${g}.V().has('name', 'marko').addE('self').to(__.V().has('name', 'josh')).property('id', 1)`), { message: /AddEdgeStep .*reserved word: id/ });
    assert.deepEqual(await run(`${g}.addV('person').property('name', 'kim').values('name')`), ['kim']);
    assert.deepEqual(await run("g.V().has('name', 'marko').count()"), [1]);
  }));

test('ReservedKeysVerificationStrategy takes its keys as a list or set, and checks property(map) entries', () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run("g.withStrategies(ReservedKeysVerificationStrategy(throwException: true, keys: {'age'})).addV('person').property('age', 29)"), {
      message: /reserved word: age/,
    });
    await assert.rejects(run("g.withStrategies(ReservedKeysVerificationStrategy(throwException: true, keys: ['age'])).addV('person').property([age: 1])"), {
      code: 'RESERVED_KEYS_VERIFICATION',
    });
    assert.deepEqual(await run("g.withStrategies(ReservedKeysVerificationStrategy(throwException: true, keys: ['age'])).addV('person').property('id', 7).values('id')"), [7]);
  }));

test('ReservedKeysVerificationStrategy does not check mergeV(), whose keys are only known at run time', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.withStrategies(ReservedKeysVerificationStrategy(throwException: true, keys: ['age'])).mergeV([name: 'new', age: 1]).values('age')"), [1]);
  }));

test('VertexProgramRestrictionStrategy refuses VertexProgramStrategy on the same source', () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run('g.withStrategies(VertexProgramRestrictionStrategy, VertexProgramStrategy).V()'), {
      code: 'VERTEX_PROGRAM_RESTRICTION',
      message: /The TraversalSource does not allow the use of a GraphComputer/,
    });
    assert.deepEqual(await run('g.withStrategies(VertexProgramRestrictionStrategy).withoutStrategies(VertexProgramStrategy).V().count()'), [5]);
    assert.deepEqual(await run('g.withoutStrategies(VertexProgramRestrictionStrategy).withStrategies(VertexProgramStrategy).V().count()'), [5]);
  }));

test('the verification strategies are gremlin-javascript-style classes in the fluent API', () =>
  withSmallGraph(async ({ graph }) => {
    const g = graph.traversal();
    await assert.rejects(g.withStrategies(new EdgeLabelVerificationStrategy({ throwException: true })).V().out().toList(), { code: 'EDGE_LABEL_VERIFICATION' });
    assert.deepEqual(await g.withStrategies(new EdgeLabelVerificationStrategy({ throwException: true })).withoutStrategies(EdgeLabelVerificationStrategy).V().out().count().toList(), [5]);
    await assert.rejects(g.withStrategies(new ReservedKeysVerificationStrategy({ throwException: true, keys: ['age'] })).addV('person').property('age', 1).toList(), {
      code: 'RESERVED_KEYS_VERIFICATION',
    });
    assert.deepEqual(await g.withStrategies(new VertexProgramRestrictionStrategy()).V().count().toList(), [5]);
  }));
