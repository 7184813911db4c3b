import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../../src/index.js';
import type { Database, Graph } from '../../src/index.js';
import { breather, mapInTurns } from '../../src/engine/runtime/turns.js';
import { CancelledError } from '../../src/index.js';
import { queryElements } from '../../src/engine/index.js';
import type { ExecutionContext } from '../../src/engine/index.js';
import { TRAVERSERS, runTraverser } from '../../src/engine/traversers/index.js';
import { turnCounter } from '../event-loop.js';

test('waiting queries are resumed one per turn of the event loop, in the order they paused', async () => {
  const counter = turnCounter();
  const resumed: Array<{ who: string; turn: number }> = [];
  const wait = async (who: string): Promise<void> => {
    await breather();
    resumed.push({ who, turn: counter.now() });
  };
  await Promise.all([wait('a'), wait('b'), wait('c')]);
  counter.stop();
  assert.deepEqual(
    resumed.map((r) => r.who),
    ['a', 'b', 'c'],
  );
  assert.ok(resumed[1]!.turn > resumed[0]!.turn, `b resumed on turn ${resumed[1]!.turn}, a on ${resumed[0]!.turn}`);
  assert.ok(resumed[2]!.turn > resumed[1]!.turn, `c resumed on turn ${resumed[2]!.turn}, b on ${resumed[1]!.turn}`);
});

test('a query that pauses again waits behind the queries that paused before it (round robin)', async () => {
  const order: string[] = [];
  const run = async (who: string, slices: number): Promise<void> => {
    for (let i = 0; i < slices; i++) {
      await breather();
      order.push(who);
    }
  };
  await Promise.all([run('a', 3), run('b', 3)]);
  assert.deepEqual(order, ['a', 'b', 'a', 'b', 'a', 'b']);
});

/** A fresh graph holding a chain of 300 vertices (ids 1..300, edges i -> i + 1). */
async function chainGraph(): Promise<{ db: Database; graph: Graph }> {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  await graph.gremlin("g.inject(1).repeat(addV('p')).times(300).iterate()");
  await graph.gremlin("g.V().as('a').map(id().math('_ + 1')).as('n').V().where(id().as('n')).addE('next').from('a').iterate()");
  assert.deepEqual(await graph.gremlin('g.E().count()'), [299]);
  return { db, graph };
}

/** Turns of the event loop while `runs` run together. */
async function turnsOf(...runs: Array<() => Promise<unknown>>): Promise<number> {
  const counter = turnCounter();
  await Promise.all(runs.map((run) => run()));
  counter.stop();
  return counter.now();
}

const PAUSE_OFTEN = { sliceMs: 0, checkEvery: 1 };

test('two long queries running at once take turns: the event loop turns about twice as often as for one', async () => {
  const { db, graph } = await chainGraph();
  const results: unknown[] = [];
  const query = async (): Promise<void> => {
    results.push(await graph.gremlin('g.V().V().count()', { pacing: PAUSE_OFTEN }));
  };
  const one = await turnsOf(query);
  const two = await turnsOf(query, query);
  assert.deepEqual(results, [[90_000], [90_000], [90_000]]);
  assert.ok(one > 300, `one query paused on ${one} turns`);
  assert.ok(two >= 1.8 * one, `two queries ran in ${two} turns, one in ${one}`);
  await db.close();
});

test('element queries and traversers take turns with Gremlin queries', async () => {
  const { db, graph } = await chainGraph();
  const gremlin = (): Promise<unknown> => graph.gremlin('g.V().V().count()', { pacing: PAUSE_OFTEN });
  // The engine's entry points on a view of the graph, pausing often.
  const onView = async <T>(run: (context: ExecutionContext) => Promise<T>): Promise<T> => {
    const view = graph.openReadView();
    try {
      return await run({ source: view.source, pacing: PAUSE_OFTEN });
    } finally {
      view.release();
    }
  };
  const scan = (): Promise<unknown> => onView((context) => queryElements({ element: 'vertex' }, context, (_source, slot) => slot));
  const kout = (): Promise<unknown> => onView((context) => runTraverser(context, (run) => TRAVERSERS.kout(run, { source: 1, maxDepth: 250, direction: 'OUT' })));
  const alone = { gremlin: await turnsOf(gremlin), scan: await turnsOf(scan), kout: await turnsOf(kout) };
  assert.ok(alone.scan >= 250 && alone.kout >= 250, `the scan paused on ${alone.scan} turns, the traverser on ${alone.kout}`);
  const withScan = await turnsOf(gremlin, scan);
  const withKout = await turnsOf(gremlin, kout);
  assert.ok(withScan >= 0.9 * (alone.gremlin + alone.scan), `Gremlin and scan together ${withScan} turns, alone ${alone.gremlin} + ${alone.scan}`);
  assert.ok(withKout >= 0.9 * (alone.gremlin + alone.kout), `Gremlin and traverser together ${withKout} turns, alone ${alone.gremlin} + ${alone.kout}`);
  await db.close();
});

/** Spins for `ms` milliseconds (work that takes time without yielding). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

test('mapInTurns maps in order and returns to the event loop between slices of work', async () => {
  const counter = turnCounter();
  const out = await mapInTurns(
    Array.from({ length: 640 }, (_, i) => i),
    (i) => {
      spin(0.05);
      return i * 2;
    },
  );
  counter.stop();
  assert.deepEqual(out, Array.from({ length: 640 }, (_, i) => i * 2));
  assert.ok(counter.now() >= 3, `32 ms of work took ${counter.now()} turns of the event loop`);
});

test('mapInTurns stops with CancelledError at the end of a slice once its signal fired', async () => {
  const controller = new AbortController();
  let mapped = 0;
  const work = mapInTurns(Array.from({ length: 100_000 }, (_, i) => i), () => {
    mapped++;
    spin(0.01);
  }, controller.signal);
  setImmediate(() => controller.abort());
  await assert.rejects(work, (e: unknown) => e instanceof CancelledError && e.code === 'CANCELLED');
  assert.ok(mapped < 100_000, `mapped ${mapped} items`);
});

test('a large Gremlin result is converted from the state the query read, while writes go on', async () => {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true, 'vertex.tx_capacity': 100_000 });
  await graph.write((w) => {
    for (let n = 0; n < 20_000; n++) w.addVertex('item', { properties: [['name', `i${n}`], ['n', n]] });
  });
  let dropped = false;
  const read = graph.gremlin('g.V()');
  const drop = (async () => {
    while (!dropped) {
      await breather();
      if ((await graph.gremlin('g.V().count()'))[0] === 20_000) {
        await graph.gremlin('g.V().drop()');
        dropped = true;
      }
    }
  })();
  const vertices = (await read) as Array<{ properties: Record<string, unknown> }>;
  await drop;
  assert.equal(vertices.length, 20_000);
  assert.ok(vertices.every((v) => v.properties['name'] !== undefined), 'every vertex has the properties it had when the query read it');
  assert.deepEqual(await graph.gremlin('g.V().count()'), [0]);
  await db.close();
});
