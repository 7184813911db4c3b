/**
 * `quiver serve` as a child process on a free port, driven with plain HTTP: first start
 * initialises DEFAULT/hugegraph/admin and prints the generated password once; a graph space,
 * a graph and its schema created over HTTP survive a SIGTERM (graceful stop) and a restart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../repo-root.js';
import { graphBody, spaceBody } from './helpers.js';

interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

async function serve(data: string, env: Record<string, string> = {}): Promise<Child> {
  const child = spawn(process.execPath, [join(repoRoot(), 'dist', 'src', 'cli', 'main.js'), 'serve', '--port', '0', '--data', data, '--log-level', 'warn'], {
    env: { ...process.env, QUIVER_ADMIN_PASSWORD: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${output}`));
    }, 90_000);
    const check = (): void => {
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stderr?.on('data', check);
    child.on('exit', () => reject(new Error(`server exited: ${output}`)));
  });
  return { process: child, url, output: () => output, exited };
}

async function call(url: string, method: string, body: unknown, password: string): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) };
}

test('quiver serve: first start prints the generated admin password once; state created over HTTP survives SIGTERM and a restart', async () => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-serve-'));
  try {
    const first = await serve(data);
    const password = /generated password: (\S+)/.exec(first.output())?.[1];
    assert.ok(password !== undefined, first.output());
    assert.match(first.output(), new RegExp(`Data directory: ${data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    // GET / redirects to the web console, which needs no credentials; the API does.
    assert.equal((await call(`${first.url}/graphs`, 'GET', undefined, 'wrong')).status, 401);
    assert.equal((await call(`${first.url}/nowhere`, 'GET', undefined, password)).status, 404);
    assert.deepEqual((await call(`${first.url}/graphs`, 'GET', undefined, password)).json, { graphs: ['hugegraph'] });
    assert.equal((await call(`${first.url}/graphspaces`, 'POST', spaceBody('sock'), password)).status, 201);
    assert.equal((await call(`${first.url}/graphspaces/sock/graphs/g`, 'POST', graphBody('g', { description: 'over a socket' }), password)).status, 201);
    assert.equal((await call(`${first.url}/graphspaces/sock/graphs/g/schema/propertykeys`, 'POST', { name: 'name' }, password)).status, 202);
    assert.equal((await call(`${first.url}/graphspaces/sock/graphs/g/schema/vertexlabels`, 'POST', { name: 'person', properties: ['name'], primary_keys: ['name'] }, password)).status, 201);
    assert.equal((await call(`${first.url}/graphspaces/sock/graphs/g/mode`, 'PUT', 'RESTORING', password)).status, 200);
    first.process.kill('SIGTERM');
    assert.equal(await first.exited, 0, first.output());
    assert.match(first.output(), /stopped/);

    const second = await serve(data, { QUIVER_ADMIN_PASSWORD: 'ignored1' });
    try {
      assert.doesNotMatch(second.output(), /generated password/);
      assert.deepEqual((await call(`${second.url}/graphspaces`, 'GET', undefined, password)).json, { graphSpaces: ['DEFAULT', 'sock'] });
      assert.deepEqual((await call(`${second.url}/graphspaces/sock/graphs/g`, 'GET', undefined, password)).json, { name: 'g', backend: 'hstore', description: 'over a socket' });
      const label = await call(`${second.url}/graphspaces/sock/graphs/g/schema/vertexlabels/person`, 'GET', undefined, password);
      assert.equal(label.json.id_strategy, 'PRIMARY_KEY');
      assert.deepEqual((await call(`${second.url}/graphspaces/sock/graphs/g/mode`, 'GET', undefined, password)).json, { mode: 'RESTORING' });
      assert.equal((await call(`${second.url}/graphspaces/sock`, 'GET', undefined, password)).json.graph_number_used, 1);
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
});
