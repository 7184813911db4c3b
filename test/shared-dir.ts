/**
 * Where the read-only shared references live: `../shared` beside the repository root, as on
 * the developers' machines and in CI, or the folder named by `QUIVER_SHARED`.
 * @module
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './repo-root.js';

/**
 * A path inside the shared references: `$QUIVER_SHARED/...` when that variable is set, else
 * `<repo>/../shared/...`.
 *
 * @example
 * ```ts
 * sharedPath('tinkerpop', 'data'); // '<repo>/../shared/tinkerpop/data'
 * ```
 */
export function sharedPath(...parts: string[]): string {
  const base = process.env['QUIVER_SHARED'] ?? resolve(repoRoot(), '..', 'shared');
  return resolve(base, ...parts);
}

/**
 * Why the tests that read the TinkerPop feature files and graphs must be skipped, or `false`
 * when the suite is there. Give it as the `skip` option of those tests.
 *
 * @example
 * ```ts
 * test('the suite passes', { skip: tinkerpopMissing }, async () => { ... });
 * ```
 */
export const tinkerpopMissing: string | false = existsSync(sharedPath('tinkerpop', 'features'))
  ? false
  : `needs the TinkerPop suite at ${sharedPath('tinkerpop')}; set QUIVER_SHARED to the folder that holds tinkerpop/`;
