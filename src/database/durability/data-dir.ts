/**
 * Checks and creates a database directory before any other work: one level at a time, so that a
 * path no directory can be made at fails at once with an ArgumentError. (`mkdir -p` in Node
 * retries forever under /proc, where creating an entry fails with ENOENT beside an existing
 * parent.)
 * @module
 */
import { access, constants, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ArgumentError } from '../../errors.js';

function unusable(path: string, detail: string, cause?: unknown): ArgumentError {
  return new ArgumentError('DATABASE_PATH', `Cannot use database path '${path}': ${detail}`, { cause, details: { path } });
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);
}

/**
 * Makes `dir` (an absolute path) a writable directory, creating it and missing parents.
 *
 * @throws ArgumentError DATABASE_PATH when the path or one of its parents is a file, or the
 * directory cannot be created or written.
 */
export async function prepareDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    const found = await stat(at).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return undefined;
      if (errorCode(error) === 'ENOTDIR') throw unusable(dir, `a parent of '${at}' is a file, not a directory`, error);
      throw unusable(dir, `cannot inspect '${at}' (${errorCode(error)})`, error);
    });
    if (found !== undefined) {
      if (!found.isDirectory()) throw unusable(dir, `'${at}' is not a directory`);
      break;
    }
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const path of missing.reverse()) {
    await mkdir(path).catch((error: unknown) => {
      if (errorCode(error) !== 'EEXIST') throw unusable(dir, `cannot create '${path}' (${errorCode(error)})`, error);
    });
  }
  await access(dir, constants.W_OK).catch((error: unknown) => {
    throw unusable(dir, `the directory is not writable (${errorCode(error)})`, error);
  });
}
