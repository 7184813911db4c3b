/**
 * The variables API (HugeGraph's VariablesAPI) over REST: both path families, HugeGraph's bodies
 * and errors, exact longs, access control through grants, graph clear and drop, and a restart.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testServer, withServer } from './helpers.js';
import type { TestServer } from './helpers.js';

const LEGACY = '/graphs/hugegraph/variables';
const SPACE = '/graphspaces/DEFAULT/graphs/hugegraph/variables';
const GRAPHS = '/graphspaces/DEFAULT/graphs';

async function ok(server: TestServer, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<any> {
  const reply = await server.call(method, url, body, headers);
  assert.ok(reply.status < 300, `${method} ${url}: ${reply.status} ${reply.text}`);
  return reply.json;
}

test('variables: PUT {"data": value} answers {key: value}; GET one, GET all and DELETE in both families, as HugeGraph', () =>
  withServer(async (server) => {
    assert.deepEqual(await ok(server, 'GET', LEGACY), {});
    assert.deepEqual(await ok(server, 'PUT', `${LEGACY}/owner`, { data: 'ops' }), { owner: 'ops' });
    assert.deepEqual(await ok(server, 'PUT', `${SPACE}/limits`, { data: [10, 20] }), { limits: [10, 20] });
    assert.deepEqual(await ok(server, 'PUT', `${SPACE}/on`, { data: true }), { on: true });
    const long = await server.call('PUT', `${LEGACY}/long`, '{"data":1190728523124310016}', { 'content-type': 'application/json' });
    assert.equal(long.text, '{"long":1190728523124310016}', 'a long beyond 2^53 stays exact');
    assert.deepEqual(await ok(server, 'GET', `${SPACE}/owner`), { owner: 'ops' });
    assert.equal((await server.call('GET', SPACE)).text, '{"owner":"ops","limits":[10,20],"on":true,"long":1190728523124310016}');
    assert.deepEqual(await ok(server, 'PUT', `${SPACE}/owner`, { data: 'dev' }), { owner: 'dev' });
    const deleted = await server.call('DELETE', `${LEGACY}/owner`, undefined, { 'content-type': 'application/json' });
    assert.equal(deleted.status, 204);
    assert.equal((await server.call('DELETE', `${LEGACY}/owner`)).status, 204, 'deleting a variable that is not set is 204 too');
    const missing = await server.call('GET', `${SPACE}/owner`);
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.json, { exception: 'class jakarta.ws.rs.NotFoundException', message: "Variable 'owner' does not exist", cause: '' });
    assert.equal((await server.call('GET', '/graphs/nograph/variables')).status, 404, 'an unknown graph');
  }));

test('variables: a value HugeGraph cannot hold is 400 with its error body, and nothing is set', () =>
  withServer(async (server) => {
    for (const [body, message] of [
      [{}, /^The variable value can't be empty$/],
      [{ data: null }, /^The variable value can't be empty$/],
      [{ data: { a: 1 } }, /^Graph variable value \[object\] is of type object is not supported$/],
      [{ data: [1, 'a'] }, /is not supported/],
      [{ data: [[1]] }, /is not supported/],
    ] as const) {
      const reply = await server.call('PUT', `${LEGACY}/bad`, body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.equal(reply.json.exception, 'class java.lang.IllegalArgumentException');
      assert.match(reply.json.message, message);
    }
    const big = await server.call('PUT', `${LEGACY}/bad`, '{"data":99999999999999999999}', { 'content-type': 'application/json' });
    assert.equal(big.status, 400, 'a number beyond Java\'s long range');
    assert.deepEqual(await ok(server, 'GET', LEGACY), {});
  }));

test('variables: READ on VAR reads, WRITE on VAR sets, DELETE on VAR removes; a user without them gets 403', () =>
  withServer(async (server) => {
    await ok(server, 'PUT', `${LEGACY}/owner`, { data: 'ops' });
    await ok(server, 'POST', '/auth/users', { user_name: 'var_user', user_password: 'pw_var1' });
    const as = { authorization: `Bearer ${(await ok(server, 'POST', '/auth/login', { user_name: 'var_user', user_password: 'pw_var1' })).token as string}` };
    await ok(server, 'POST', '/graphs/auth/groups', { group_name: 'vars' });
    await ok(server, 'POST', '/graphs/auth/targets', { target_name: 'vars', target_graph: 'hugegraph', target_resources: [{ type: 'VAR', label: '*', properties: null }] });
    await ok(server, 'POST', '/graphs/auth/belongs', { user: 'var_user', group: 'vars' });
    const denied = await server.call('GET', `${LEGACY}/owner`, undefined, as);
    assert.equal(denied.status, 403);
    assert.equal(denied.json.message, 'Permission denied: the request needs READ on VAR');
    await ok(server, 'POST', '/graphs/auth/accesses', { group: 'vars', target: 'vars', access_permission: 'READ' });
    assert.deepEqual(await ok(server, 'GET', `${SPACE}/owner`, undefined, as), { owner: 'ops' });
    assert.deepEqual(await ok(server, 'GET', LEGACY, undefined, as), { owner: 'ops' });
    assert.equal((await server.call('PUT', `${LEGACY}/owner`, { data: 'x' }, as)).status, 403);
    await ok(server, 'POST', '/graphs/auth/accesses', { group: 'vars', target: 'vars', access_permission: 'WRITE' });
    assert.deepEqual(await ok(server, 'PUT', `${LEGACY}/owner`, { data: 'x' }, as), { owner: 'x' });
    assert.equal((await server.call('DELETE', `${LEGACY}/owner`, undefined, as)).status, 403);
    await ok(server, 'POST', '/graphs/auth/accesses', { group: 'vars', target: 'vars', access_permission: 'DELETE' });
    assert.equal((await server.call('DELETE', `${LEGACY}/owner`, undefined, as)).status, 204);
    assert.deepEqual(await ok(server, 'GET', LEGACY), {});
  }));

test('variables: cleared with the graph data (with and without the schema) and gone with a dropped graph', () =>
  withServer(async (server) => {
    await ok(server, 'POST', `${GRAPHS}/vg`, { backend: 'hstore', serializer: 'binary', store: 'vg' });
    await ok(server, 'PUT', `${GRAPHS}/vg/variables/a`, { data: 1 });
    await ok(server, 'PUT', `${GRAPHS}/vg`, { action: 'clear', clear_schema: false });
    assert.deepEqual(await ok(server, 'GET', `${GRAPHS}/vg/variables`), {}, 'clear without the schema');
    await ok(server, 'PUT', `${GRAPHS}/vg/variables/a`, { data: 1 });
    await ok(server, 'DELETE', `/graphs/vg/clear?confirm_message=${encodeURIComponent("I'm sure to delete all data")}`);
    assert.deepEqual(await ok(server, 'GET', '/graphs/vg/variables'), {}, 'clear with the schema');
    await ok(server, 'PUT', `${GRAPHS}/vg/variables/a`, { data: 1 });
    await ok(server, 'DELETE', `${GRAPHS}/vg?confirm_message=${encodeURIComponent("I'm sure to drop the graph")}`);
    await ok(server, 'POST', `${GRAPHS}/vg`, { backend: 'hstore', serializer: 'binary', store: 'vg' });
    assert.deepEqual(await ok(server, 'GET', `${GRAPHS}/vg/variables`), {}, 'a graph made again under the same name starts without variables');
  }));

test('variables: a durable server keeps them across a restart', async () => {
  const path = mkdtempSync(join(tmpdir(), 'quiver-rest-variables-'));
  try {
    let server = await testServer({ path });
    await ok(server, 'PUT', `${LEGACY}/owner`, { data: 'ops' });
    await ok(server, 'PUT', `${SPACE}/ids`, { data: [1190728523124310016n.toString()] });
    await server.close();
    server = await testServer({ path });
    try {
      assert.deepEqual(await ok(server, 'GET', LEGACY), { owner: 'ops', ids: ['1190728523124310016'] });
    } finally {
      await server.close();
    }
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
});
