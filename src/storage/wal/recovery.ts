/**
 * Opening a log directory: verify every record of every segment, tell a torn tail (the one
 * thing a crash leaves) from damage, and decide what may be repaired. Damage in records that
 * a snapshot covers is a warning; damage in records recovery needs fails the open, and then
 * nothing on disk is changed.
 * @module
 */
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { StorageError } from '../../errors.js';
import { parseSegmentName, scanSegment, segmentName } from './segment.js';

/**
 * A segment the log keeps: its first LSN, its path, how many verified bytes it holds, and how
 * many LSNs it spans (for the active segment: what has been written and synced).
 */
export interface SegmentInfo {
  readonly firstLsn: bigint;
  readonly path: string;
  size: number;
  /** LSNs the segment spans: the LSN after its last valid record minus `firstLsn`. */
  records: number;
}

/**
 * One piece of damage found in a log or snapshot directory: which file, which bytes, which
 * LSNs, and what failed. `code` is the StorageError code opening uses when the damage is fatal.
 *
 * @example
 * ```ts
 * const note: DamageNote = { code: 'WAL_DAMAGED', file: '/d/wal-00000000000000000001.log', offset: 48, end: 96, firstLsn: 4n, lastLsn: 4n, message: 'checksum mismatch for LSN 4 at offset 48' };
 * ```
 */
export interface DamageNote {
  readonly code: string;
  readonly file: string;
  /** First damaged byte (0 for a missing file). */
  readonly offset: number;
  /** Byte just past the damage (0 for a missing file). */
  readonly end: number;
  /** First LSN affected. */
  readonly firstLsn: bigint;
  /** Last LSN affected (inclusive). */
  readonly lastLsn: bigint;
  readonly message: string;
}

/**
 * Which records are needed: those after `coveredLsn` (the snapshot recovery starts from), and
 * the log must hold every LSN up to `reachLsn` (the newest LSN a snapshot file was taken at).
 */
export interface RecoveryBounds {
  readonly coveredLsn: bigint;
  readonly reachLsn: bigint;
}

/**
 * What opening the log did and found.
 */
export interface RecoveryReport {
  /** Bytes of a torn tail cut from the newest segment (an unacknowledged write a crash left). */
  readonly tailBytesDropped: number;
  /** Damage in records that are covered elsewhere, so not needed; nothing was lost. */
  readonly warnings: readonly DamageNote[];
}

/**
 * A segment file as read: its LSN span and sizes.
 */
export interface ScannedSegment {
  readonly path: string;
  readonly firstLsn: bigint;
  /** LSN after the last valid record. */
  readonly nextLsn: bigint;
  /** File size in bytes. */
  readonly size: number;
  /** Offset just past the last valid record. */
  readonly validEnd: number;
  /** Valid records found. */
  readonly valid: number;
}

/**
 * Everything {@link examineLog} found, classified against the recovery bounds. Nothing was
 * changed on disk.
 */
interface LogExamination {
  readonly segments: readonly ScannedSegment[];
  /** A torn tail of the newest segment in needed records: repaired by cutting it. */
  readonly tail: DamageNote | undefined;
  /** Damage in records covered elsewhere. */
  readonly warnings: readonly DamageNote[];
  /** Damage in needed records, in LSN order: opening fails on the first. */
  readonly damage: readonly DamageNote[];
  /** LSN the log must continue at in a new segment (its damaged end is covered), if any. */
  readonly continueAt: bigint | undefined;
}

/**
 * Reads and verifies every segment of `dir` (without changing anything) and classifies what
 * it finds against `bounds`.
 */
export async function examineLog(dir: string, bounds: RecoveryBounds): Promise<LogExamination> {
  const found = (await fsp.readdir(dir))
    .map((name) => ({ name, firstLsn: parseSegmentName(name) }))
    .filter((e): e is { name: string; firstLsn: bigint } => e.firstLsn !== undefined)
    .sort((a, b) => (a.firstLsn < b.firstLsn ? -1 : a.firstLsn > b.firstLsn ? 1 : 0));
  const { coveredLsn, reachLsn } = bounds;
  const segments: ScannedSegment[] = [];
  const warnings: DamageNote[] = [];
  const damage: DamageNote[] = [];
  let tail: DamageNote | undefined;
  let continueAt: bigint | undefined;
  const classify = (note: DamageNote): void => {
    (note.lastLsn <= coveredLsn ? warnings : damage).push(note);
  };
  const first = found[0];
  if (first !== undefined && first.firstLsn > coveredLsn + 1n) {
    damage.push(note('WAL_GAP', join(dir, first.name), { offset: 0, end: 0, firstLsn: coveredLsn + 1n, lastLsn: first.firstLsn - 1n }, `the log starts at LSN ${first.firstLsn} but recovery needs it from LSN ${coveredLsn + 1n}`));
  }
  let expected: bigint | undefined;
  for (const [index, entry] of found.entries()) {
    const path = join(dir, entry.name);
    const following = found[index + 1];
    if (expected !== undefined && entry.firstLsn !== expected) {
      const gap = entry.firstLsn > expected ? { firstLsn: expected, lastLsn: entry.firstLsn - 1n } : { firstLsn: entry.firstLsn, lastLsn: expected - 1n };
      const what = entry.firstLsn > expected ? `records are missing before segment ${entry.name}` : `segment ${entry.name} overlaps the one before it`;
      const gapNote = note('WAL_DAMAGED', path, { offset: 0, end: 0, ...gap }, `${what}: it starts at LSN ${entry.firstLsn} where ${expected} was expected`);
      if (entry.firstLsn > expected) classify(gapNote);
      else damage.push(gapNote);
    }
    const bytes = await fsp.readFile(path);
    const scan = scanSegment(bytes, entry.firstLsn);
    segments.push({ path, firstLsn: entry.firstLsn, nextLsn: scan.nextLsn, size: bytes.byteLength, validEnd: scan.validEnd, valid: scan.records.length });
    expected = scan.nextLsn;
    for (const run of scan.damage) {
      const where = { offset: run.offset, end: run.end, firstLsn: run.firstLsn };
      if (run.nextLsn !== undefined) {
        classify(note('WAL_DAMAGED', path, { ...where, lastLsn: run.nextLsn - 1n }, `${run.problem}, with valid records after it`));
      } else if (following !== undefined) {
        expected = undefined;
        const lastLsn = following.firstLsn - 1n < run.firstLsn ? run.firstLsn - 1n : following.firstLsn - 1n;
        classify(note('WAL_DAMAGED', path, { ...where, lastLsn }, `${run.problem}, in a segment that is not the newest`));
      } else if (run.firstLsn > coveredLsn) {
        tail = note('WAL_DAMAGED', path, { ...where, lastLsn: run.firstLsn }, `torn tail: ${run.problem}`);
      } else {
        warnings.push(note('WAL_DAMAGED', path, { ...where, lastLsn: coveredLsn }, `${run.problem}, at the end of the log but covered by a snapshot`));
        continueAt = coveredLsn + 1n;
      }
    }
  }
  const end = continueAt === undefined ? (expected ?? 1n) - 1n : coveredLsn;
  if (end < reachLsn) {
    const newest = segments.at(-1);
    damage.push(
      note('WAL_DAMAGED', newest?.path ?? dir, { offset: newest?.size ?? 0, end: newest?.size ?? 0, firstLsn: end + 1n, lastLsn: reachLsn }, `the log ends at LSN ${end} but a snapshot was taken at LSN ${reachLsn}: its newest records are missing`),
    );
  }
  return { segments, tail, warnings, damage, continueAt };
}

/**
 * Verifies the segments of `dir` and opens the log's state: cuts a torn tail of the newest
 * segment, and throws StorageError `WAL_DAMAGED` (or `WAL_GAP`) on damage in needed records,
 * without changing any file. Returns the segments to keep, in order; when the log's damaged end
 * is covered by a snapshot, the last one is a new (not yet created) segment to continue in.
 */
export async function recoverSegments(dir: string, bounds: RecoveryBounds): Promise<{ segments: SegmentInfo[]; report: RecoveryReport; continued: boolean }> {
  const exam = await examineLog(dir, bounds);
  const fatal = exam.damage[0];
  if (fatal !== undefined) throw damageError(fatal, { all: exam.damage, what: 'Cannot open the write-ahead log' });
  let tailBytesDropped = 0;
  const segments: SegmentInfo[] = exam.segments.map((s) => ({ firstLsn: s.firstLsn, path: s.path, size: s.validEnd, records: Number(s.nextLsn - s.firstLsn) }));
  if (exam.tail !== undefined) {
    tailBytesDropped = exam.tail.end - exam.tail.offset;
    await truncateFile(exam.tail.file, exam.tail.offset);
  }
  if (exam.continueAt !== undefined) segments.push(newSegment(dir, exam.continueAt));
  return { segments, report: { tailBytesDropped, warnings: exam.warnings }, continued: exam.continueAt !== undefined };
}

/**
 * The StorageError for fatal damage: its message names the file, byte offset and LSN range,
 * and its details carry them (LSNs as decimal strings) with every other damage found.
 */
function damageError(fatal: DamageNote, context: { all: readonly DamageNote[]; what: string }): StorageError {
  const more = context.all.length > 1 ? ` (and ${context.all.length - 1} more damaged place${context.all.length > 2 ? 's' : ''})` : '';
  return new StorageError(
    fatal.code,
    `${context.what}: ${describeDamage(fatal)}${more}; nothing was changed on disk (run quiver check, or quiver repair --truncate-at-damage to keep the valid prefix)`,
    {
      details: {
        file: fatal.file,
        offset: fatal.offset,
        end: fatal.end,
        firstLsn: fatal.firstLsn.toString(),
        lastLsn: fatal.lastLsn.toString(),
        damage: context.all.map((d) => ({ file: d.file, offset: d.offset, end: d.end, firstLsn: d.firstLsn.toString(), lastLsn: d.lastLsn.toString(), message: d.message })),
      },
    },
  );
}

/**
 * One line naming a damage's file, bytes and LSNs.
 *
 * @example
 * ```ts
 * declare const note: DamageNote;
 * describeDamage(note); // "'/d/wal-….log' bytes 48..96, LSN 4..4: checksum mismatch …"
 * ```
 */
export function describeDamage(damage: DamageNote): string {
  const lsns = damage.firstLsn === damage.lastLsn ? `LSN ${damage.firstLsn}` : damage.firstLsn > damage.lastLsn ? 'no LSN' : `LSN ${damage.firstLsn}..${damage.lastLsn}`;
  return `'${damage.file}' at byte offset ${damage.offset} (bytes ${damage.offset}..${damage.end}), ${lsns}: ${damage.message}`;
}

/**
 * A damage note; `code` is the StorageError code used when it is fatal.
 */
export function note(code: string, file: string, where: { offset: number; end: number; firstLsn: bigint; lastLsn: bigint }, message: string): DamageNote {
  return { code, file, ...where, message };
}

/**
 * Information about a segment not yet created, starting at `firstLsn`.
 */
export function newSegment(dir: string, firstLsn: bigint): SegmentInfo {
  return { firstLsn, path: join(dir, segmentName(firstLsn)), size: 0, records: 0 };
}

/**
 * Cuts a file to `size` bytes and syncs it.
 */
export async function truncateFile(path: string, size: number): Promise<void> {
  const handle = await fsp.open(path, 'r+');
  try {
    await handle.truncate(size);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
