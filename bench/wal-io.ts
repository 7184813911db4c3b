/**
 * Measures WAL throughput for many small appends with the asynchronous (FileHandle) and the
 * synchronous (writevSync + fdatasyncSync) file systems. Not part of `npm test`; run with
 * `node dist/bench/wal-io.js [dir]` after building (dir defaults to the OS tmp dir).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { nodeFileSystem, syncFileSystem, WriteAheadLog, type WalFileSystem } from '../src/storage/wal/index.js';

const PAYLOAD = new Uint8Array(100).fill(42);

async function run(fileSystem: WalFileSystem, writers: number, totalAppends: number, root: string): Promise<number> {
  const dir = fs.mkdtempSync(join(root, 'quiver-measure-'));
  const wal = await WriteAheadLog.open(dir, { fileSystem });
  let remaining = totalAppends;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (remaining > 0) {
        remaining--;
        await wal.append(PAYLOAD);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await wal.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return totalAppends / seconds;
}

const root = process.argv[2] ?? os.tmpdir();
const scenarios = [
  { writers: 1, appends: 300 },
  { writers: 16, appends: 5000 },
  { writers: 256, appends: 50000 },
  { writers: 50000, appends: 50000 },
];
const ROUNDS = 5;
for (const { writers, appends } of scenarios) {
  const rates = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fileSystem] of [['async FileHandle', nodeFileSystem], ['sync fdatasyncSync', syncFileSystem]] as const) {
      rates.set(name, [...(rates.get(name) ?? []), await run(fileSystem, writers, appends, root)]);
    }
  }
  for (const [name, list] of rates) {
    const median = [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    console.log(`${name.padEnd(20)} writers=${String(writers).padEnd(6)} appends=${String(appends).padEnd(6)} median of ${ROUNDS}: ${Math.round(median)} appends/s`);
  }
}
