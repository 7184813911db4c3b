/**
 * Writing and finding snapshot files `snapshot-<lsn>.qsnap` (the LSN zero-padded to 20 digits).
 * @module
 */
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { StorageError } from '../../errors.js';
import { replaceFileDurably, syncDirectory, writeFully } from '../wal/file-system.js';
import { decodeSnapshot, encodeSnapshot, type SectionBytes, type Snapshot } from './snapshot-format.js';

const SNAPSHOT_NAME = /^snapshot-(\d{20})\.qsnap(\.tmp)?$/;
const KEEP = 2;

/**
 * File name of the snapshot taken at `lsn`.
 */
export function snapshotName(lsn: bigint): string {
  return `snapshot-${lsn.toString().padStart(20, '0')}.qsnap`;
}

/**
 * Writes a snapshot durably: to `<name>.tmp` with one gathered write (section bytes are not
 * copied), fsync, rename into place, fsync the directory. Afterwards deletes all but the two
 * newest snapshots, and older leftover `.tmp` files. When `keep` is given, it is asked as soon
 * as the bytes are written (before the fsync: from then on the sections' memory may change);
 * if it answers false (the sections were views of memory that changed meanwhile), the temporary
 * file is removed instead and nothing else changes. Resolves with whether the snapshot was put
 * in place.
 */
export async function writeSnapshot(
  dir: string,
  snapshot: { lsn: bigint; sections: ReadonlyMap<string, SectionBytes> },
  keep?: () => boolean,
): Promise<boolean> {
  const final = join(dir, snapshotName(snapshot.lsn));
  let written: boolean;
  try {
    await fsp.mkdir(dir, { recursive: true });
    const buffers = await encodeSnapshot(snapshot.lsn, snapshot.sections);
    written = await replaceFileDurably(final, (handle) => writeFully((bufs, pos) => handle.writev(bufs, pos), buffers, { position: 0 }), keep);
  } catch (cause) {
    throw new StorageError('SNAPSHOT_WRITE', `Cannot write snapshot '${final}': ${message(cause)}`, { cause });
  }
  if (written) await pruneSnapshots(dir, snapshot.lsn);
  return written;
}

/**
 * One snapshot file as read by {@link inspectSnapshots}: valid (with its decoded content when
 * asked for) or damaged (with the reason).
 */
export interface SnapshotFile {
  readonly file: string;
  /** LSN from the file name. */
  readonly lsn: bigint;
  readonly size: number;
  /** Why the file does not verify, if it does not. */
  readonly problem?: string;
  /** The decoded snapshot, for the newest valid file only. */
  readonly snapshot?: Snapshot;
}

/**
 * Verifies every snapshot file of `dir` (`.tmp` files are ignored), newest first. The newest
 * valid one carries its decoded content (section bytes are views into one buffer holding the
 * whole file); the others are only checked. None when the directory does not exist.
 */
export async function inspectSnapshots(dir: string): Promise<SnapshotFile[]> {
  const out: SnapshotFile[] = [];
  let chosen = false;
  for (const candidate of (await listSnapshots(dir)).filter((s) => !s.tmp)) {
    const file = join(dir, candidate.name);
    let bytes: Buffer;
    try {
      bytes = await fsp.readFile(file);
    } catch (cause) {
      out.push({ file, lsn: candidate.lsn, size: 0, problem: message(cause) });
      continue;
    }
    const decoded = decodeSnapshot(bytes);
    const problem = 'problem' in decoded ? decoded.problem : decoded.lsn !== candidate.lsn ? `holds LSN ${decoded.lsn}` : undefined;
    if (problem !== undefined || chosen || 'problem' in decoded) {
      out.push({ file, lsn: candidate.lsn, size: bytes.byteLength, ...(problem === undefined ? {} : { problem }) });
      continue;
    }
    chosen = true;
    out.push({ file, lsn: candidate.lsn, size: bytes.byteLength, snapshot: decoded });
  }
  return out;
}

/**
 * Returns the newest snapshot in `dir` whose every checksum verifies, falling back to older ones
 * when newer files are damaged; `.tmp` files are ignored. Returns undefined when there is no
 * snapshot at all, and throws StorageError `SNAPSHOT_CORRUPT` when snapshots exist but none is
 * valid.
 */
export async function readLatestSnapshot(dir: string): Promise<Snapshot | undefined> {
  const files = await inspectSnapshots(dir);
  const chosen = files.find((f) => f.snapshot !== undefined)?.snapshot;
  if (chosen !== undefined || files.length === 0) return chosen;
  const problems = files.map((f) => `${f.file}: ${f.problem ?? 'unreadable'}`);
  throw new StorageError('SNAPSHOT_CORRUPT', `Cannot read a snapshot in '${dir}': ${problems.join('; ')}`, { details: { problems } });
}

interface Listed {
  readonly name: string;
  readonly lsn: bigint;
  readonly tmp: boolean;
}

/** Snapshot and tmp files of `dir`, newest first; none when the directory does not exist. */
async function listSnapshots(dir: string): Promise<Listed[]> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new StorageError('SNAPSHOT_READ', `Cannot list snapshots in '${dir}': ${message(cause)}`, { cause });
  }
  const listed: Listed[] = [];
  for (const name of names) {
    const match = SNAPSHOT_NAME.exec(name);
    if (match?.[1] !== undefined) listed.push({ name, lsn: BigInt(match[1]), tmp: match[2] !== undefined });
  }
  return listed.sort((a, b) => (a.lsn > b.lsn ? -1 : a.lsn < b.lsn ? 1 : 0));
}

async function pruneSnapshots(dir: string, written: bigint): Promise<void> {
  const listed = await listSnapshots(dir);
  const complete = listed.filter((s) => !s.tmp);
  const doomed = [...complete.slice(KEEP), ...listed.filter((s) => s.tmp && s.lsn < written)];
  try {
    for (const s of doomed) await fsp.rm(join(dir, s.name), { force: true });
    if (doomed.length > 0) await syncDirectory(dir);
  } catch (cause) {
    throw new StorageError('SNAPSHOT_WRITE', `Cannot delete old snapshots in '${dir}': ${message(cause)}`, { cause });
  }
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
