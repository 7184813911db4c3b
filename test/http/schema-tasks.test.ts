/**
 * Index builds, rebuilds and label deletions over REST run as real tasks: 202 with a task id at
 * once, the work done in yielding chunks with status and progress to watch, cancellable, and
 * queries right meanwhile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataServer } from './graph-data/fixture.js';
import type { DataServer } from './graph-data/fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const N = 20_000;

async function populated(): Promise<DataServer> {
  const server = await dataServer();
  for (let start = 0; start < N; start += 5000) {
    await server.graph.addVertices(Array.from({ length: 5000 }, (_, k) => ({ label: 'person', properties: { name: `p${start + k}`, visits: (start + k) % 100 } })));
  }
  return server;
}

/** Polls a task until `done`, recording every status seen. */
async function watch(server: DataServer, id: number, done: (status: string) => boolean): Promise<{ task: any; seen: string[]; progress: number[] }> {
  const seen: string[] = [];
  const progress: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const task = (await server.call('GET', `${G}/tasks/${id}`)).json;
    if (seen[seen.length - 1] !== task.task_status) seen.push(task.task_status);
    progress.push(task.task_progress);
    if (done(task.task_status)) return { task, seen, progress };
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`task ${id} did not finish`);
}

const visitsFilter = `${G}/graph/vertices?label=person&properties=${encodeURIComponent('{"visits":7}')}&limit=100000`;

test('an index label created on a populated label builds in a task: CREATING and unused meanwhile, running then success, writes during the build indexed', async () => {
  const server = await populated();
  const created = await server.call('POST', `${G}/schema/indexlabels`, { name: 'personByVisits', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'SECONDARY', fields: ['visits'] });
  assert.equal(created.status, 202);
  assert.equal(created.json.index_label.status, 'CREATING');
  const during = await server.call('GET', visitsFilter);
  assert.equal(during.status, 400, 'a query the building index would answer is answered as if it did not exist');
  assert.match(during.json.exception, /NoIndexException/);
  assert.equal((await server.call('POST', `${G}/graph/vertices`, { label: 'person', properties: { name: 'late', visits: 7 } })).status, 201);
  const { task, seen, progress } = await watch(server, created.json.task_id, (s) => s === 'success' || s === 'failed');
  assert.equal(task.task_status, 'success', task.task_result);
  assert.equal(task.task_type, 'rebuild_index');
  assert.ok(seen.includes('running'), `statuses seen: ${seen.join(' → ')}`);
  assert.ok(progress.some((p) => p > 0 && p < N), `intermediate progress observed: ${[...new Set(progress)].join(',')}`);
  assert.equal(task.task_progress, N + 1);
  assert.equal((await server.call('GET', `${G}/schema/indexlabels/personByVisits`)).json.status, 'CREATED');
  const after = await server.call('GET', visitsFilter);
  assert.equal(after.status, 200);
  assert.equal(after.json.vertices.length, N / 100 + 1);
  assert.ok(after.json.vertices.some((v: any) => v.properties.name === 'late'));
  await server.close();
});

test('a rebuild job can be cancelled: the task ends cancelled, the index stays unused, and a new rebuild completes it', async () => {
  const server = await populated();
  await server.graph.schema().indexLabel('personByVisits').onV('person').by('visits').secondary().create();
  assert.equal((await server.call('GET', visitsFilter)).json.vertices.length, N / 100);
  const rebuild = await server.call('PUT', `${G}/jobs/rebuild/indexlabels/personByVisits`);
  assert.equal(rebuild.status, 202);
  await watch(server, rebuild.json.task_id, (s) => s === 'running');
  const cancel = await server.call('PUT', `${G}/tasks/${rebuild.json.task_id}?action=cancel`);
  assert.equal(cancel.status, 202);
  const { task } = await watch(server, rebuild.json.task_id, (s) => s === 'cancelled' || s === 'success' || s === 'failed');
  assert.equal(task.task_status, 'cancelled');
  assert.equal((await server.call('GET', `${G}/schema/indexlabels/personByVisits`)).json.status, 'REBUILDING');
  assert.equal((await server.call('GET', visitsFilter)).status, 400);
  const again = await server.call('PUT', `${G}/schema/indexlabels/personByVisits/rebuild`);
  assert.equal(again.status, 202);
  assert.equal((await watch(server, again.json.task_id, (s) => s === 'success' || s === 'failed')).task.task_status, 'success');
  assert.equal((await server.call('GET', visitsFilter)).json.vertices.length, N / 100);
  await server.close();
});

test('a rebuild reads REBUILDING while its task runs (a first build reads CREATING), then CREATED', async () => {
  const server = await populated();
  await server.graph.schema().indexLabel('personByVisits').onV('person').by('visits').secondary().create();
  const label = `${G}/schema/indexlabels/personByVisits`;
  assert.equal((await server.call('GET', label)).json.status, 'CREATED');
  const rebuild = await server.call('PUT', `/graphs/hugegraph/jobs/rebuild/indexlabels/personByVisits`);
  assert.equal(rebuild.status, 202);
  const { task } = await watch(server, rebuild.json.task_id, (s) => s === 'success' || s === 'failed');
  assert.equal(task.task_status, 'success');
  assert.equal((await server.call('GET', label)).json.status, 'CREATED');
  const again = await server.call('PUT', `${label}/rebuild`);
  await watch(server, again.json.task_id, (s) => s === 'running');
  const during = await server.call('GET', `${G}/schema/indexlabels`);
  assert.equal(during.json.indexlabels.find((i: any) => i.name === 'personByVisits').status, 'REBUILDING');
  assert.equal((await watch(server, again.json.task_id, (s) => s === 'success' || s === 'failed')).task.task_status, 'success');
  assert.equal((await server.call('GET', label)).json.status, 'CREATED');
  await server.close();
});

test('a UNIQUE index label over duplicated values: 202, then its task fails with the conflict and the label reads INVALID until a rebuild succeeds', async () => {
  const server = await populated();
  const created = await server.call('POST', `${G}/schema/indexlabels`, { name: 'uniqueVisits', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'UNIQUE', fields: ['visits'] });
  assert.equal(created.status, 202);
  assert.equal(created.json.index_label.status, 'CREATING');
  const { task } = await watch(server, created.json.task_id, (s) => s === 'success' || s === 'failed');
  assert.equal(task.task_status, 'failed');
  assert.match(task.task_result, /^Unique constraint uniqueVisits conflict is found for visits=\d+$/);
  assert.equal((await server.call('GET', `${G}/schema/indexlabels/uniqueVisits`)).json.status, 'INVALID');
  assert.equal((await server.call('POST', `${G}/graph/vertices`, { label: 'person', properties: { name: 'dup', visits: 1 } })).status, 201, 'an INVALID index refuses nothing');
  await server.graph.gremlin("g.V().hasLabel('person').has('visits', gt(0)).drop()");
  const rebuild = await server.call('PUT', `${G}/jobs/rebuild/indexlabels/uniqueVisits`);
  assert.equal((await watch(server, rebuild.json.task_id, (s) => s === 'success' || s === 'failed')).task.task_status, 'failed', 'N/100 vertices still share visits=0');
  await server.graph.gremlin("g.V().hasLabel('person').has('visits', 0).range(1, 1000000).drop()");
  const fixed = await server.call('PUT', `${G}/jobs/rebuild/indexlabels/uniqueVisits`);
  assert.equal((await watch(server, fixed.json.task_id, (s) => s === 'success' || s === 'failed')).task.task_status, 'success');
  assert.equal((await server.call('GET', `${G}/schema/indexlabels/uniqueVisits`)).json.status, 'CREATED');
  const refused = await server.call('POST', `${G}/graph/vertices`, { label: 'person', properties: { name: 'dup2', visits: 0 } });
  assert.equal(refused.status, 400);
  assert.match(refused.json.message, /^Unique constraint uniqueVisits conflict is found for visits=0$/);
  await server.close();
});

test('rebuild jobs: by vertex label, edge label and index label in both families; unknown names 404, unknown kinds 400', async () => {
  const server = await dataServer();
  for (const url of [`${G}/jobs/rebuild/vertexlabels/person`, `${G}/jobs/rebuild/edgelabels/knows`, '/graphs/hugegraph/jobs/rebuild/indexlabels/personByAge', '/graphs/hugegraph/schema/indexlabels/personByCity/rebuild']) {
    const res = await server.call('PUT', url);
    assert.equal(res.status, 202, url);
    assert.deepEqual(Object.keys(res.json), ['task_id']);
    assert.equal((await watch(server, res.json.task_id, (s) => s === 'success' || s === 'failed')).task.task_status, 'success', url);
  }
  const missing = await server.call('PUT', `${G}/jobs/rebuild/indexlabels/nope`);
  assert.equal(missing.status, 404);
  assert.equal(missing.json.message, "index label with name 'nope' does not exist");
  assert.equal((await server.call('PUT', `${G}/jobs/rebuild/vertexlabels/robot`)).status, 404);
  assert.equal((await server.call('PUT', `${G}/jobs/rebuild/propertykeys/age`)).status, 400);
  await server.close();
});

test('deleting a populated vertex label removes its vertices in chunks: running with growing progress, then success with the count', async () => {
  const server = await populated();
  const refused = await server.call('DELETE', `${G}/schema/vertexlabels/person`);
  const failed = (await watch(server, refused.json.task_id, (s) => s === 'success' || s === 'failed')).task;
  assert.equal(failed.task_status, 'failed');
  assert.match(failed.task_result, /Not allowed to remove vertex label 'person' because the edge label \['knows', 'created'\] still link with it/);
  assert.deepEqual(await server.graph.gremlin('g.V().count()'), [N], 'a refused label deletion removes no vertex');
  for (const label of ['knows', 'created']) await server.graph.schemaOperations().removeEdgeLabel(label);
  const removal = await server.call('DELETE', `${G}/schema/vertexlabels/person`);
  assert.equal(removal.status, 202);
  const { task, seen, progress } = await watch(server, removal.json.task_id, (s) => s === 'success' || s === 'failed');
  assert.equal(task.task_status, 'success', task.task_result);
  assert.ok(seen.includes('running'));
  assert.ok(progress.some((p) => p > 0 && p < N), `intermediate progress observed: ${[...new Set(progress)].join(',')}`);
  assert.equal(task.task_progress, N);
  assert.deepEqual(JSON.parse(task.task_result), { removed: N });
  assert.equal((await server.call('GET', `${G}/schema/vertexlabels/person`)).status, 404);
  assert.deepEqual(await server.graph.gremlin('g.V().count()'), [0]);
  await server.close();
});
