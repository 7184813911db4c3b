/**
 * The extra outputs of a computation job: a local CSV file, and HDFS through the WebHDFS REST
 * protocol, against a small WebHDFS server this test starts on loopback (a name node that
 * answers CREATE with a 307 redirect to a data-node path, which takes the bytes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openModern } from '../../api/modern-graph.js';

/** A WebHDFS server keeping files in memory: MKDIRS, and CREATE in two steps. */
async function webhdfs(): Promise<{ url: string; files: Map<string, string>; dirs: string[]; users: string[]; close: () => Promise<void> }> {
  const files = new Map<string, string>();
  const dirs: string[] = [];
  const users: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = url.pathname.replace(/^\/webhdfs\/v1/, '');
      if (url.pathname.startsWith('/data')) {
        files.set(url.searchParams.get('path') ?? '', Buffer.concat(chunks).toString('utf8'));
        response.writeHead(201).end();
        return;
      }
      users.push(url.searchParams.get('user.name') ?? '');
      const op = url.searchParams.get('op');
      if (request.method === 'PUT' && op === 'MKDIRS') {
        dirs.push(path);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"boolean":true}');
      } else if (request.method === 'PUT' && op === 'CREATE') {
        const { port } = server.address() as AddressInfo;
        response.writeHead(307, { location: `http://127.0.0.1:${port}/data?path=${encodeURIComponent(path)}` }).end();
      } else {
        response.writeHead(400).end('{"RemoteException":{"message":"unsupported"}}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `hdfs://127.0.0.1:${port}`, files, dirs, users, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a job writes id,value lines to a local CSV file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-compute-'));
  const { db, graph } = await openModern();
  try {
    const path = join(dir, 'out', 'degree.csv');
    const { values } = await graph.compute('degreeCentrality', {}, { output: { kind: 'file', path } }).result;
    const lines = readFileSync(path, 'utf8').trim().split('\n').sort();
    assert.deepEqual(lines, [...values].map(([id, v]) => `${String(id)},${v}`).sort());
    assert.ok(lines.includes('1,3'), 'marko has three out-edges');
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a job writes its results to HDFS over WebHDFS: one merged file, or one per partition', async () => {
  const hdfs = await webhdfs();
  const { db, graph } = await openModern();
  try {
    const { values } = await graph.compute('wcc', {}, { output: { kind: 'hdfs', url: hdfs.url, user: 'hadoop', pathPrefix: '/results' } }).result;
    assert.deepEqual(hdfs.dirs, ['/results/wcc']);
    assert.ok(hdfs.users.every((u) => u === 'hadoop'));
    const merged = hdfs.files.get('/results/wcc/part-00000') ?? '';
    assert.deepEqual(merged.trim().split('\n').sort(), [...values].map(([id, v]) => `${String(id)}\u001b${String(v)}`).sort());
    await graph.compute('wcc', {}, { workers: 2, output: { kind: 'hdfs', url: hdfs.url, user: 'hadoop', delimiter: '\t', mergePartitions: false } }).result;
    const parts = [...hdfs.files.keys()].filter((k) => k.startsWith('/hugegraph-computer/results/wcc/')).sort();
    assert.deepEqual(parts, ['/hugegraph-computer/results/wcc/part-00000', '/hugegraph-computer/results/wcc/part-00001']);
    assert.equal(parts.map((p) => hdfs.files.get(p)!.trim().split('\n').length).reduce((a, b) => a + b), 6);
    await assert.rejects(graph.compute('wcc', {}, { output: { kind: 'hdfs', url: 'http://127.0.0.1:1', user: 'x' } }).result, (e: Error & { code?: string }) => e.code === 'COMPUTE_OUTPUT');
  } finally {
    await db.close();
    await hdfs.close();
  }
});
