import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, QuiverError } from '../../src/index.js';
import type { VariableValue } from '../../src/index.js';
import { rejection, rule } from './access/people.js';

async function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-variables-'));
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('graph.variables sets, gets, lists and removes values of the kinds HugeGraph keeps (TinkerPop Graph.Variables)', async () => {
  const db = await open({ ttlSweepMs: 0 });
  try {
    const graph = await db.createGraph('g');
    const v = graph.variables;
    assert.deepEqual(await v.keys(), []);
    assert.equal(await v.get('owner'), undefined);
    await v.set('owner', 'ops');
    await v.set('count', 3);
    await v.set('ratio', 0.5);
    await v.set('on', true);
    await v.set('big', 2n ** 62n);
    await v.set('tags', ['a', 'b']);
    await v.set('empty', []);
    await v.set('__proto__', 'a key like any other');
    assert.equal(await v.get('owner'), 'ops');
    assert.equal(await v.get('big'), 2n ** 62n);
    assert.deepEqual(await v.get('tags'), ['a', 'b']);
    assert.deepEqual(await v.keys(), ['owner', 'count', 'ratio', 'on', 'big', 'tags', 'empty', '__proto__']);
    const all = await v.asMap();
    assert.deepEqual(Object.keys(all), ['owner', 'count', 'ratio', 'on', 'big', 'tags', 'empty', '__proto__']);
    assert.equal(Object.getPrototypeOf(all), Object.prototype, "'__proto__' is an own key, not the prototype");
    assert.equal(all['__proto__'], 'a key like any other');
    await v.set('owner', 'dev');
    assert.equal(await v.get('owner'), 'dev', 'set replaces');
    await v.remove('owner');
    await v.remove('owner');
    assert.equal(await v.get('owner'), undefined);
    await v.clear();
    assert.deepEqual(await v.asMap(), {});
  } finally {
    await db.close();
  }
});

test('graph.variables refuses what HugeGraph cannot store, with TinkerPop messages, and changes nothing', async () => {
  const db = await open({ ttlSweepMs: 0 });
  try {
    const v = (await db.createGraph('g')).variables;
    const refused = async (call: Promise<unknown>, code: string, message: RegExp): Promise<void> => {
      const error = await rejection(call, code);
      assert.match(error.message, message);
    };
    await refused(v.set('', 1), 'INVALID_VARIABLE', /^Graph variable key can not be the empty string$/);
    await refused(v.set(null as unknown as string, 1), 'INVALID_VARIABLE', /^Graph variable key can not be null$/);
    await refused(v.set('k', null as unknown as VariableValue), 'INVALID_VARIABLE', /^Graph variable value can not be null$/);
    await refused(v.set('k', { a: 1 } as unknown as VariableValue), 'INVALID_VARIABLE', /^Graph variable value \[object\] is of type object is not supported$/);
    await refused(v.set('k', [1, 'a']), 'INVALID_VARIABLE', /is not supported/);
    await refused(v.set('k', [[1]] as unknown as VariableValue), 'INVALID_VARIABLE', /is not supported/);
    await refused(v.set('k', Number.NaN), 'INVALID_VARIABLE', /is not supported/);
    await refused(v.set('k', 2n ** 63n), 'INVALID_VARIABLE', /is not supported/);
    await refused(v.set('k', 'x'.repeat(1024 * 1024 + 1)), 'VARIABLE_TOO_LARGE', /1048576 characters/);
    await refused(v.set('é'.repeat(8193), 1), 'VARIABLE_TOO_LARGE', /16384 bytes/);
    await refused(v.get(''), 'INVALID_VARIABLE', /empty string/);
    assert.deepEqual(await v.asMap(), {});
    await v.set('k', [1, 2n ** 60n, 2.5]);
    assert.deepEqual(await v.get('k'), [1, 2n ** 60n, 2.5], 'numbers and longs are one kind');
  } finally {
    await db.close();
  }
});

test('graph.variables of a policy handle: READ, WRITE and DELETE on VAR, as HugeGraph\'s VariablesProxy', async () => {
  const db = await open({ ttlSweepMs: 0 });
  try {
    const graph = await db.createGraph('g');
    await graph.variables.set('owner', 'ops');
    const reader = graph.withPolicy({ grants: { READ: [rule('VAR')] } }).variables;
    assert.equal(await reader.get('owner'), 'ops');
    assert.deepEqual(await reader.asMap(), { owner: 'ops' });
    const denied = await rejection(reader.set('owner', 'x'), 'PERMISSION_DENIED');
    assert.equal(denied.message, 'Permission denied: the request needs WRITE on VAR');
    await rejection(reader.remove('owner'), 'PERMISSION_DENIED');
    const none = graph.withPolicy({ grants: { READ: [rule('VERTEX')] } }).variables;
    assert.equal((await rejection(none.get('owner'), 'PERMISSION_DENIED')).message, 'Permission denied: the request needs READ on VAR');
    await rejection(none.keys(), 'PERMISSION_DENIED');
    const writer = graph.withPolicy({ grants: { WRITE: [rule('ALL')] } }).variables;
    await writer.set('owner', 'dev');
    await rejection(writer.get('owner'), 'PERMISSION_DENIED');
    await rejection(writer.clear(), 'PERMISSION_DENIED');
    const deleter = graph.withPolicy({ grants: { DELETE: [rule('VAR')] } }).variables;
    await deleter.remove('owner');
    assert.deepEqual(await graph.variables.asMap(), {});
  } finally {
    await db.close();
  }
});

test('graph.variables are durable: through the WAL, through a snapshot, and cleared with the graph data', async () => {
  await withDir(async (dir) => {
    let db = await open({ path: dir, ttlSweepMs: 0 });
    let graph = await db.createGraph('g');
    await graph.variables.set('a', 1);
    await graph.variables.set('long', -(2n ** 63n));
    await graph.variables.set('list', ['x', 'y']);
    await db.close();
    db = await open({ path: dir, ttlSweepMs: 0 });
    graph = db.graph('g');
    assert.deepEqual(await graph.variables.asMap(), { a: 1, long: -(2n ** 63n), list: ['x', 'y'] }, 'replayed from the log after a close');
    await graph.snapshot();
    await graph.variables.remove('a');
    await graph.variables.set('b', true);
    await db.close();
    db = await open({ path: dir, ttlSweepMs: 0 });
    graph = db.graph('g');
    assert.ok((db.recovery.get('g')?.snapshot) !== undefined, 'recovered from the snapshot');
    assert.deepEqual(await graph.variables.asMap(), { long: -(2n ** 63n), list: ['x', 'y'], b: true }, 'snapshot plus the records after it');
    await graph.variables.clear();
    await db.close();
    db = await open({ path: dir, ttlSweepMs: 0 });
    assert.deepEqual(await db.graph('g').variables.asMap(), {});
    assert.ok(readdirSync(join(dir, 'graphs', 'g')).every((f) => ['config.json', 'wal', 'snapshots'].includes(f)), 'no side file');
    await db.close();
  });
});

test('graph.variables on a closed graph is StorageError GRAPH_CLOSED', async () => {
  const db = await open({ ttlSweepMs: 0 });
  const graph = await db.createGraph('g');
  const variables = graph.variables;
  await db.close();
  const error = await variables.get('a').then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof QuiverError && error.code === 'GRAPH_CLOSED', String(error));
});
