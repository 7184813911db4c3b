/**
 * REST flows through fastify inject: label deletion as a watched task, cancelling and
 * deleting tasks, task paging, clearing a graph, a Groovy schema round trip, and the OpenAPI
 * document.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERRUPTED_RESULT, openServerState } from '../../src/index.js';
import { graphBody, testServer, waitForTask } from './helpers.js';
import type { TestServer } from './helpers.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

async function modernSchema(server: TestServer, base: string): Promise<void> {
  for (const body of [{ name: 'name' }, { name: 'age', data_type: 'INT' }, { name: 'weight', data_type: 'DOUBLE' }]) {
    assert.equal((await server.call('POST', `${base}/schema/propertykeys`, body)).status, 202);
  }
  assert.equal((await server.call('POST', `${base}/schema/vertexlabels`, { name: 'person', properties: ['name', 'age'], primary_keys: ['name'], nullable_keys: ['age'] })).status, 201);
  assert.equal((await server.call('POST', `${base}/schema/edgelabels`, { name: 'knows', source_label: 'person', target_label: 'person', properties: ['weight'] })).status, 201);
  assert.equal((await server.call('POST', `${base}/schema/indexlabels`, { name: 'personByAge', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'RANGE', fields: ['age'] })).status, 202);
}

test('deleting a vertex label runs as a task: watched until success, with its edges, vertices and index gone', async () => {
  const server = await testServer();
  try {
    await modernSchema(server, G);
    const graph = server.state.graph('DEFAULT', 'hugegraph');
    const a = await graph.addVertex('person', { name: 'marko', age: 29 });
    const b = await graph.addVertex('person', { name: 'vadas', age: 27 });
    await graph.addEdge('knows', { out: a.id, in: b.id, properties: { weight: 0.5 } });
    const edgeDelete = await server.call('DELETE', `${G}/schema/edgelabels/knows`);
    assert.equal(edgeDelete.status, 202);
    const edgeTask = await waitForTask(server, `${G}/tasks/${edgeDelete.json.task_id}`, (s) => s === 'success' || s === 'failed');
    assert.equal(edgeTask.task_status, 'success', JSON.stringify(edgeTask));
    assert.equal(edgeTask.task_progress, 1);
    const res = await server.call('DELETE', `${G}/schema/vertexlabels/person`);
    assert.equal(res.status, 202);
    const first = (await server.call('GET', `${G}/tasks/${res.json.task_id}`)).json;
    assert.ok(['queued', 'running', 'success'].includes(first.task_status), first.task_status);
    const task = await waitForTask(server, `${G}/tasks/${res.json.task_id}`, (s) => s === 'success' || s === 'failed');
    assert.equal(task.task_status, 'success', JSON.stringify(task));
    assert.equal(task.task_type, 'remove_schema');
    assert.equal(task.task_progress, 2);
    assert.deepEqual(JSON.parse(String(task.task_result)), { removed: 2 });
    assert.equal((await server.call('GET', `${G}/schema/vertexlabels/person`)).status, 404);
    assert.deepEqual((await server.call('GET', `${G}/schema/indexlabels`)).json, { indexlabels: [] });
    assert.equal((await graph.vertices()).vertices.length, 0);
  } finally {
    await server.close();
  }
});

test('a running task can be cancelled (202 cancelling, then cancelled) and deleted only with force while incomplete', async () => {
  const server = await testServer();
  try {
    const tasks = server.state.tasks('DEFAULT', 'hugegraph');
    const never = (signal: AbortSignal): Promise<void> => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled'))));
    const id = await tasks.submit({ type: 'gremlin', name: 'slow', callable: 'Slow' }, ({ signal }) => never(signal));
    await waitForTask(server, `${G}/tasks/${id}`, (s) => s === 'running');
    const cancel = await server.call('PUT', `${G}/tasks/${id}?action=cancel`);
    assert.equal(cancel.status, 202);
    assert.equal(cancel.json.task_status, 'cancelling');
    assert.equal((await waitForTask(server, `${G}/tasks/${id}`, (s) => s === 'cancelled')).task_status, 'cancelled');
    const other = await tasks.submit({ type: 'gremlin', name: 'slow2', callable: 'Slow' }, ({ signal }) => never(signal));
    await waitForTask(server, `${G}/tasks/${other}`, (s) => s === 'running');
    const refused = await server.call('DELETE', `${G}/tasks/${other}`);
    assert.equal(refused.status, 400);
    assert.match(refused.json.message, /Can't delete incomplete task/);
    assert.equal((await server.call('DELETE', `${G}/tasks/${other}?force=true`)).status, 204);
    assert.equal((await server.call('GET', `${G}/tasks/${other}`)).status, 404);
  } finally {
    await server.close();
  }
});

test('task lists filter by status and ids, and page with tokens until null', async () => {
  const server = await testServer();
  try {
    const tasks = server.state.tasks('DEFAULT', 'hugegraph');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await tasks.submit({ type: 'gremlin', name: `t${i}`, callable: 'Quick' }, async () => i));
    for (const id of ids) await waitForTask(server, `${G}/tasks/${id}`, (s) => s === 'success');
    const byIds = await server.call('GET', `${G}/tasks?ids=${ids[1]}&ids=${ids[3]}`);
    assert.deepEqual(byIds.json.tasks.map((t: { id: number }) => t.id), [ids[1], ids[3]]);
    assert.equal(byIds.json.tasks[0].task_result, undefined, 'list items are brief');
    assert.equal((await server.call('GET', `${G}/tasks?status=SUCCESS`)).json.tasks.length, 5);
    assert.equal((await server.call('GET', `${G}/tasks?status=failed`)).json.tasks.length, 0);
    const seen: number[] = [];
    let page = '';
    for (;;) {
      const res = await server.call('GET', `${G}/tasks?limit=2&page=${page}`);
      seen.push(...res.json.tasks.map((t: { id: number }) => t.id));
      if (res.json.page === null) break;
      page = res.json.page;
    }
    assert.deepEqual(seen, ids);
    assert.equal((await server.call('GET', `${G}/tasks?limit=2`)).json.tasks.length, 2);
    assert.equal((await server.call('GET', `${G}/tasks?limit=-1`)).json.tasks.length, 5);
  } finally {
    await server.close();
  }
});

test('clear removes vertices and edges; clear_schema removes the schema too', async () => {
  const server = await testServer();
  try {
    await modernSchema(server, G);
    const graph = () => server.state.graph('DEFAULT', 'hugegraph');
    await graph().addVertex('person', { name: 'marko', age: 29 });
    assert.equal((await server.call('PUT', G, { action: 'clear', clear_schema: false })).status, 200);
    assert.equal((await graph().vertices()).vertices.length, 0);
    assert.equal((await server.call('GET', `${G}/schema/vertexlabels`)).json.vertexlabels.length, 1);
    await graph().addVertex('person', { name: 'josh' });
    assert.equal((await server.call('PUT', G, { action: 'clear', clear_schema: true })).status, 200);
    assert.equal((await graph().vertices()).vertices.length, 0);
    assert.deepEqual((await server.call('GET', `${G}/schema`)).json, { propertykeys: [], vertexlabels: [], edgelabels: [], indexlabels: [] });
  } finally {
    await server.close();
  }
});

test('the groovy schema of a graph replays through PUT /schema into a fresh graph and gives the same schema', async () => {
  const server = await testServer();
  try {
    await modernSchema(server, G);
    const groovy = (await server.call('GET', `${G}/schema?format=groovy`)).json.schema as string;
    assert.equal((await server.call('POST', '/graphspaces/DEFAULT/graphs/copy', graphBody('copy'))).status, 201);
    const put = await server.call('PUT', '/graphspaces/DEFAULT/graphs/copy/schema', { schema: groovy });
    assert.equal(put.status, 202, put.text);
    const strip = (schema: Record<string, Record<string, unknown>[]>): unknown =>
      Object.fromEntries(Object.entries(schema).map(([k, list]) => [k, list.map(({ user_data: _u, ...rest }) => rest)]));
    const original = (await server.call('GET', `${G}/schema`)).json;
    const copy = (await server.call('GET', '/graphspaces/DEFAULT/graphs/copy/schema')).json;
    assert.deepEqual(strip(copy), strip(original));
  } finally {
    await server.close();
  }
});

test('GET /openapi.json describes the routes with their schemas', async () => {
  const server = await testServer();
  try {
    const res = await server.call('GET', '/openapi.json', undefined, { authorization: '' });
    assert.equal(res.status, 200);
    assert.equal(res.json.openapi, '3.0.3');
    assert.ok(res.json.paths['/graphspaces'].post.requestBody !== undefined);
    assert.ok(res.json.paths['/graphspaces/{graphspace}/graphs/{graph}/tasks'].get.parameters.some((p: { name: string }) => p.name === 'status'));
  } finally {
    await server.close();
  }
});

test('server state survives a restart; a task running at shutdown reads as failed with a reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-state-'));
  try {
    const first = await openServerState({ path: dir, adminPassword: 'secret1' });
    await first.state.createSpace({
      name: 'gs', description: 'd', cpu_limit: 2, memory_limit: 8, storage_limit: 200, oltp_namespace: 'o', olap_namespace: 'o', storage_namespace: 's', max_graph_number: 3, max_role_number: 1,
    }, 'admin');
    await first.state.createService('gs', { name: 'svc', type: 'OLTP', description: '', deployment_type: 'MANUAL', urls: ['h:1'] });
    await first.state.createGraph('gs', 'g', { backend: 'hstore', serializer: 'binary', store: 'g', description: 'kept' });
    await first.state.createGraph('gs', 'm', { backend: 'memory', serializer: 'binary', store: 'm' });
    const tasks = first.state.tasks('gs', 'g');
    const done = await tasks.submit({ type: 'gremlin', name: 'quick', callable: 'Quick' }, async () => 1);
    const hanging = await tasks.submit({ type: 'gremlin', name: 'hangs', callable: 'Hang' }, ({ signal }) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('stop')))));
    while (tasks.get(hanging).task_status !== 'running' || tasks.get(done).task_status !== 'success') await new Promise((r) => setTimeout(r, 5));
    await first.state.close();
    const second = await openServerState({ path: dir });
    try {
      assert.equal(second.generatedPassword, undefined, 'admin exists already');
      assert.equal((await second.state.users.checkPassword('admin', 'secret1'))?.user_name, 'admin');
      assert.deepEqual(second.state.spaceNames(), ['DEFAULT', 'gs']);
      assert.deepEqual(second.state.serviceNames('gs'), ['svc']);
      assert.deepEqual(second.state.graphNames('gs'), ['g'], 'memory graphs do not survive');
      assert.equal(second.state.graphInfo('gs', 'g').description, 'kept');
      assert.equal(second.state.space('gs').graph_number_used, 1);
      const after = second.state.tasks('gs', 'g');
      assert.equal(after.get(done).task_status, 'success');
      assert.equal(after.get(hanging).task_status, 'failed');
      assert.equal(after.get(hanging).task_result, INTERRUPTED_RESULT);
    } finally {
      await second.state.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
