import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replaceFileDurably } from '../../src/storage/index.js';

test('replaceFileDurably replaces a file whole, and a failed write leaves the old file and no temporary file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-durable-'));
  try {
    const path = join(dir, 'config.json');
    writeFileSync(path, 'old');
    await replaceFileDurably(path, (handle) => handle.writeFile('new'));
    assert.equal(readFileSync(path, 'utf8'), 'new');
    await assert.rejects(
      replaceFileDurably(path, async (handle) => {
        await handle.writeFile('half');
        throw new Error('disk full');
      }),
      /disk full/,
    );
    assert.equal(readFileSync(path, 'utf8'), 'new');
    assert.deepEqual(readdirSync(dir), ['config.json']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
