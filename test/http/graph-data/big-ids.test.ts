/**
 * Route tests (fastify inject) of AUTOMATIC vertex ids, snowflake longs beyond 2^53, which
 * HugeGraph writes as exact JSON numbers (hugegraph-notes 7.1): create, batch create, get,
 * list, edge records and Gremlin results all carry the id as unquoted digits.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataServer } from './fixture.js';
import type { DataServer } from './fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

async function autoServer(): Promise<DataServer> {
  const server = await dataServer();
  const s = () => server.graph.schema();
  await s().propertyKey('serial').asLong().ifNotExist().create();
  await s().vertexLabel('auto').useAutomaticId().properties('name', 'serial').nullableKeys('name', 'serial').ifNotExist().create();
  await s().edgeLabel('links').sourceLabel('auto').targetLabel('auto').properties('serial').nullableKeys('serial').ifNotExist().create();
  return server;
}

/** Every unquoted integer literal of 16 or more digits in a JSON text, as bigints. */
function bigLiterals(text: string, field: string): bigint[] {
  return [...text.matchAll(new RegExp(`"${field}":(-?\\d{16,})[,}\\]]`, 'g'))].map((m) => BigInt(m[1]!));
}

test('AUTOMATIC ids: create, batch create, get and list write the id as an exact JSON number', async () => {
  const server = await autoServer();
  try {
    const created = await server.call('POST', `${G}/graph/vertices`, { label: 'auto', properties: { name: 'a' } });
    assert.equal(created.status, 201, created.text);
    const [id] = bigLiterals(created.text, 'id');
    assert.ok(id !== undefined && id > BigInt(Number.MAX_SAFE_INTEGER), created.text);
    const batch = await server.call('POST', `${G}/graph/vertices/batch`, [{ label: 'auto', properties: { name: 'b' } }, { label: 'auto', properties: { name: 'c' } }]);
    assert.equal(batch.status, 201, batch.text);
    assert.match(batch.text, /^\[\d{16,},\d{16,}\]$/);
    const got = await server.call('GET', `${G}/graph/vertices/${id}`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(bigLiterals(got.text, 'id'), [id]);
    assert.equal(got.json.label, 'auto');
    const list = await server.call('GET', `${G}/graph/vertices?label=auto`);
    assert.equal(list.status, 200, list.text);
    const listed = bigLiterals(list.text, 'id');
    const batchIds = batch.text.slice(1, -1).split(',').map(BigInt);
    assert.deepEqual([...listed].sort(), [id!, ...batchIds].sort());
  } finally {
    await server.close();
  }
});

test('AUTOMATIC ids: edge records write outV and inV, and long property values, as exact JSON numbers', async () => {
  const server = await autoServer();
  try {
    const a = await server.graph.addVertex('auto', { name: 'a' });
    const b = await server.graph.addVertex('auto', { name: 'b' });
    assert.equal(typeof a.id, 'bigint');
    const serial = 2n ** 60n + 7n;
    const edge = await server.graph.addEdge('links', { out: a.id, in: b.id, properties: { serial } });
    const got = await server.call('GET', `${G}/graph/edges/${encodeURIComponent(String(edge.id))}`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(bigLiterals(got.text, 'outV'), [a.id]);
    assert.deepEqual(bigLiterals(got.text, 'inV'), [b.id]);
    assert.deepEqual(bigLiterals(got.text, 'serial'), [serial]);
    const list = await server.call('GET', `${G}/graph/edges?vertex_id=${a.id}&direction=OUT`);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(bigLiterals(list.text, 'outV'), [a.id]);
  } finally {
    await server.close();
  }
});

test('AUTOMATIC ids: Gremlin results write ids, vertices and edges with exact JSON numbers, gzipped or not', async () => {
  const server = await autoServer();
  try {
    const a = await server.graph.addVertex('auto', { name: 'a' });
    const b = await server.graph.addVertex('auto', { name: 'b' });
    await server.graph.addEdge('links', { out: a.id, in: b.id });
    const ids = await server.call('POST', '/gremlin', { gremlin: "g.V().hasLabel('auto').id()" });
    assert.equal(ids.status, 200, ids.text);
    const data = /"data":\[([^\]]*)\]/.exec(ids.text)?.[1] ?? '';
    assert.deepEqual(data.split(',').map(BigInt).sort(), [a.id, b.id].sort(), ids.text);
    const vertex = await server.call('GET', `/gremlin?gremlin=${encodeURIComponent(`g.V(${a.id}L)`)}`);
    assert.equal(vertex.status, 200, vertex.text);
    assert.deepEqual(bigLiterals(vertex.text, 'id'), [a.id]);
    const edges = await server.call('POST', '/gremlinunzip', { gremlin: "g.E().hasLabel('links')" });
    assert.deepEqual(bigLiterals(edges.text, 'outV'), [a.id]);
    assert.deepEqual(bigLiterals(edges.text, 'inV'), [b.id]);
    const path = await server.call('POST', '/gremlin', { gremlin: "g.V().hasLabel('auto').out().path().by(id)" });
    assert.equal(path.status, 200, path.text);
    assert.match(path.text, new RegExp(`"objects":\\[${a.id},${b.id}\\]`));
  } finally {
    await server.close();
  }
});

test('AUTOMATIC ids: bodies carry ids and LONG values past 2^53 as exact JSON numbers (edge ends, batch edges, properties)', async () => {
  const server = await autoServer();
  try {
    const a = await server.graph.addVertex('auto', { name: 'a' });
    const b = await server.graph.addVertex('auto', { name: 'b' });
    const serial = 2n ** 62n + 3n;
    const body = `{"label":"links","outV":${a.id},"inV":${b.id},"outVLabel":"auto","inVLabel":"auto","properties":{"serial":${serial}}}`;
    const created = await server.call('POST', `${G}/graph/edges`, body);
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(bigLiterals(created.text, 'outV'), [a.id]);
    assert.deepEqual(bigLiterals(created.text, 'inV'), [b.id]);
    assert.deepEqual(bigLiterals(created.text, 'serial'), [serial]);
    const stored = await server.graph.gremlin("g.E().hasLabel('links').values('serial')");
    assert.deepEqual(stored, [serial]);
    const batch = await server.call('POST', `${G}/graph/edges/batch`, `[{"label":"links","outV":${b.id},"inV":${a.id},"outVLabel":"auto","inVLabel":"auto","properties":{}}]`);
    assert.equal(batch.status, 201, batch.text);
    assert.deepEqual(await server.graph.gremlin(`g.V(${b.id}L).out('links').id()`), [a.id]);
    const vertex = await server.call('POST', `${G}/graph/vertices`, `{"label":"auto","properties":{"name":"1234567890123456789 in text","serial":-${serial}}}`);
    assert.equal(vertex.status, 201, vertex.text);
    assert.deepEqual(bigLiterals(vertex.text, 'serial'), [-serial]);
    assert.match(vertex.text, /"name":"1234567890123456789 in text"/);
    const unknown = await server.call('POST', `${G}/graph/edges`, body.replace(String(a.id), '9007199254740993'));
    assert.equal(unknown.status, 400, unknown.text);
    assert.match(unknown.json.message, /9007199254740993/);
    const kout = await server.call('POST', `${G}/traversers/kout`, `{"source":${a.id},"steps":{"direction":"OUT"},"max_depth":1}`);
    assert.equal(kout.status, 200, kout.text);
    assert.match(kout.text, new RegExp(`"vertices":\\[${b.id}\\]`));
    const broken = await server.call('POST', `${G}/graph/edges`, body.slice(0, -1));
    assert.equal(broken.status, 400, broken.text);
  } finally {
    await server.close();
  }
});

test('the asynchronous Gremlin job keeps AUTOMATIC ids exact in its task_result text', async () => {
  const server = await autoServer();
  try {
    const a = await server.graph.addVertex('auto', { name: 'a' });
    const submitted = await server.call('POST', `${G}/jobs/gremlin`, { gremlin: "g.V().hasLabel('auto').id()", bindings: {}, language: 'gremlin-groovy', aliases: {} });
    assert.equal(submitted.status, 201, submitted.text);
    let task: { task_status?: string; task_result?: string } = {};
    for (let i = 0; i < 200 && task.task_status !== 'success' && task.task_status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      task = (await server.call('GET', `${G}/tasks/${String(submitted.json.task_id)}`)).json;
    }
    assert.equal(task.task_status, 'success', JSON.stringify(task));
    assert.equal(task.task_result, `[${String(a.id)}]`);
  } finally {
    await server.close();
  }
});

test('Gremlin bindings take an AUTOMATIC id as an exact JSON number, in POST bodies and GET query text', async () => {
  const server = await autoServer();
  try {
    const a = await server.graph.addVertex('auto', { name: 'a' });
    const posted = await server.call('POST', '/gremlin', `{"gremlin":"g.V(id).values('name')","bindings":{"id":${String(a.id)}},"aliases":{"g":"__g_hugegraph"}}`);
    assert.equal(posted.status, 200, posted.text);
    assert.deepEqual(posted.json.result.data, ['a']);
    const query = new URLSearchParams({ gremlin: "hugegraph.traversal().V(id).values('name')", bindings: `{"id":${String(a.id)}}` });
    const got = await server.call('GET', `/gremlin?${query.toString()}`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(got.json.result.data, ['a']);
    const listed = await server.call('POST', '/gremlin', `{"gremlin":"g.V()","bindings":{"ids":[${String(a.id)}]},"aliases":{"g":"__g_hugegraph"}}`);
    assert.equal(listed.status, 400, listed.text);
    assert.match(listed.json.message, new RegExp(`Invalid binding 'ids'.*\\[${String(a.id)}\\]`));
  } finally {
    await server.close();
  }
});
