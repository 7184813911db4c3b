/**
 * User routes of both families (spec Part A §4.5 at /auth/users, §4.8 at /graphs/auth/users and
 * HugeGraph 1.x's /graphs/{graph}/auth/users): record shapes, id forms, phone masking,
 * timestamps, the input rules (400), who may do what (403, with a message that names nothing the
 * caller cannot see), and unknown ids (404 on read, 400 "Invalid user id" on update and delete).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServer } from '../helpers.js';

const basic = (name: string, password: string): Record<string, string> => ({ authorization: `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}` });
const FORBIDDEN = 'class jakarta.ws.rs.ForbiddenException';
const IAE = 'class java.lang.IllegalArgumentException';
const SECONDS = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const MILLIS = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;

test('the graph-space family: create, read, list, update and delete, with ids equal to names, masked phones and second timestamps', () =>
  withServer(async (server) => {
    const created = await server.call('POST', '/auth/users', { user_name: 'alice', user_password: 'alice_1!', user_phone: '13812345678', user_email: 'a@x.org' });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(Object.keys(created.json).sort(), ['id', 'user_create', 'user_creator', 'user_email', 'user_name', 'user_password', 'user_phone', 'user_update']);
    assert.equal(created.json.id, 'alice');
    assert.equal(created.json.user_phone, '138****5678');
    assert.equal(created.json.user_creator, 'admin');
    assert.match(created.json.user_password, /^scrypt\$16384\$8\$1\$/, 'the hash, never the password');
    assert.match(created.json.user_create, SECONDS);
    const read = await server.call('GET', '/auth/users/alice');
    assert.equal(read.status, 200);
    assert.deepEqual(read.json, created.json, 'a single user is the record itself');
    const list = await server.call('GET', '/auth/users');
    assert.deepEqual(list.json.users.map((u: { id: string }) => u.id), ['admin', 'alice']);
    assert.deepEqual((await server.call('GET', '/auth/users?limit=1')).json.users.map((u: { id: string }) => u.id), ['admin']);
    const updated = await server.call('PUT', '/auth/users/alice', { user_name: 'alice', user_password: 'alice_1!', user_description: 'analyst' });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.json.user_description, 'analyst');
    assert.equal(updated.json.user_phone, '138****5678', 'a field left out keeps its value');
    assert.equal((await server.call('DELETE', '/auth/users/alice')).status, 204);
    assert.equal((await server.call('GET', '/auth/users/alice')).status, 404);
  }));

test('the legacy family: <number>:<name> ids (names accepted too), the plain phone, millisecond timestamps, and the /graphs/{graph}/auth path of HugeGraph 1.x', () =>
  withServer(async (server) => {
    const created = await server.call('POST', '/graphs/auth/users', { user_name: 'bob_1', user_password: 'bob|pass', user_phone: '13812345678' });
    assert.equal(created.status, 201, created.text);
    assert.match(created.json.id, /^\d+:bob_1$/);
    assert.equal(created.json.user_phone, '13812345678');
    assert.match(created.json.user_create, MILLIS);
    const id = encodeURIComponent(created.json.id as string);
    const read = await server.call('GET', `/graphs/auth/users/${id}`);
    assert.equal(read.status, 200);
    assert.equal(read.json.user_name, 'bob_1', "a single user is the record itself, as hugegraph-client's UserAPI.get reads it");
    assert.equal(read.json.users, undefined);
    assert.equal((await server.call('GET', '/graphs/auth/users/bob_1')).json.id, created.json.id, 'a name on a legacy path');
    assert.equal((await server.call('GET', `/graphs/hugegraph/auth/users/${id}`)).json.id, created.json.id);
    const listed = await server.call('GET', '/graphs/hugegraph/auth/users?limit=5');
    assert.deepEqual(listed.json.users.map((u: { user_name: string }) => u.user_name), ['admin', 'bob_1']);
    assert.match(listed.json.users[0].id, /^\d+:admin$/);
    assert.equal((await server.call('GET', '/auth/users/bob_1')).json.user_phone, '138****5678', 'the same user, masked in the graph-space family');
    assert.equal((await server.call('GET', `/graphs/auth/users/999:bob_1`)).status, 404, 'a number that is not the user\'s');
    assert.equal((await server.call('DELETE', `/graphs/auth/users/${id}`)).status, 204);
  }));

test('input rules: name and password shapes per family, required fields, unknown fields, and user_name is fixed (400)', () =>
  withServer(async (server) => {
    const rejects = async (method: string, url: string, body: unknown, message: RegExp): Promise<void> => {
      const res = await server.call(method, url, body);
      assert.equal(res.status, 400, `${method} ${url} ${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.json.message, message);
    };
    await rejects('POST', '/auth/users', { user_name: 'abcd', user_password: 'abcde' }, /user_name/);
    await rejects('POST', '/auth/users', { user_name: 'a'.repeat(17), user_password: 'abcde' }, /user_name/);
    await rejects('POST', '/auth/users', { user_name: 'bad-name', user_password: 'abcde' }, /user_name/);
    await rejects('POST', '/auth/users', { user_name: 'carol', user_password: 'abcd' }, /user_password/);
    await rejects('POST', '/auth/users', { user_name: 'carol', user_password: 'a'.repeat(17) }, /user_password/);
    await rejects('POST', '/auth/users', { user_name: 'carol', user_password: 'abc|de' }, /user_password/);
    await rejects('POST', '/graphs/auth/users', { user_name: 'carol', user_password: 'abc_de' }, /user_password/);
    await rejects('POST', '/auth/users', { user_name: 'carol' }, /required: user_password/);
    await rejects('POST', '/auth/users', { user_password: 'abcde' }, /required: user_name/);
    await rejects('POST', '/auth/users', { user_name: 'carol', user_password: 'abcde', admin: true }, /Invalid user field 'admin'/);
    const secret = await server.call('POST', '/auth/users', { user_name: 'carol', user_password: 'abc de' });
    assert.equal(secret.status, 400);
    assert.ok(!secret.text.includes('abc de'), 'the password is never echoed');
    assert.equal((await server.call('POST', '/auth/users', { user_name: 'carol', user_password: 'abc_de' })).status, 201, '_ is in the graph-space set');
    assert.equal((await server.call('POST', '/graphs/auth/users', { user_name: 'dave_1', user_password: 'abc|de', user_email: null })).status, 201, '| is in the legacy set; null is absent');
    const taken = await server.call('POST', '/auth/users', { user_name: 'carol', user_password: 'abc_de' });
    assert.equal(taken.status, 400);
    assert.match(taken.json.message, /has existed/);
    await rejects('PUT', '/auth/users/carol', { user_name: 'carol2', user_password: 'abc_de' }, /cannot be changed/);
    await rejects('PUT', '/auth/users/carol', { user_name: 'carol' }, /^Expect one of user password\/phone\/email\/avatar$/);
    await rejects('PUT', '/auth/users/carol', { user_name: 'carol', user_description: 'only a description' }, /^Expect one of user password\/phone\/email\/avatar$/);
    // HugeGraph's UserAPI.update (what pyhugegraph's modify_user relies on): every field it was not given is null.
    const modified = await server.call('PUT', '/auth/users/carol', { user_name: null, user_password: null, user_phone: null, user_email: 'carol@x' });
    assert.equal(modified.status, 200, modified.text);
    assert.equal(modified.json.user_email, 'carol@x');
    assert.equal((await server.call('POST', '/auth/login', { user_name: 'carol', user_password: 'abc_de' })).status, 200, 'the password is kept');
    const noAdmin = await server.call('POST', '/auth/users', { user_name: 'admin', user_password: 'abcde' });
    assert.equal(noAdmin.status, 400, '`admin` has five characters, and exists');
  }));

test('unknown ids: 404 on read, 400 "Invalid user id" on update and delete', () =>
  withServer(async (server) => {
    const read = await server.call('GET', '/auth/users/nobody_x');
    assert.equal(read.status, 404);
    assert.equal(read.json.exception, 'class org.apache.hugegraph.exception.NotFoundException');
    for (const [method, url, body] of [
      ['PUT', '/auth/users/nobody_x', { user_name: 'nobody_x', user_password: 'abcde' }],
      ['DELETE', '/auth/users/nobody_x', undefined],
      ['DELETE', '/graphs/auth/users/7:nobody_x', undefined],
    ] as const) {
      const res = await server.call(method, url, body);
      assert.equal(res.status, 400, `${method} ${url}`);
      assert.equal(res.json.exception, IAE);
      assert.equal(res.json.message, `Invalid user id: ${decodeURIComponent(url.slice(url.lastIndexOf('/') + 1))}`);
    }
  }));

test('permissions: only admin creates and deletes users and reads or changes admin; another user sees and changes only itself (403)', () =>
  withServer(async (server) => {
    assert.equal((await server.call('POST', '/auth/users', { user_name: 'alice', user_password: 'alice1' })).status, 201);
    assert.equal((await server.call('POST', '/auth/users', { user_name: 'bob_1', user_password: 'bobpw1' })).status, 201);
    const alice = basic('alice', 'alice1');
    const denied = async (method: string, url: string, body?: unknown): Promise<string> => {
      const res = await server.call(method, url, body, alice);
      assert.equal(res.status, 403, `${method} ${url}: ${res.text}`);
      assert.equal(res.json.exception, FORBIDDEN);
      assert.match(res.json.message, /^Permission denied: /);
      return res.json.message as string;
    };
    await denied('POST', '/auth/users', { user_name: 'mallory', user_password: 'abcde' });
    await denied('DELETE', '/auth/users/bob_1');
    await denied('DELETE', '/auth/users/alice');
    const other = await denied('GET', '/auth/users/bob_1');
    assert.equal(await denied('GET', '/auth/users/nobody_x'), other, 'an unknown id is refused with the same words as an existing one');
    assert.ok(!other.includes('bob_1'));
    await denied('GET', '/auth/users/admin');
    await denied('GET', '/graphs/auth/users/1:admin');
    await denied('PUT', '/auth/users/admin', { user_name: 'admin', user_password: 'taken1' });
    await denied('PUT', '/auth/users/bob_1', { user_name: 'bob_1', user_password: 'taken1' });
    const listed = await server.call('GET', '/auth/users', undefined, alice);
    assert.deepEqual(listed.json.users.map((u: { user_name: string }) => u.user_name), ['alice'], 'a user lists only itself');
    assert.equal((await server.call('GET', '/auth/users/alice', undefined, alice)).status, 200);
    const self = await server.call('PUT', '/auth/users/alice', { user_name: 'alice', user_password: 'alice1', user_email: 'a@x' }, alice);
    assert.equal(self.status, 200, self.text);
    const escalate = await server.call('PUT', '/auth/users/alice', { user_name: 'alice', user_password: 'alice1', admin: true }, alice);
    assert.equal(escalate.status, 400, 'no field makes a user admin');
    assert.equal((await server.call('GET', '/auth/users', undefined, alice)).json.users.length, 1);
    assert.equal((await server.call('PUT', '/auth/users/bob_1', { user_name: 'bob_1', user_password: 'bobpw2' })).status, 200, 'admin changes anyone');
    const deleteAdmin = await server.call('DELETE', '/auth/users/admin');
    assert.equal(deleteAdmin.status, 400);
    assert.match(deleteAdmin.json.message, /cannot be deleted/);
  }));
