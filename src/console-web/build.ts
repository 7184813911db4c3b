/**
 * Builds the web console into dist/console/ (run by `npm run build`, after tsc): esbuild
 * bundles src/console-web/page/console-main.ts with CodeMirror, sigma and graphology into one
 * ES module, console.js, and the static files (index.html, console.css, favicon.svg) are
 * copied beside it. `quiver serve` serves that folder at /console/ (src/http/console.ts).
 * @module
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file runs as dist/src/console-web/build.js. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE = join(ROOT, 'src', 'console-web');
const OUT = join(ROOT, 'dist', 'console');

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const result = await build({
    entryPoints: [join(SOURCE, 'page', 'console-main.ts')],
    outfile: join(OUT, 'console.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    legalComments: 'linked',
    tsconfig: join(SOURCE, 'page', 'tsconfig.json'),
    logLevel: 'warning',
    metafile: true,
  });
  cpSync(join(SOURCE, 'static'), OUT, { recursive: true });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  console.log(`web console built into ${OUT} (${Math.round(bytes / 1024)} KiB)`);
}

await main();
