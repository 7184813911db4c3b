/**
 * Installs an optional peer of the traverser benchmark (graphology, Kuzu) into a temporary
 * directory with `npm install --no-save`, so that it never becomes a dependency of the project.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary install: its directory, a `require` that resolves from it, and its removal.
 *
 * @example
 * ```ts
 * const install = installPeer('graphology', ['graphology']);
 * install.require('graphology');
 * install.dispose();
 * ```
 */
export interface PeerInstall {
  /** The temporary directory, also free for the peer's own files. */
  readonly dir: string;
  /** Loads a module of the install. */
  readonly require: NodeJS.Require;
  /** Removes the temporary directory. */
  dispose(): void;
}

/**
 * Creates a temporary directory named after `name` and installs `packages` into it; throws (after
 * removing the directory) when npm fails, as without network.
 *
 * @example
 * ```ts
 * const install = installPeer('kuzu', ['kuzu@0.11.3']);
 * ```
 */
export function installPeer(name: string, packages: readonly string[]): PeerInstall {
  const dir = mkdtempSync(join(tmpdir(), `quiver-${name}-`));
  const dispose = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    writeFileSync(join(dir, 'package.json'), '{"name":"quiver-bench-peer","private":true}');
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', ...packages], { cwd: dir, stdio: 'ignore' });
    return { dir, require: createRequire(join(dir, 'package.json')), dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}

/**
 * The first line of an error's message, for the one line a bench prints when a peer is left out.
 *
 * @example
 * ```ts
 * console.log(`kuzu left out: ${firstLine(e)}`);
 * ```
 */
export function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}
