/**
 * `G/jobs/computerdis` in both path families: validation before any task exists (400 with
 * HugeGraph's body), the job record and its list, cancel and delete, the record under
 * `G/tasks/{id}`, and the OLAP key in vertex records only under the read mode ALL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataServer } from '../graph-data/fixture.js';
import type { DataServer } from '../graph-data/fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const LEGACY = '/graphs/hugegraph';

async function small(): Promise<DataServer> {
  const server = await dataServer();
  const names = ['a', 'b', 'c', 'd'];
  await server.graph.addVertices(names.map((name) => ({ label: 'person', properties: { name } })));
  const pairs = [['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd']];
  await server.graph.addEdges(pairs.map(([o, i]) => ({ label: 'knows', out: `1:${o}`, in: `1:${i}`, properties: { weight: 1 } })));
  return server;
}

async function finished(server: DataServer, base: string, id: string): Promise<any> {
  for (let i = 0; i < 5000; i++) {
    const job = (await server.call('GET', `${base}/jobs/computerdis/${id}`)).json;
    if (['success', 'failed', 'cancelled'].includes(job.task_status)) return job;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`job ${id} did not finish`);
}

test('POST computerdis answers 201 with a string task_id; the job record has HugeGraph fields and is also a task', async () => {
  const server = await small();
  try {
    for (const base of [G, LEGACY]) {
      const created = await server.call('POST', `${base}/jobs/computerdis`, { algorithm: 'page-rank', worker: 2, params: { 'pagerank.alpha': '0.15', 'bsp.max_super_step': '10' } });
      assert.equal(created.status, 201, created.text);
      assert.equal(typeof created.json.task_id, 'string');
      const job = await finished(server, base, created.json.task_id);
      assert.equal(job.task_status, 'success', job.task_result);
      assert.equal(job.task_name, 'computer-dis:page-rank');
      assert.equal(job.task_type, 'computer-dis');
      for (const field of ['task_progress', 'task_create', 'task_update', 'task_retries', 'task_callable', 'task_input', 'task_server']) assert.ok(field in job, field);
      assert.deepEqual(JSON.parse(job.task_input), { graph: 'hugegraph', algorithm: 'page-rank', params: { 'pagerank.alpha': '0.15', 'bsp.max_super_step': '10' }, worker: 2 });
      assert.equal((await server.call('GET', `${base}/tasks/${created.json.task_id}`)).json.task_type, 'computer-dis');
    }
    const list = await server.call('GET', `${G}/jobs/computerdis?limit=1`);
    assert.equal(list.status, 200);
    assert.equal(list.json.tasks.length, 1);
    assert.equal(list.json.tasks[0].task_callable, undefined);
    assert.equal(list.json.tasks[0].task_input, undefined);
  } finally {
    await server.close();
  }
});

test('bad computerdis requests are 400 with the error body and record no task', async () => {
  const server = await small();
  try {
    const bad: Record<string, unknown>[] = [
      { algorithm: 'page-rankk', worker: 1 },
      { algorithm: 'page-rank', worker: 0 },
      { algorithm: 'page-rank', worker: 101 },
      { algorithm: 'page-rank', worker: 1, params: { 'pagerank.alpha': '1' } },
      { algorithm: 'page-rank', worker: 1, params: { 'pagerank.alpha': 'abc' } },
      { algorithm: 'page-rank', worker: 1, params: { 'bsp.max_super_step': '2001' } },
      { algorithm: 'page-rank', worker: 1, params: { 'bsp.max_super_step': '1.5' } },
      { algorithm: 'page-rank', worker: 1, params: { 'pagerank.beta': '0.1' } },
      { algorithm: 'wcc', worker: 1, params: { 'bsp.max_super_step': '3' } },
      { algorithm: 'closeness-centrality', worker: 1, params: { 'closeness_centrality.sample_rate': '0' } },
      { algorithm: 'wcc', worker: 1, params: { 'output.output_class': 'x.NoOutput' } },
      { algorithm: 'wcc', worker: 1, params: { 'output.hdfs_url': 'hdfs://h:9000' } },
      { algorithm: 'wcc', worker: 1, params: { 'output.output_class': 'org.apache.hugegraph.computer.core.output.hdfs.HdfsOutput' } },
      { algorithm: 'rings-with-filter', worker: 1, params: { 'rings.property_filter': '{"vertex_filter":[{"label":"person","property_filter":"new java.io.File(\'x\')"}]}' } },
      { algorithm: 'links', worker: 1, params: {} },
      { algorithm: 'links', worker: 1, params: { 'links.analyze_config': '{"start_vertexes":["1:a"],"edge_compare_condition":{"label":"knows"}}' } },
    ];
    for (const body of bad) {
      const reply = await server.call('POST', `${G}/jobs/computerdis`, body);
      assert.equal(reply.status, 400, `${JSON.stringify(body)}: ${reply.text}`);
      assert.equal(typeof reply.json.exception, 'string');
      assert.equal(typeof reply.json.message, 'string');
    }
    assert.deepEqual((await server.call('GET', `${G}/jobs/computerdis`)).json.tasks, []);
    assert.equal((await server.call('GET', `${G}/jobs/computerdis/99`)).status, 404);
  } finally {
    await server.close();
  }
});

test('the OLAP key a job writes shows in vertex records only under graph_read_mode ALL; betweeness-centrality is accepted', async () => {
  const server = await small();
  try {
    const created = await server.call('POST', `${G}/jobs/computerdis`, { algorithm: 'wcc', worker: 1, params: {} });
    assert.equal((await finished(server, G, created.json.task_id)).task_status, 'success');
    const key = await server.call('GET', `${G}/schema/propertykeys/wcc`);
    assert.equal(key.json.write_type, 'OLAP_COMMON');
    const before = (await server.call('GET', `${G}/graph/vertices/${encodeURIComponent('"1:a"')}`)).json;
    assert.equal(before.properties.wcc, undefined);
    assert.equal((await server.call('PUT', `${G}/graph_read_mode`, '"ALL"')).status, 200);
    const after = (await server.call('GET', `${G}/graph/vertices/${encodeURIComponent('"1:a"')}`)).json;
    assert.equal(after.properties.wcc, '1:a');
    const gremlin = await server.call('POST', '/gremlin', { gremlin: "g.V('1:d').values('wcc')" });
    assert.deepEqual(gremlin.json.result.data, ['1:a']);
    const misspelt = await server.call('POST', `${LEGACY}/jobs/computerdis`, { algorithm: 'betweeness-centrality', worker: 1, params: { 'betweenness_centrality.sample_rate': '1.0' } });
    assert.equal((await finished(server, LEGACY, misspelt.json.task_id)).task_status, 'success');
  } finally {
    await server.close();
  }
});

test('PUT cancels a job (202, a no-op once it ended) and DELETE removes its record (200 with a message)', async () => {
  const server = await small();
  try {
    const created = await server.call('POST', `${G}/jobs/computerdis`, { algorithm: 'lpa', worker: 1, params: { 'bsp.max_super_step': '2000' } });
    const cancel = await server.call('PUT', `${G}/jobs/computerdis/${created.json.task_id}`);
    assert.equal(cancel.status, 202);
    assert.deepEqual(cancel.json, { task_id: created.json.task_id });
    const job = await finished(server, G, created.json.task_id);
    assert.equal(job.task_status, 'cancelled');
    assert.equal((await server.call('PUT', `${G}/jobs/computerdis/${created.json.task_id}`)).status, 202);
    const removed = await server.call('DELETE', `${G}/jobs/computerdis/${created.json.task_id}`);
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.json, { task_id: created.json.task_id, message: 'success' });
    assert.equal((await server.call('GET', `${G}/jobs/computerdis/${created.json.task_id}`)).status, 404);
  } finally {
    await server.close();
  }
});

test('a job waiting for workers reads queued until it starts', async () => {
  const server = await dataServer();
  try {
    const n = 3000;
    const names = Array.from({ length: n }, (_, i) => `p${i}`);
    await server.graph.addVertices(names.map((name) => ({ label: 'person', properties: { name } })));
    await server.graph.addEdges(names.map((name, i) => ({ label: 'knows', out: `1:${name}`, in: `1:${names[(i * 7 + 1) % n]!}`, properties: { weight: 1 } })));
    const long = await server.call('POST', `${G}/jobs/computerdis`, { algorithm: 'lpa', worker: 100, params: { 'bsp.max_super_step': '2000' } });
    assert.equal(long.status, 201, long.text);
    for (let i = 0; i < 5000 && (await server.call('GET', `${G}/jobs/computerdis/${long.json.task_id}`)).json.task_status !== 'running'; i++) await new Promise((r) => setTimeout(r, 2));
    const waiting = await server.call('POST', `${G}/jobs/computerdis`, { algorithm: 'wcc', worker: 100, params: {} });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal((await server.call('GET', `${G}/jobs/computerdis/${waiting.json.task_id}`)).json.task_status, 'queued');
    assert.equal((await server.call('GET', `${G}/tasks/${waiting.json.task_id}`)).json.task_status, 'queued');
    assert.equal((await server.call('PUT', `${G}/jobs/computerdis/${long.json.task_id}`)).status, 202);
    assert.equal((await finished(server, G, long.json.task_id)).task_status, 'cancelled');
    assert.equal((await finished(server, G, waiting.json.task_id)).task_status, 'success');
  } finally {
    await server.close();
  }
});
