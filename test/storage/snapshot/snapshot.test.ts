import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../wal/helpers.js';
import * as fc from 'fast-check';
import { readLatestSnapshot, snapshotName, writeSnapshot } from '../../../src/storage/snapshot/index.js';
import { decodeSnapshot, encodeSnapshot } from '../../../src/storage/snapshot/snapshot-format.js';


function sectionsOf(entries: [string, number[]][]): Map<string, Uint8Array> {
  return new Map(entries.map(([name, bytes]) => [name, Uint8Array.from(bytes)]));
}

function plain(sections: ReadonlyMap<string, Uint8Array>): [string, number[]][] {
  return [...sections].map(([name, bytes]) => [name, [...bytes]]);
}

test('writeSnapshot and readLatestSnapshot round-trip arbitrary sections', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
      fc.uniqueArray(fc.tuple(fc.string({ unit: 'binary' }), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 })), {
        selector: ([name]) => name,
        maxLength: 6,
      }),
      async (lsn, entries) => {
        const dir = tempDir();
        await writeSnapshot(dir, { lsn, sections: sectionsOf(entries) });
        const read = await readLatestSnapshot(dir);
        assert.equal(read?.lsn, lsn);
        assert.deepEqual(plain(read!.sections), entries);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    ),
    { numRuns: 60 },
  );
});

test('readLatestSnapshot returns undefined for a missing or empty directory', async () => {
  assert.equal(await readLatestSnapshot(join(tempDir(), 'absent')), undefined);
  assert.equal(await readLatestSnapshot(tempDir()), undefined);
});

test('writeSnapshot keeps the two newest snapshots and readLatestSnapshot picks the newest', async () => {
  const dir = tempDir();
  for (const lsn of [5n, 10n, 7n, 20n]) await writeSnapshot(dir, { lsn, sections: sectionsOf([['lsn', [Number(lsn)]]]) });
  assert.deepEqual(fs.readdirSync(dir).sort(), [snapshotName(10n), snapshotName(20n)]);
  const latest = await readLatestSnapshot(dir);
  assert.equal(latest?.lsn, 20n);
  assert.deepEqual(plain(latest!.sections), [['lsn', [20]]]);
});

test('readLatestSnapshot falls back to the previous snapshot when any byte of the newest is damaged', async () => {
  const dir = tempDir();
  await writeSnapshot(dir, { lsn: 1n, sections: sectionsOf([['a', [1, 2, 3]]]) });
  await writeSnapshot(dir, { lsn: 2n, sections: sectionsOf([['a', [4, 5, 6]], ['bb', [7]]]) });
  const path = join(dir, snapshotName(2n));
  const original = fs.readFileSync(path);
  for (let at = 0; at < original.length; at++) {
    const damaged = Buffer.from(original);
    damaged[at] = (damaged[at] ?? 0) ^ 0x40;
    fs.writeFileSync(path, damaged);
    const read = await readLatestSnapshot(dir);
    assert.equal(read?.lsn, 1n, `a flip at byte ${at} went unnoticed`);
    assert.deepEqual(plain(read!.sections), [['a', [1, 2, 3]]]);
  }
  for (const size of [0, 10, original.length - 1]) {
    fs.writeFileSync(path, original.subarray(0, size));
    assert.equal((await readLatestSnapshot(dir))?.lsn, 1n);
  }
  fs.writeFileSync(path, Buffer.concat([original, Buffer.from([0])]));
  assert.equal((await readLatestSnapshot(dir))?.lsn, 1n);
  fs.writeFileSync(path, original);
  assert.equal((await readLatestSnapshot(dir))?.lsn, 2n);
});

test('readLatestSnapshot throws SNAPSHOT_CORRUPT when snapshots exist but none verifies', async () => {
  const dir = tempDir();
  await writeSnapshot(dir, { lsn: 3n, sections: sectionsOf([['a', [1]]]) });
  fs.writeFileSync(join(dir, snapshotName(3n)), 'garbage');
  await assert.rejects(readLatestSnapshot(dir), { code: 'SNAPSHOT_CORRUPT' });
});

test('readLatestSnapshot ignores tmp files and writeSnapshot removes older ones', async () => {
  const dir = tempDir();
  await writeSnapshot(dir, { lsn: 4n, sections: sectionsOf([['a', [4]]]) });
  fs.writeFileSync(join(dir, `${snapshotName(9n)}.tmp`), 'half written');
  fs.writeFileSync(join(dir, `${snapshotName(3n)}.tmp`), 'stale');
  assert.equal((await readLatestSnapshot(dir))?.lsn, 4n);
  await writeSnapshot(dir, { lsn: 6n, sections: sectionsOf([['a', [6]]]) });
  assert.deepEqual(fs.readdirSync(dir).sort(), [snapshotName(4n), snapshotName(6n), `${snapshotName(9n)}.tmp`]);
});

test('readLatestSnapshot returns large sections as views into one buffer', async () => {
  const dir = tempDir();
  const big = new Uint8Array(32 * 1024 * 1024);
  for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
  await writeSnapshot(dir, { lsn: 1n, sections: new Map([['big', big], ['small', Uint8Array.of(1, 2)]]) });
  const read = await readLatestSnapshot(dir);
  const a = read!.sections.get('big')!;
  const b = read!.sections.get('small')!;
  assert.equal(a.buffer, b.buffer);
  assert.ok(Buffer.from(a).equals(Buffer.from(big)));
  assert.equal(fs.statSync(join(dir, snapshotName(1n))).size, 24 + 3 + 16 + big.length + 5 + 16 + 2);
});

test('encodeSnapshot returns to the event loop between 8 MiB slices of checksums, and the file reads back the same', async () => {
  const big = new Uint8Array(20 * 1024 * 1024).map((_, i) => i % 251);
  const sections = new Map<string, Uint8Array | Uint8Array[]>([['big', [big.subarray(0, 5), big.subarray(5)]], ['small', Uint8Array.from([1, 2, 3])]]);
  let turns = 0;
  const count = (): void => {
    turns++;
    if (turns < 100) setImmediate(count);
  };
  setImmediate(count);
  const buffers = await encodeSnapshot(7n, sections);
  assert.ok(turns >= 2, `the event loop ran ${turns} times while 20 MiB were checksummed`);
  const decoded = decodeSnapshot(Buffer.concat(buffers));
  assert.ok(!('problem' in decoded));
  assert.equal(decoded.lsn, 7n);
  assert.ok(Buffer.from(decoded.sections.get('big')!).equals(Buffer.from(big)));
  assert.deepEqual([...decoded.sections.get('small')!], [1, 2, 3]);
});
