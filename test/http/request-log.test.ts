import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { openServerState } from '../../src/index.js';
import { buildApp } from '../../src/http/index.js';
import { BASIC, ADMIN_PASSWORD } from './helpers.js';

function collector(): { lines: Array<Record<string, unknown>>; logStream: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { lines, logStream };
}

async function logLines(level: string, options: { readonly slowRequestMs?: number; readonly requests?: ReadonlyArray<{ url: string; headers: Record<string, string>; status: number }> } = {}): Promise<Array<Record<string, unknown>>> {
  const { lines, logStream } = collector();
  const { state } = await openServerState({ adminPassword: ADMIN_PASSWORD });
  const app = await buildApp({ state, logLevel: level, logStream, ...(options.slowRequestMs === undefined ? {} : { slowRequestMs: options.slowRequestMs }) });
  const requests = options.requests ?? [
    { url: '/graphspaces', headers: { authorization: BASIC }, status: 200 },
    { url: '/graphspaces/nope', headers: { authorization: BASIC }, status: 404 },
  ];
  try {
    for (const r of requests) assert.equal((await app.inject({ method: 'GET', url: r.url, headers: r.headers })).statusCode, r.status);
  } finally {
    await app.close();
    await state.close();
  }
  return lines.filter((l) => l.reqId !== undefined);
}

test('at info, a fast successful request writes no log line; a rejected one writes one', async () => {
  const lines = await logLines('info');
  assert.deepEqual(lines.map((l) => l.msg), ['request rejected']);
  assert.equal(lines[0]!.status, 404);
});

test('at debug, every request writes one completion line with method, url, status and time', async () => {
  // A first request on a loaded machine can pass the default slow-request threshold, which
  // logs it as "slow request" instead: the threshold is out of this test's way.
  const lines = await logLines('debug', { slowRequestMs: 600_000 });
  const completed = lines.filter((l) => l.msg === 'request completed');
  assert.deepEqual(completed.map((l) => [l.method, l.url, l.statusCode]), [['GET', '/graphspaces', 200], ['GET', '/graphspaces/nope', 404]]);
  assert.ok(completed.every((l) => typeof l.responseTime === 'number'));
  assert.ok(!lines.some((l) => l.msg === 'incoming request'), 'one line per request, not two');
});

test('a rejected request is logged with the request id its x-request-id header gives', async () => {
  const lines = await logLines('info', {
    requests: [
      { url: '/graphspaces/nope', headers: { authorization: BASIC, 'x-request-id': 'client-42' }, status: 404 },
      { url: '/graphspaces', headers: { 'x-request-id': 'client-43' }, status: 401 },
    ],
  });
  assert.deepEqual(lines.map((l) => [l.msg, l.reqId, l.status]), [['request rejected', 'client-42', 404], ['request rejected', 'client-43', 401]]);
});

test('requests without x-request-id get distinct generated ids in their log lines', async () => {
  const nope = { url: '/graphspaces/nope', headers: { authorization: BASIC }, status: 404 };
  const lines = await logLines('info', { requests: [nope, nope] });
  assert.equal(lines.length, 2);
  assert.equal(typeof lines[0]!.reqId, 'string');
  assert.notEqual(lines[0]!.reqId, lines[1]!.reqId);
});

test('at info, a request slower than slowRequestMs writes a slow request line with its request id', async () => {
  const lines = await logLines('info', { slowRequestMs: 0, requests: [{ url: '/graphspaces', headers: { authorization: BASIC, 'x-request-id': 'slow-1' }, status: 200 }] });
  assert.deepEqual(lines.map((l) => [l.msg, l.reqId, l.method, l.url, l.statusCode, l.level]), [['slow request', 'slow-1', 'GET', '/graphspaces', 200, 30]]);
});

test('at warn, neither slow requests nor rejections write a line', async () => {
  const lines = await logLines('warn', { slowRequestMs: 0 });
  assert.deepEqual(lines, []);
});
