/**
 * How computation jobs run on worker threads: a job reads a snapshot (writes during it do not
 * reach it), sees only what its handle's policy reads and needs EXECUTE, cancels within a
 * superstep leaving nothing visible, queues behind busy workers and over-budget memory, and
 * never holds the event loop.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, QuiverError } from '../../../src/index.js';
import type { Graph } from '../../../src/index.js';
import { ComputeScheduler } from '../../../src/database/graph/compute/scheduler.js';
import { ADULTS_POLICY, rejection, rule, withPeople } from '../../api/access/people.js';

/** A graph of `n` vertices on a cycle, with chords. */
async function ringGraph(n: number): Promise<{ graph: Graph; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('ring', { 'schema.auto_create': true });
  const ids: (string | number | bigint)[] = [];
  for (let at = 0; at < n; at += 10_000) ids.push(...(await graph.addVertexIds(Array.from({ length: Math.min(10_000, n - at) }, () => ({ label: 'node' })))));
  const edges = ids.flatMap((id, i) => [
    { label: 'link', out: id, in: ids[(i + 1) % n]! },
    { label: 'link', out: id, in: ids[(i * 7 + 3) % n]! },
  ]);
  for (let at = 0; at < edges.length; at += 10_000) await graph.addEdgeIds(edges.slice(at, at + 10_000));
  return { graph, close: () => db.close() };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 20_000 && !condition(); i++) await new Promise((r) => setTimeout(r, 1));
  assert.ok(condition(), 'condition reached');
}

test('a job reads the snapshot taken when it starts: vertices added while it runs get no value', async () => {
  const { graph, close } = await ringGraph(3000);
  try {
    const job = graph.compute('pageRank', { maxSuperStep: 200, l1DiffThreshold: 1e-15 }, { workers: 2 });
    await until(() => job.progress >= 1);
    const late = await graph.addVertex('node', {});
    await graph.addEdge('link', { out: late.id, in: 1 });
    const result = await job.result;
    assert.equal(result.values.size, 3000);
    assert.equal(result.values.get(late.id as number), undefined);
    assert.ok(Math.abs([...result.values.values()].reduce((a, b) => a + b, 0) - 1) < 1e-9);
    await graph.setReadMode('ALL');
    assert.deepEqual(await graph.gremlin(`g.V(${String(late.id)}).values('page_rank')`), []);
  } finally {
    await close();
  }
});

test('cancel stops a job within a superstep; no value of the run becomes visible and the previous run stays', async () => {
  const { graph, close } = await ringGraph(3000);
  try {
    const first = await graph.compute('lpa', { maxSuperStep: 1 }).result;
    const job = graph.compute('lpa', { maxSuperStep: 2000 }, { workers: 2 });
    await until(() => job.progress >= 2);
    job.cancel();
    await rejection(job.result, 'COMPUTE_CANCELLED');
    assert.equal(job.status, 'cancelled');
    assert.ok(job.progress < 2000);
    await graph.setReadMode('ALL');
    const [v] = await graph.gremlin("g.V().has('lpa').limit(1).id()");
    assert.deepEqual(await graph.gremlin(`g.V(${String(v)}).values('lpa')`), [String(first.values.get(v as number))]);
  } finally {
    await close();
  }
});

test('a job sees only what its policy reads, and needs EXECUTE', () =>
  withPeople(async ({ graph }) => {
    const adults = graph.withPolicy(ADULTS_POLICY);
    const { values } = await adults.compute('wcc').result;
    assert.deepEqual([...values.keys()].sort(), ['1:josh', '1:marko', '1:peter', '1:vadas', '2:lop', '2:ripple']);
    assert.equal(values.get('1:peter'), '1:josh', 'peter reaches josh through lop and marko');
    const noExecute = graph.withPolicy({ grants: { READ: [rule('ALL')] } });
    assert.throws(() => noExecute.compute('wcc'), (e: QuiverError) => e.code === 'PERMISSION_DENIED');
  }));

test('the scheduler caps workers at its threads, queues jobs beyond them in order, and refuses a job over the memory budget', async () => {
  const scheduler = new ComputeScheduler({ threads: 2, memoryBytes: 1000 });
  const signal = new AbortController().signal;
  await assert.rejects(scheduler.acquire({ workers: 1, bytes: 1001, signal }), (e: QuiverError) => e.code === 'COMPUTE_MEMORY');
  const a = await scheduler.acquire({ workers: 5, bytes: 100, signal });
  assert.equal(a.workers, 2);
  const order: string[] = [];
  const b = scheduler.acquire({ workers: 1, bytes: 100, signal }).then((lease) => (order.push('b'), lease));
  const cancelled = new AbortController();
  const c = scheduler.acquire({ workers: 1, bytes: 100, signal: cancelled.signal });
  const d = scheduler.acquire({ workers: 1, bytes: 950, signal }).then((lease) => (order.push('d'), lease));
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(scheduler.queued, 3);
  cancelled.abort(new Error('gone'));
  await assert.rejects(c, /gone/);
  a.release();
  const leaseB = await b;
  assert.deepEqual(order, ['b'], 'd waits for memory');
  leaseB.release();
  (await d).release();
  assert.deepEqual(order, ['b', 'd']);
  await scheduler.close();
});

test('a job waiting for workers reads queued and calls onStart only when it leaves the queue', async () => {
  const { graph, close } = await ringGraph(20_000);
  try {
    const first = graph.compute('lpa', { maxSuperStep: 2000 }, { workers: 100 });
    await until(() => first.status === 'running');
    let started = 0;
    const second = graph.compute('wcc', {}, { workers: 100, onStart: () => started++ });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(second.status, 'queued');
    assert.equal(started, 0);
    first.cancel();
    await assert.rejects(first.result, (e: QuiverError) => e.code === 'COMPUTE_CANCELLED');
    await second.result;
    assert.equal(started, 1);
    assert.equal(second.status, 'success');
  } finally {
    await close();
  }
});

test('the event loop keeps turning while a job builds its snapshot and computes (the write-back is one atomic batch)', async () => {
  const { graph, close } = await ringGraph(20_000);
  try {
    let longest = 0;
    let running = true;
    const job = graph.compute('pageRank', { maxSuperStep: 30 }, { workers: 2 });
    const ticker = (async () => {
      while (running) {
        const before = job.status;
        const start = performance.now();
        await new Promise((r) => setImmediate(r));
        // the write-back is one synchronous batch (docs/jobs.md): a gap that reaches it is not counted
        if (before !== 'writing' && job.status === 'running') longest = Math.max(longest, performance.now() - start);
      }
    })();
    await job.result;
    running = false;
    await ticker;
    assert.ok(longest < 400, `longest gap between two turns: ${longest.toFixed(1)} ms`);
  } finally {
    await close();
  }
});
