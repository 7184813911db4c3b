import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { nodeFileSystem, WriteAheadLog, type WalFileSystem } from '../../../src/storage/wal/index.js';
import { StorageError } from '../../../src/errors.js';
import { countingFileSystem, payloadFor, segmentFiles, tempDir } from './helpers.js';

function collect(wal: WriteAheadLog, fromLsn?: bigint): { lsn: bigint; text: string }[] {
  return [...wal.replay(fromLsn)].map((r) => ({ lsn: r.lsn, text: Buffer.from(r.payload).toString() }));
}

test('WriteAheadLog.append assigns LSNs from 1 and replay returns the records after reopening', async () => {
  const dir = tempDir();
  const wal = await WriteAheadLog.open(dir);
  assert.equal(wal.lastLsn, 0n);
  assert.equal(wal.firstLsn, 1n);
  assert.equal(await wal.append(payloadFor(1)), 1n);
  assert.equal(await wal.append(payloadFor(2)), 2n);
  assert.equal(await wal.append(new Uint8Array(0)), 3n);
  assert.equal(wal.lastLsn, 3n);
  await wal.close();
  const reopened = await WriteAheadLog.open(dir);
  assert.equal(reopened.lastLsn, 3n);
  assert.deepEqual(collect(reopened), [
    { lsn: 1n, text: Buffer.from(payloadFor(1)).toString() },
    { lsn: 2n, text: Buffer.from(payloadFor(2)).toString() },
    { lsn: 3n, text: '' },
  ]);
  assert.deepEqual(collect(reopened, 3n).map((r) => r.lsn), [3n]);
  assert.equal(await reopened.append(payloadFor(4)), 4n);
  assert.deepEqual(collect(reopened).map((r) => r.lsn), [1n, 2n, 3n, 4n]);
  await reopened.close();
});

test('WriteAheadLog groups concurrent appends into few writes and resolves them in LSN order', async () => {
  const dir = tempDir();
  const fileSystem = countingFileSystem();
  const wal = await WriteAheadLog.open(dir, { fileSystem });
  const resolvedOrder: bigint[] = [];
  const n = 2000;
  const lsns = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      wal.append(payloadFor(i + 1)).then((lsn) => {
        resolvedOrder.push(lsn);
        return lsn;
      }),
    ),
  );
  assert.deepEqual(lsns, Array.from({ length: n }, (_, i) => BigInt(i + 1)));
  assert.deepEqual(resolvedOrder, lsns);
  assert.ok(fileSystem.syncs <= 3, `expected group commit, saw ${fileSystem.syncs} syncs for ${n} appends`);
  assert.equal(fileSystem.writes, fileSystem.syncs);
  const replayed = collect(wal);
  assert.equal(replayed.length, n);
  replayed.forEach((r, i) => assert.equal(r.text, Buffer.from(payloadFor(i + 1)).toString()));
  await wal.close();
});

test('WriteAheadLog batches appends that arrive while a sync is in flight', async () => {
  const dir = tempDir();
  const fileSystem = countingFileSystem();
  const wal = await WriteAheadLog.open(dir, { fileSystem });
  const waves: Promise<bigint>[] = [];
  for (let wave = 0; wave < 20; wave++) {
    for (let i = 0; i < 50; i++) waves.push(wal.append(payloadFor(wave * 50 + i)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const lsns = await Promise.all(waves);
  assert.deepEqual(lsns, Array.from({ length: 1000 }, (_, i) => BigInt(i + 1)));
  assert.ok(fileSystem.syncs < 200, `expected batching across waves, saw ${fileSystem.syncs} syncs`);
  await wal.close();
});

test('WriteAheadLog rotates segments at segmentBytes and names them by their first LSN', async () => {
  const dir = tempDir();
  const wal = await WriteAheadLog.open(dir, { segmentBytes: 200 });
  const payload = new Uint8Array(34).fill(7);
  for (let i = 0; i < 20; i++) await wal.append(payload);
  await Promise.all(Array.from({ length: 20 }, () => wal.append(payload)));
  const big = new Uint8Array(500).fill(9);
  assert.equal(await wal.append(big), 41n);
  await wal.close();
  const files = segmentFiles(dir);
  assert.ok(files.length >= 10, `expected many segments, got ${files.length}`);
  for (const name of files) {
    const size = fs.statSync(join(dir, name)).size;
    assert.ok(size <= 200 || size === 516, `segment ${name} has ${size} bytes`);
  }
  const reopened = await WriteAheadLog.open(dir, { segmentBytes: 200 });
  const records = [...reopened.replay()];
  assert.deepEqual(records.map((r) => r.lsn), Array.from({ length: 41 }, (_, i) => BigInt(i + 1)));
  let expectedFirst = 1n;
  for (const name of files) {
    assert.equal(name, `wal-${expectedFirst.toString().padStart(20, '0')}.log`);
    expectedFirst += BigInt(fs.statSync(join(dir, name)).size === 516 ? 1 : Math.floor(fs.statSync(join(dir, name)).size / 50));
  }
  await reopened.close();
});

test('WriteAheadLog.truncateBefore deletes only segments wholly below the LSN', async () => {
  const dir = tempDir();
  const wal = await WriteAheadLog.open(dir, { segmentBytes: 100 });
  for (let i = 1; i <= 10; i++) await wal.append(new Uint8Array(34).fill(i));
  assert.equal(segmentFiles(dir).length, 5);
  assert.equal(wal.firstLsn, 1n);
  await wal.truncateBefore(6n);
  assert.equal(wal.firstLsn, 5n);
  assert.deepEqual([...wal.replay()].map((r) => r.lsn), [5n, 6n, 7n, 8n, 9n, 10n]);
  assert.equal(segmentFiles(dir).length, 3);
  await wal.truncateBefore(1000n);
  assert.deepEqual([...wal.replay()].map((r) => r.lsn), [9n, 10n]);
  assert.equal(await wal.append(new Uint8Array(1)), 11n);
  await wal.close();
  await assert.rejects(WriteAheadLog.open(dir, { segmentBytes: 100 }), { code: 'WAL_GAP' });
  const reopened = await WriteAheadLog.open(dir, { segmentBytes: 100, coveredLsn: 8n });
  assert.deepEqual([...reopened.replay(10n)].map((r) => r.lsn), [10n, 11n]);
  assert.equal(reopened.lastLsn, 11n);
  await reopened.close();
});

test('WriteAheadLog refuses a missing middle segment with WAL_DAMAGED naming the missing LSNs and changes nothing', async () => {
  const dir = tempDir();
  const wal = await WriteAheadLog.open(dir, { segmentBytes: 100 });
  for (let i = 1; i <= 6; i++) await wal.append(new Uint8Array(34).fill(i));
  await wal.close();
  const files = segmentFiles(dir);
  assert.equal(files.length, 3);
  fs.rmSync(join(dir, files[1]!));
  await assert.rejects(WriteAheadLog.open(dir, { segmentBytes: 100 }), (error: unknown) => {
    assert.ok(error instanceof StorageError);
    assert.equal(error.code, 'WAL_DAMAGED');
    assert.equal(error.details.file, join(dir, files[2]!));
    assert.deepEqual([error.details.firstLsn, error.details.lastLsn], ['3', '4']);
    return true;
  });
  assert.deepEqual(segmentFiles(dir), [files[0], files[2]]);
  const covered = await WriteAheadLog.open(dir, { segmentBytes: 100, coveredLsn: 4n });
  assert.deepEqual([...covered.replay(5n)].map((r) => r.lsn), [5n, 6n]);
  assert.equal(covered.recovery.warnings.length, 1);
  assert.equal(await covered.append(new Uint8Array(1)), 7n);
  await covered.close();
});

test('WriteAheadLog rejects with WAL_WRITE when sync fails and stays poisoned', async () => {
  const dir = tempDir();
  const wal = await WriteAheadLog.open(dir, { fileSystem: countingFileSystem({ failSyncAfter: 1 }) });
  assert.equal(await wal.append(payloadFor(1)), 1n);
  const failing = [wal.append(payloadFor(2)), wal.append(payloadFor(3))];
  for (const p of failing) await assert.rejects(p, { code: 'WAL_WRITE' });
  await assert.rejects(wal.append(payloadFor(4)), { code: 'WAL_WRITE' });
  assert.equal(wal.lastLsn, 1n);
  await wal.close();
});

test('WriteAheadLog.close flushes queued appends and later appends reject with WAL_CLOSED', async () => {
  const dir = tempDir();
  const wal = await WriteAheadLog.open(dir);
  const pending = Array.from({ length: 100 }, (_, i) => wal.append(payloadFor(i)));
  await wal.close();
  assert.equal((await Promise.all(pending)).length, 100);
  await assert.rejects(wal.append(payloadFor(0)), { code: 'WAL_CLOSED' });
  const reopened = await WriteAheadLog.open(dir);
  assert.equal(reopened.lastLsn, 100n);
  await reopened.close();
});

test('WriteAheadLog.open rejects a non-positive segment size with WAL_OPTIONS', async () => {
  await assert.rejects(WriteAheadLog.open(tempDir(), { segmentBytes: 0 }), { code: 'WAL_OPTIONS' });
});

test('WriteAheadLog.replay throws WAL_CORRUPT when an acknowledged record is damaged under an open log', async () => {
  const dir = tempDir();
  const wal = await WriteAheadLog.open(dir);
  await wal.append(payloadFor(1));
  await wal.append(payloadFor(2));
  const path = join(dir, segmentFiles(dir)[0]!);
  const bytes = fs.readFileSync(path);
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
  fs.writeFileSync(path, bytes);
  assert.throws(() => [...wal.replay()], { code: 'WAL_CORRUPT' });
  await wal.close();
  const reopened = await WriteAheadLog.open(dir);
  assert.deepEqual([...reopened.replay()].map((r) => r.lsn), [1n]);
  assert.ok(reopened.recovery.tailBytesDropped > 0);
  await reopened.close();
});

test('WriteAheadLog.append does not resolve until the sync of its bytes has finished', async () => {
  let releaseSync: () => void = () => undefined;
  let syncStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (syncStarted = resolve));
  const gated: WalFileSystem = {
    async openSegment(path, options) {
      const file = await nodeFileSystem.openSegment(path, options);
      return {
        write: (chunks, position) => file.write(chunks, position),
        sync: async () => {
          syncStarted();
          await new Promise<void>((resolve) => (releaseSync = resolve));
          await file.sync();
        },
        close: () => file.close(),
      };
    },
    syncDirectory: (dir) => nodeFileSystem.syncDirectory(dir),
  };
  const wal = await WriteAheadLog.open(tempDir(), { fileSystem: gated });
  let acknowledged = false;
  const append = wal.append(payloadFor(1)).then((lsn) => {
    acknowledged = true;
    return lsn;
  });
  await started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(acknowledged, false);
  assert.equal(wal.lastLsn, 0n);
  releaseSync();
  assert.equal(await append, 1n);
  assert.equal(wal.lastLsn, 1n);
  await wal.close();
});
