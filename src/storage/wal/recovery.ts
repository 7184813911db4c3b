/**
 * Opening a log directory: find the segments, verify every record, cut the log at the first
 * torn or corrupt record and drop what follows, so that a reopened log continues cleanly.
 * @module
 */
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { parseSegmentName, scanSegment } from './segment.js';

/**
 * A segment the log keeps: its first LSN, its path, and how many verified bytes and records
 * it holds (for the active segment: what has been written and synced).
 *
 * @example
 * ```ts
 * const info: SegmentInfo = { firstLsn: 1n, path: '/d/wal-00000000000000000001.log', size: 0, records: 0 };
 * ```
 */
export interface SegmentInfo {
  readonly firstLsn: bigint;
  readonly path: string;
  size: number;
  records: number;
}

/**
 * What opening the log had to repair.
 *
 * @example
 * ```ts
 * const wal = await WriteAheadLog.open(dir);
 * if (wal.recovery.truncatedBytes > 0) console.warn(wal.recovery.problem);
 * ```
 */
export interface RecoveryReport {
  /** Bytes cut from the tail of the last valid segment. */
  readonly truncatedBytes: number;
  /** Segment files removed because they follow a corrupt record or a missing segment. */
  readonly removedSegments: readonly string[];
  /** Why the log was cut, if it was. */
  readonly problem?: string;
}

/**
 * Verifies the segments of `dir` in LSN order and repairs the tail. Returns the segments kept,
 * in order; deletes the segment files that follow a torn record or a gap in the LSN sequence.
 *
 * @example
 * ```ts
 * const { segments, report } = await recoverSegments('/data/wal');
 * ```
 */
export async function recoverSegments(dir: string): Promise<{ segments: SegmentInfo[]; report: RecoveryReport }> {
  const found = (await fsp.readdir(dir))
    .map((name) => ({ name, firstLsn: parseSegmentName(name) }))
    .filter((e): e is { name: string; firstLsn: bigint } => e.firstLsn !== undefined)
    .sort((a, b) => (a.firstLsn < b.firstLsn ? -1 : a.firstLsn > b.firstLsn ? 1 : 0));
  const kept: SegmentInfo[] = [];
  const removed: string[] = [];
  let truncatedBytes = 0;
  let problem: string | undefined;
  let index = 0;
  for (; index < found.length; index++) {
    const entry = found[index];
    if (entry === undefined) break;
    const previous = kept.at(-1);
    if (previous !== undefined) {
      const expected = previous.firstLsn + BigInt(previous.records);
      // truncateBefore deletes oldest-first with a directory sync after each file, so a gap or an
      // overlap between segments is damage: keep the prefix before it, as for a torn record.
      if (entry.firstLsn !== expected) {
        problem = `segment ${entry.name} starts at LSN ${entry.firstLsn} where ${expected} was expected`;
        break;
      }
    }
    const path = join(dir, entry.name);
    const bytes = await fsp.readFile(path);
    const scan = scanSegment(bytes, entry.firstLsn);
    kept.push({ firstLsn: entry.firstLsn, path, size: scan.validEnd, records: scan.records.length });
    if (scan.problem !== undefined) {
      problem = `${entry.name}: ${scan.problem}`;
      truncatedBytes = bytes.byteLength - scan.validEnd;
      await truncateFile(path, scan.validEnd);
      index++;
      break;
    }
  }
  removed.push(...found.slice(index).map((e) => join(dir, e.name)));
  for (const path of removed) await fsp.rm(path, { force: true });
  return { segments: kept, report: { truncatedBytes, removedSegments: removed, ...(problem === undefined ? {} : { problem }) } };
}

async function truncateFile(path: string, size: number): Promise<void> {
  const handle = await fsp.open(path, 'r+');
  try {
    await handle.truncate(size);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
