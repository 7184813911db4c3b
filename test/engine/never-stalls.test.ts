/**
 * No traversal keeps the event loop: on a 3-vertex cycle, every repeat()/emit()/until() shape
 * that never ends (and the child traversals that hold one) returns to the event loop every
 * time slice and ends soon after its AbortSignal fires, with the frontier strategy on and off;
 * a frontier operator's BFS pauses between levels. The bounds are generous on purpose (a 5 ms
 * timer delayed by at most 100 ms, an abort honoured within 1 s): they catch a query that holds
 * the loop, not a slow machine.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError, open } from '../../src/index.js';
import type { Database, Graph } from '../../src/index.js';
import { timerDelay, turnCounter } from '../event-loop.js';

/** A fresh graph holding the cycle a -> b -> c -> a (label n, property name). */
async function cycle(): Promise<{ db: Database; graph: Graph }> {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  await graph.gremlin(
    "g.addV('n').property('name','a').as('a').addV('n').property('name','b').as('b').addV('n').property('name','c').as('c')" +
      ".addE('e').from('a').to('b').addE('e').from('b').to('c').addE('e').from('c').to('a').iterate()",
  );
  return { db, graph };
}

const NEVER = "has('name','nobody')";

/** Shapes that never end on a cycle. */
const SHAPES = [
  `g.V().repeat(both()).until(${NEVER}).count()`,
  `g.V().until(${NEVER}).repeat(both()).count()`,
  'g.V().repeat(both()).emit().count()',
  'g.V().emit().repeat(both()).count()',
  `g.V().repeat(both()).emit(${NEVER}).count()`,
  `g.V().emit(${NEVER}).repeat(both()).count()`,
  'g.V().repeat(both()).times(2000000000).count()',
  'g.V().repeat(out()).times(2000000000).path().count()',
  `g.V().repeat(repeat(both()).times(2)).until(${NEVER}).count()`,
  `g.V().repeat(both()).until(repeat(both()).until(${NEVER})).count()`,
  `g.V().where(repeat(both()).until(${NEVER})).count()`,
  `g.V().not(repeat(both()).until(${NEVER})).count()`,
  `g.V().map(repeat(both()).until(${NEVER})).count()`,
  `g.V().local(repeat(both()).until(${NEVER}).count())`,
  `g.V().choose(repeat(both()).until(${NEVER}), constant(1), constant(2)).count()`,
  `g.V().coalesce(repeat(both()).until(${NEVER}), constant(1)).count()`,
  `g.V().optional(repeat(both()).until(${NEVER})).count()`,
  `g.V().sideEffect(repeat(both()).until(${NEVER})).count()`,
  `g.V().project('n').by(repeat(both()).until(${NEVER}).count())`,
  `g.V().order().by(repeat(both()).until(${NEVER}).count())`,
  `g.V().group().by(repeat(both()).until(${NEVER}).count())`,
  `g.V().dedup().by(repeat(both()).until(${NEVER}).count())`,
];

for (const frontier of [true, false]) {
  test(`every repeat/emit/until shape on a cycle lets a 5 ms timer run and ends within 1 s of an abort at 200 ms (frontier strategy ${frontier ? 'on' : 'off'})`, async () => {
    const { db, graph } = await cycle();
    try {
      for (const shape of SHAPES) {
        const text = frontier ? shape : shape.replace(/^g\./, 'g.withoutStrategies(FrontierStrategy).');
        const controller = new AbortController();
        let abortedAt = 0;
        const abort = setTimeout(() => {
          abortedAt = performance.now();
          controller.abort();
        }, 200);
        const { worst, outcome } = await timerDelay(graph.gremlin(text, { signal: controller.signal, timeoutMs: 20_000 }));
        const ended = performance.now();
        clearTimeout(abort);
        assert.equal(outcome.status, 'rejected', `${text} ended`);
        const reason = outcome.status === 'rejected' ? (outcome.reason as unknown) : undefined;
        assert.ok(reason instanceof CancelledError && reason.code === 'CANCELLED', `${text} failed with ${String(reason)}`);
        assert.ok(abortedAt > 0 && ended - abortedAt < 1000, `${text} ended ${Math.round(ended - abortedAt)} ms after the abort`);
        assert.ok(worst <= 100, `${text} delayed a 5 ms timer by ${Math.round(worst)} ms`);
      }
    } finally {
      await db.close();
    }
  });
}

test('an AbortSignal.timeout stops a repeat() that never ends through graph.gremlin (no timeoutMs)', async () => {
  const { db, graph } = await cycle();
  try {
    const started = performance.now();
    await assert.rejects(graph.gremlin(`g.V().repeat(both()).until(${NEVER}).count()`, { signal: AbortSignal.timeout(300) }), CancelledError);
    assert.ok(performance.now() - started < 1300, `stopped after ${Math.round(performance.now() - started)} ms`);
  } finally {
    await db.close();
  }
});

test('the frontier strategy runs a BFS on a long cycle in slices: it pauses between levels and keeps its result', async () => {
  const db = await open();
  try {
    const n = 4000;
    const graph = await db.createGraph('g', { 'vertex.tx_capacity': 100_000, 'edge.tx_capacity': 100_000 });
    await graph.schema().vertexLabel('item').useCustomizeNumberId().ifNotExist().create();
    await graph.schema().edgeLabel('next').sourceLabel('item').targetLabel('item').ifNotExist().create();
    await graph.addVertices(Array.from({ length: n }, (_, i) => ({ label: 'item', id: i })));
    await graph.write((w) => {
      for (let i = 0; i < n; i++) w.addEdge('next', { out: i, in: (i + 1) % n });
    });
    const query = 'g.V(0).repeat(both().dedup()).emit().times(1000000000).count()';
    assert.match(String(await graph.gremlin(`${query}.explain()`)), /frontier\(repeat BOTH\(\) times 1000000000 emit count\)/);
    const stepByStep = await graph.gremlin(query.replace(/^g\./, 'g.withoutStrategies(FrontierStrategy).'));
    const counter = turnCounter();
    const { worst, outcome } = await timerDelay(graph.gremlin(query, { pacing: { sliceMs: 0, checkEvery: 1 } }));
    counter.stop();
    const turns = counter.now();
    assert.deepEqual(outcome.status === 'fulfilled' ? outcome.value : outcome.reason, stepByStep);
    assert.deepEqual(stepByStep, [n]);
    assert.ok(turns >= n / 4, `a BFS of ${n / 2} levels paused on ${turns} turns`);
    assert.ok(worst <= 100, `delayed a 5 ms timer by ${Math.round(worst)} ms`);
  } finally {
    await db.close();
  }
});
