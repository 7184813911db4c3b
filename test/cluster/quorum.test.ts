/**
 * `quiver serve --etcd` over three real etcd members: with one member stopped, writes go on;
 * with two stopped (no quorum), a write fails within 5 s with 503 and HugeGraph's error body
 * while reads keep answering from each node's own state; once the members are back, writes
 * resume on every node without restarting any.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, cleanUp, etcdMissing, eventually, startEtcd, startNode, tempDir } from './harness.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

function person(name: string): { method: string; body: unknown } {
  return { method: 'POST', body: { label: 'person', properties: { name } } };
}

test('a cluster node on three etcd members writes with one member down, answers 503 within 5 s without quorum, and resumes', { skip: etcdMissing, timeout: 240_000 }, async (t) => {
  const etcd = await startEtcd(3);
  try {
    const n1 = await startNode('q1', { etcd: etcd.urls, data: tempDir('q1') });
    const n2 = await startNode('q2', { etcd: etcd.urls, data: tempDir('q2') });
    assert.equal((await call(`${n1.url}${G}/schema/propertykeys`, { method: 'POST', body: { name: 'name', data_type: 'TEXT' } })).status, 202);
    const label = await call(`${n2.url}${G}/schema/vertexlabels`, { method: 'POST', body: { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], properties: ['name'] } });
    assert.equal(label.status, 201);
    const [m1, m2] = etcd.members.slice(1) as [(typeof etcd.members)[number], (typeof etcd.members)[number]];

    await t.test('with one of three etcd members stopped, writes on every node go on', async () => {
      await m2.stop();
      for (const [i, node] of [n1, n2].entries()) {
        const written = await eventually(`a write on ${node.id}`, async () => {
          const res = await call(`${node.url}${G}/graph/vertices`, person(`one-down-${i}`));
          return res.status === 201 ? res : undefined;
        });
        assert.equal(written.json.id, `1:one-down-${i}`);
      }
    });

    await t.test('without quorum a write fails within 5 s with 503 and the HugeGraph error body; reads still answer', async () => {
      await m1.stop();
      for (const node of [n1, n2]) {
        const started = performance.now();
        const res = await call(`${node.url}${G}/graph/vertices`, person(`no-quorum-${node.id}`));
        const took = performance.now() - started;
        assert.equal(res.status, 503, JSON.stringify(res.json));
        assert.ok(took < 5000, `the 503 came after ${Math.round(took)} ms`);
        assert.equal(typeof res.json.exception, 'string');
        assert.match(res.json.message, /cluster/);
        const read = await call(`${node.url}${G}/graph/vertices`);
        assert.equal(read.status, 200);
        assert.ok(read.json.vertices.some((v: { id: string }) => v.id === '1:one-down-0'));
      }
      assert.equal((await call(`${n1.url}/health/ready`)).status, 503, 'not ready while the log cannot answer');
      assert.equal((await call(`${n1.url}/health`)).status, 200, 'alive all the same');
    });

    await t.test('when the members are back, writes resume on every node without a restart', async () => {
      m1.start();
      m2.start();
      for (const node of [n1, n2]) {
        await eventually(`writes on ${node.id} again`, async () => {
          const res = await call(`${node.url}${G}/graph/vertices`, person(`back-${node.id}`));
          return res.status === 201 ? true : undefined;
        }, 40_000);
      }
      for (const node of [n1, n2]) {
        await eventually(`${node.id} sees both writes`, async () => {
          const { json } = await call(`${node.url}${G}/graph/vertices`);
          const ids = new Set(json.vertices.map((v: { id: string }) => v.id));
          return ids.has('1:back-q1') && ids.has('1:back-q2') ? true : undefined;
        });
        assert.equal((await call(`${node.url}/health/ready`)).status, 200);
      }
    });
  } finally {
    cleanUp();
  }
});
