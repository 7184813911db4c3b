/**
 * hugegraph-loader's own example (the modern graph as CSV, TEXT in GBK and JSON lines, its
 * struct.json 1.0 and schema.groovy, in test/fixtures/hugegraph-loader-example as the loader
 * ships them) loads as written through the `quiver load` CLI: into a data directory, and into a
 * server the test starts; loading it twice changes nothing.
 * @module
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { openServerState } from '../../../src/index.js';
import { repoRoot } from '../../repo-root.js';
import { cleanUp, workDir } from './load-helpers.js';

after(cleanUp);

const EXAMPLE = join(repoRoot(), 'test', 'fixtures', 'hugegraph-loader-example');
const MAIN = join(repoRoot(), 'dist', 'src', 'cli', 'main.js');

/** Runs the CLI in the example's folder (its paths are relative to it, as in the loader's home). */
function quiver(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: EXAMPLE, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const LOAD = ['load', '--graph', 'DEFAULT/hugegraph', '--mapping', 'example/file/struct.json', '--schema', 'example/file/schema.groovy'];

const VERTICES = [
  ['1', 'software', { name: 'lop', lang: 'java', price: 328 }],
  ['1:josh', 'person', { name: 'josh', age: 32, city: 'Beijing' }],
  ['1:li,nary', 'person', { name: 'li,nary', age: 26, city: 'Wu,han' }],
  ['1:marko', 'person', { name: 'marko', age: 29, city: 'Beijing' }],
  ['1:peter', 'person', { name: 'peter', age: 35, city: 'Shanghai' }],
  ['1:tom', 'person', { name: 'tom' }],
  ['1:vadas', 'person', { name: 'vadas', age: 27, city: 'Hongkong' }],
  ['2', 'software', { name: 'ripple', lang: 'java', price: 199 }],
];
const EDGES = [
  ['1:josh', 'created', '1', { date: '2009-11-11', weight: 0.4 }],
  ['1:josh', 'created', '2', { date: '2017-12-10', weight: 1 }],
  ['1:marko', 'created', '1', { date: '2017-12-10', weight: 0.4 }],
  ['1:marko', 'knows', '1:josh', { date: '20130220', weight: 1 }],
  ['1:marko', 'knows', '1:vadas', { date: '20160110', weight: 0.5 }],
  ['1:peter', 'created', '1', { date: '2017-03-24', weight: 0.2 }],
];

/** A plain result's maps as objects, recursively. */
function plain(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  return Array.isArray(value) ? value.map(plain) : value;
}

async function readBack(data: string): Promise<{ vertices: unknown[]; edges: unknown[] }> {
  const { state } = await openServerState({ path: data });
  try {
    const g = state.graph('DEFAULT', 'hugegraph');
    const first = (p: Record<string, unknown[]>): Record<string, unknown> => Object.fromEntries(Object.entries(p).map(([k, vs]) => [k, vs[0]]));
    const vertices = (plain(await g.gremlin("g.V().project('id','label','p').by(id()).by(label()).by(valueMap())")) as { id: unknown; label: string; p: Record<string, unknown[]> }[])
      .map((v) => [String(v.id), v.label, first(v.p)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const edges = (plain(await g.gremlin("g.E().project('out','label','in','p').by(outV().id()).by(label()).by(inV().id()).by(valueMap())")) as { out: unknown; label: string; in: unknown; p: Record<string, unknown> }[])
      .map((e) => [String(e.out), e.label, String(e.in), e.p])
      .sort((a, b) => `${String(a[0])}${String(a[1])}${String(a[2])}`.localeCompare(`${String(b[0])}${String(b[1])}${String(b[2])}`));
    return { vertices, edges };
  } finally {
    await state.close();
  }
}

test('quiver load loads hugegraph-loader example into a data directory as written, and again without change', { timeout: 120_000 }, async () => {
  const data = join(workDir({}), 'data');
  const first = await quiver([...LOAD, '--data', data, '--no-progress']);
  assert.equal(first.code, 0, first.output);
  assert.match(first.output, /loaded 8 vertices and 6 edges/);
  assert.deepEqual(await readBack(data), { vertices: VERTICES, edges: EDGES });
  const second = await quiver([...LOAD, '--data', data]);
  assert.equal(second.code, 0, second.output);
  assert.deepEqual(await readBack(data), { vertices: VERTICES, edges: EDGES });
});

test('quiver load loads hugegraph-loader example into a running server through the batch REST routes', { timeout: 120_000 }, async () => {
  const data = join(workDir({}), 'data');
  const server = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--data', data, '--log-level', 'warn'], {
    env: { ...process.env, QUIVER_ADMIN_PASSWORD: 'secret123' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no server: ${log}`)), 90_000);
      server.stderr.on('data', () => {
        const m = /listening on (http:\/\/\S+)/.exec(log);
        if (m?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    const wrong = await quiver([...LOAD, '--url', url, '--user', 'admin', '--password', 'nope']);
    assert.notEqual(wrong.code, 0, wrong.output);
    const loaded = await quiver([...LOAD, '--url', url, '--user', 'admin', '--password', 'secret123', '--batch-size', '3', '--parallel', '2']);
    assert.equal(loaded.code, 0, loaded.output);
    assert.match(loaded.output, /loaded 8 vertices and 6 edges/);
    server.kill('SIGTERM');
    assert.equal(await exited, 0, log);
    assert.deepEqual(await readBack(data), { vertices: VERTICES, edges: EDGES });
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
});
