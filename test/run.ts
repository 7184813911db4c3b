/**
 * `npm test`: runs every compiled test file with node's test runner. When the shared TinkerPop
 * suite is missing, the files that read it (those that import test/shared-dir, directly or
 * through other test modules) are left out, and one line says where the suite was expected.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tinkerpopMissing } from './shared-dir.js';

const here = dirname(fileURLToPath(import.meta.url));

function compiledFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? compiledFiles(path) : name.endsWith('.js') ? [path] : [];
    })
    .sort();
}

/** Relative imports of a compiled module, as absolute paths. */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.js)'/g)].map((m) => resolve(dirname(file), m[1] ?? ''));
}

/**
 * The test files that need the shared folder: those that reach test/shared-dir.js through
 * their imports inside dist/test.
 */
function needsShared(files: readonly string[]): Set<string> {
  const marker = join(here, 'shared-dir.js');
  const memo = new Map<string, boolean>();
  const reaches = (file: string): boolean => {
    const known = memo.get(file);
    if (known !== undefined) return known;
    memo.set(file, false);
    const result = file === marker || (file.startsWith(here) && existsSync(file) && localImports(file).some(reaches));
    memo.set(file, result);
    return result;
  };
  return new Set(files.filter(reaches));
}

function main(): number {
  let files = compiledFiles(here).filter((f) => f.endsWith('.test.js'));
  if (tinkerpopMissing !== false) {
    const skipped = needsShared(files);
    files = files.filter((f) => !skipped.has(f));
    console.log(`# skipping ${skipped.size} test files: ${tinkerpopMissing}`);
  }
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
  return run.status ?? 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
