import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TypedNumber, open } from '../../src/index.js';
import { readGraph } from '../read-graph.js';

const WRITER = fileURLToPath(new URL('./crash-writer.js', import.meta.url));

/** Runs the writer until it has acknowledged `acks` batches (plus a random extra delay), then kill -9. */
function runAndKill(dir: string, options: { readonly acks: number; readonly snapshotBytes: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dir, String(options.snapshotBytes)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lastAck = -1;
    let seen = 0;
    let buffered = '';
    let stderr = '';
    let killing = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const match = /^ack (\d+)$/.exec(line);
        if (match === null) continue;
        lastAck = Number(match[1]);
        seen++;
        if (seen >= options.acks && !killing) {
          killing = true;
          setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 5));
        }
      }
    });
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`Writer exited on its own: ${stderr}`));
      else resolve(lastAck);
    });
  });
}

test('kill -9 at any moment loses no acknowledged batch or graph variable and never leaves a half batch', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-crash-'));
  try {
    let acknowledged = -1;
    for (const [round, snapshotBytes] of [[0, 64 * 1024 * 1024], [1, 8192], [2, 2048], [3, 8192]] as const) {
      const lastAck = await runAndKill(dir, { acks: 5 + round * 7, snapshotBytes });
      assert.ok(lastAck >= acknowledged, `round ${round}: the writer resumed from the recovered state`);
      acknowledged = lastAck;
      const db = await open({ path: dir });
      const graph = db.graph('crash');
      const count = readGraph(graph, (s) => s.vertexCount('item'));
      assert.ok(count >= (acknowledged + 1) * 100, `round ${round}: ${count} vertices, acknowledged ${(acknowledged + 1) * 100}`);
      assert.equal(count % 100, 0, `round ${round}: batches are atomic`);
      const found = (await graph.vertices({ label: 'item' })).vertices.map((v) => v.id as number).sort((a, b) => a - b);
      assert.deepEqual(found, Array.from({ length: count }, (_, i) => i));
      assert.equal((await graph.getVertex(count - 1))?.properties.tag, `t${count - 1}`);
      // The variable goes through the same log and snapshots: set after its batch, it is that batch's or the one before.
      const last = (await graph.variables.get('last')) as number;
      assert.ok(last >= acknowledged, `round ${round}: variable last ${last} keeps the acknowledged ${acknowledged}`);
      assert.ok(last === count / 100 - 1 || last === count / 100 - 2, `round ${round}: variable last ${last} beside ${count / 100} batches`);
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
