/**
 * Child processes for the operations tests: `quiver serve` on a free port (waits for its
 * "listening" line) and one-shot `quiver` commands, with an admin password fixed by the
 * environment, and every child killed when the test process ends.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../repo-root.js';

export const PASSWORD = 'secret1';
export const AUTH = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

const MAIN = join(repoRoot(), 'dist', 'src', 'cli', 'main.js');
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export interface Served {
  readonly process: ChildProcess;
  readonly url: string;
  readonly gremlinUrl: string | undefined;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** Starts `quiver serve` with `args` (plus a free port unless given) and waits until it listens. */
export async function serve(args: readonly string[]): Promise<Served> {
  const child = spawn(process.execPath, [MAIN, 'serve', ...(args.includes('--port') ? [] : ['--port', '0']), '--log-level', 'warn', ...args], {
    env: { ...process.env, QUIVER_ADMIN_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 90_000);
    const check = (): void => {
      const m = /REST server listening on (https?:\/\/\S+)/.exec(output);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stderr?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  return { process: child, url, gremlinUrl: /listening on (wss?:\/\/\S+)/.exec(output)?.[1], output: () => output, exited };
}

/** Runs `quiver args...` to its end; `onStart` sees the child (to kill it). */
export function quiver(args: readonly string[], onStart?: (child: ChildProcess) => void): Promise<{ code: number | null; signal: string | null; output: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], { env: { ...process.env, QUIVER_ADMIN_PASSWORD: PASSWORD }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  onStart?.(child);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal, output });
    }),
  );
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
