import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fc from 'fast-check';
import { WriteAheadLog } from '../../../src/storage/wal/index.js';
import { payloadFor, segmentFiles, tempDir } from './helpers.js';

const HEADER = 16;

function replayAll(wal: WriteAheadLog): { lsn: bigint; payload: number[] }[] {
  return [...wal.replay()].map((r) => ({ lsn: r.lsn, payload: [...r.payload] }));
}

/** Record byte ranges of each segment file, derived from the payload sizes we appended. */
function layout(dir: string, payloads: readonly Uint8Array[]): { name: string; ends: number[] }[] {
  let record = 0;
  return segmentFiles(dir).map((name) => {
    const size = fs.statSync(join(dir, name)).size;
    const ends: number[] = [];
    let at = 0;
    while (at < size) {
      at += HEADER + (payloads[record++] as Uint8Array).byteLength;
      ends.push(at);
    }
    return { name, ends };
  });
}

test('WriteAheadLog recovers the prefix before a torn tail of the newest segment, and refuses any other cut or flipped byte with WAL_DAMAGED, changing nothing', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.uint8Array({ maxLength: 60 }), { minLength: 1, maxLength: 30 }),
      fc.integer({ min: 40, max: 400 }),
      fc.nat(),
      fc.option(fc.nat(), { nil: undefined }),
      fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { nil: undefined }),
      fc.array(fc.uint8Array({ maxLength: 30 }), { maxLength: 5 }),
      async (payloads, segmentBytes, segmentPick, cut, flip, later) => {
        const dir = tempDir('quiver-crash-');
        const wal = await WriteAheadLog.open(dir, { segmentBytes });
        const half = Math.floor(payloads.length / 2);
        for (const p of payloads.slice(0, half)) await wal.append(p);
        await Promise.all(payloads.slice(half).map((p) => wal.append(p)));
        await wal.close();

        const segments = layout(dir, payloads);
        const target = segments[segmentPick % segments.length]!;
        const path = join(dir, target.name);
        const size = fs.statSync(path).size;
        let damageAt = size;
        if (cut !== undefined) {
          damageAt = cut % (size + 1);
          fs.truncateSync(path, damageAt);
        }
        const bytes = fs.readFileSync(path);
        if (flip !== undefined && bytes.length > 0) {
          const at = flip[0] % bytes.length;
          bytes[at] = (bytes[at] ?? 0) ^ flip[1];
          fs.writeFileSync(path, bytes);
          damageAt = Math.min(damageAt, at);
        }
        const before = segments.slice(0, segments.indexOf(target)).reduce((n, s) => n + s.ends.length, 0);
        const damaged = damageAt < size;
        const newest = target === segments.at(-1);
        const survivors = damaged ? before + target.ends.filter((end) => end <= damageAt).length : payloads.length;
        const files = () => segmentFiles(dir).map((name) => [name, fs.readFileSync(join(dir, name))] as const);
        const onDisk = files();

        let reopened: WriteAheadLog;
        try {
          reopened = await WriteAheadLog.open(dir, { segmentBytes });
        } catch (error) {
          assert.equal((error as { code?: string }).code, 'WAL_DAMAGED');
          assert.ok(damaged && !(newest && flip === undefined), 'only damage that is not a torn tail fails the open');
          assert.deepEqual(files(), onDisk, 'a failed open changes nothing on disk');
          fs.rmSync(dir, { recursive: true, force: true });
          return;
        }
        const expected = payloads.slice(0, survivors).map((p, i) => ({ lsn: BigInt(i + 1), payload: [...p] }));
        assert.deepEqual(replayAll(reopened), expected);
        assert.ok(survivors === payloads.length || newest, 'records are dropped only from the tail of the newest segment');
        const validEnd = target.ends.filter((end) => end <= damageAt).at(-1) ?? 0;
        const sizeBefore = onDisk.find(([name]) => name === target.name)?.[1].length ?? 0;
        assert.equal(reopened.recovery.tailBytesDropped, damaged ? sizeBefore - validEnd : 0);
        assert.equal(reopened.lastLsn, BigInt(survivors));
        for (const p of later) await reopened.append(p);
        const extended = [...expected, ...later.map((p, i) => ({ lsn: BigInt(survivors + i + 1), payload: [...p] }))];
        assert.deepEqual(replayAll(reopened), extended);
        await reopened.close();
        const third = await WriteAheadLog.open(dir, { segmentBytes });
        assert.deepEqual(replayAll(third), extended);
        assert.equal(third.recovery.tailBytesDropped, 0);
        await third.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    ),
    { numRuns: 150 },
  );
});

test('WriteAheadLog keeps every acknowledged record when the appending process is killed with SIGKILL', async (t) => {
  const dir = tempDir('quiver-kill-');
  const script = join(fileURLToPath(new URL('.', import.meta.url)), 'append-child.js');
  const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8');
  const started = new Promise((resolve) => child.stdout.once('data', resolve));
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await Promise.race([started, exited]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');
  t.diagnostic(`child acknowledged ${output.split('\n').length - 1} appends before SIGKILL`);
  const acknowledged = output.split('\n').filter((line) => line !== '').map((line) => BigInt(line));
  assert.ok(acknowledged.length > 0, 'the child acknowledged no appends before it was killed');

  const wal = await WriteAheadLog.open(dir, { segmentBytes: 64 * 1024 });
  const present = new Map([...wal.replay()].map((r) => [r.lsn, Buffer.from(r.payload).toString()]));
  for (const lsn of acknowledged) {
    assert.equal(present.get(lsn), Buffer.from(payloadFor(Number(lsn))).toString(), `acknowledged LSN ${lsn} is missing or damaged`);
  }
  const last = wal.lastLsn;
  assert.ok(last >= acknowledged.reduce((a, b) => (a > b ? a : b)));
  assert.deepEqual([...present.keys()], Array.from({ length: Number(last) }, (_, i) => BigInt(i + 1)));
  assert.equal(await wal.append(payloadFor(Number(last) + 1)), last + 1n);
  await wal.close();
});
