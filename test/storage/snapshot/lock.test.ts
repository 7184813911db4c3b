import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../wal/helpers.js';
import { LOCK_FILE, lockDirectory } from '../../../src/storage/snapshot/index.js';


test('lockDirectory writes the owner pid and refuses a second opener with DIRECTORY_LOCKED', async () => {
  const dir = tempDir();
  const lock = await lockDirectory(dir);
  assert.equal(fs.readFileSync(join(dir, LOCK_FILE), 'utf8').trim(), String(process.pid));
  await assert.rejects(lockDirectory(dir), { code: 'DIRECTORY_LOCKED' });
  await lock.release();
  assert.equal(fs.existsSync(join(dir, LOCK_FILE)), false);
  const again = await lockDirectory(dir);
  await again.release();
  await again.release();
});

test('lockDirectory lets only one of two concurrent callers in', async () => {
  const dir = tempDir();
  const results = await Promise.allSettled([lockDirectory(dir), lockDirectory(dir)]);
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
  const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  assert.equal((refused.reason as { code: string }).code, 'DIRECTORY_LOCKED');
});

test('lockDirectory refuses a lock held by another live process', async () => {
  const dir = tempDir();
  fs.writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
  await assert.rejects(lockDirectory(dir), { code: 'DIRECTORY_LOCKED' });
  assert.equal(fs.readFileSync(join(dir, LOCK_FILE), 'utf8'), `${process.ppid}\n`);
});

test('lockDirectory takes over a stale lock whose pid is dead or is this process from an earlier run', async () => {
  const dir = tempDir();
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  assert.ok(dead !== undefined);
  for (const stalePid of [dead, process.pid]) {
    fs.writeFileSync(join(dir, LOCK_FILE), `${stalePid}\n`);
    const lock = await lockDirectory(dir);
    assert.equal(fs.readFileSync(join(dir, LOCK_FILE), 'utf8').trim(), String(process.pid));
    await lock.release();
  }
});

test('lockDirectory treats an unwritten lock file as held until it is old', async () => {
  const dir = tempDir();
  const path = join(dir, LOCK_FILE);
  fs.writeFileSync(path, '');
  await assert.rejects(lockDirectory(dir), { code: 'DIRECTORY_LOCKED' });
  const old = new Date(Date.now() - 60_000);
  fs.utimesSync(path, old, old);
  const lock = await lockDirectory(dir);
  await lock.release();
});
