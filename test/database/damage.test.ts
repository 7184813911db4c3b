/**
 * Damage on disk is found, reported and never widened: reproductions of the cases, the
 * config.json checks, and quiver check / repair.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArgumentError, open, StorageError } from '../../src/index.js';
import type { RecoveryWarning } from '../../src/index.js';
import { runCheck, runRepair } from '../../src/cli/maintenance-commands.js';
import { addItems, itemIds } from './items.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'quiver-damage-'));
}

const range = (to: number): number[] => Array.from({ length: to }, (_, i) => i);

/** Writes 0..300 (snapshots after 100 and 200), and copies the directory while open as a crash image. */
async function crashImage(root: string, options: { walSegmentBytes: number }): Promise<string> {
  const dir = join(root, 'live');
  const image = join(root, 'image');
  const db = await open({ path: dir, walSegmentBytes: options.walSegmentBytes });
  const graph = await db.createGraph('g');
  await graph.schema().propertyKey('n').asInt().create();
  await graph.schema().vertexLabel('item').useCustomizeNumberId().properties('n').create();
  await addItems(graph, 0, 100);
  await graph.snapshot();
  await addItems(graph, 100, 200);
  await graph.snapshot();
  await addItems(graph, 200, 300);
  cpSync(dir, image, { recursive: true });
  await db.close();
  return image;
}

const walDir = (image: string): string => join(image, 'graphs', 'g', 'wal');
const segments = (image: string): string[] => readdirSync(walDir(image)).sort();
const snapshots = (image: string): string[] => readdirSync(join(image, 'graphs', 'g', 'snapshots')).filter((f) => f.endsWith('.qsnap')).sort();

function flip(path: string, at: number): void {
  const bytes = readFileSync(path);
  bytes[at]! ^= 0x40;
  writeFileSync(path, bytes);
}

function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    try {
      out.set(name, readFileSync(join(dir, name)).toString('base64'));
    } catch {
      out.set(name, 'directory');
    }
  }
  out.delete('quiver.lock');
  return out;
}

test('one flipped byte mid newest segment, with valid records after it, fails the open with WAL_DAMAGED and changes nothing on disk', async () => {
  const root = tempDir();
  try {
    const image = await crashImage(root, { walSegmentBytes: 1 << 20 });
    const newest = join(walDir(image), segments(image).at(-1)!);
    const size = readFileSync(newest).length;
    flip(newest, Math.floor(size * 0.9));
    const before = filesOf(image);
    await assert.rejects(open({ path: image }), (error: unknown) => {
      assert.ok(error instanceof StorageError);
      assert.equal(error.code, 'WAL_DAMAGED');
      assert.equal(error.details.file, newest);
      assert.ok(Number(error.details.offset) <= size * 0.9 && Number(error.details.end) > size * 0.9);
      assert.equal(error.details.firstLsn, error.details.lastLsn);
      assert.match(error.message, new RegExp(`at byte offset ${String(error.details.offset)}.*LSN ${String(error.details.firstLsn)}`));
      return true;
    });
    assert.deepEqual(filesOf(image), before);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a flipped byte in an older segment that the newest snapshot covers opens with the full state and a warning', async () => {
  const root = tempDir();
  try {
    const image = await crashImage(root, { walSegmentBytes: 512 });
    const oldest = join(walDir(image), segments(image)[0]!);
    flip(oldest, 20);
    const warnings: RecoveryWarning[] = [];
    const db = await open({ path: image, onWarning: (w) => warnings.push(w) });
    assert.deepEqual(await itemIds(db.graph('g')), range(300));
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]!.graph, 'g');
    assert.equal(warnings[0]!.file, oldest);
    const report = db.recovery.get('g')!;
    assert.deepEqual(report.warnings.map((w) => w.file), [oldest]);
    assert.equal(report.snapshot?.file, join(image, 'graphs', 'g', 'snapshots', snapshots(image).at(-1)!));
    assert.ok(report.recordsReplayed > 0);
    assert.equal(report.tailBytesDropped, 0);
    await db.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a torn tail of the newest segment is cut silently and reported as tailBytesDropped', async () => {
  const root = tempDir();
  try {
    const image = await crashImage(root, { walSegmentBytes: 1 << 20 });
    appendFileSync(join(walDir(image), segments(image).at(-1)!), Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5]));
    const warnings: RecoveryWarning[] = [];
    const db = await open({ path: image, onWarning: (w) => warnings.push(w) });
    assert.deepEqual(await itemIds(db.graph('g')), range(300));
    assert.equal(db.recovery.get('g')?.tailBytesDropped, 9);
    assert.deepEqual(warnings, []);
    await db.graph('g').addVertex('item', { n: 300 }, { id: 300 });
    await db.close();
    const again = await open({ path: image });
    assert.deepEqual(await itemIds(again.graph('g')), range(301));
    assert.equal(again.recovery.get('g')?.tailBytesDropped, 0);
    await again.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a damaged newest snapshot that the log can no longer replace fails with SNAPSHOT_DAMAGED', async () => {
  const root = tempDir();
  try {
    const image = await crashImage(root, { walSegmentBytes: 512 });
    const newest = join(image, 'graphs', 'g', 'snapshots', snapshots(image).at(-1)!);
    flip(newest, 30);
    rmSync(join(walDir(image), segments(image)[0]!));
    await assert.rejects(open({ path: image }), (error: unknown) => error instanceof StorageError && error.code === 'SNAPSHOT_DAMAGED' && error.message.includes(newest));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an empty, corrupt or missing config.json beside graph data is StorageError CONFIG_DAMAGED naming the file', async () => {
  const root = tempDir();
  try {
    const image = await crashImage(root, { walSegmentBytes: 1 << 20 });
    const config = join(image, 'graphs', 'g', 'config.json');
    for (const text of ['', '{"schema.auto_create": tru', '[1]', '{"no.such.key": 1}']) {
      writeFileSync(config, text);
      await assert.rejects(open({ path: image }), (error: unknown) => error instanceof StorageError && error.code === 'CONFIG_DAMAGED' && error.message.includes(config));
    }
    rmSync(config);
    await assert.rejects(open({ path: image }), (error: unknown) => error instanceof StorageError && error.code === 'CONFIG_DAMAGED' && /is missing/.test(error.message));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('quiver check reports each file and exits 1 on damage; quiver repair refuses without --truncate-at-damage, then keeps the valid prefix', async () => {
  const root = tempDir();
  try {
    const image = await crashImage(root, { walSegmentBytes: 1 << 20 });
    const lines: string[] = [];
    assert.equal(await runCheck(image, (l) => lines.push(l)), 0);
    assert.ok(lines.some((l) => l.startsWith('ok') && l.includes('wal-')));
    const newest = join(walDir(image), segments(image).at(-1)!);
    flip(newest, Math.floor(readFileSync(newest).length * 0.9));
    const before = filesOf(image);
    lines.length = 0;
    assert.equal(await runCheck(image, (l) => lines.push(l)), 1);
    assert.ok(lines.some((l) => l.startsWith('damaged') && l.includes(newest) && /opening fails/.test(l)), lines.join('\n'));
    assert.equal(await runRepair(image, { truncate: false, out: (l) => lines.push(l) }), 1);
    assert.deepEqual(filesOf(image), before);
    lines.length = 0;
    assert.equal(await runRepair(image, { truncate: true, out: (l) => lines.push(l) }), 0);
    const dropped = lines.filter((l) => l.startsWith('dropped'));
    assert.equal(dropped.length, 1);
    assert.match(dropped[0]!, /bytes \d+\.\.\d+, LSN \d+\.\.\d+/);
    const db = await open({ path: image });
    const kept = await itemIds(db.graph('g'));
    assert.ok(kept.length >= 200 && kept.length < 300, String(kept.length));
    assert.deepEqual(kept, range(kept.length));
    await db.close();
    assert.equal(await runCheck(image, () => undefined), 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('quiver check and repair on a path that is missing or a file fail with ArgumentError DATABASE_PATH and create nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-nodb-'));
  try {
    const missing = join(dir, 'missing');
    const file = join(dir, 'file');
    writeFileSync(file, 'x');
    for (const path of [missing, file]) {
      const isPathError = (error: unknown): boolean => error instanceof ArgumentError && error.code === 'DATABASE_PATH' && error.message.includes(path);
      await assert.rejects(runCheck(path, () => undefined), isPathError);
      await assert.rejects(runRepair(path, { truncate: true, out: () => undefined }), isPathError);
    }
    assert.deepEqual(readdirSync(dir), ['file']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
