/**
 * The explicit, opt-in repair of a damaged log: keep the valid prefix, drop the rest, and say
 * exactly which files, bytes and LSNs were dropped.
 * @module
 */
import * as fsp from 'node:fs/promises';
import { StorageError } from '../../errors.js';
import { syncDirectory } from './file-system.js';
import { examineLog, newSegment, truncateFile, type DamageNote, type RecoveryBounds, type ScannedSegment } from './recovery.js';

/**
 * One part of a log (or snapshot directory) that a repair dropped.
 *
 * @example
 * ```ts
 * const part: DroppedPart = { file: '/d/wal-00000000000000000001.log', fromOffset: 48, toOffset: 4096, firstLsn: 4n, lastLsn: 90n, reason: 'checksum mismatch' };
 * ```
 */
export interface DroppedPart {
  readonly file: string;
  /** First dropped byte of the file (0 when the whole file went, or for LSNs that were missing). */
  readonly fromOffset: number;
  /** Byte just past the dropped bytes. */
  readonly toOffset: number;
  readonly firstLsn: bigint;
  readonly lastLsn: bigint;
  readonly reason: string;
}

/**
 * Repairs the log in `dir` by truncating it at its first damage in needed records (deleting
 * every later segment) and cutting a torn tail; when what is left ends before `coveredLsn`,
 * starts an empty segment after it so new records continue the LSN sequence. Returns what was
 * dropped, in LSN order (nothing when the log was sound).
 */
export async function repairLog(dir: string, bounds: RecoveryBounds): Promise<DroppedPart[]> {
  const dropped: DroppedPart[] = [];
  for (let round = 0; ; round++) {
    const exam = await examineLog(dir, bounds);
    const fatal = exam.damage[0];
    if (fatal === undefined) {
      if (exam.tail !== undefined) {
        await truncateFile(exam.tail.file, exam.tail.offset);
        dropped.push(part(exam.tail, { toOffset: exam.tail.end, lastLsn: exam.tail.lastLsn }));
      }
      break;
    }
    if (round > exam.segments.length + 2) throw new StorageError('WAL_REPAIR', `Cannot repair the write-ahead log in '${dir}': the damage did not go away`);
    const index = exam.segments.findIndex((s) => s.path === fatal.file);
    const segment = exam.segments[index];
    if (segment === undefined || (index === exam.segments.length - 1 && fatal.offset > 0 && fatal.offset >= segment.size)) {
      const created = newSegment(dir, fatal.firstLsn > bounds.coveredLsn ? fatal.firstLsn : bounds.coveredLsn + 1n);
      await (await fsp.open(created.path, 'w')).close();
      dropped.push(part(fatal, { file: created.path, fromOffset: 0, toOffset: 0 }));
      continue;
    }
    dropped.push(...(await cutAt(fatal, exam.segments.slice(index))));
  }
  await syncDirectory(dir);
  return dropped;
}

/** Truncates the first segment at the damage (deleting it when nothing before the damage is valid) and deletes the later ones. */
async function cutAt(fatal: DamageNote, segments: readonly ScannedSegment[]): Promise<DroppedPart[]> {
  const dropped: DroppedPart[] = [];
  for (const [i, segment] of segments.entries()) {
    const from = i === 0 ? fatal.offset : 0;
    const firstLsn = i === 0 ? fatal.firstLsn : segment.firstLsn;
    const lastLsn = i === 0 && fatal.lastLsn > segment.nextLsn - 1n ? fatal.lastLsn : segment.nextLsn - 1n;
    if (from === 0) await fsp.rm(segment.path, { force: true });
    else await truncateFile(segment.path, from);
    const reason = i === 0 ? fatal.message : 'follows the damage';
    dropped.push({ file: segment.path, fromOffset: from, toOffset: segment.size, firstLsn, lastLsn: lastLsn < firstLsn ? firstLsn : lastLsn, reason });
  }
  return dropped;
}

function part(note: DamageNote, override: Partial<DroppedPart> = {}): DroppedPart {
  return { file: note.file, fromOffset: note.offset, toOffset: note.end, firstLsn: note.firstLsn, lastLsn: note.lastLsn, reason: note.message, ...override };
}
