import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ArgumentError, P, open } from '../../src/index.js';

const BAD = new Date('garbage');

function invalidArgument(error: unknown): boolean {
  return error instanceof ArgumentError && error.code === 'INVALID_ARGUMENT';
}

test('an invalid Date as a library, fluent or binding argument is ArgumentError INVALID_ARGUMENT, and nothing is written', async () => {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  await graph.addVertex('x', { d: new Date(0) });
  await assert.rejects(graph.addVertex('x', { d: BAD }), invalidArgument);
  await assert.rejects(graph.addVertex('x', { d: [new Date(1), BAD] }), invalidArgument);
  const g = graph.traversal();
  await assert.rejects(g.V().property('d', BAD).iterate(), invalidArgument);
  await assert.rejects(g.addV('x').property('d', BAD).toList(), invalidArgument);
  await assert.rejects(g.V().has('d', BAD).toList(), invalidArgument);
  await assert.rejects(g.V().has('d', P.gt(BAD)).toList(), invalidArgument);
  await assert.rejects(g.inject([new Map([['k', BAD]])]).toList(), invalidArgument);
  await assert.rejects(graph.gremlin("graph.addVertex(T.label, 'x', 'd', when)", { bindings: { when: BAD } }), invalidArgument);
  await assert.rejects(graph.gremlin("g.V().property('d', when)", { bindings: { when: [BAD] } }), invalidArgument);
  assert.deepEqual(await graph.gremlin("g.V().values('d')"), [new Date(0)]);
  await db.close();
});

test('date steps that leave the range of a Date fail with ArgumentError DATE_OUT_OF_RANGE', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  const outOfRange = (error: unknown): boolean => error instanceof ArgumentError && error.code === 'DATE_OUT_OF_RANGE';
  await assert.rejects(graph.gremlin("g.inject(datetime('2020-01-01')).dateAdd(DT.day, 999999999999)"), outOfRange);
  await assert.rejects(graph.gremlin('g.inject(9999999999999999L).asDate()'), outOfRange);
  assert.deepEqual(await graph.gremlin('g.inject(8640000000000000L).asDate()'), [new Date(8.64e15)]);
  await db.close();
});
