/**
 * Child processes for the operations tests: `quiver serve` on a free port (waits for its
 * "listening" line) and one-shot `quiver` commands, with an admin password fixed by the
 * environment, and every child killed when the test process ends.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { spawnTracked } from '../child-processes.js';
import { repoRoot } from '../repo-root.js';

export const PASSWORD = 'secret1';
export const AUTH = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

const MAIN = join(repoRoot(), 'dist', 'src', 'cli', 'main.js');

export interface Served {
  readonly process: ChildProcess;
  readonly url: string;
  readonly gremlinUrl: string | undefined;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** Starts `quiver serve` with `args` (plus a free port unless given) and waits until it listens. */
export async function serve(args: readonly string[]): Promise<Served> {
  const { process: child, output: printed, exited } = spawnTracked(process.execPath, [MAIN, 'serve', ...(args.includes('--port') ? [] : ['--port', '0']), '--log-level', 'warn', ...args], {
    QUIVER_ADMIN_PASSWORD: PASSWORD,
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${printed()}`)), 90_000);
    const check = (): void => {
      const m = /REST server listening on (https?:\/\/\S+)/.exec(printed());
      // the Gremlin endpoint's line comes in a write of its own after the REST one
      if (m?.[1] !== undefined && (!args.includes('--gremlin-port') || /Gremlin Server protocol \(WebSocket\) listening on/.test(printed()))) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stderr?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited: ${printed()}`));
    });
  });
  return { process: child, url, gremlinUrl: /listening on (wss?:\/\/\S+)/.exec(printed())?.[1], output: printed, exited };
}

/** Runs `quiver args...` to its end; `onStart` sees the child (to kill it). */
export function quiver(args: readonly string[], onStart?: (child: ChildProcess) => void): Promise<{ code: number | null; signal: string | null; output: string }> {
  const run = spawnTracked(process.execPath, [MAIN, ...args], { QUIVER_ADMIN_PASSWORD: PASSWORD });
  onStart?.(run.process);
  return run.ended.then(({ code, signal }) => ({ code, signal, output: run.output() }));
}

/** A JSON request with the admin's credentials. */
export async function call(url: string, method: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(url, { method, headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json };
}
