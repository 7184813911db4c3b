/**
 * Tokens over HTTP: a logout (every logout path), a password change and a user's deletion
 * revoke at once; HugeGraph's 401 challenges (`WWW-Authenticate`); and, on a live `quiver serve`
 * child, revocations, users and tokens that survive a SIGKILL and a graceful restart, with an
 * audit log that kept every event and no password.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_PASSWORD, startLiveServer } from '../../../bench/server/live-server.js';
import type { LiveServer } from '../../../bench/server/live-server.js';
import { withServer } from '../helpers.js';
import type { TestServer } from '../helpers.js';

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
const basic = (name: string, password: string): { authorization: string } => ({ authorization: `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}` });

async function login(server: TestServer, name: string, password: string, path = '/auth/login'): Promise<string> {
  const res = await server.call('POST', path, { user_name: name, user_password: password, token_expire: 3600 });
  assert.equal(res.status, 200, res.text);
  return res.json.token as string;
}

test('every logout path revokes its token at once; the other tokens stay valid; a logout needs a Bearer token', () =>
  withServer(async (server) => {
    for (const path of ['/auth/logout', '/graphs/auth/logout', '/graphs/hugegraph/auth/logout']) {
      const token = await login(server, 'admin', 'secret1');
      const kept = await login(server, 'admin', 'secret1');
      assert.equal((await server.call('GET', '/auth/verify', undefined, bearer(token))).status, 200);
      assert.equal((await server.call('DELETE', path, undefined, bearer(token))).status, 204, path);
      const after = await server.call('GET', '/auth/verify', undefined, bearer(token));
      assert.equal(after.status, 401, path);
      assert.equal(after.headers['www-authenticate'], 'Incorrect username or password');
      assert.equal((await server.call('GET', '/auth/verify', undefined, bearer(kept))).status, 200, `${path}: another token of the user`);
    }
    const res = await server.call('DELETE', '/auth/logout');
    assert.equal(res.status, 400, 'Basic credentials name no token to end');
    assert.equal(res.json.exception, 'class jakarta.ws.rs.BadRequestException');
  }));

test('a password change and a deletion revoke every token of the user at once', () =>
  withServer(async (server) => {
    assert.equal((await server.call('POST', '/auth/users', { user_name: 'alice', user_password: 'alice1' })).status, 201);
    assert.equal((await server.call('POST', '/auth/users', { user_name: 'bob_1', user_password: 'bobpw1' })).status, 201);
    const a1 = await login(server, 'alice', 'alice1');
    const a2 = await login(server, 'alice', 'alice1', '/graphs/auth/login');
    const changed = await server.call('PUT', '/auth/users/alice', { user_name: 'alice', user_password: 'alice2' }, bearer(a1));
    assert.equal(changed.status, 200, changed.text);
    for (const token of [a1, a2]) assert.equal((await server.call('GET', '/auth/verify', undefined, bearer(token))).status, 401);
    assert.equal((await server.call('GET', '/auth/verify', undefined, basic('alice', 'alice1'))).status, 401, 'the old password');
    const a3 = await login(server, 'alice', 'alice2');
    assert.equal((await server.call('GET', '/auth/verify', undefined, bearer(a3))).json.user_name, 'alice');
    const b1 = await login(server, 'bob_1', 'bobpw1');
    assert.equal((await server.call('DELETE', '/auth/users/bob_1')).status, 204);
    assert.equal((await server.call('GET', '/auth/verify', undefined, bearer(b1))).status, 401);
    assert.equal((await server.call('POST', '/auth/users', { user_name: 'bob_1', user_password: 'bobpw1' })).status, 201);
    assert.equal((await server.call('GET', '/auth/verify', undefined, bearer(b1))).status, 401, 'a new user of the same name does not take the old tokens');
  }));

test("HugeGraph's 401 challenges, and a token with alg none", () =>
  withServer(async (server) => {
    const missing = await server.call('GET', '/graphspaces', undefined, { authorization: '' });
    assert.equal(missing.status, 401);
    assert.equal(missing.headers['www-authenticate'], 'Missing authentication credentials');
    const wrong = await server.call('GET', '/graphspaces', undefined, basic('admin', 'wrong1'));
    assert.equal(wrong.headers['www-authenticate'], 'Incorrect username or password');
    const token = await login(server, 'admin', 'secret1');
    const [, payload] = token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    assert.equal((await server.call('GET', '/graphspaces', undefined, bearer(none))).status, 401);
    assert.equal((await server.call('GET', '/graphspaces', undefined, bearer(token))).status, 200);
  }));

/** Status of GET /auth/verify with a header, on a live server. */
async function verify(server: LiveServer, authorization: string): Promise<number> {
  return (await fetch(`${server.url}/auth/verify`, { headers: { authorization } })).status;
}

async function liveLogin(server: LiveServer, name: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { ...basic(name, password), 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: name, user_password: password, token_expire: 3600 }),
  });
  assert.equal(res.status, 200);
  return `Bearer ${((await res.json()) as { token: string }).token}`;
}

test('revocations, users and tokens survive a SIGKILL and a graceful restart of quiver serve; the audit log keeps every event and no password', async () => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-revocation-'));
  let server = await startLiveServer(data);
  try {
    const kept = server.auth;
    const out = await liveLogin(server, 'admin', LIVE_PASSWORD);
    assert.equal((await server.request('POST', '/auth/users', { user_name: 'alice', user_password: 'alice1', user_phone: '13812345678' })).status, 201);
    assert.equal((await server.request('POST', '/graphs/auth/users', { user_name: 'carol', user_password: 'carol1' })).status, 201);
    const alice = await liveLogin(server, 'alice', 'alice1');
    const carol = await liveLogin(server, 'carol', 'carol1');
    assert.equal((await fetch(`${server.url}/auth/logout`, { method: 'DELETE', headers: { authorization: out } })).status, 204);
    assert.equal((await server.request('PUT', '/auth/users/alice', { user_name: 'alice', user_password: 'alice2' })).status, 200);
    assert.equal((await server.request('DELETE', '/auth/users/carol')).status, 204);
    assert.equal(await verify(server, basic('alice', 'wrong1').authorization), 401);
    // Each answer above came after its change was durable: kill at once.
    await server.kill('SIGKILL');

    server = await startLiveServer(data);
    const check = async (): Promise<void> => {
      assert.equal(await verify(server, kept), 200, 'a token survives: the secret is the data directory\'s');
      assert.equal(await verify(server, out), 401, 'logged out');
      assert.equal(await verify(server, alice), 401, 'revoked by the password change');
      assert.equal(await verify(server, carol), 401, 'revoked by the deletion');
      assert.equal(await verify(server, basic('alice', 'alice2').authorization), 200);
      const users = await server.request('GET', '/auth/users');
      assert.deepEqual(users.json.users.map((u: { user_name: string }) => u.user_name), ['admin', 'alice']);
      assert.equal(users.json.users[1].user_phone, '138****5678');
    };
    await check();
    await server.kill('SIGTERM');
    server = await startLiveServer(data);
    await check();

    const files = readdirSync(join(data, 'audit')).filter((name) => /^audit\..+\.log$/.test(name));
    const audit = files.map((name) => readFileSync(join(data, 'audit', name), 'utf8')).join('');
    const events = audit.trim().split('\n').map((line) => JSON.parse(line) as { event: string; user_name?: string; address?: string });
    const kinds = new Set(events.map((e) => e.event));
    for (const kind of ['login', 'login.failed', 'logout', 'user.create', 'user.update', 'user.delete', 'tokens.revoked']) assert.ok(kinds.has(kind), `${kind} in ${[...kinds].join()}`);
    const failed = events.find((e) => e.event === 'login.failed');
    assert.equal(failed?.user_name, 'alice');
    assert.equal(failed?.address, '127.0.0.1');
    for (const secret of ['alice1', 'alice2', 'carol1', 'wrong1', LIVE_PASSWORD]) assert.ok(!audit.includes(secret), `no ${secret} in the audit log`);
  } finally {
    await server.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
});
