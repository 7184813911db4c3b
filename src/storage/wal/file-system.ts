/**
 * The few file operations the write-ahead log needs, behind an interface so that tests can
 * inject failures and the benchmark can compare asynchronous and synchronous I/O.
 * @module
 */
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A segment file opened for appending.
 */
export interface SegmentFile {
  /** Writes every byte of `chunks`, in order, starting at `position`. */
  write(chunks: readonly Uint8Array[], position: number): Promise<void>;
  /** Makes the written bytes durable (fdatasync). */
  sync(): Promise<void>;
  /** Closes the file. */
  close(): Promise<void>;
}

/**
 * Opens segment files and makes directory entries durable.
 */
export interface WalFileSystem {
  /** Opens a segment file for writing at explicit positions; `create` makes a new, empty one. */
  openSegment(path: string, options: { create: boolean }): Promise<SegmentFile>;
  /** fsyncs a directory, so that created, renamed or deleted entries survive a crash. */
  syncDirectory(dir: string): Promise<void>;
}

/**
 * Writes `chunks` with as few writev calls as possible, continuing after partial writes.
 */
export async function writeFully(
  writev: (chunks: Uint8Array[], position: number) => Promise<{ bytesWritten: number }> | { bytesWritten: number },
  chunks: readonly Uint8Array[],
  options: { position: number },
): Promise<void> {
  let pending = chunks.filter((c) => c.byteLength > 0);
  let at = options.position;
  while (pending.length > 0) {
    const { bytesWritten } = await writev(pending.slice(0, 1024), at);
    at += bytesWritten;
    let left = bytesWritten;
    const rest: Uint8Array[] = [];
    for (const chunk of pending) {
      if (left >= chunk.byteLength) left -= chunk.byteLength;
      else {
        rest.push(left > 0 ? chunk.subarray(left) : chunk);
        left = 0;
      }
    }
    pending = rest;
  }
}

/**
 * The default file system: node:fs/promises FileHandle, off the main thread, so the event loop
 * keeps collecting appends for the next group commit while one is written. Where the platform
 * has O_DSYNC, segments are opened with it: a writev returns only once its bytes are durable,
 * as write + fdatasync would make them, so a group commit is one thread-pool job instead of two
 * and `sync` has nothing left to do. Elsewhere `sync` is fdatasync.
 */
export const nodeFileSystem: WalFileSystem = {
  async openSegment(path, options) {
    const dsync = fs.constants.O_DSYNC;
    const handle = await fsp.open(path, openFlags(options.create) | (dsync ?? 0));
    return {
      write: (chunks, position) => writeFully((bufs, pos) => handle.writev(bufs, pos), chunks, { position }),
      sync: async () => {
        if (dsync === undefined) await handle.datasync();
      },
      close: () => handle.close(),
    };
  },
  syncDirectory: (dir) => syncDirectory(dir),
};

/**
 * A file system that writes segments without making them durable (no O_DSYNC, no fdatasync):
 * for a log that is not the system of record, such as a cluster node's, whose durable log is
 * in etcd and which rebuilds from it after a crash. Directory entries are still fsynced.
 */
export const unsyncedFileSystem: WalFileSystem = {
  async openSegment(path, options) {
    const handle = await fsp.open(path, openFlags(options.create));
    return {
      write: (chunks, position) => writeFully((bufs, pos) => handle.writev(bufs, pos), chunks, { position }),
      sync: async () => undefined,
      close: () => handle.close(),
    };
  },
  syncDirectory: (dir) => syncDirectory(dir),
};

/**
 * A file system with blocking writevSync + fdatasyncSync, kept for the throughput comparison
 * (see bench/wal-io.ts); it blocks the event loop during every sync.
 */
export const syncFileSystem: WalFileSystem = {
  async openSegment(path, options) {
    const fd = fs.openSync(path, openFlags(options.create));
    return {
      write: (chunks, position) => writeFully((bufs, pos) => ({ bytesWritten: fs.writevSync(fd, bufs, pos) }), chunks, { position }),
      sync: async () => fs.fdatasyncSync(fd),
      close: async () => fs.closeSync(fd),
    };
  },
  syncDirectory: (dir) => syncDirectory(dir),
};

/**
 * fsyncs a directory so that entries created, renamed or removed in it are durable.
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, fs.constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces the file at `path` durably: `write` fills `<path>.tmp`, which is fsynced, renamed
 * over `path`, and its directory fsynced. A crash leaves either the old file or the new one,
 * never a half-written one. When `keep` is given, it is asked once `write` has finished (before
 * the fsync); if it answers false, the temporary file is removed and `path` is left alone.
 * Resolves with whether `path` was replaced. On failure the temporary file is removed and the
 * error rethrown. Config files and snapshots both use it.
 */
export async function replaceFileDurably(path: string, write: (handle: fsp.FileHandle) => Promise<unknown>, keep?: () => boolean): Promise<boolean> {
  const tmp = `${path}.tmp`;
  try {
    const handle = await fsp.open(tmp, 'w');
    let kept = true;
    try {
      await write(handle);
      kept = keep === undefined || keep();
      if (kept) await handle.sync();
    } finally {
      await handle.close();
    }
    if (!kept) {
      await fsp.rm(tmp, { force: true });
      return false;
    }
    await fsp.rename(tmp, path);
    await syncDirectory(dirname(path));
    return true;
  } catch (error) {
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
}

function openFlags(create: boolean): number {
  const { O_WRONLY, O_CREAT, O_TRUNC } = fs.constants;
  return create ? O_WRONLY | O_CREAT | O_TRUNC : O_WRONLY;
}
