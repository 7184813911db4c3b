import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { dataServer } from './fixture.js';
import type { DataServer } from './fixture.js';

const COUNT = 3000;

/** A data server whose graph holds COUNT `item` vertices, `name` i{n} and `n` n. */
async function itemServer(): Promise<DataServer> {
  const server = await dataServer();
  const s = server.graph.schema();
  await s.propertyKey('name').asText().ifNotExist().create();
  await s.propertyKey('n').asInt().ifNotExist().create();
  await s.vertexLabel('item').properties('name', 'n').primaryKeys('name').ifNotExist().create();
  await server.graph.addVertexIds(Array.from({ length: COUNT }, (_, n) => ({ label: 'item', properties: { name: `i${n}`, n } })));
  return server;
}

function names(json: unknown): string[] {
  const data = (json as { result: { data: Array<{ properties: { name: string } }> } }).result.data;
  return data.map((v) => v.properties.name).sort();
}

const EXPECTED = Array.from({ length: COUNT }, (_, n) => `i${n}`).sort();

test('a Gremlin result of thousands of elements is streamed in pieces and reads as one reply, gzipped or not, on every route', async () => {
  const server = await itemServer();
  try {
    const plain = await server.call('POST', '/gremlinunzip', { gremlin: "g.V().hasLabel('item')" });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-length'], undefined, 'a large reply is streamed');
    assert.equal(plain.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(names(plain.json), EXPECTED);
    const zipped = await server.call('POST', '/gremlin', { gremlin: "g.V().hasLabel('item')" }, { 'accept-encoding': 'gzip' });
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(names(JSON.parse(gunzipSync(zipped.raw).toString('utf8'))), EXPECTED);
    const viaGet = await server.call('GET', `/gremlin?gremlin=${encodeURIComponent("g.V().hasLabel('item')")}`);
    assert.deepEqual(names(viaGet.json), EXPECTED);
    const counted = await server.call('POST', '/gremlinunzip', { gremlin: "g.V().hasLabel('item').values('n').sum()" });
    assert.equal(counted.headers['content-length'], String(counted.raw.length), 'a small reply keeps its length');
    assert.deepEqual((counted.json as { result: { data: unknown[] } }).result.data, [(COUNT * (COUNT - 1)) / 2]);
  } finally {
    await server.close();
  }
});

test('the asynchronous Gremlin job writes a large result as one JSON array', async () => {
  const server = await itemServer();
  try {
    const submitted = await server.call('POST', '/graphspaces/DEFAULT/graphs/hugegraph/jobs/gremlin', { gremlin: "g.V().hasLabel('item').values('name')" });
    assert.equal(submitted.status, 201, submitted.text);
    const id = (submitted.json as { task_id: number }).task_id;
    let task: { task_status: string; task_result?: string } = { task_status: 'new' };
    for (let i = 0; i < 200 && task.task_status !== 'success'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      task = (await server.call('GET', `/graphspaces/DEFAULT/graphs/hugegraph/tasks/${id}`)).json as typeof task;
    }
    assert.equal(task.task_status, 'success');
    assert.deepEqual((JSON.parse(task.task_result!) as string[]).sort(), EXPECTED);
  } finally {
    await server.close();
  }
});
