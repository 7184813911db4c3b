import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { nodeFileSystem, type WalFileSystem } from '../../../src/storage/wal/index.js';

const created = new Set<string>();
process.once('exit', () => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory for one test, removed when the process exits. */
export function tempDir(prefix = 'quiver-wal-'): string {
  const dir = fs.mkdtempSync(join(os.tmpdir(), prefix));
  created.add(dir);
  return dir;
}

/** Deterministic payload for a record number: its own text repeated to a length derived from it. */
export function payloadFor(n: number): Uint8Array {
  const text = `record-${n};`;
  return new TextEncoder().encode(text.repeat(1 + ((n * 7919) % 13)));
}

/** Counts writes and syncs of the real file system, and can be told to fail from some sync on. */
export function countingFileSystem(options: { failSyncAfter?: number } = {}): WalFileSystem & { writes: number; syncs: number } {
  const counters = { writes: 0, syncs: 0 };
  return {
    get writes() {
      return counters.writes;
    },
    get syncs() {
      return counters.syncs;
    },
    async openSegment(path, openOptions) {
      const file = await nodeFileSystem.openSegment(path, openOptions);
      return {
        write: (chunks, position) => {
          counters.writes++;
          return file.write(chunks, position);
        },
        sync: async () => {
          counters.syncs++;
          if (options.failSyncAfter !== undefined && counters.syncs > options.failSyncAfter) throw new Error('EIO: injected sync failure');
          return file.sync();
        },
        close: () => file.close(),
      };
    },
    syncDirectory: (dir) => nodeFileSystem.syncDirectory(dir),
  };
}

/** The segment files of a log directory, in LSN order. */
export function segmentFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((n) => /^wal-\d+\.log$/.test(n)).sort();
}
