/**
 * `quiver serve --gremlin-port 0`: the CLI prints the endpoint's URL, the driver runs a
 * traversal on it, and SIGTERM stops both servers gracefully.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import gremlin from 'gremlin';
import { repoRoot } from '../../repo-root.js';

test('quiver serve --gremlin-port opens the Gremlin Server endpoint beside the REST server', async () => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-serve-gremlin-'));
  const child = spawn(process.execPath, [join(repoRoot(), 'dist', 'src', 'cli', 'main.js'), 'serve', '--port', '0', '--gremlin-port', '0', '--data', data, '--log-level', 'warn', '--no-auth'], {
    env: { ...process.env, QUIVER_ADMIN_PASSWORD: 'secret123' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no endpoint: ${output}`)), 90_000);
      child.stderr.on('data', () => {
        const m = /Gremlin Server protocol \(WebSocket\) listening on (ws:\/\/\S+)/.exec(output);
        if (m?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    assert.match(url, /^ws:\/\/127\.0\.0\.1:\d+\/gremlin$/);
    const client = new gremlin.driver.Client(url, {});
    assert.deepEqual((await client.submit('g.V().count()', {})).toArray(), [0]);
    await client.close();
    child.kill('SIGTERM');
    assert.equal(await exited, 0, output);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
});
