/**
 * File access for io(): a query names a file, and the file must lie inside the base
 * directory the embedding application configured. Without a base directory io() has no file
 * access at all. Paths are resolved against the base, `..` segments and absolute paths that
 * leave it are refused, and symbolic links are followed before the check, so a link inside
 * the base cannot lead outside it either.
 * @module
 */
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { NotFoundError, PermissionError } from '../../errors.js';

function inside(base: string, target: string): boolean {
  const rel = relative(base, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function denied(file: string): PermissionError {
  return new PermissionError('IO_PATH_DENIED', `Cannot access '${file}': the path leaves the io() base directory`);
}

/**
 * The absolute path of `file` inside `base`, or PermissionError `IO_PATH_DENIED` when it
 * would leave the base (lexically or through a symbolic link), or `IO_DISABLED` when no base
 * is configured. A file that does not exist is a NotFoundError `IO_FILE_NOT_FOUND`.
 */
export function resolveIoPath(file: string, options: { readonly base: string | undefined }): string {
  if (options.base === undefined) {
    throw new PermissionError('IO_DISABLED', `Cannot access '${file}': io() file access is not enabled (no io base directory is configured)`);
  }
  if (file.includes('\0')) throw denied(file);
  const base = resolve(options.base);
  const target = resolve(base, file);
  if (!inside(base, target)) throw denied(file);
  let real: string;
  try {
    real = realpathSync(target);
  } catch (error) {
    throw new NotFoundError('IO_FILE_NOT_FOUND', `Cannot read '${file}': no such file in the io() base directory`, { cause: error });
  }
  if (!inside(realpathSync(base), real)) throw denied(file);
  return real;
}

/**
 * Reads a UTF-8 file named by a query, confined to the base directory (see
 * {@link resolveIoPath}).
 */
export function readIoFile(file: string, options: { readonly base: string | undefined }): string {
  const path = resolveIoPath(file, options);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new NotFoundError('IO_FILE_NOT_FOUND', `Cannot read '${file}': ${(error as Error).message}`, { cause: error });
  }
}
