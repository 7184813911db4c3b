/**
 * Real sockets: `quiver serve` as a child process, batch inserts over HTTP, SIGKILL in the
 * middle of them, a restart on the same data directory, and every acknowledged write present.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineItemSchema, startLiveServer } from '../../../bench/server/live-server.js';

const V = '/graphs/hugegraph/graph/vertices';

test('no acknowledged batch insert is lost when the server is killed with SIGKILL', async () => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-kill-'));
  try {
    const first = await startLiveServer(data);
    await defineItemSchema(first);
    const acknowledged: string[] = [];
    let batch = 0;
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      while (!stop) {
        const b = batch++;
        const body = Array.from({ length: 50 }, (_, i) => ({ label: 'item', properties: { name: `w${w}-b${b}-${i}`, n: i } }));
        try {
          const res = await first.request('POST', `${V}/batch`, body);
          if (res.status === 201) acknowledged.push(...(res.json as string[]));
          else assert.fail(`batch answered ${res.status}: ${JSON.stringify(res.json)}`);
        } catch (error) {
          if (!stop) throw error;
        }
      }
    });
    while (acknowledged.length < 1000) await new Promise((r) => setTimeout(r, 5));
    stop = true;
    await first.kill('SIGKILL');
    await Promise.allSettled(writers);
    const second = await startLiveServer(data);
    try {
      const ids = new Set<string>();
      const shards = (await second.request('GET', '/graphs/hugegraph/traversers/vertices/shards?split_size=100000')).json.shards as Array<{ start: string; end: string }>;
      for (const shard of shards) {
        const res = await second.request('GET', `/graphs/hugegraph/traversers/vertices/scan?start=${shard.start}&end=${shard.end}`);
        for (const v of res.json.vertices as Array<{ id: string }>) ids.add(v.id);
      }
      const missing = acknowledged.filter((id) => !ids.has(id));
      assert.deepEqual(missing.slice(0, 5), [], `${missing.length} of ${acknowledged.length} acknowledged vertices lost`);
      assert.equal(ids.size % 50, 0, 'a batch is all or nothing');
    } finally {
      await second.kill('SIGTERM');
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});
