/**
 * Child process for the kill -9 test: appends records to the log in argv[2] in a loop, a few in
 * flight at a time, and prints each acknowledged LSN on its own line. It runs until killed.
 */
import { WriteAheadLog } from '../../../src/storage/wal/index.js';
import { payloadFor } from './helpers.js';

const dir = process.argv[2];
if (dir === undefined) throw new Error('Usage: append-child <dir>');
const wal = await WriteAheadLog.open(dir, { segmentBytes: 64 * 1024 });
let next = 1;

async function writer(): Promise<void> {
  for (;;) {
    const n = next++;
    const lsn = await wal.append(payloadFor(n));
    if (lsn !== BigInt(n)) throw new Error(`LSN ${lsn} acknowledged for record ${n}`);
    process.stdout.write(`${lsn}\n`);
  }
}

await Promise.all(Array.from({ length: 8 }, () => writer()));
