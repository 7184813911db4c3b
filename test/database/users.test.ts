/**
 * The user registry below HTTP: remembered password checks and their invalidation, token
 * expiry and revocation by password change and deletion, the token lifetime cap, the login
 * throttle's window, the migration of an older users document (secret moved to its own 0600
 * file, tokens still valid), and user records with their rules.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateFile, UserRegistry, formatTimestamp, hashPassword, LimitError, PermissionError, ArgumentError } from '../../src/index.js';
import type { Identity, UsersDocument, LoginThrottleSettings } from '../../src/index.js';

async function registry(options: { directory?: string; loginThrottle?: LoginThrottleSettings; tokenMaxLifetimeSeconds?: number } = {}): Promise<{ file: StateFile<UsersDocument>; users: UserRegistry; admin: Identity }> {
  const file = await StateFile.open<UsersDocument>(options.directory === undefined ? undefined : join(options.directory, 'users.json'), { users: [] });
  const users = await UserRegistry.open(file, options);
  await users.ensureAdmin('secret1', formatTimestamp(new Date(0)));
  const admin = await users.checkPassword('admin', 'secret1');
  assert.ok(admin !== undefined);
  return { file, users, admin };
}

/** An HS256 JWT made by hand, as older Quiver versions signed them. */
function handSigned(secret: Buffer, claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

test('a verified password is remembered for the synchronous path; a wrong one never is', async () => {
  const { users } = await registry();
  assert.equal(users.rememberedPassword('admin', 'wrong'), undefined);
  assert.equal(await users.checkPassword('admin', 'wrong'), undefined);
  assert.equal(users.rememberedPassword('admin', 'wrong'), undefined, 'a failure is not remembered');
  assert.equal(users.rememberedPassword('admin', 'secret1')?.user_name, 'admin', 'the success of registry() is remembered');
  assert.equal(await users.checkPassword('nobody', 'secret1'), undefined);
  assert.equal(users.rememberedPassword('nobody', 'secret1'), undefined);
});

test('changing the stored password invalidates the remembered verification', async () => {
  const { file, users } = await registry();
  assert.equal(users.rememberedPassword('admin', 'secret1')?.user_name, 'admin');
  const doc = file.value;
  const hash = await hashPassword('secret2');
  await file.save({ ...doc, users: doc.users.map((u) => ({ ...u, password_hash: hash })) });
  assert.equal(users.rememberedPassword('admin', 'secret1'), undefined);
  assert.equal(await users.checkPassword('admin', 'secret1'), undefined, 'the old password no longer works');
  assert.equal((await users.checkPassword('admin', 'secret2'))?.user_name, 'admin');
});

test('a remembered token still expires at its own exp, not at the end of the cache lifetime', async (t) => {
  const { users, admin } = await registry();
  const token = users.issueToken(admin, 5);
  assert.equal(users.checkToken(token)?.user_name, 'admin');
  assert.equal(users.checkToken(token)?.user_name, 'admin', 'the remembered check answers the same');
  const now = Date.now();
  t.mock.method(Date, 'now', () => now + 6_000);
  assert.equal(users.checkToken(token), undefined, 'expired although checked 6 s ago and the cache keeps 60 s');
});

test('a login asks for a lifetime; the server caps it', async () => {
  const { users } = await registry({ tokenMaxLifetimeSeconds: 600 });
  const claims = (token: string): { iat: number; exp: number } => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };
  const short = claims((await users.login('admin', 'secret1', 60))!);
  const long = claims((await users.login('admin', 'secret1', 86_400))!);
  const fallback = claims((await users.login('admin', 'secret1', undefined))!);
  const now = Math.floor(Date.now() / 1000);
  assert.ok(short.exp - now <= 60 && short.exp - now >= 58, `${short.exp - now}`);
  assert.ok(long.exp - now <= 600 && long.exp - now >= 598, `capped: ${long.exp - now}`);
  assert.ok(fallback.exp - now <= 600 && fallback.exp - now >= 598);
});

test('a token is refused once its user is gone, and after the user is created again', async () => {
  const { users, admin } = await registry();
  await users.create({ user_name: 'alice_1', user_password: 'alicepw1' }, 'graphspace', admin);
  const token = (await users.login('alice_1', 'alicepw1', 3600))!;
  const alice = users.checkToken(token);
  assert.deepEqual(alice, { user_name: 'alice_1', user_id: 'alice_1', admin: false });
  assert.equal(users.checkToken(token), alice, 'the resolved identity is reused');
  assert.ok(Object.isFrozen(alice));
  await users.remove('alice_1', 'graphspace', admin);
  assert.equal(users.checkToken(token), undefined, 'deleted');
  await users.create({ user_name: 'alice_1', user_password: 'alicepw1' }, 'graphspace', admin);
  assert.equal(users.checkToken(token), undefined, 'a user of the same name is another user');
  assert.equal(users.checkToken(`${token}x`), undefined);
});

test('a password change revokes every token of the user at once; a new login works; the same password revokes nothing', async () => {
  const { users, admin } = await registry();
  await users.create({ user_name: 'bob_1', user_password: 'bobpw1' }, 'graphspace', admin);
  const bob = (await users.checkPassword('bob_1', 'bobpw1'))!;
  const first = (await users.login('bob_1', 'bobpw1', 3600))!;
  const second = (await users.login('bob_1', 'bobpw1', 3600))!;
  await users.update('bob_1', { user_name: 'bob_1', user_password: 'bobpw1', user_email: 'b@x' }, 'graphspace', bob);
  assert.equal(users.checkToken(first)?.user_name, 'bob_1', 'same password: nothing revoked');
  await users.update('bob_1', { user_name: 'bob_1', user_password: 'bobpw2' }, 'graphspace', bob);
  assert.equal(users.checkToken(first), undefined);
  assert.equal(users.checkToken(second), undefined);
  assert.equal(users.rememberedPassword('bob_1', 'bobpw1'), undefined);
  const fresh = (await users.login('bob_1', 'bobpw2', 3600))!;
  assert.equal(users.checkToken(fresh)?.user_name, 'bob_1', 'a token issued right after the change is accepted');
  assert.equal(users.get('bob_1', 'graphspace', admin).user_email, 'b@x', 'an optional field left out keeps its value');
});

test('logout revokes one token; the user\'s other tokens stay valid', async () => {
  const { users, admin } = await registry();
  const one = users.issueToken(admin, 3600);
  const two = users.issueToken(admin, 3600);
  assert.equal(await users.logout(one), true);
  assert.equal(users.checkToken(one), undefined);
  assert.equal(users.checkToken(two)?.user_name, 'admin');
  assert.equal(await users.logout('garbage'), false);
});

test('failed checks are throttled per user name and per address, and the window ends', async (t) => {
  const { users } = await registry({ loginThrottle: { perUser: 3, perAddress: 5, windowMs: 10_000 } });
  for (let i = 0; i < 3; i++) assert.equal(await users.checkPassword('admin', `wrong${i}`, { address: '10.0.0.1' }), undefined);
  await assert.rejects(users.checkPassword('admin', 'secret1', { address: '10.0.0.2' }), (e: unknown) => e instanceof LimitError && e.code === 'LOGIN_THROTTLED');
  // Another name from the first address still has two failures left, then the address is spent.
  for (let i = 0; i < 2; i++) assert.equal(await users.checkPassword('nobody', `wrong${i}`, { address: '10.0.0.1' }), undefined);
  await assert.rejects(users.checkPassword('other', 'x', { address: '10.0.0.1' }), LimitError);
  assert.equal(users.rememberedPassword('admin', 'secret1')?.user_name, 'admin', 'a credential verified before the block is still accepted');
  const now = Date.now();
  t.mock.method(Date, 'now', () => now + 10_001);
  assert.equal((await users.checkPassword('admin', 'secret1', { address: '10.0.0.1' }))?.user_name, 'admin', 'after the window');
});

test('checks in flight together cannot pass the limit: each counts as a failure when it starts, a success takes it back', async () => {
  const { users } = await registry({ loginThrottle: { perUser: 3, perAddress: 0 } });
  const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => users.checkPassword('admin', `wrong${i}`)));
  assert.deepEqual(outcomes.map((o) => o.status), ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
  const { users: other } = await registry({ loginThrottle: { perUser: 2, perAddress: 0 } });
  for (let i = 0; i < 5; i++) assert.equal((await other.checkPassword('admin', 'secret1'))?.user_name, 'admin', 'successes never count');
});

test('user records: rules, ids of each family, masking, timestamps and permissions', async () => {
  const { users, admin } = await registry();
  const carol = await users.create({ user_name: 'carol', user_password: 'c_pass!', user_phone: '13812345678', user_email: 'c@x.org' }, 'graphspace', admin);
  assert.equal(carol.id, 'carol');
  assert.equal(carol.user_phone, '138****5678');
  assert.match(carol.user_create, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  assert.match(carol.user_password, /^scrypt\$/);
  const legacy = users.get('carol', 'legacy', admin);
  assert.match(legacy.id, /^\d+:carol$/);
  assert.equal(legacy.user_phone, '13812345678');
  assert.match(legacy.user_create, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
  assert.equal(users.get(legacy.id, 'legacy', admin).user_name, 'carol', 'legacy id form');
  assert.equal(users.get('carol', 'legacy', admin).id, legacy.id, 'a name on the legacy path');
  await assert.rejects(users.create({ user_name: 'carol', user_password: 'c_pass!' }, 'graphspace', admin), /has existed/);
  await assert.rejects(users.create({ user_name: 'x', user_password: 'abcdef' }, 'graphspace', admin), (e: unknown) => e instanceof ArgumentError && e.code === 'INVALID_FIELD');
  await assert.rejects(users.create({ user_name: 'dave_1', user_password: 'a|bcdef' }, 'graphspace', admin), /user_password/, '| is not in the graph-space set');
  await assert.rejects(users.create({ user_name: 'dave_1', user_password: 'a_bcdef' }, 'legacy', admin), /user_password/, '_ is not in the legacy set');
  const who = (await users.checkPassword('carol', 'c_pass!'))!;
  await assert.rejects(users.create({ user_name: 'erin1', user_password: 'abcdef' }, 'graphspace', who), (e: unknown) => e instanceof PermissionError && e.code === 'PERMISSION_DENIED');
  assert.throws(() => users.get('admin', 'graphspace', who), PermissionError);
  assert.throws(() => users.get('nosuchuser', 'graphspace', who), PermissionError, 'unknown ids are refused alike');
  assert.deepEqual(users.list('graphspace', who).map((u) => u.user_name), ['carol']);
  assert.deepEqual(users.list('graphspace', admin).map((u) => u.user_name), ['admin', 'carol']);
  assert.deepEqual(users.list('graphspace', admin, 1).map((u) => u.user_name), ['admin']);
  await assert.rejects(users.remove('admin', 'graphspace', admin), (e: unknown) => e instanceof ArgumentError && e.code === 'ADMIN_USER');
});

test('an older users document: the token secret moves to its own 0600 file, the admin becomes a record, old tokens stay valid', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-users-'));
  const server = join(dir, 'server');
  mkdirSync(server);
  const secret = Buffer.alloc(32, 7);
  const hash = await hashPassword('secret1');
  writeFileSync(join(server, 'users.json'), JSON.stringify({
    token_secret: secret.toString('base64'),
    users: [{ id: 'admin', user_name: 'admin', password_hash: hash, admin: true, create_time: '2025-01-02 03:04:05.678' }],
  }));
  const old = handSigned(secret, { user_name: 'admin', user_id: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 });
  const file = await StateFile.open<UsersDocument>(join(server, 'users.json'), { users: [] });
  const users = await UserRegistry.open(file, { directory: server });
  await users.flush();
  const secretFile = join(server, 'token-secret');
  assert.equal(statSync(secretFile).mode & 0o777, 0o600);
  assert.deepEqual(Buffer.from(readFileSync(secretFile, 'utf8').trim(), 'base64'), secret);
  const doc = JSON.parse(readFileSync(join(server, 'users.json'), 'utf8')) as UsersDocument & { users: Array<Record<string, unknown>> };
  assert.equal(doc.token_secret, undefined, 'the secret left users.json');
  assert.equal(doc.users[0]!.user_create, '2025-01-02 03:04:05.678');
  assert.equal(doc.users[0]!.number, 1);
  assert.equal(users.checkToken(old)?.user_name, 'admin', 'a token of the older version is still valid');
  assert.equal(await users.logout(old), true, 'and can be logged out (revoked by its signature)');
  assert.equal(users.checkToken(old), undefined);
  assert.ok(existsSync(join(server, 'revoked-tokens.json')));
});
