/**
 * A slow Gremlin request that wrote never makes other writers wait for it: once a writer has
 * waited the request's grace, it takes the graph back. The request's writes are rolled back
 * and it runs again from its start after the writer's commit; it still commits all of its
 * writes or none, exactly once, in memory and in the WAL. A request that cannot run again
 * (it committed part of its writes, or changed the schema), or that was taken back too often,
 * fails with WRITE_CONFLICT.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancelledError, ConflictError, GremlinScope, open } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

const NEVER = "g.V().repeat(both()).until(has('name','nobody')).count()";

/** The cycle a -> b -> c -> a on an auto-create graph. */
async function cycle(graph: Graph): Promise<void> {
  await graph.gremlin(
    "g.addV('n').property('name','a').as('a').addV('n').property('name','b').as('b').addV('n').property('name','c').as('c')" +
      ".addE('e').from('a').to('b').addE('e').from('b').to('c').addE('e').from('c').to('a').iterate()",
  );
}

/** Runs `fn` on a fresh in-memory auto-create graph holding the cycle, and closes the database. */
async function onCycle(fn: (graph: Graph) => Promise<void>): Promise<void> {
  const db = await open();
  try {
    const graph = await db.createGraph('g', { 'schema.auto_create': true });
    await cycle(graph);
    await fn(graph);
  } finally {
    await db.close();
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Times an async call. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

test('a request that wrote and then reads for its whole time limit does not hold writers: an insert waits at most the grace, the request keeps nothing', () =>
  onCycle(async (graph) => {
    const request = graph.gremlin(`g.addV('person').property('name','lockx').iterate(); ${NEVER}`, { timeoutMs: 1500 });
    await pause(200);
    const insert = await timed(() => graph.addVertex('person', { name: 'writer' }));
    assert.ok(insert.ms < 700, `the insert waited ${Math.round(insert.ms)} ms`);
    const edge = await timed(() => graph.gremlin("g.V().has('name','a').as('x').V().has('name','writer').addE('e').from('x').count()"));
    assert.ok(edge.ms < 700, `a short writing request waited ${Math.round(edge.ms)} ms`);
    await assert.rejects(request, (e: unknown) => e instanceof CancelledError && e.code === 'TIMEOUT');
    assert.deepEqual((await graph.gremlin("g.V().hasLabel('person').values('name')")).sort(), ['writer']);
    assert.deepEqual(await graph.gremlin("g.V().has('name','writer').inE().count()"), [1]);
  }));

test('a request taken back by a writer runs again and commits its writes exactly once, in memory and in the WAL; its session variables are set once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-preempt-'));
  try {
    let db = await open({ path: dir });
    let graph = await db.createGraph('g', { 'schema.auto_create': true });
    await cycle(graph);
    const scope = new GremlinScope();
    const request = graph.gremlin("x = g.addV('person').property('name','once').next(); g.V().repeat(both()).times(200).dedup().count()", {
      scope,
      pacing: { sliceMs: 0, checkEvery: 1 },
    });
    const writers: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      await pause(60);
      writers.push(graph.addVertex('person', { name: `w${i}` }));
    }
    await Promise.all(writers);
    assert.deepEqual(await request, [3]);
    assert.ok(scope.variables.has('x'));
    const names = async (): Promise<unknown[]> => (await graph.gremlin("g.V().hasLabel('person').values('name')")).sort();
    assert.deepEqual(await names(), ['once', 'w0', 'w1', 'w2']);
    await db.close();
    db = await open({ path: dir });
    graph = db.graph('g');
    assert.deepEqual(await names(), ['once', 'w0', 'w1', 'w2']);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a request taken back more often than its restarts allow fails with WRITE_CONFLICT and keeps nothing', () =>
  onCycle(async (graph) => {
    const request = graph.gremlin(`g.addV('person').property('name','never').iterate(); ${NEVER}`, { timeoutMs: 20_000 });
    let settled = false;
    void request.then(
      () => (settled = true),
      () => (settled = true),
    );
    const waits: number[] = [];
    for (let i = 0; !settled && i < 200; i++) {
      waits.push((await timed(() => graph.addVertex('person', { name: `w${i}` }))).ms);
      await pause(10);
    }
    await assert.rejects(request, (e: unknown) => e instanceof ConflictError && e.code === 'WRITE_CONFLICT' && /6 times/.test(e.message));
    assert.ok(Math.max(...waits) < 1000, `writers waited ${waits.map(Math.round).join(', ')} ms`);
    assert.deepEqual(await graph.gremlin("g.V().has('name','never').count()"), [0]);
  }));

test('a request that committed part of its writes (g.tx().commit()) or changed the schema fails with WRITE_CONFLICT when taken back; what it committed stays', () =>
  onCycle(async (graph) => {
    const committed = graph.gremlin(`g.addV('person').property('name','c1').iterate(); g.tx().commit(); g.addV('person').property('name','c2').iterate(); ${NEVER}`, { timeoutMs: 20_000 });
    await pause(100);
    await graph.addVertex('person', { name: 'w1' });
    await assert.rejects(committed, (e: unknown) => e instanceof ConflictError && e.code === 'WRITE_CONFLICT' && /committed part of its writes/.test(e.message));
    const schema = graph.gremlin(`graph.schema().propertyKey('nick').asText().ifNotExist().create(); g.addV('person').property('name','s1').iterate(); ${NEVER}`, { timeoutMs: 20_000 });
    await pause(100);
    await graph.addVertex('person', { name: 'w2' });
    await assert.rejects(schema, (e: unknown) => e instanceof ConflictError && e.code === 'WRITE_CONFLICT');
    assert.deepEqual((await graph.gremlin("g.V().hasLabel('person').values('name')")).sort(), ['c1', 'w1', 'w2']);
  }));

test('a cancelled request is not run again: its AbortSignal wins over a writer taking the graph back', () =>
  onCycle(async (graph) => {
    const controller = new AbortController();
    const request = graph.gremlin(`g.addV('person').property('name','gone').iterate(); ${NEVER}`, { signal: controller.signal });
    await pause(100);
    controller.abort();
    await graph.addVertex('person', { name: 'w' });
    await assert.rejects(request, (e: unknown) => e instanceof CancelledError && e.code === 'CANCELLED');
    assert.deepEqual((await graph.gremlin("g.V().hasLabel('person').values('name')")).sort(), ['w']);
  }));
