/**
 * A running node the log was compacted past: paused (SIGSTOP) longer than its lease while the
 * other node writes past a snapshot, so the log it still needs is deleted. Resumed, it cannot
 * follow the log; it stops and starts again by itself from the newest cluster snapshot, on the
 * same port, and ends with every write, its own acknowledged ones included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, cleanUp, etcdMissing, eventually, startEtcd, startNode, tempDir } from './harness.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

async function names(url: string): Promise<string[]> {
  const { json } = await call(`${url}/gremlin`, { method: 'POST', body: { gremlin: "g.V().hasLabel('item').values('name')" } });
  return (json.result.data as string[]).sort();
}

test('a node the log was compacted past while it was paused starts again from the snapshot by itself', { skip: etcdMissing, timeout: 180_000 }, async () => {
  const etcd = await startEtcd(1);
  try {
    const n1 = await startNode('n1', { etcd: etcd.urls, data: tempDir('n1'), snapshotEvery: 20 });
    const n2 = await startNode('n2', { etcd: etcd.urls, data: tempDir('n2'), snapshotEvery: 20 });
    for (const [path, body] of [['propertykeys', { name: 'name', data_type: 'TEXT', cardinality: 'SINGLE' }], ['vertexlabels', { name: 'item', id_strategy: 'AUTOMATIC', properties: ['name'] }]] as const) {
      const res = await call(`${n1.url}${G}/schema/${path}`, { method: 'POST', body });
      assert.ok(res.status === 201 || res.status === 202, JSON.stringify(res.json));
    }
    const add = async (url: string, name: string): Promise<void> => {
      const res = await call(`${url}${G}/graph/vertices`, { method: 'POST', body: { label: 'item', properties: { name } } });
      assert.equal(res.status, 201, JSON.stringify(res.json));
    };
    await add(n2.url, 'before');
    await eventually('n2 up in /cluster', async () => ((await call(`${n1.url}/cluster`)).json.nodes?.every((n: { state: string }) => n.state === 'up') === true ? true : undefined));

    n2.process.kill('SIGSTOP');
    await eventually('n2 down in /cluster', async () => ((await call(`${n1.url}/cluster`)).json.nodes?.find((n: { node_id: string }) => n.node_id === 'n2')?.state === 'down' ? true : undefined), 15_000);
    // two rounds, so n1 has reported a position past n2's before the snapshot at entry 40 compacts the log
    for (let i = 0; i < 25; i++) await add(n1.url, `paused-${i}`);
    await new Promise((done) => setTimeout(done, 2000));
    for (let i = 25; i < 50; i++) await add(n1.url, `paused-${i}`);
    const expected = await names(n1.url);
    n2.process.kill('SIGCONT');

    await eventually('n2 to restart from the snapshot', async () => (/compacted past position \d+.*restarting/.test(n2.output()) ? true : undefined), 30_000).catch(async (error: unknown) => {
      const status = await Promise.all([n1, n2].map((n) => call(`${n.url}/cluster`).then((r) => JSON.stringify(r.json), String)));
      assert.fail(`${String(error)}\n${n2.output()}\n${status.join('\n')}`);
    });
    await eventually('n2 to serve every write again', async () => (JSON.stringify(await names(n2.url)) === JSON.stringify(expected) ? true : undefined), 60_000);
    await add(n2.url, 'after');
    await eventually('n1 to read the write n2 took after it restarted', async () => ((await names(n1.url)).includes('after') ? true : undefined), 5_000);
    assert.equal(n2.process.exitCode, null, 'n2 kept running');
  } finally {
    cleanUp();
  }
});
