import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const BIN = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const run = promisify(execFile);

async function quiver(args: readonly string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [BIN, ...args], { timeout: 60_000 });
  return stdout;
}

test('quiver demo loads a graph on the first run and reopens it on the second', async () => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-demo-'));
  try {
    const args = ['demo', '--data', data, '--vertices', '500', '--edges', '2000', '--no-progress'];
    const first = await quiver(args);
    assert.match(first, /Created graph 'demo'/);
    assert.match(first, /Loaded 500 vertices/);
    assert.match(first, /Loaded 2,000 edges/);
    assert.match(first, /Counts: 400 person, 100 software, \d+ knows, \d+ created/);
    assert.match(first, /Index lookups by name \(personByName\): 400\/400 found/);
    assert.match(first, /Reopened in \d+ ms: 500 vertices, 2000 edges/);
    assert.match(first, new RegExp(`Data lives in ${join(data, 'graphs', 'demo').replace(/[\\/]/g, '.')} \\(\\d+\\.\\d+ MiB on disk\\)`));
    assert.ok(existsSync(join(data, 'graphs', 'demo', 'config.json')));
    const second = await quiver(args);
    assert.match(second, /Graph 'demo' already exists: reading it back/);
    assert.doesNotMatch(second, /Loaded/);
    const counts = /Counts: .*/.exec(first)?.[0];
    assert.ok(counts !== undefined && second.includes(counts), 'the second run sees the same counts');
    const reset = await quiver([...args, '--reset']);
    assert.match(reset, /Dropped graph 'demo'/);
    assert.match(reset, /Loaded 2,000 edges/);
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});

test('quiver rejects an unknown command and a bad option value with a non-zero status', async () => {
  await assert.rejects(quiver(['nonsense']), (e: unknown) => (e as { code?: number }).code !== 0);
  await assert.rejects(quiver(['demo', '--vertices', 'many']), (e: unknown) => /non-negative integer/.test((e as { stderr?: string }).stderr ?? ''));
});
