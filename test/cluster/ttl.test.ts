/**
 * The TTL sweep of a cluster: one node (the lowest id up) appends a sweep entry per period, and
 * every node removes the expired elements when it applies it. Checked on the data directory of
 * a node stopped afterwards: opened with the library, it holds nothing left to expire, while
 * the element without a TTL is there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../../src/index.js';
import { call, cleanUp, etcdMissing, eventually, startEtcd, startNode, tempDir } from './harness.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

test('expired vertices are swept through the log, once per period, on every node', { skip: etcdMissing, timeout: 120_000 }, async () => {
  const etcd = await startEtcd(1);
  try {
    const n1 = await startNode('n1', { etcd: etcd.urls, data: tempDir('n1'), ttlSweep: 1 });
    const n2 = await startNode('n2', { etcd: etcd.urls, data: tempDir('n2'), ttlSweep: 1 });
    const schema: Array<[string, Record<string, unknown>]> = [
      ['propertykeys', { name: 'name', data_type: 'TEXT', cardinality: 'SINGLE' }],
      ['vertexlabels', { name: 'temp', id_strategy: 'AUTOMATIC', properties: ['name'], ttl: 1000 }],
      ['vertexlabels', { name: 'kept', id_strategy: 'AUTOMATIC', properties: ['name'] }],
    ];
    for (const [path, body] of schema) {
      const res = await call(`${n1.url}${G}/schema/${path}`, { method: 'POST', body });
      assert.ok(res.status === 201 || res.status === 202, JSON.stringify(res.json));
    }
    for (const [label, name] of [['temp', 't1'], ['temp', 't2'], ['kept', 'k1']]) {
      assert.equal((await call(`${n2.url}${G}/graph/vertices`, { method: 'POST', body: { label, properties: { name } } })).status, 201);
    }
    await eventually('both nodes up', async () => ((await call(`${n1.url}/cluster`)).json.nodes?.every((n: { state: string }) => n.state === 'up') === true ? true : undefined));

    // one node sweeps: about one entry a second, not one per node
    const head = async (): Promise<number> => (await call(`${n1.url}/cluster`)).json.head as number;
    const from = await head();
    await new Promise((done) => setTimeout(done, 4000));
    const sweeps = (await head()) - from;
    assert.ok(sweeps >= 1 && sweeps <= 5, `${sweeps} sweep entries in 4 s`);
    for (const node of [n1, n2]) {
      const { json } = await call(`${node.url}${G}/graph/vertices`);
      assert.deepEqual(json.vertices.map((v: { label: string }) => v.label), ['kept'], node.id);
    }

    n2.process.kill('SIGTERM');
    await n2.exited;
    const db = await open({ path: n2.data });
    try {
      const graph = db.graph('hugegraph');
      assert.equal(await graph.expire(Date.now() + 60_000), 0, 'the expired vertices were already removed on n2');
      assert.deepEqual(await graph.gremlin('g.V().values("name")'), ['k1']);
    } finally {
      await db.close();
    }
  } finally {
    cleanUp();
  }
});
