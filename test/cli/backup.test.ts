/**
 * `quiver backup` and `quiver restore` against real servers: a backup taken under write load
 * holds every batch wholly or not at all; a quiet server's backup restored into a fresh data
 * directory compares equal to it; kill -9 of the server during a backup never leaves a file
 * reported good, and during a restore leaves the target as it was; a damaged or truncated file
 * is refused with a non-zero exit and changes nothing; snapshot_create / snapshot_resume.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, quiver, serve } from './ops-process.js';
import type { Served } from './ops-process.js';

const ITEMS = 20_000;

async function schema(url: string): Promise<void> {
  const g = `${url}/graphs/hugegraph`;
  for (const key of [{ name: 'name', data_type: 'TEXT' }, { name: 'batch', data_type: 'INT' }, { name: 'age', data_type: 'LONG' }]) {
    assert.equal((await call(`${g}/schema/propertykeys`, 'POST', key)).status, 202);
  }
  assert.equal((await call(`${g}/schema/vertexlabels`, 'POST', { name: 'person', properties: ['name', 'age'], primary_keys: ['name'] })).status, 201);
  assert.equal((await call(`${g}/schema/vertexlabels`, 'POST', { name: 'item', id_strategy: 'AUTOMATIC', properties: ['name', 'batch'] })).status, 201);
  assert.equal((await call(`${g}/schema/edgelabels`, 'POST', { name: 'knows', source_label: 'person', target_label: 'person', properties: ['age'] })).status, 201);
  const people = [{ label: 'person', properties: { name: 'marko', age: 29 } }, { label: 'person', properties: { name: 'vadas', age: 27 } }];
  assert.equal((await call(`${g}/graph/vertices/batch`, 'POST', people)).status, 201);
  assert.equal((await call(`${g}/graph/edges/batch`, 'POST', [{ label: 'knows', outV: '1:marko', inV: '1:vadas', outVLabel: 'person', inVLabel: 'person', properties: { age: 5 } }])).status, 201);
  for (let b = 0; b < ITEMS / 500; b++) {
    const batch = Array.from({ length: 500 }, (_, i) => ({ label: 'item', properties: { name: `i${b * 500 + i}`, batch: 0 } }));
    assert.equal((await call(`${g}/graph/vertices/batch`, 'POST', batch)).status, 201);
  }
}

async function gremlin(url: string, script: string): Promise<unknown[]> {
  const res = await call(`${url}/gremlin`, 'POST', { gremlin: script, bindings: {}, language: 'gremlin-groovy', aliases: { g: '__g_hugegraph' } });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  return res.json.result.data as unknown[];
}

/** Every vertex and edge of hugegraph as sorted JSON texts. */
async function contents(url: string): Promise<{ vertices: string[]; edges: string[] }> {
  const v = await call(`${url}/graphs/hugegraph/graph/vertices?limit=1000000`, 'GET');
  const e = await call(`${url}/graphs/hugegraph/graph/edges?limit=1000000`, 'GET');
  return { vertices: (v.json.vertices as unknown[]).map((x) => JSON.stringify(x)).sort(), edges: (e.json.edges as unknown[]).map((x) => JSON.stringify(x)).sort() };
}

function stop(server: Served): Promise<number | null> {
  server.process.kill('SIGTERM');
  return server.exited;
}

test('quiver backup and restore: under write load, into a fresh directory, killed, damaged', { timeout: 600_000 }, async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'quiver-backup-'));
  try {
    const source = await serve(['--data', join(root, 'source')]);
    await schema(source.url);
    const auth = ['--url', source.url, '--user', 'admin', '--password', 'secret1'];

    // Under write load: batches of 10 vertices, each one atomic, keep arriving during the backup.
    let writing = true;
    let batches = 0;
    const load = (async () => {
      while (writing) {
        batches++;
        const batch = Array.from({ length: 10 }, (_, i) => ({ label: 'item', properties: { name: `w${batches}-${i}`, batch: batches } }));
        assert.equal((await call(`${source.url}/graphs/hugegraph/graph/vertices/batch`, 'POST', batch)).status, 201);
      }
    })();
    const loaded = join(root, 'loaded.qbak');
    const backup = await quiver(['backup', ...auth, '--out', loaded]);
    writing = false;
    await load;
    assert.equal(backup.code, 0, backup.output);
    assert.match(backup.output, /verified/);
    assert.equal((await quiver(['restore', '--in', loaded, '--data', join(root, 'loaded')])).code, 0);
    const loadedServer = await serve(['--data', join(root, 'loaded')]);
    const counts = (await gremlin(loadedServer.url, "g.V().hasLabel('item').has('batch', gt(0)).groupCount().by('batch').select(values).unfold().dedup()")) as number[];
    assert.ok(counts.every((n) => n === 10), `a batch was split by the backup: ${JSON.stringify(counts)}`);
    assert.equal(await stop(loadedServer), 0);

    // A quiet server: backup, restore into a fresh directory, compare.
    const quiet = join(root, 'quiet.qbak');
    assert.equal((await quiver(['backup', ...auth, '--out', quiet])).code, 0);
    const restored = await quiver(['restore', '--in', quiet, '--data', join(root, 'restored')]);
    assert.equal(restored.code, 0, restored.output);
    assert.match(restored.output, /RESTORING/);
    const copy = await serve(['--data', join(root, 'restored')]);
    const original = await contents(source.url);
    const total = original.vertices.length;
    assert.deepEqual(await contents(copy.url), original);
    assert.equal((await call(`${copy.url}/graphs/hugegraph/mode`, 'GET')).json.mode, 'NONE');
    const person = await call(`${copy.url}/graphs/hugegraph/schema/vertexlabels/person`, 'GET');
    assert.equal(person.json.id, 1);

    // Damaged and truncated files are refused; nothing changes.
    const bytes = readFileSync(quiet);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] = (flipped[Math.floor(bytes.length / 2)] ?? 0) ^ 0xff;
    writeFileSync(join(root, 'flipped.qbak'), flipped);
    writeFileSync(join(root, 'short.qbak'), bytes.subarray(0, bytes.length - 10));
    for (const bad of ['flipped.qbak', 'short.qbak']) {
      const refused = await quiver(['restore', '--in', join(root, bad), '--data', join(root, `from-${bad}`)]);
      assert.notEqual(refused.code, 0);
      assert.match(refused.output, /BACKUP_DAMAGED/);
      assert.equal(existsSync(join(root, `from-${bad}`)), false);
      const before = await contents(copy.url);
      const overHttp = await quiver(['restore', '--in', join(root, bad), '--url', copy.url, '--user', 'admin', '--password', 'secret1']);
      assert.notEqual(overHttp.code, 0);
      assert.deepEqual(await contents(copy.url), before);
    }
    assert.equal(await stop(copy), 0);

    // kill -9 of the server during a backup: no file is reported good unless it verifies.
    const killedOut = join(root, 'killed.qbak');
    const killed = await quiver(['backup', ...auth, '--out', killedOut], () => setTimeout(() => source.process.kill('SIGKILL'), 150));
    t.diagnostic(`backup with the server killed: exit ${String(killed.code)}`);
    if (killed.code === 0) assert.equal((await quiver(['restore', '--in', killedOut, '--data', join(root, 'killed-check')])).code, 0);
    else assert.equal(existsSync(killedOut), false, 'a failed backup left its file');
    await source.exited;

    // kill -9 of the server during a restore over HTTP: after a restart the graph is as before or complete.
    const target = await serve(['--data', join(root, 'target')]);
    const restoring = quiver(['restore', '--in', quiet, '--url', target.url, '--user', 'admin', '--password', 'secret1']);
    setTimeout(() => target.process.kill('SIGKILL'), 400);
    await restoring;
    await target.exited;
    const again = await serve(['--data', join(root, 'target')]);
    const count = (await gremlin(again.url, 'g.V().count()'))[0];
    t.diagnostic(`restore with the server killed: ${String(count)} of ${total} vertices after the restart`);
    assert.ok(count === 0 || count === total, `a killed restore left ${String(count)} vertices`);
    assert.equal((await call(`${again.url}/graphs/hugegraph/mode`, 'GET')).json.mode, 'NONE');

    // HugeGraph's snapshot_create and snapshot_resume.
    if (count === 0) assert.equal((await quiver(['restore', '--in', quiet, '--url', again.url, '--user', 'admin', '--password', 'secret1'])).code, 0);
    assert.deepEqual((await call(`${again.url}/graphs/hugegraph/snapshot_create`, 'PUT')).json, { hugegraph: 'snapshot_created' });
    await gremlin(again.url, "g.V().hasLabel('item').limit(5).drop()");
    assert.equal((await gremlin(again.url, 'g.V().count()'))[0], total - 5);
    assert.deepEqual((await call(`${again.url}/graphs/hugegraph/snapshot_resume`, 'PUT')).json, { hugegraph: 'snapshot_resumed' });
    assert.equal((await gremlin(again.url, 'g.V().count()'))[0], total);
    assert.equal(await stop(again), 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
