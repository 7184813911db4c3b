/**
 * Child processes of the tests that start real servers (`quiver serve`, etcd): spawned with
 * their output collected, tracked, and killed when the test process ends or on request.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { after } from 'node:test';

const children = new Set<ChildProcess>();
process.on('exit', () => killChildren());
// A test that failed before stopping its server must not keep the test file's process alive.
after(() => killChildren());

/**
 * A running child: its process, everything it printed so far, and its exit (code, signal).
 */
export interface Spawned {
  readonly process: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  readonly ended: Promise<{ readonly code: number | null; readonly signal: string | null }>;
}

/** Starts `command args...` with `env` over the test's environment, collecting its stdout and stderr. */
export function spawnTracked(command: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Spawned {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { process: child, output: () => output, exited: ended.then((e) => e.code), ended };
}

/** Kills (SIGKILL) every child still running. */
export function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}
