/**
 * WAL retention: the log is kept back to the previous snapshot, so a damaged newest snapshot
 * loses nothing; a log whose start no snapshot covers is refused loudly.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageError, open } from '../../src/index.js';
import { addItems, itemIds } from './items.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'quiver-retention-'));
}

/** Writes 0..300 with two snapshots in between (small WAL segments), then copies the directory as a crash image. */
async function crashImage(dir: string, image: string): Promise<void> {
  const db = await open({ path: dir, walSegmentBytes: 512 });
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
}

function snapshotFiles(image: string): string[] {
  return readdirSync(join(image, 'graphs', 'g', 'snapshots'))
    .filter((f) => f.endsWith('.qsnap'))
    .sort();
}

test('a corrupt newest snapshot falls back to the previous one and the kept log recovers every acknowledged write', async () => {
  const dir = tempDir();
  const image = tempDir();
  try {
    await crashImage(dir, image);
    const snapshots = snapshotFiles(image);
    assert.equal(snapshots.length, 2);
    assert.ok(!existsSync(join(image, 'graphs', 'g', 'wal', 'wal-00000000000000000001.log')), 'the log before the previous snapshot was truncated');
    const newest = join(image, 'graphs', 'g', 'snapshots', snapshots[1]!);
    const bytes = readFileSync(newest);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(newest, bytes);
    const db = await open({ path: image });
    assert.deepEqual(await itemIds(db.graph('g')), Array.from({ length: 300 }, (_, i) => i));
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});

test('a log that starts after what the newest valid snapshot covers is refused with StorageError WAL_GAP', async () => {
  const dir = tempDir();
  const image = tempDir();
  try {
    await crashImage(dir, image);
    for (const name of snapshotFiles(image)) rmSync(join(image, 'graphs', 'g', 'snapshots', name));
    await assert.rejects(open({ path: image }), (error: unknown) => error instanceof StorageError && error.code === 'WAL_GAP');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});
