/**
 * The write-ahead log: durable, ordered records with group commit.
 * @module
 */
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ArgumentError, LimitError, StorageError } from '../../errors.js';
import { nodeFileSystem, type SegmentFile, type WalFileSystem } from './file-system.js';
import { newSegment, recoverSegments, type RecoveryReport, type SegmentInfo } from './recovery.js';
import { publishWalCommit } from '../telemetry.js';
import { frameRecords, MAX_PAYLOAD_BYTES, RECORD_HEADER_BYTES, scanSegment, segmentName, type WalRecord } from './segment.js';

/**
 * Options of {@link WriteAheadLog.open}.
 */
interface WalOptions {
  /** Size at which the log starts a new segment file (default 64 MiB). */
  readonly segmentBytes?: number;
  /** File operations to use (default: node:fs/promises FileHandle). */
  readonly fileSystem?: WalFileSystem;
  /** Records up to this LSN are covered by a snapshot: damage among them is only a warning (default 0n). */
  readonly coveredLsn?: bigint;
  /** The log must hold every LSN up to this one (the newest snapshot file's LSN; default `coveredLsn`). */
  readonly reachLsn?: bigint;
}

interface Pending {
  readonly lsn: bigint;
  readonly payload: Uint8Array;
  readonly resolve: (lsn: bigint) => void;
  readonly reject: (error: unknown) => void;
}

const DEFAULT_SEGMENT_BYTES = 64 * 1024 * 1024;

/**
 * An append-only log of byte records in a directory of segment files `wal-<firstLsn>.log`.
 *
 * `append` resolves with the record's LSN only once its bytes are written and fdatasynced.
 * Appends that arrive while a sync is in flight are written together by the next single write
 * and sync (group commit), and resolve in LSN order. A failed write or sync rejects the affected
 * appends with StorageError `WAL_WRITE` and poisons the log: every later append rejects too,
 * so nothing is acknowledged that is not durable. (A rejected record may still be found on disk
 * after a restart, as with any database whose sync fails.)
 *
 * Opening verifies every record of every segment. A torn tail (a short or failing last record
 * of the newest segment with nothing valid after it: what a crash leaves) is cut. Other damage
 * in records after `coveredLsn` throws StorageError `WAL_DAMAGED` (or `WAL_GAP`) naming the
 * file, byte offset and LSNs, and changes nothing; damage in covered records is reported in
 * `recovery.warnings`. LSNs start at 1.
 */
export class WriteAheadLog {
  /** What opening did (torn tail cut) and found (damage in covered records). */
  readonly recovery: RecoveryReport;
  private readonly dir: string;
  private readonly segments: SegmentInfo[];
  private readonly segmentBytes: number;
  private readonly fileSystem: WalFileSystem;
  private file: SegmentFile;
  private nextLsn: bigint;
  private durableLsn: bigint;
  private queue: Pending[] = [];
  private flushing: Promise<void> | undefined;
  private failure: StorageError | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    dir: string,
    state: { segments: SegmentInfo[]; file: SegmentFile; recovery: RecoveryReport },
    options: { segmentBytes: number; fileSystem: WalFileSystem },
  ) {
    this.dir = dir;
    this.segments = state.segments;
    this.file = state.file;
    this.recovery = state.recovery;
    this.segmentBytes = options.segmentBytes;
    this.fileSystem = options.fileSystem;
    const active = this.activeSegment();
    this.nextLsn = active.firstLsn + BigInt(active.records);
    this.durableLsn = this.nextLsn - 1n;
  }

  /**
   * Opens (creating if needed) the log in `dir`, verifying and repairing its tail.
   */
  static async open(dir: string, options: WalOptions = {}): Promise<WriteAheadLog> {
    const segmentBytes = options.segmentBytes ?? DEFAULT_SEGMENT_BYTES;
    if (!Number.isSafeInteger(segmentBytes) || segmentBytes <= 0) {
      throw new ArgumentError('WAL_OPTIONS', `Cannot open the write-ahead log: segmentBytes must be a positive integer, got ${segmentBytes}`);
    }
    const fileSystem = options.fileSystem ?? nodeFileSystem;
    const coveredLsn = options.coveredLsn ?? 0n;
    try {
      await fsp.mkdir(dir, { recursive: true });
      const { segments, report, continued } = await recoverSegments(dir, { coveredLsn, reachLsn: options.reachLsn ?? coveredLsn });
      const fresh = segments.length === 0;
      if (fresh) segments.push(newSegment(dir, 1n));
      const active = segments[segments.length - 1] as SegmentInfo;
      const file = await fileSystem.openSegment(active.path, { create: fresh || continued });
      if (fresh || continued) await fileSystem.syncDirectory(dir);
      // A new log may live in a directory mkdir just created: make its entry durable too.
      if (fresh) await fileSystem.syncDirectory(dirname(resolve(dir)));
      return new WriteAheadLog(dir, { segments, file, recovery: report }, { segmentBytes, fileSystem });
    } catch (cause) {
      if (cause instanceof StorageError) throw cause;
      throw new StorageError('WAL_OPEN', `Cannot open the write-ahead log in '${dir}': ${message(cause)}`, { cause });
    }
  }

  /** LSN of the last acknowledged (durable) record; 0n when the log has never held one. */
  get lastLsn(): bigint {
    return this.durableLsn;
  }

  /**
   * LSN of the oldest record still in the log (after truncateBefore), or `lastLsn + 1n` when it
   * holds none. Recovery from a snapshot at LSN `s` is complete only if `firstLsn <= s + 1n`.
   */
  get firstLsn(): bigint {
    const first = this.segments.find((s) => s.records > 0);
    return first === undefined ? this.durableLsn + 1n : first.firstLsn;
  }

  /**
   * Appends one record. Resolves with its LSN once it is durable. The payload must not be
   * modified until the promise settles.
   */
  append(payload: Uint8Array): Promise<bigint> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.closing !== undefined) {
      return Promise.reject(new StorageError('WAL_CLOSED', `Cannot append to the write-ahead log: it is closed`));
    }
    if (payload.byteLength > MAX_PAYLOAD_BYTES) {
      return Promise.reject(
        new LimitError('WAL_RECORD_TOO_LARGE', `Cannot append to the write-ahead log: record of ${payload.byteLength} bytes exceeds ${MAX_PAYLOAD_BYTES}`),
      );
    }
    const lsn = this.nextLsn;
    this.nextLsn += 1n;
    return new Promise<bigint>((resolve, reject) => {
      this.queue.push({ lsn, payload, resolve, reject });
      this.flushing ??= this.flushLoop();
    });
  }

  /**
   * Yields the acknowledged records with LSN ≥ `fromLsn`, in order. Payloads are views into a
   * segment-sized buffer: copy one to keep it. Opening already checked every record; a record
   * with LSN ≥ `fromLsn` that is missing or fails verification here (the files changed under an
   * open log) throws StorageError `WAL_CORRUPT`.
   */
  *replay(fromLsn = 1n): Iterable<WalRecord> {
    const segments = this.segments.map((s) => ({ ...s }));
    const last = this.durableLsn;
    let expected = fromLsn > this.firstLsn ? fromLsn : this.firstLsn;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] as SegmentInfo;
      const next = segments[i + 1];
      if ((next !== undefined && next.firstLsn <= fromLsn) || segment.size === 0) continue;
      const scan = scanSegment(readPrefix(segment.path, segment.size), segment.firstLsn);
      for (const record of scan.records) {
        if (record.lsn < expected) continue;
        if (record.lsn !== expected) throw replayGap(segment.path, expected);
        yield record;
        expected += 1n;
      }
    }
    if (expected <= last) throw replayGap(this.dir, expected);
  }

  /**
   * Deletes whole segments whose records all have LSN < `lsn` (the active segment is kept).
   */
  async truncateBefore(lsn: bigint): Promise<void> {
    const doomed: SegmentInfo[] = [];
    while (this.segments.length > 1 && (this.segments[1] as SegmentInfo).firstLsn <= lsn) {
      doomed.push(this.segments.shift() as SegmentInfo);
    }
    if (doomed.length === 0) return;
    try {
      // Oldest first, each deletion made durable before the next, so a crash leaves no gap.
      for (const segment of doomed) {
        await fsp.rm(segment.path, { force: true });
        await this.fileSystem.syncDirectory(this.dir);
      }
    } catch (cause) {
      throw new StorageError('WAL_TRUNCATE', `Cannot truncate the write-ahead log: ${message(cause)}`, { cause });
    }
  }

  /**
   * Waits for queued appends to become durable, then closes the log. Later appends reject
   * with StorageError `WAL_CLOSED`.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.flushing;
      try {
        await this.file.close();
      } catch (cause) {
        throw new StorageError('WAL_WRITE', `Cannot close the write-ahead log: ${message(cause)}`, { cause });
      }
    })();
    return this.closing;
  }

  private activeSegment(): SegmentInfo {
    return this.segments[this.segments.length - 1] as SegmentInfo;
  }

  private async flushLoop(): Promise<void> {
    await Promise.resolve();
    while (this.queue.length > 0 && this.failure === undefined) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.writeBatch(batch);
      } catch (cause) {
        this.poison(cause, batch);
        break;
      }
    }
    this.flushing = undefined;
  }

  private async writeBatch(batch: readonly Pending[]): Promise<void> {
    let i = 0;
    while (i < batch.length) {
      const active = this.activeSegment();
      let bytes = 0;
      let j = i;
      while (j < batch.length) {
        const size = RECORD_HEADER_BYTES + (batch[j] as Pending).payload.byteLength;
        if (active.size + bytes > 0 && active.size + bytes + size > this.segmentBytes) break;
        bytes += size;
        j++;
      }
      if (j === i) {
        await this.rotate((batch[i] as Pending).lsn);
        continue;
      }
      const startedAt = performance.now();
      await this.file.write(frameRecords(i === 0 && j === batch.length ? batch : batch.slice(i, j)), active.size);
      await this.file.sync();
      publishWalCommit(j - i, bytes, startedAt);
      active.size += bytes;
      active.records += j - i;
      this.durableLsn = (batch[j - 1] as Pending).lsn;
      for (let k = i; k < j; k++) (batch[k] as Pending).resolve((batch[k] as Pending).lsn);
      i = j;
    }
  }

  private async rotate(firstLsn: bigint): Promise<void> {
    await this.file.close();
    const path = join(this.dir, segmentName(firstLsn));
    this.file = await this.fileSystem.openSegment(path, { create: true });
    this.segments.push({ firstLsn, path, size: 0, records: 0 });
    await this.fileSystem.syncDirectory(this.dir);
  }

  /** Rejects the batch's unacknowledged appends (resolved ones are unaffected) and all queued ones. */
  private poison(cause: unknown, batch: readonly Pending[]): void {
    const failure = new StorageError('WAL_WRITE', `Cannot append to the write-ahead log: ${message(cause)}`, { cause });
    this.failure = failure;
    const rejected = [...batch, ...this.queue];
    this.queue = [];
    for (const entry of rejected) entry.reject(failure);
  }
}

function replayGap(path: string, lsn: bigint): StorageError {
  return new StorageError('WAL_CORRUPT', `Cannot replay the write-ahead log: ${path}: the record with LSN ${lsn} is missing or no longer verifies`);
}

function readPrefix(path: string, size: number): Uint8Array {
  const buffer = Buffer.allocUnsafe(size);
  const fd = fs.openSync(path, 'r');
  try {
    let done = 0;
    while (done < size) {
      const n = fs.readSync(fd, buffer, done, size - done, done);
      if (n === 0) throw new StorageError('WAL_CORRUPT', `Cannot replay the write-ahead log: ${path} is shorter than its ${size} acknowledged bytes`);
      done += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return buffer;
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
