/**
 * Measures writing and reading a large snapshot, and checks that reading holds the sections as
 * views of one file-sized buffer. Not part of `npm test`; run with
 * `node dist/bench/snapshot-io.js [MiB] [dir]`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { readLatestSnapshot, writeSnapshot } from '../src/storage/snapshot/index.js';

const mebibytes = Number(process.argv[2] ?? 256);
const dir = fs.mkdtempSync(join(process.argv[3] ?? os.tmpdir(), 'quiver-measure-snap-'));
const sections = new Map<string, Uint8Array>();
for (let i = 0; i < 4; i++) {
  const bytes = new Uint8Array((mebibytes * 1024 * 1024) / 4);
  for (let j = 0; j < bytes.length; j += 512) bytes[j] = (i + j) % 251;
  sections.set(`section-${i}`, bytes);
}

let start = performance.now();
await writeSnapshot(dir, { lsn: 1n, sections });
const writeMs = performance.now() - start;
const fileBytes = fs.statSync(join(dir, fs.readdirSync(dir)[0] ?? '')).size;
sections.clear();
start = performance.now();
const snapshot = await readLatestSnapshot(dir);
const readMs = performance.now() - start;
const buffers = new Set([...(snapshot?.sections.values() ?? [])].map((b) => b.buffer));
const held = [...buffers].reduce((n, b) => n + b.byteLength, 0);
console.log(`snapshot of ${mebibytes} MiB in 4 sections: write+fsync ${writeMs.toFixed(0)} ms (${(mebibytes / (writeMs / 1000)).toFixed(0)} MiB/s), ` +
  `read+verify ${readMs.toFixed(0)} ms (${(mebibytes / (readMs / 1000)).toFixed(0)} MiB/s), ` +
  `sections held in ${buffers.size} buffer(s) of ${(held / 1048576).toFixed(0)} MiB for a ${(fileBytes / 1048576).toFixed(0)} MiB file`);
fs.rmSync(dir, { recursive: true, force: true });
