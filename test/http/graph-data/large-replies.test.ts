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

test('vertex and edge lists and shard scans of thousands of elements are streamed and read as one page', async () => {
  const server = await itemServer();
  try {
    const G = '/graphspaces/DEFAULT/graphs/hugegraph';
    const s = server.graph.schema();
    await s.edgeLabel('next').sourceLabel('item').targetLabel('item').ifNotExist().create();
    const ids = (await server.graph.gremlin("g.V().hasLabel('item').order().by('n').id()")) as string[];
    await server.graph.addEdgeIds(Array.from({ length: COUNT - 1 }, (_, n) => ({ label: 'next', out: ids[n]!, in: ids[n + 1]! })));
    const list = await server.call('GET', `${G}/graph/vertices?limit=${COUNT * 2}`);
    assert.equal(list.status, 200);
    assert.equal(list.headers['content-length'], undefined, 'a large list is streamed');
    assert.deepEqual(((list.json as { vertices: Array<{ properties: { name: string } }> }).vertices.map((v) => v.properties.name)).sort(), EXPECTED);
    assert.equal(Object.hasOwn(list.json as object, 'page'), false);
    const paged = await server.call('GET', `${G}/graph/vertices?limit=${COUNT * 2}&page=`);
    assert.equal((paged.json as { vertices: unknown[] }).vertices.length, COUNT);
    assert.equal((paged.json as { page: unknown }).page, null, 'the last page says there is no next one');
    const edges = await server.call('GET', `${G}/graph/edges?label=next&limit=${COUNT * 2}`);
    assert.equal(edges.headers['content-length'], undefined);
    assert.equal((edges.json as { edges: unknown[] }).edges.length, COUNT - 1);
    const shards = (await server.call('GET', `${G}/traversers/vertices/shards?split_size=1048576`)).json as { shards: Array<{ start: string; end: string }> };
    let scanned = 0;
    for (const shard of shards.shards) {
      const scan = await server.call('GET', `${G}/traversers/vertices/scan?start=${encodeURIComponent(shard.start)}&end=${encodeURIComponent(shard.end)}`);
      assert.equal(scan.status, 200, scan.text);
      scanned += (scan.json as { vertices: unknown[] }).vertices.length;
    }
    assert.equal(scanned, COUNT);
    const small = await server.call('GET', `${G}/graph/vertices?limit=10`);
    assert.equal(small.headers['content-length'], String(small.raw.length), 'a small page keeps its length');
  } finally {
    await server.close();
  }
});
