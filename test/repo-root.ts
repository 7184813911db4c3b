/**
 * The repository root, found from src and from dist alike.
 * @module
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder above this file that holds package.json.
 *
 * @example
 * ```ts
 * join(repoRoot(), 'test', 'tck', 'baseline.json');
 * ```
 */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
