import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArgumentError, open } from '../../src/index.js';

function databasePath(error: unknown): boolean {
  return error instanceof ArgumentError && error.code === 'DATABASE_PATH';
}

test('open({ path }) on a file, under a file, or where a graphs file sits is ArgumentError DATABASE_PATH and creates nothing', async () => {
  const root = await mkdtemp(join(tmpdir(), 'quiver-path-'));
  try {
    const file = join(root, 'file');
    await writeFile(file, 'x');
    await assert.rejects(open({ path: file }), databasePath);
    await assert.rejects(open({ path: join(file, 'sub', 'db') }), databasePath);
    const withGraphsFile = join(root, 'db');
    await mkdir(withGraphsFile);
    await writeFile(join(withGraphsFile, 'graphs'), 'x');
    await assert.rejects(open({ path: withGraphsFile }), databasePath);
    assert.deepEqual((await readdir(root)).sort(), ['db', 'file']);
    assert.deepEqual(await readdir(withGraphsFile), ['graphs']);
    const fresh = join(root, 'a', 'b', 'c');
    const db = await open({ path: fresh });
    await db.close();
    assert.ok(existsSync(join(fresh, 'graphs')));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('open({ path }) where no directory can be created (/proc/x, /dev/null) fails at once instead of spinning', { timeout: 10_000 }, async () => {
  for (const path of ['/proc/x', '/proc/self/quiver', '/dev/null']) {
    if (path.startsWith('/proc') && !existsSync('/proc/self')) continue;
    const started = Date.now();
    await assert.rejects(open({ path }), databasePath, path);
    assert.ok(Date.now() - started < 2000, `${path} took ${Date.now() - started} ms`);
  }
});
