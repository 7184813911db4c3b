import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { __, CancelledError, LimitError, QuiverError, open } from '../../src/index.js';
import { cycleGraph } from './cycle-graph.js';

/** A query that never ends on a directed cycle: nobody is called 'nobody', and out() keeps bulk 1. */
const RUNAWAY = "g.V().repeat(out()).until(has('name','nobody')).count()";

function code(expected: string): (error: unknown) => boolean {
  return (error: unknown) => error instanceof QuiverError && error.code === expected;
}

test('Graph.gremlin stops a query that never ends at its timeoutMs with CancelledError TIMEOUT', { timeout: 20_000 }, async () => {
  const { graph, close } = await cycleGraph();
  await assert.rejects(graph.gremlin(RUNAWAY, { timeoutMs: 100 }), (e: unknown) => e instanceof CancelledError && e.code === 'TIMEOUT');
  await close();
});

test('open({ queryTimeoutMs }) gives every query of every graph a time limit, Gremlin text and fluent alike', { timeout: 20_000 }, async () => {
  const { graph, close } = await cycleGraph({ queryTimeoutMs: 100 });
  await assert.rejects(graph.gremlin(RUNAWAY), code('TIMEOUT'));
  const fluent = graph.traversal().V().repeat(__.out()).until(__.has('name', 'nobody')).count();
  await assert.rejects(fluent.toList(), code('TIMEOUT'));
  await close();
});

test('an AbortSignal cancels a running query, because the engine returns to the event loop while it works', { timeout: 20_000 }, async () => {
  const { graph, close } = await cycleGraph();
  const controller = new AbortController();
  let timerRuns = 0;
  const timer = setInterval(() => {
    timerRuns++;
    if (timerRuns === 5) controller.abort();
  }, 10);
  try {
    await assert.rejects(graph.gremlin(RUNAWAY, { signal: controller.signal }), code('CANCELLED'));
  } finally {
    clearInterval(timer);
  }
  assert.equal(timerRuns, 5, 'timers ran while the query worked');
  await close();
});

test('two queries interleave: a short query finishes while a long one is still running', { timeout: 20_000 }, async () => {
  const { graph, close } = await cycleGraph();
  const controller = new AbortController();
  const long = graph.gremlin(RUNAWAY, { signal: controller.signal });
  const short = await graph.gremlin("g.V().has('name','b').values('name')");
  assert.deepEqual(short, ['b']);
  controller.abort();
  await assert.rejects(long, code('CANCELLED'));
  await close();
});

test('timeoutMs: 0 lifts the graph default for one call', async () => {
  const { graph, close } = await cycleGraph({ queryTimeoutMs: 1 });
  const [count] = await graph.gremlin("g.V().repeat(out()).times(20000).count()", { timeoutMs: 0 });
  assert.equal(String(count), '3');
  await assert.rejects(graph.gremlin("g.V().repeat(out()).times(20000).count()"), code('TIMEOUT'));
  await close();
});

test('a query that holds more than its memoryLimit fails with LimitError QUERY_MEMORY_LIMIT', async () => {
  const { graph, close } = await cycleGraph();
  await assert.rejects(
    graph.gremlin('g.V().repeat(out()).times(100000).path().count()', { memoryLimit: 10_000 }),
    (e: unknown) => e instanceof LimitError && e.code === 'QUERY_MEMORY_LIMIT',
  );
  await assert.rejects(graph.gremlin('g.V().repeat(both()).times(10).fold()', { memoryLimit: 1000 }), code('QUERY_MEMORY_LIMIT'));
  const [paths] = await graph.gremlin('g.V().repeat(out()).times(100).path().count()', { memoryLimit: 10_000 });
  assert.equal(String(paths), '3');
  await close();
});

test("g.with('evaluationTimeout', ms) gives one traversal its own time limit, which shortens the caller's and never extends it", { timeout: 20_000 }, async () => {
  const { graph, close } = await cycleGraph();
  const started = Date.now();
  await assert.rejects(graph.gremlin(RUNAWAY.replace('g.V()', "g.with('evaluationTimeout', 150L).V()")), code('TIMEOUT'));
  assert.ok(Date.now() - started < 5_000, `ended after ${Date.now() - started} ms`);
  await assert.rejects(graph.gremlin(RUNAWAY.replace('g.V()', "g.with('scriptEvaluationTimeout', 100).V()")), code('TIMEOUT'));
  await assert.rejects(graph.traversal().with_('evaluationTimeout', 100).V().repeat(__.out()).until(__.has('name', 'nobody')).count().toList(), code('TIMEOUT'));
  const longer = Date.now();
  await assert.rejects(graph.gremlin(RUNAWAY.replace('g.V()', "g.with('evaluationTimeout', 60000).V()"), { timeoutMs: 150 }), code('TIMEOUT'));
  assert.ok(Date.now() - longer < 5_000, 'a longer evaluationTimeout does not lift the caller\'s time limit');
  assert.deepEqual(await graph.gremlin("g.with('evaluationTimeout', 0).V().count()"), [3]);
  await assert.rejects(graph.gremlin("g.with('evaluationTimeout', -1).V().count()"), code('STEP_ARGUMENTS'));
  await assert.rejects(graph.gremlin("g.with('evaluationTimeout', 'soon').V().count()"), code('STEP_ARGUMENTS'));
  await close();
});

test('graph.setQueryLimits sets the defaults of one graph and rejects bad limits', async () => {
  const { graph, close } = await cycleGraph();
  graph.setQueryLimits({ memoryLimit: 10 });
  await assert.rejects(graph.gremlin('g.V().repeat(out()).times(100).path().count()'), code('QUERY_MEMORY_LIMIT'));
  assert.throws(() => graph.setQueryLimits({ memoryLimit: -1 }), code('INVALID_ARGUMENT'));
  assert.throws(() => graph.setQueryLimits({ timeoutMs: 'soon' as unknown as number }), code('INVALID_ARGUMENT'));
  await assert.rejects(open({ queryTimeoutMs: -5 }), code('INVALID_ARGUMENT'));
  await close();
});

test('the path explosion of a never-ending repeat ends in a LimitError, not a heap abort, on a small heap', { timeout: 120_000 }, () => {
  const index = fileURLToPath(new URL('../../src/index.js', import.meta.url));
  const script = `
    const { open } = await import(${JSON.stringify(index)});
    const db = await open();
    const graph = await db.createGraph('g', { 'schema.auto_create': true });
    await graph.gremlin("g.addV('n').as('a').addV('n').as('b').addV('n').as('c').addE('next').from('a').to('b').addE('next').from('b').to('c').addE('next').from('c').to('a').iterate()");
    try {
      await graph.gremlin('g.V().repeat(out()).times(1000000).path().count()');
      console.log('finished');
    } catch (e) {
      console.log(e.constructor.name + ' ' + e.code);
    }
  `;
  const child = spawnSync(process.execPath, ['--max-old-space-size=64', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout.trim(), /^LimitError (QUERY_MEMORY_LIMIT|HEAP_LIMIT)$/);
});
