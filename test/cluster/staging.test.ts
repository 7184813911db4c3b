/**
 * Stages beside the log (src/cluster/staging.ts) on a real etcd member: a payload of several
 * chunks reads back whole; a stage with a chunk missing is refused; compaction's cleanup deletes
 * the stages made well before the last compacted entry and keeps the recent ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Etcd3 } from 'etcd3';
import { EtcdLog } from '../../src/cluster/etcd-log.js';
import { dropStagesBefore, putStage, readStage } from '../../src/cluster/staging.js';
import { cleanUp, etcdMissing, startEtcd } from './harness.js';

test('stages store, read back, refuse when incomplete, and are dropped only well before a compacted entry', { skip: etcdMissing, timeout: 60_000 }, async () => {
  const etcd = await startEtcd(1);
  const client = new Etcd3({ hosts: etcd.urls });
  try {
    const log = new EtcdLog(client, '/staging-test');
    const payload = randomBytes(2.5 * 1024 * 1024);
    const id = await putStage(log, payload);
    assert.ok((await readStage(log, id)).equals(payload));
    assert.equal(Object.keys(await client.getAll().prefix(log.key(`stage/${id}/`)).strings()).length, 4, 'three chunks and the count');

    const broken = await putStage(log, randomBytes(1.5 * 1024 * 1024));
    await client.delete().key(log.key(`stage/${broken}/000001`)).exec();
    await assert.rejects(readStage(log, broken), { code: 'CLUSTER_STATE' });
    await assert.rejects(readStage(log, '../x'), { code: 'CLUSTER_STATE' });

    // a compacted entry made now: both stages are recent, so both stay
    await dropStagesBefore(log, Date.now());
    assert.ok((await readStage(log, id)).equals(payload));
    // a compacted entry three minutes on: both belong to compacted entries
    await dropStagesBefore(log, Date.now() + 3 * 60_000);
    assert.deepEqual(await client.getAll().prefix(log.key('stage/')).keys(), []);
  } finally {
    client.close();
    cleanUp();
  }
});
