/**
 * nodeFileSystem: where the platform has O_DSYNC, segment files are opened with it, so a write
 * is durable when it returns and a group commit needs no separate fdatasync.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFileSystem } from '../../../src/storage/wal/index.js';

/** The open flags of the descriptor this process holds on `path`, from Linux's /proc, or undefined elsewhere. */
function openFlagsOf(path: string): number | undefined {
  if (!fs.existsSync('/proc/self/fdinfo')) return undefined;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target !== path) continue;
    const flags = /flags:\s*([0-7]+)/.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
    if (flags !== null) return Number.parseInt(flags[1]!, 8);
  }
  return undefined;
}

test('nodeFileSystem opens segments with O_DSYNC where the platform has it, and their bytes are written at once', async (t) => {
  const dsync = fs.constants.O_DSYNC as number | undefined;
  if (dsync === undefined || !fs.existsSync('/proc/self/fdinfo')) {
    t.skip('needs O_DSYNC and /proc (Linux)');
    return;
  }
  const dir = fs.mkdtempSync(join(tmpdir(), 'quiver-fs-'));
  try {
    const path = join(fs.realpathSync(dir), 'wal-1.log');
    const file = await nodeFileSystem.openSegment(path, { create: true });
    const flags = openFlagsOf(path);
    assert.notEqual(flags, undefined, 'the segment is open');
    assert.equal((flags! & dsync) !== 0, true, 'opened with O_DSYNC');
    await file.write([Buffer.from('abc'), Buffer.from('def')], 0);
    assert.equal(fs.readFileSync(path, 'utf8'), 'abcdef');
    await file.sync();
    await file.close();
    assert.equal(openFlagsOf(path), undefined, 'closed');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
