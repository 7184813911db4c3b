/**
 * Durability of one graph: recovery (newest snapshot + WAL replay), group-committed WAL
 * appends, and background snapshots that block writers only while the store is encoded.
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { StorageError } from '../../errors.js';
import { inspectSnapshots, note, publishSnapshot, unsyncedFileSystem, WriteAheadLog, writeSnapshot } from '../../storage/index.js';
import type { DamageNote, RecoveryBounds, SnapshotFile, StoreCapture } from '../../storage/index.js';
import { decodeModes, decodeWalRecord, encodeWalRecord, MODES_SECTION } from './records.js';
import type { GraphModes, WalRecord } from './records.js';

/**
 * What recovery found on disk: the snapshot's sections (if any) and the records to replay.
 */
interface Recovered {
  /** Sections of the newest valid snapshot, or undefined for a fresh graph. */
  readonly sections: ReadonlyMap<string, Uint8Array> | undefined;
  /** Modes stored in the snapshot (NONE / OLTP_ONLY when there is none). */
  readonly modes: GraphModes;
  /** WAL records written after the snapshot, oldest first. */
  readonly records: Iterable<WalRecord>;
  /** What recovery used, cut and found (records replayed are counted by the caller). */
  readonly report: Omit<GraphRecovery, 'recordsReplayed'>;
}

/**
 * What opening one durable graph did: the snapshot it started from, the log records it
 * replayed, the torn tail it cut, and damage it found in files it did not need (warnings).
 *
 * @example
 * ```ts
 * const report = db.recovery.get('hugegraph');
 * console.log(report?.snapshot?.lsn, report?.recordsReplayed, report?.warnings.length);
 * ```
 */
export interface GraphRecovery {
  /** The snapshot recovery started from (file and LSN), or undefined when it replayed the log alone. */
  readonly snapshot: { readonly file: string; readonly lsn: bigint } | undefined;
  /** Log records applied on top of the snapshot. */
  readonly recordsReplayed: number;
  /** Bytes of a torn tail cut from the newest log segment (a write a crash left unacknowledged). */
  readonly tailBytesDropped: number;
  /** Damage found in snapshot or log files that recovery did not need; nothing was lost. */
  readonly warnings: readonly DamageNote[];
}

/**
 * How far the snapshots of a graph reach: the newest valid one (recovery starts after it), the
 * newest LSN any snapshot file was taken at (the log must reach it), and the damaged files,
 * split into those newer than the one chosen and those older.
 */
export function snapshotBounds(files: readonly SnapshotFile[]): {
  bounds: RecoveryBounds;
  chosen: SnapshotFile | undefined;
  newerDamaged: SnapshotFile[];
  olderDamaged: SnapshotFile[];
} {
  const index = files.findIndex((f) => f.snapshot !== undefined);
  const chosen = index === -1 ? undefined : files[index];
  const coveredLsn = chosen?.lsn ?? 0n;
  const newest = files[0]?.lsn ?? 0n;
  return {
    bounds: { coveredLsn, reachLsn: newest > coveredLsn ? newest : coveredLsn },
    chosen,
    newerDamaged: index === -1 ? [...files] : files.slice(0, index),
    olderDamaged: index === -1 ? [] : files.slice(index + 1).filter((f) => f.problem !== undefined),
  };
}

/**
 * The damage note for a snapshot file that does not verify.
 */
export function snapshotDamage(file: SnapshotFile, consequence: string): DamageNote {
  return note('SNAPSHOT_DAMAGED', file.file, { offset: 0, end: file.size, firstLsn: 1n, lastLsn: file.lsn }, `snapshot does not verify (${file.problem ?? 'unreadable'}); ${consequence}`);
}

/**
 * Options of {@link GraphLog.open}.
 */
interface GraphLogOptions {
  /** Write a background snapshot after this many bytes of WAL. */
  readonly snapshotEveryBytes: number;
  /** Size at which a WAL segment file is closed and a new one started (WAL default when absent). */
  readonly walSegmentBytes?: number;
  /** Write the WAL without fsyncing it: the durable log is elsewhere (a cluster node's, in etcd). */
  readonly unsynced?: boolean;
}

/**
 * Appending: where a graph's changes become durable. Every change is one record, appended in
 * apply order, and the log is the only source of truth behind the in-memory store. Records
 * are positional (see docs/design-choices.md): a replica must apply them in log order from the
 * same starting state.
 */
interface ChangeAppender {
  /** While a checkpoint is captured, a promise writers await before changing the graph. */
  readonly gate: Promise<void> | undefined;
  /** Appends one record, in the tick of the change it describes; resolves once it is durable. */
  append(record: WalRecord): Promise<void>;
  /** Keeps checkpoints out until `until` settles (an open transaction may still roll back). */
  hold(until: Promise<void>): void;
  /** Flushes, takes a final checkpoint when useful, and closes. */
  close(): Promise<void>;
  /** Closes without a final checkpoint (opening failed half-way). */
  abandon(): Promise<void>;
}

/**
 * Checkpointing: captures of the graph's state (snapshots) that shorten replay of the log.
 */
interface Checkpointer {
  /** Gives the log the function that captures the current state (as views of the store's arrays, or with `copy` as copies). */
  attach(capture: (options: { readonly copy: boolean }) => StoreCapture): void;
  /** Takes a snapshot of the current state. */
  snapshot(): Promise<void>;
}

/**
 * The seam between a graph and where its changes go: appending, plus checkpointing when the
 * log keeps snapshots of its own. {@link GraphLog} is the local one (WAL and snapshots in the
 * graph's directory); a log that needs no snapshots leaves `checkpoints` out.
 */
export interface GraphChangeLog extends ChangeAppender {
  /** The log's own snapshots, when it keeps any. */
  readonly checkpoints?: Checkpointer;
}

/**
 * The WAL and snapshots of one graph directory (`wal/` and `snapshots/` inside it).
 */
export class GraphLog implements GraphChangeLog, Checkpointer {
  private readonly pending = new Set<Promise<bigint>>();
  private readonly holds = new Set<Promise<void>>();
  private capture: ((options: { readonly copy: boolean }) => StoreCapture) | undefined;
  private bytesSinceSnapshot = 0;
  private running: Promise<void> | undefined;
  private gatePromise: Promise<void> | undefined;
  private failure: unknown;
  private closed = false;
  /** Error of the last background snapshot, if it failed (the WAL still holds everything). */
  lastSnapshotError: unknown;

  /** LSN of the newest snapshot on disk (0n for none); the log is kept from just after the one before it. */
  private newestSnapshotLsn: bigint;

  private constructor(
    private readonly snapshotDir: string,
    private readonly wal: WriteAheadLog,
    private readonly options: GraphLogOptions & { readonly newestSnapshotLsn: bigint },
  ) {
    this.newestSnapshotLsn = options.newestSnapshotLsn;
  }

  /**
   * Opens (creating if needed) the WAL and snapshot folders of a graph directory and reads
   * what recovery needs. Replay the records, then call {@link GraphLog.attach}.
   */
  static async open(dir: string, options: GraphLogOptions): Promise<{ log: GraphLog; recovered: Recovered }> {
    const snapshotDir = join(dir, 'snapshots');
    await mkdir(snapshotDir, { recursive: true });
    const { bounds, chosen, newerDamaged, olderDamaged } = snapshotBounds(await inspectSnapshots(snapshotDir));
    const snapshot = chosen?.snapshot;
    const from = bounds.coveredLsn;
    let wal: WriteAheadLog;
    try {
      wal = await WriteAheadLog.open(join(dir, 'wal'), { segmentBytes: options.walSegmentBytes, ...bounds, ...(options.unsynced === true ? { fileSystem: unsyncedFileSystem } : {}) });
    } catch (error) {
      const damaged = newerDamaged[0];
      if (damaged === undefined || !(error instanceof StorageError) || (error.code !== 'WAL_DAMAGED' && error.code !== 'WAL_GAP')) throw error;
      throw new StorageError(
        'SNAPSHOT_DAMAGED',
        `Cannot recover '${dir}': snapshot '${damaged.file}' (LSN ${damaged.lsn}) does not verify (${damaged.problem ?? 'unreadable'}) and the write-ahead log cannot replace it: ${error.message}`,
        { cause: error, details: { ...error.details, snapshot: damaged.file, snapshotLsn: damaged.lsn.toString() } },
      );
    }
    const base = chosen === undefined ? 'the log alone' : `snapshot '${chosen.file}' and the log`;
    const warnings = [
      ...newerDamaged.map((f) => snapshotDamage(f, `recovered from ${base} instead`)),
      ...olderDamaged.map((f) => snapshotDamage(f, 'an older snapshot, not needed')),
      ...wal.recovery.warnings,
    ];
    const report = { snapshot: chosen === undefined ? undefined : { file: chosen.file, lsn: chosen.lsn }, tailBytesDropped: wal.recovery.tailBytesDropped, warnings };
    const modesBytes = snapshot?.sections.get(MODES_SECTION);
    const modes: GraphModes = modesBytes === undefined ? { mode: 'NONE', readMode: 'OLTP_ONLY' } : decodeModes(modesBytes);
    function* records(): Iterable<WalRecord> {
      for (const { payload } of wal.replay(from + 1n)) {
        yield decodeWalRecord(payload.slice());
      }
    }
    const log = new GraphLog(snapshotDir, wal, { ...options, newestSnapshotLsn: from });
    return { log, recovered: { sections: snapshot?.sections, modes, records: records(), report } };
  }

  /** This log keeps snapshots in the graph's `snapshots/` folder. */
  get checkpoints(): Checkpointer {
    return this;
  }

  /**
   * Sets the function that captures the graph's state for a snapshot (synchronously).
   */
  attach(capture: (options: { readonly copy: boolean }) => StoreCapture): void {
    this.capture = capture;
  }

  /**
   * While a snapshot is being captured, a promise writers must await before changing the
   * graph; undefined otherwise.
   */
  get gate(): Promise<void> | undefined {
    return this.gatePromise;
  }

  /**
   * Appends a record. Call it in the same tick as the in-memory change it describes, so the
   * log order is the apply order; the promise resolves once the record is fsynced.
   */
  append(record: WalRecord): Promise<void> {
    if (this.failure !== undefined) {
      return Promise.reject(new StorageError('GRAPH_FAILED', 'Cannot write: an earlier write-ahead log write failed, reopen the database', { cause: this.failure }));
    }
    const payload = encodeWalRecord(record);
    const appended = this.wal.append(payload);
    this.pending.add(appended);
    this.bytesSinceSnapshot += payload.length;
    if (this.bytesSinceSnapshot >= this.options.snapshotEveryBytes && this.running === undefined) {
      setImmediate(() => {
        if (this.closed) return;
        this.snapshot().catch((error: unknown) => {
          this.lastSnapshotError = error;
        });
      });
    }
    return appended.then(
      () => {
        this.pending.delete(appended);
      },
      (cause: unknown) => {
        this.pending.delete(appended);
        this.failure = cause;
        throw new StorageError('WAL_WRITE', 'Cannot append to the write-ahead log: the write was not made durable', { cause });
      },
    );
  }

  /**
   * Keeps snapshots from encoding the state until `until` settles: the state holds changes of an
   * open transaction that may yet be rolled back.
   */
  hold(until: Promise<void>): void {
    this.holds.add(until);
    const settle = (): void => {
      this.holds.delete(until);
    };
    until.then(settle, settle);
  }

  /**
   * Writes a snapshot of the current state and drops the WAL records the previous snapshot
   * covers (the log after it is kept, so a damaged newest snapshot can still be recovered from
   * the previous one). The state is captured without copying its large arrays, and writers are
   * held while in-flight appends finish and until the captured bytes are written; readers go on
   * meanwhile: the event loop waits only for the small encodings (checksums go in slices). Should
   * a writer that cannot wait (a synchronous traversal write) change the state during the write,
   * that file is dropped and the snapshot is taken again from copies, with writers let through
   * as soon as the copies are made.
   */
  snapshot(): Promise<void> {
    this.running ??= this.takeSnapshot().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async takeSnapshot(): Promise<void> {
    const capture = this.capture;
    if (capture === undefined) throw new StorageError('SNAPSHOT_WRITE', 'Cannot write a snapshot: the graph is not attached');
    const startedAt = performance.now();
    let open = (): void => undefined;
    this.gatePromise = new Promise<void>((resolve) => {
      open = resolve;
    });
    const lift = (): void => {
      this.gatePromise = undefined;
      open();
    };
    let written: bigint | undefined;
    try {
      for (let copy = false; written === undefined; copy = true) {
        while (this.pending.size > 0 || this.holds.size > 0) await Promise.allSettled([...this.pending, ...this.holds]);
        if (this.failure !== undefined) throw new StorageError('GRAPH_FAILED', 'Cannot write a snapshot: an earlier write-ahead log write failed', { cause: this.failure });
        const lsn = this.wal.lastLsn;
        const taken = capture({ copy });
        try {
          this.bytesSinceSnapshot = 0;
          if (lsn > 0n && lsn === this.newestSnapshotLsn) return;
          if (copy) lift();
          // Once the bytes are written, writers may change the arrays again: the fsync and rename need only the file.
          const keep = (): boolean => {
            if (taken.intact) lift();
            return taken.intact;
          };
          if (await writeSnapshot(this.snapshotDir, { lsn, sections: taken.sections }, keep)) written = lsn;
        } finally {
          taken.release();
        }
      }
    } finally {
      lift();
    }
    publishSnapshot(startedAt);
    const previous = this.newestSnapshotLsn;
    this.newestSnapshotLsn = written;
    await this.wal.truncateBefore(previous + 1n);
  }

  /**
   * Writes a final snapshot (when anything was logged since the last one and the log has not
   * failed) and closes the WAL.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.running !== undefined) await this.running.catch(() => undefined);
    if (this.failure === undefined && this.bytesSinceSnapshot > 0) await this.snapshot();
    await this.wal.close();
  }

  /**
   * Closes the WAL without a final snapshot (used when opening fails half-way).
   */
  async abandon(): Promise<void> {
    this.closed = true;
    await this.wal.close();
  }
}
