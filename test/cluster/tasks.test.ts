/**
 * Tasks of a graph whose `task.scheduler_type` is `etcd`, on three real nodes over one real etcd
 * member: a Gremlin job runs exactly once in the cluster (on the node that took it: only that
 * node's Gremlin counter moves), its record and result read the same on every node; a job whose
 * script writes makes its change once, on every node; a computation job runs on one node and
 * every node gets the same values; a cancellation made through any node
 * stops it; a job whose node is killed -9 reads as failed everywhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, cleanUp, etcdMissing, eventually, startEtcd, startNode, tempDir } from './harness.js';
import type { QuiverNode } from './harness.js';
import { graphBody } from '../http/helpers.js';

const G = '/graphspaces/DEFAULT/graphs/jobs';
const NEVER_ENDS = "g.V().repeat(both()).until(has('name','nobody')).count()";

/** Gremlin requests this node ran, of every road (its /metrics counter). */
async function gremlinRuns(node: QuiverNode): Promise<number> {
  const res = await fetch(`${node.url}/metrics`, { headers: { authorization: `Basic ${Buffer.from('admin:cluster-secret1').toString('base64')}` } });
  const text = await res.text();
  let sum = 0;
  for (const match of text.matchAll(/^quiver_gremlin_query_duration_seconds_count\{[^}]*\} (\d+)/gm)) sum += Number(match[1]);
  return sum;
}

/** The task's record on `node` once it has the status `status`. */
function taskOn(node: QuiverNode, id: number, status: string, ms = 20_000): Promise<Record<string, unknown>> {
  return eventually(`task ${id} ${status} on ${node.id}`, async () => {
    const { json } = await call(`${node.url}${G}/tasks/${id}`);
    return json?.task_status === status ? (json as Record<string, unknown>) : undefined;
  }, ms);
}

async function submitJob(node: QuiverNode, gremlin: string): Promise<number> {
  const res = await call(`${node.url}${G}/jobs/gremlin`, { method: 'POST', body: { gremlin } });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  return res.json.task_id as number;
}

test('a task of a graph scheduled on etcd runs exactly once in the cluster', { skip: etcdMissing, timeout: 240_000 }, async (t) => {
  const etcd = await startEtcd(1);
  try {
    const n1 = await startNode('n1', { etcd: etcd.urls, data: tempDir('n1') });
    const [n2, n3] = await Promise.all(['n2', 'n3'].map((id) => startNode(id, { etcd: etcd.urls, data: tempDir(id) }))) as [QuiverNode, QuiverNode];
    const nodes = [n1, n2, n3];
    await eventually('three nodes up', async () => {
      const { json } = await call(`${n1.url}/cluster`);
      return json.nodes?.filter((n: { state: string }) => n.state === 'up').length === 3 ? true : undefined;
    });
    const made = await call(`${n1.url}/graphspaces/DEFAULT/graphs/jobs`, { method: 'POST', body: graphBody('jobs', { 'task.scheduler_type': 'etcd', 'schema.auto_create': true }) });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    for (const [name, to] of [['a', 'b'], ['b', 'c']] as const) {
      const res = await call(`${n1.url}/gremlin`, { method: 'POST', body: { gremlin: `a = jobs.addVertex(T.label, 'person', 'name', '${name}'); b = jobs.addVertex(T.label, 'person', 'name', '${to}x'); a.addEdge('knows', b)`, aliases: { graph: 'DEFAULT-jobs' } } });
      assert.equal(res.status, 200, JSON.stringify(res.json));
    }

    await t.test('a read-only job runs on the node that took it, and reads the same everywhere', async () => {
      const before = await Promise.all(nodes.map(gremlinRuns));
      const id = await submitJob(n2, 'g.V().count()');
      const records = await Promise.all(nodes.map((node) => taskOn(node, id, 'success')));
      for (const record of records) {
        assert.equal(record.task_result, '[4]');
        assert.equal(record.task_server, 'n2');
      }
      const after = await Promise.all(nodes.map(gremlinRuns));
      assert.deepEqual(after.map((n, i) => n - before[i]!), [0, 1, 0], 'only n2 ran the script');
      // the internal routes the runner publishes through are out of a client's reach, and nothing of it is logged
      const head = (await call(`${n1.url}/cluster`)).json.head;
      const forged = await call(`${n1.url}${G}/cluster/tasks/${id}`, { method: 'PUT', body: { task_status: 'failed' } });
      assert.equal(forged.status, 404, JSON.stringify(forged.json));
      assert.equal((await call(`${n1.url}${G}/cluster/jobs/computer/values`, { method: 'POST', body: { algorithm: 'wcc', stage: 'x' } })).status, 404);
      assert.equal((await call(`${n1.url}/cluster`)).json.head, head);
      assert.equal((await taskOn(n3, id, 'success')).task_result, '[4]');
    });

    await t.test("a job whose script writes makes its change once, and every node has it", async () => {
      const id = await submitJob(n3, "g.addV('person').property('name', 'fromJob').values('name')");
      for (const node of nodes) assert.equal((await taskOn(node, id, 'success')).task_result, '["fromJob"]');
      for (const node of nodes) {
        const { json } = await call(`${node.url}${G}/graph/vertices?label=person&properties=${encodeURIComponent('{"name":"fromJob"}')}`);
        assert.equal(json.vertices.length, 1, `${node.id}: ${JSON.stringify(json)}`);
      }
    });

    await t.test('a computation job runs on one node and its values reach every node through the log', async () => {
      const res = await call(`${n3.url}${G}/jobs/computerdis`, { method: 'POST', body: { algorithm: 'page-rank', worker: 1, params: {} } });
      assert.equal(res.status, 201, JSON.stringify(res.json));
      const id = Number(res.json.task_id);
      for (const node of nodes) assert.equal((await taskOn(node, id, 'success', 60_000)).task_server, 'n3');
      assert.equal((await call(`${n1.url}${G}/graph_read_mode`, { method: 'PUT', body: 'ALL' })).status, 200);
      const ranks = await Promise.all(nodes.map(async (node) => {
        const { json } = await call(`${node.url}/gremlin`, { method: 'POST', body: { gremlin: "g.V().order().by('name').project('n','r').by('name').by('page_rank')", aliases: { graph: 'DEFAULT-jobs' } } });
        return json.result.data as Array<{ n: string; r: number }>;
      }));
      assert.equal(ranks[0]!.length, 5);
      assert.ok(ranks[0]!.every((row) => typeof row.r === 'number' && row.r > 0), JSON.stringify(ranks[0]));
      assert.deepEqual(ranks[1], ranks[0]);
      assert.deepEqual(ranks[2], ranks[0]);
    });

    await t.test('a job cancelled through another node stops, and reads cancelled everywhere', async () => {
      const id = await submitJob(n1, NEVER_ENDS);
      await taskOn(n3, id, 'running');
      const cancelled = await call(`${n3.url}${G}/tasks/${id}?action=cancel`, { method: 'PUT' });
      assert.equal(cancelled.status, 202, JSON.stringify(cancelled.json));
      for (const node of nodes) await taskOn(node, id, 'cancelled');
    });

    await t.test('a job whose node is killed -9 reads as failed on the others', async () => {
      const id = await submitJob(n1, NEVER_ENDS);
      await taskOn(n2, id, 'running');
      n1.process.kill('SIGKILL');
      await n1.exited;
      for (const node of [n2, n3]) {
        const record = await taskOn(node, id, 'failed', 40_000);
        assert.match(String(record.task_result), /node 'n1', which ran it, stopped/);
      }
    });
  } finally {
    cleanUp();
  }
});
