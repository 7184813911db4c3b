/**
 * The package version, read from package.json when asked, so `quiver --version` never drifts
 * from the package that is installed.
 * @module
 */
import { readFileSync } from 'node:fs';

/** package.json, seen from this module once compiled to dist/src/cli. */
const MANIFEST = new URL('../../../package.json', import.meta.url);

/**
 * The `version` field of Quiver's package.json.
 */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { version: string };
  return manifest.version;
}
