import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConflictError, GremlinScope, open, PlanError, UnsupportedError } from '../../src/index.js';

async function autoGraph(path?: string) {
  const db = await open(path === undefined ? {} : { path });
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  return { db, graph };
}

test('a graph.gremlin() request that fails on its third statement keeps nothing of the first two, in memory and in the WAL', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-script-tx-'));
  try {
    let { db, graph } = await autoGraph(dir);
    await graph.gremlin("g.addV('person').property('name', 'kept').iterate()");
    await assert.rejects(
      graph.gremlin("g.addV('person').property('name', 'a').iterate()\ngraph.addVertex(T.label, 'person', 'name', 'b')\ng.V().fail()"),
      (e: unknown) => e instanceof Error && /fail\(\) step triggered/.test(e.message),
    );
    assert.deepEqual(await graph.gremlin("g.V().values('name')"), ['kept']);
    await db.close();
    db = await open({ path: dir });
    graph = db.graph('g');
    assert.deepEqual(await graph.gremlin("g.V().values('name')"), ['kept']);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('later statements of a request see its earlier writes, and they all commit together', async () => {
  const { db, graph } = await autoGraph();
  const [count] = await graph.gremlin("def m = graph.addVertex(T.label, 'person', 'name', 'marko')\ng.addV('person').property('name', 'vadas').iterate()\ng.V().count()");
  assert.equal(count, 2);
  assert.deepEqual((await graph.gremlin("g.V().values('name')")).sort(), ['marko', 'vadas']);
  await db.close();
});

test('g.tx().rollback() discards the request\'s writes so far and g.tx().commit() keeps them past a later failure', async () => {
  const { db, graph } = await autoGraph();
  assert.deepEqual(await graph.gremlin("g.addV('person').property('name', 'a').iterate(); g.tx().rollback(); g.V().count()"), [0]);
  assert.deepEqual(await graph.gremlin("graph.addVertex(T.label, 'person', 'name', 'b'); graph.tx().rollback(); g.V().count()"), [0]);
  await assert.rejects(graph.gremlin("g.addV('person').property('name', 'c').iterate(); g.tx().commit(); g.addV('person').property('name', 'd').iterate(); g.V().fail()"));
  assert.deepEqual(await graph.gremlin("g.V().values('name')"), ['c']);
  assert.deepEqual(await graph.gremlin('graph.tx().commit()'), []);
  await db.close();
});

test('a schema change after a request wrote data is refused with SCHEMA_IN_TRANSACTION, before it is allowed', async () => {
  const { db, graph } = await autoGraph();
  await assert.rejects(
    graph.gremlin("graph.addVertex(T.label, 'person', 'name', 'x'); graph.schema().propertyKey('nick').asText().create()"),
    (e: unknown) => e instanceof UnsupportedError && e.code === 'SCHEMA_IN_TRANSACTION',
  );
  assert.deepEqual(await graph.gremlin('g.V().count()'), [0]);
  await graph.gremlin("graph.schema().propertyKey('nick').asText().create(); graph.addVertex(T.label, 'person', 'nick', 'y')");
  assert.deepEqual(await graph.gremlin("g.V().values('nick')"), ['y']);
  await db.close();
});

test('a traversal that writes while a request holds the graph in its transaction takes the graph back: the request rolls back and runs again after it; graph.write waits at most the grace', async () => {
  const { db, graph } = await autoGraph();
  await graph.gremlin("g.addV('person').property('name', 'seed').iterate()");
  const slow = graph.gremlin("g.addV('person').property('name', 'a').iterate(); g.V().repeat(__.both()).times(3).count(); g.V().count()", {
    pacing: { sliceMs: 0, checkEvery: 1 },
  });
  await new Promise((resolve) => setImmediate(resolve));
  await graph.traversal().addV('person').property('name', 'b').iterate();
  const started = performance.now();
  await graph.addVertex('person', { name: 'c' });
  assert.ok(performance.now() - started < 1000, `graph.addVertex waited ${Math.round(performance.now() - started)} ms`);
  const [count] = (await slow) as [number];
  assert.ok(count === 3 || count === 4, `the request counted ${count} vertices`);
  assert.deepEqual((await graph.gremlin("g.V().values('name')")).sort(), ['a', 'b', 'c', 'seed']);
  await db.close();
});

test('other queries read the state before an open request transaction; its own later statements see its writes', async () => {
  const { db, graph } = await autoGraph();
  await graph.gremlin("g.addV('person').property('name', 'seed').iterate()");
  let done = false;
  const request = graph
    .gremlin("g.addV('person').property('name', 'a').iterate(); g.V().repeat(__.both()).times(3).count(); g.V().values('name').fold()", {
      pacing: { sliceMs: 0, checkEvery: 1 },
    })
    .finally(() => {
      done = true;
    });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(done, false);
  assert.deepEqual(await graph.gremlin("g.V().values('name')"), ['seed']);
  assert.deepEqual(await graph.traversal().V().count().toList(), [1]);
  assert.equal(done, false);
  const [names] = (await request) as [string[]];
  assert.deepEqual([...names].sort(), ['a', 'seed']);
  assert.deepEqual((await graph.gremlin("g.V().values('name')")).sort(), ['a', 'seed']);
  const failing = graph.gremlin("g.addV('person').property('name', 'b').iterate(); g.V().repeat(__.both()).times(3).count(); g.V().nope()", {
    pacing: { sliceMs: 0, checkEvery: 1 },
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual((await graph.gremlin("g.V().values('name')")).sort(), ['a', 'seed']);
  await assert.rejects(failing);
  assert.deepEqual((await graph.gremlin("g.V().values('name')")).sort(), ['a', 'seed']);
  await db.close();
});

test('script variables behave as in Groovy: declared enum names are variables, one-element lists stay lists', async () => {
  const { db, graph } = await autoGraph();
  assert.deepEqual(await graph.gremlin('def list = [1,2,3]; g.inject(list)'), [[1, 2, 3]]);
  assert.deepEqual(await graph.gremlin('set = [4]; g.inject(set)'), [[4]]);
  assert.deepEqual(await graph.gremlin('def a = [1]; g.inject(a)'), [[1]]);
  assert.deepEqual(await graph.gremlin('def keys = 7; def values = 8; g.inject(keys, values)'), [7, 8]);
  const [marko] = await graph.gremlin("graph.addVertex(T.label, 'person', 'name', 'marko')");
  const id = (marko as { id: unknown }).id;
  assert.deepEqual(await graph.gremlin("def v = g.V().has('name', 'marko'); g.V(v).values('name')"), ['marko']);
  assert.deepEqual(await graph.gremlin("g.V(id).values('name')", { bindings: { id } }), ['marko']);
  await db.close();
});

test('graph.traversal() works wherever g does', async () => {
  const { db, graph } = await autoGraph();
  await graph.gremlin("g.addV('person').property('name', 'marko').iterate()");
  assert.deepEqual(await graph.gremlin('graph.traversal().V().count()'), [1]);
  assert.deepEqual(await graph.gremlin("def t = graph.traversal(); t.V().values('name')"), ['marko']);
  assert.deepEqual(await graph.gremlin("graph.traversal().addV('person').property('name', 'josh').iterate(); graph.traversal().V().count().next()"), [2]);
  await db.close();
});

test('a GremlinScope keeps variables across calls; an undefined variable is UNKNOWN_VARIABLE', async () => {
  const { db, graph } = await autoGraph();
  const scope = new GremlinScope();
  await graph.gremlin('x = 5', { scope });
  assert.deepEqual(await graph.gremlin('x', { scope }), [5]);
  await graph.gremlin("marko = graph.addVertex(T.label, 'person', 'name', 'marko')", { scope });
  await graph.gremlin("vadas = graph.addVertex(T.label, 'person', 'name', 'vadas')", { scope });
  await graph.gremlin("marko.addEdge('knows', vadas)", { scope });
  assert.deepEqual(await graph.gremlin("g.V(marko).out('knows').values('name')", { scope }), ['vadas']);
  await assert.rejects(graph.gremlin('x'), (e: unknown) => e instanceof PlanError && e.code === 'UNKNOWN_VARIABLE' && e.message === "Unknown variable 'x' at line 1, column 1");
  await assert.rejects(graph.gremlin('x', { scope: new Map() as never }), /Invalid Gremlin scope/);
  await db.close();
});
