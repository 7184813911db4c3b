import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { StateFile, UserRegistry, hashPassword } from '../../src/database/index.js';
import type { UsersDocument } from '../../src/database/index.js';

async function registry(): Promise<{ file: StateFile<UsersDocument>; users: UserRegistry }> {
  const file = await StateFile.open<UsersDocument>(undefined, { token_secret: '', users: [] });
  const users = new UserRegistry(file);
  await users.ensureAdmin('secret1', new Date(0).toISOString());
  return { file, users };
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

test('a verified password is remembered: the repeat check skips scrypt', async () => {
  const { users } = await registry();
  const first = timed(() => users.checkPassword('admin', 'secret1'));
  assert.equal(first.value?.user_name, 'admin');
  const again = timed(() => users.checkPassword('admin', 'secret1'));
  assert.equal(again.value?.user_name, 'admin');
  assert.ok(again.ms * 5 < first.ms, `cached check ${again.ms} ms vs scrypt ${first.ms} ms`);
});

test('wrong passwords are rejected before and after a right one, and never remembered', async () => {
  const { users } = await registry();
  assert.equal(users.checkPassword('admin', 'wrong'), undefined);
  assert.equal(users.checkPassword('admin', 'secret1')?.user_name, 'admin');
  assert.equal(users.checkPassword('admin', 'wrong'), undefined);
  assert.equal(users.checkPassword('admin', 'secret1x'), undefined);
  assert.equal(users.checkPassword('nobody', 'secret1'), undefined);
  const repeatWrong = timed(() => users.checkPassword('admin', 'wrong'));
  assert.equal(repeatWrong.value, undefined);
  const cached = timed(() => users.checkPassword('admin', 'secret1'));
  assert.ok(cached.ms * 5 < repeatWrong.ms, `a failure is verified again (${repeatWrong.ms} ms) rather than remembered`);
});

test('changing the stored password invalidates the remembered verification', async () => {
  const { file, users } = await registry();
  assert.equal(users.checkPassword('admin', 'secret1')?.user_name, 'admin');
  const doc = file.value;
  await file.save({ ...doc, users: doc.users.map((u) => ({ ...u, password_hash: hashPassword('secret2') })) });
  assert.equal(users.checkPassword('admin', 'secret1'), undefined, 'the old password no longer works');
  assert.equal(users.checkPassword('admin', 'secret2')?.user_name, 'admin');
});

test('a remembered token still expires at its own exp, not at the end of the cache lifetime', async (t) => {
  const { users } = await registry();
  const who = users.checkPassword('admin', 'secret1')!;
  const token = users.issueToken(who, 5);
  assert.equal(users.checkToken(token)?.user_name, 'admin');
  assert.equal(users.checkToken(token)?.user_name, 'admin', 'the remembered check answers the same');
  const now = Date.now();
  t.mock.method(Date, 'now', () => now + 6_000);
  assert.equal(users.checkToken(token), undefined, 'expired although checked 6 s ago and the cache keeps 60 s');
});

test('a remembered token is rejected once its user is gone or the signing secret changes; a tampered one never passes', async () => {
  const { file, users } = await registry();
  const token = users.issueToken(users.checkPassword('admin', 'secret1')!, 3600);
  assert.equal(users.checkToken(token)?.user_name, 'admin');
  assert.equal(users.checkToken(`${token}x`), undefined);
  assert.equal(users.checkToken(token.slice(0, -1)), undefined);
  const doc = file.value;
  await file.save({ ...doc, token_secret: Buffer.alloc(32, 7).toString('base64') });
  assert.equal(users.checkToken(token), undefined, 'signed with the old secret');
  await file.save(doc);
  assert.equal(users.checkToken(token)?.user_name, 'admin');
  await file.save({ ...doc, users: [] });
  assert.equal(users.checkToken(token), undefined, 'the user no longer exists');
});

test('a remembered token answers the same identity until the users document changes, then reads the changed user', async () => {
  const { file, users } = await registry();
  const token = users.issueToken(users.checkPassword('admin', 'secret1')!, 3600);
  const first = users.checkToken(token);
  assert.deepEqual(first, { user_name: 'admin', user_id: file.value.users[0]!.id, admin: true });
  assert.equal(users.checkToken(token), first, 'the resolved identity is reused');
  assert.ok(Object.isFrozen(first));
  const doc = file.value;
  await file.save({ ...doc, users: doc.users.map((u) => ({ ...u, admin: false })) });
  assert.equal(users.checkToken(token)?.admin, false, 'a changed user is read afresh');
  await file.save(doc);
  assert.equal(users.checkToken(token)?.admin, true);
});
