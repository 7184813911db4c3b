import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { openServerState } from '../../src/index.js';
import { buildApp } from '../../src/http/index.js';
import { BASIC, ADMIN_PASSWORD } from './helpers.js';

async function logLines(level: string): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const { state } = await openServerState({ adminPassword: ADMIN_PASSWORD });
  const app = await buildApp({ state, logLevel: level, logStream });
  try {
    assert.equal((await app.inject({ method: 'GET', url: '/graphspaces', headers: { authorization: BASIC } })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/graphspaces/nope', headers: { authorization: BASIC } })).statusCode, 404);
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
  const lines = await logLines('debug');
  const completed = lines.filter((l) => l.msg === 'request completed');
  assert.deepEqual(completed.map((l) => [l.method, l.url, l.statusCode]), [['GET', '/graphspaces', 200], ['GET', '/graphspaces/nope', 404]]);
  assert.ok(completed.every((l) => typeof l.responseTime === 'number'));
  assert.ok(!lines.some((l) => l.msg === 'incoming request'), 'one line per request, not two');
});
