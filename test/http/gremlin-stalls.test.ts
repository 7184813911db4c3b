/**
 * One Gremlin request never stalls the server, over a real socket on 127.0.0.1: while a
 * traversal that never ends runs through /gremlin, `GET /versions` answers promptly and the
 * runaway ends with its time limit; while a request that wrote runs it, a REST insert on the
 * same graph answers promptly and the request keeps none of its writes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { openServerState } from '../../src/index.js';
import type { Graph, ServerState } from '../../src/index.js';
import { buildApp } from '../../src/http/index.js';
import { ADMIN_PASSWORD, BASIC } from './helpers.js';

interface Listening {
  readonly url: string;
  readonly state: ServerState;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/** The app over an in-memory state, listening on a free port of 127.0.0.1. */
async function listening(queryTimeoutMs: number): Promise<Listening> {
  const { state } = await openServerState({ adminPassword: ADMIN_PASSWORD, queryTimeoutMs });
  const app = await buildApp({ state, logLevel: 'silent' });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    state,
    app,
    async close() {
      await app.close();
      await state.close();
    },
  };
}

/** Sends a request with the admin's Basic credentials; resolves with the status, the body and the time it took. */
async function send(url: string, method: string, body?: unknown): Promise<{ status: number; json: any; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { authorization: BASIC, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text), ms: performance.now() - started };
}

/** The cycle a -> b -> c -> a (label n, property name) on a graph. */
async function cycleOn(graph: Graph): Promise<void> {
  await graph.schema().propertyKey('name').asText().ifNotExist().create();
  await graph.schema().vertexLabel('n').properties('name').primaryKeys('name').ifNotExist().create();
  await graph.schema().edgeLabel('e').sourceLabel('n').targetLabel('n').ifNotExist().create();
  await graph.gremlin(
    "g.addV('n').property('name','a').as('a').addV('n').property('name','b').as('b').addV('n').property('name','c').as('c')" +
      ".addE('e').from('a').to('b').addE('e').from('b').to('c').addE('e').from('c').to('a').iterate()",
  );
}

test('GET /versions answers promptly while a /gremlin traversal that never ends runs, and the runaway ends with its time limit', async () => {
  const server = await listening(3000);
  try {
    await cycleOn(server.state.graph('DEFAULT', 'hugegraph'));
    for (const shape of ["g.V().repeat(both()).until(has('name','nobody')).count()", "g.V().where(repeat(both()).until(has('name','nobody'))).count()"]) {
      const started = performance.now();
      const runaway = send(`${server.url}/gremlin`, 'POST', { gremlin: shape });
      const versions: number[] = [];
      while (performance.now() - started < 1500) {
        const res = await send(`${server.url}/versions`, 'GET');
        assert.equal(res.status, 200);
        versions.push(res.ms);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const res = await runaway;
      assert.equal(res.status, 400, JSON.stringify(res.json));
      assert.equal(res.json.exception, 'java.util.concurrent.TimeoutException');
      assert.ok(versions.length >= 5, `${versions.length} answers of GET /versions in 1.5 s`);
      assert.ok(Math.max(...versions) < 500, `GET /versions took ${versions.map(Math.round).join(', ')} ms while ${shape} ran`);
    }
  } finally {
    await server.close();
  }
});

test("a /gremlin request's g.with('evaluationTimeout', ms) ends it sooner than the server's limit, and cannot lengthen it", async () => {
  const server = await listening(1500);
  try {
    await cycleOn(server.state.graph('DEFAULT', 'hugegraph'));
    const short = await send(`${server.url}/gremlin`, 'POST', { gremlin: "g.with('evaluationTimeout', 100).V().repeat(both()).until(has('name','nobody')).count()" });
    assert.equal(short.status, 400, JSON.stringify(short.json));
    assert.equal(short.json.exception, 'java.util.concurrent.TimeoutException');
    assert.ok(short.ms < 1200, `the request ended after ${Math.round(short.ms)} ms, not at its own 100 ms`);
    const long = await send(`${server.url}/gremlin`, 'POST', { gremlin: "g.with('evaluationTimeout', 600000L).V().repeat(both()).until(has('name','nobody')).count()" });
    assert.equal(long.json.exception, 'java.util.concurrent.TimeoutException');
    assert.ok(long.ms < 10_000, `the server's 1.5 s limit held: ${Math.round(long.ms)} ms`);
  } finally {
    await server.close();
  }
});

test('a REST insert on the graph answers promptly while a /gremlin request that wrote reads for its whole time limit; the request keeps nothing', async () => {
  const server = await listening(2000);
  try {
    await cycleOn(server.state.graph('DEFAULT', 'hugegraph'));
    const started = performance.now();
    const runaway = send(`${server.url}/gremlin`, 'POST', { gremlin: "g.addV('n').property('name','lockx').iterate(); g.V().repeat(both()).until(has('name','nobody')).count()" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const inserts: number[] = [];
    for (let i = 0; performance.now() - started < 1500; i++) {
      const res = await send(`${server.url}/graphspaces/DEFAULT/graphs/hugegraph/graph/vertices`, 'POST', { label: 'n', properties: { name: `rest${i}` } });
      assert.equal(res.status, 201, JSON.stringify(res.json));
      inserts.push(res.ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const res = await runaway;
    assert.equal(res.status, 400, JSON.stringify(res.json));
    assert.deepEqual(Object.keys(res.json), ['exception', 'message', 'cause']);
    // Each insert waits at most for the request's preemption (a rollback), never for its 2 s
    // time limit: half of it is the bound, so a loaded CI machine does not fail a correct build.
    assert.ok(Math.max(...inserts) < 1000, `REST inserts took ${inserts.map(Math.round).join(', ')} ms while the request ran`);
    const names = await send(`${server.url}/gremlin`, 'POST', { gremlin: "g.V().has('name','lockx').count()" });
    assert.deepEqual(names.json.result.data, [0]);
  } finally {
    await server.close();
  }
});
