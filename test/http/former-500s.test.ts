/**
 * Requests that answered 500 before issue 22 (found by the REST and Gremlin-text fuzzers), each
 * now a 400 with HugeGraph's error body, or accepted where HugeGraph accepts it: a long beyond
 * 2^53 where a schema enum is expected, a job binding beyond 2^53, a collection that contains
 * itself, JSON nested past the body limit, user data nested past its limit; and the Groovy form
 * of a schema whose user data nests deeper than a recursive walk follows (stored before the
 * limit existed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LimitError, open } from '../../src/index.js';
import { schemaToGroovy } from '../../src/database/graph/schema/index.js';
import { SchemaCatalog } from '../../src/storage/schema/index.js';
import { testServer } from './helpers.js';
import type { TestServer } from './helpers.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

/** `{"a":{"a":...1...}}` nested `depth` levels, as text (JSON.stringify would overflow first). */
const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Asserts a 400 with HugeGraph's error body. */
function badRequest(res: { status: number; json: any; text: string }, message?: RegExp): void {
  assert.equal(res.status, 400, res.text.slice(0, 300));
  assert.deepEqual(Object.keys(res.json), ['exception', 'message', 'cause']);
  if (message !== undefined) assert.match(res.json.message, message);
}

async function withServer(fn: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await testServer();
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

test('a long beyond 2^53 where a schema enum is expected is a 400, not "Do not know how to serialize a BigInt"', () =>
  withServer(async (server) => {
    assert.equal((await server.call('POST', `${G}/schema/propertykeys`, { name: 'name', data_type: 'TEXT' })).status, 202);
    const json = { 'content-type': 'application/json' };
    badRequest(await server.call('POST', `${G}/schema/indexlabels`, '{"name":"x","base_type":12345678901234567890}', json), /base_type must be VERTEX_LABEL or EDGE_LABEL but got 12345678901234567890/);
    badRequest(await server.call('PUT', `${G}/schema/propertykeys/name?action=append`, '{"name":"name","data_type":12345678901234567890}', json), /data_type/);
  }));

test('POST .../jobs/gremlin takes a binding beyond 2^53 as /gremlinunzip does, and the job runs with it', () =>
  withServer(async (server) => {
    const body = '{"gremlin":"x","bindings":{"x":12345678901234567890}}';
    const direct = await server.call('POST', '/gremlinunzip', body, { 'content-type': 'application/json' });
    assert.equal(direct.status, 200, direct.text);
    assert.match(direct.text, /12345678901234567890/);
    const job = await server.call('POST', `${G}/jobs/gremlin`, body, { 'content-type': 'application/json' });
    assert.equal(job.status, 201, job.text);
    let task: any;
    for (let i = 0; i < 100; i++) {
      task = (await server.call('GET', `${G}/tasks/${String(job.json.task_id)}`)).json;
      if (task.task_status === 'success' || task.task_status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(task.task_status, 'success', JSON.stringify(task));
    assert.match(String(task.task_input), /12345678901234567890/);
    assert.match(String(task.task_result), /12345678901234567890/);
  }));

test('g.inject(1).cap("x").store("x") (a collection that contains itself) is LimitError TOO_DEEP in the library and a 400 over REST', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('g', { 'schema.auto_create': true });
    for (const types of ['plain', 'java'] as const) {
      const run = types === 'plain' ? graph.gremlin('g.inject(1).cap("x").store("x")') : graph.gremlin('g.inject(1).cap("x").store("x").dedup()', { types });
      await assert.rejects(run, (e: unknown) => e instanceof LimitError && e.code === 'TOO_DEEP');
    }
    await assert.rejects(graph.traversal().inject(1).cap('x').store('x').toList(), (e: unknown) => e instanceof LimitError && e.code === 'TOO_DEEP');
  } finally {
    await db.close();
  }
  await withServer(async (server) => {
    badRequest(await server.call('POST', '/gremlinunzip', { gremlin: 'g.inject(1).cap("x").store("x")' }), /nests too deep/);
  });
});

test('JSON bodies nest at most 100 levels, user data at most 100: deeper is a 400, at the limit it is stored and read back', () =>
  withServer(async (server) => {
    const json = { 'content-type': 'application/json' };
    for (const depth of [5000, 3000, 101]) {
      badRequest(await server.call('POST', `${G}/schema/propertykeys`, `{"name":"deep${depth}","data_type":"TEXT","user_data":${nested(depth)}}`, json), /nests deeper than 100 levels/);
    }
    badRequest(await server.call('POST', `${G}/graph/vertices`, `{"label":"x","properties":{"a":${'['.repeat(200)}${']'.repeat(200)}}}`, json), /nests deeper/);
    badRequest(await server.call('POST', '/gremlin', `{"gremlin":"x","bindings":{"x":${nested(150)}}}`, json), /nests deeper/);
    badRequest(await server.call('GET', `/gremlin?gremlin=x&bindings=${encodeURIComponent(`{"x":${nested(150)}}`)}`), /bindings/);
    // A string full of brackets nests nothing.
    const brackets = await server.call('POST', `${G}/schema/propertykeys`, { name: 'brackets', data_type: 'TEXT', user_data: { text: '{['.repeat(500) } });
    assert.equal(brackets.status, 202, brackets.text);
    const deepest = await server.call('POST', `${G}/schema/propertykeys`, `{"name":"deep98","data_type":"TEXT","user_data":${nested(98)}}`, json);
    assert.equal(deepest.status, 202, deepest.text);
    const groovy = await server.call('GET', `${G}/schema?format=groovy`);
    assert.equal(groovy.status, 200, groovy.text.slice(0, 300));
    assert.match(groovy.json.schema, /propertyKey\('deep98'\)/);
  }));

test('the library refuses user data nested deeper than 100 levels with USER_DATA_TOO_DEEP', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('g');
    let deep: Record<string, unknown> = { a: 1 };
    for (let i = 1; i < 100; i++) deep = { a: deep };
    await graph.schema().propertyKey('k').asText().userdata('deep', deep).create();
    await assert.rejects(graph.schema().propertyKey('k2').asText().userdata('deep', { a: deep }).create(), (e: unknown) => e instanceof LimitError && e.code === 'USER_DATA_TOO_DEEP');
  } finally {
    await db.close();
  }
});

test('the Groovy form of a schema whose user data nests 5,000 levels (stored before the limit) is printed, not a stack overflow', () => {
  const catalog = new SchemaCatalog();
  catalog.createPropertyKey({ name: 'deep', dataType: 'TEXT' });
  const json = catalog.toJSON();
  let value: unknown = 1;
  for (let i = 0; i < 5000; i++) value = { a: value };
  const stored = { ...json, propertyKeys: json.propertyKeys.map((k) => ({ ...k, userData: { ...k.userData, deep: value as string } })) };
  const groovy = schemaToGroovy(SchemaCatalog.fromJSON(stored));
  assert.ok(groovy.includes(`.userdata('deep', ${"['a': ".repeat(5000)}1${']'.repeat(5000)})`), groovy.slice(0, 200));
});
