/**
 * Exclusive ownership of a data directory through a lock file holding the owner's pid.
 * @module
 */
import * as fsp from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { StorageError } from '../../errors.js';

/**
 * Name of the lock file inside a locked directory.
 */
export const LOCK_FILE = 'quiver.lock';

/** A lock file whose content is not a pid yet is being written; older than this, it is stale. */
const UNWRITTEN_GRACE_MS = 10_000;
const MAX_ATTEMPTS = 5;

/** Lock paths held by this process, so that a lock with our own pid left by a previous
 * process (pid reuse, common in containers) is told apart from one we hold. */
const held = new Set<string>();

/**
 * A held directory lock.
 */
interface DirectoryLock {
  /** Removes the lock file (if it is still ours). Calling it again does nothing. */
  release(): Promise<void>;
}

/**
 * Takes the directory's lock file (`quiver.lock`, created with O_EXCL, holding the owner pid).
 * A lock whose pid is no longer alive is taken over; a live owner, or this process holding it
 * already, makes it throw StorageError `DIRECTORY_LOCKED`. Pids of other machines or pid
 * namespaces sharing the directory cannot be checked and count as alive.
 */
export async function lockDirectory(dir: string): Promise<DirectoryLock> {
  const path = resolve(join(dir, LOCK_FILE));
  if (held.has(path)) throw locked(dir, `this process holds it (pid ${process.pid})`);
  held.add(path);
  try {
    await acquire(dir, path);
  } catch (error) {
    held.delete(path);
    throw error;
  }
  return lockHandle(path);
}

async function acquire(dir: string, path: string): Promise<void> {
  try {
    await fsp.mkdir(dir, { recursive: true });
  } catch (cause) {
    throw new StorageError('LOCK_IO', `Cannot lock directory '${dir}': ${message(cause)}`, { cause });
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (await tryCreate(path)) return;
    const owner = await readOwner(path);
    if (owner === 'gone') continue;
    if (owner.pid === undefined) {
      if (owner.ageMs < UNWRITTEN_GRACE_MS) throw locked(dir, 'another process is creating it');
    } else if (owner.pid !== process.pid && isAlive(owner.pid)) {
      throw locked(dir, `process ${owner.pid} holds it`);
    }
    await fsp.rm(path, { force: true });
  }
  throw locked(dir, 'it kept changing hands');
}

async function tryCreate(path: string): Promise<boolean> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path, 'wx');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new StorageError('LOCK_IO', `Cannot create lock file '${path}': ${message(cause)}`, { cause });
  }
  try {
    await handle.writeFile(`${process.pid}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

async function readOwner(path: string): Promise<'gone' | { pid: number | undefined; ageMs: number }> {
  try {
    const [text, stat] = await Promise.all([fsp.readFile(path, 'utf8'), fsp.stat(path)]);
    const pid = /^\d+\n?$/.test(text) ? Number.parseInt(text, 10) : undefined;
    return { pid, ageMs: Date.now() - stat.mtimeMs };
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw new StorageError('LOCK_IO', `Cannot read lock file '${path}': ${message(cause)}`, { cause });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockHandle(path: string): DirectoryLock {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      held.delete(path);
      const owner = await readOwner(path);
      if (owner !== 'gone' && owner.pid === process.pid) await fsp.rm(path, { force: true });
    },
  };
}

function locked(dir: string, reason: string): StorageError {
  return new StorageError('DIRECTORY_LOCKED', `Cannot lock directory '${dir}': ${reason}`);
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
