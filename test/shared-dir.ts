/**
 * Where the read-only shared references live: `../shared` beside the repository root, as on
 * the developers' machines and in CI.
 * @module
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A path inside `../shared`, resolved from the repository root (the nearest folder above this
 * file that holds package.json), so it works from src and from dist alike.
 *
 * @example
 * ```ts
 * sharedPath('tinkerpop', 'data'); // '<repo>/../shared/tinkerpop/data'
 * ```
 */
export function sharedPath(...parts: string[]): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return resolve(dir, '..', 'shared', ...parts);
}
