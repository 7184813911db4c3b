import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

/** A count result as a plain number (counts are longs). */
function num(x: unknown): number {
  return typeof x === 'object' && x !== null && 'value' in x ? Number((x as { value: bigint }).value) : Number(x);
}

async function graphOf(script: string): Promise<{ graph: Graph; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  if (script !== '') await graph.gremlin(script);
  return { graph, close: () => db.close() };
}

/** Pulls one result of a read, runs `write`, then drains the read: what the read returned in all. */
async function interleaved(graph: Graph, read: (g: ReturnType<Graph['traversal']>) => { next(): Promise<IteratorResult<unknown>>; toList(): Promise<unknown[]> }, write: () => Promise<unknown>): Promise<unknown[]> {
  const t = read(graph.traversal());
  const first = await t.next();
  await write();
  return first.done === true ? [] : [first.value, ...(await t.toList())];
}

test('a half-pulled read does not see a vertex added after it started (the reproduction of issue 6)', async () => {
  const { graph, close } = await graphOf("g.addV('v').property('n',1).addV('v').property('n',2).iterate()");
  const got = await interleaved(graph, (g) => g.V().values('n'), () => graph.traversal().addV('v').property('n', 3).iterate());
  assert.deepEqual(got, [1, 2]);
  assert.deepEqual(await graph.traversal().V().values('n').toList(), [1, 2, 3], 'a read that starts after the write sees it');
  await close();
});

test('counts, neighbours, property updates and drops are those of the read start', async () => {
  const { graph, close } = await graphOf(
    "g.addV('v').property('n',1).as('a').addV('v').property('n',2).as('b').addV('v').property('n',3).as('c')" +
      ".addE('e').from('a').to('b').property('w',10).addE('e').from('a').to('c').property('w',20).iterate()",
  );
  const g = () => graph.traversal();
  const bump = () => g().V().has('n', 2).property('n', 22).iterate();
  assert.deepEqual(await interleaved(graph, (s) => s.V().values('n'), bump), [1, 2, 3]);
  assert.deepEqual(await g().V().values('n').toList(), [1, 22, 3]);

  const dropC = () => g().V().has('n', 3).drop().iterate();
  assert.deepEqual(await interleaved(graph, (s) => s.V().has('n', 1).out().values('n'), dropC), [22, 3], 'a dropped vertex stays visible to a read that started before the drop');
  assert.deepEqual(await g().V().has('n', 1).out().values('n').toList(), [22]);

  const addAndDrop = async () => {
    await g().V().has('n', 1).as('a').V().has('n', 22).addE('e').from('a').property('w', 30).iterate();
    await g().E().has('w', 10).drop().iterate();
  };
  assert.deepEqual(await interleaved(graph, (s) => s.E().values('w'), addAndDrop), [10], 'edges: the dropped edge stays, the new one is not seen');
  assert.deepEqual(await g().E().values('w').toList(), [30]);

  const count = g().V().count();
  const before = count.next();
  await g().addV('v').property('n', 4).iterate();
  assert.equal(num((await before).value), 2);
  assert.equal(num((await g().V().count().next()).value), 3);
  await close();
});

test('a read that is closed, fails or times out releases its epoch', async () => {
  const { graph, close } = await graphOf("g.addV('v').property('n',1).addV('v').property('n',2).iterate()");
  const t = graph.traversal().V().values('n');
  await t.next();
  await t.close();
  await graph.traversal().addV('v').property('n', 3).iterate();
  assert.deepEqual(await graph.traversal().V().values('n').toList(), [1, 2, 3]);
  await close();
});

test('writes inside a traversal see its own earlier writes', async () => {
  const { graph, close } = await graphOf("g.addV('v').property('n',1).iterate()");
  assert.deepEqual((await graph.traversal().addV('v').as('a').V().count().toList()).map(num), [2]);
  assert.deepEqual((await graph.gremlin("g.addV('v').property('n',5).V().has('n',5).count()")).map(num), [1]);
  assert.deepEqual((await graph.traversal().V().has('n', 5).in().count().toList()).map(num), [0]);
  await graph.traversal().V().has('n', 1).as('a').V().has('n', 5).addE('e').from('a').iterate();
  assert.deepEqual(await graph.traversal().V().has('n', 1).out().values('n').toList(), [5]);
  await close();
});
