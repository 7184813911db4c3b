/**
 * Forged tokens are refused, as a fast-check property over a registry on a data directory
 * (whose secret the test reads, to sign with it where a forgery needs the real key): a wrong
 * signature, `alg: none`, another HMAC algorithm with the real key, an expired token, claims
 * edited under a kept signature, a token of another data directory's secret, and garbage text.
 * A genuine token of each run is accepted, so a registry that refused everything would fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { StateFile, UserRegistry, formatTimestamp } from '../../src/index.js';
import type { UsersDocument } from '../../src/index.js';

const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function signed(secret: Buffer, header: Record<string, unknown>, claims: Record<string, unknown>, hmac = 'sha256'): string {
  const body = `${part(header)}.${part(claims)}`;
  return `${body}.${createHmac(hmac, secret).update(body).digest('base64url')}`;
}

async function openRegistry(): Promise<{ users: UserRegistry; secret: Buffer }> {
  const dir = join(mkdtempSync(join(tmpdir(), 'quiver-tokens-')), 'server');
  const file = await StateFile.open<UsersDocument>(join(dir, 'users.json'), { users: [] });
  const users = await UserRegistry.open(file, { directory: dir });
  await users.ensureAdmin('secret1', formatTimestamp());
  return { users, secret: Buffer.from(readFileSync(join(dir, 'token-secret'), 'utf8').trim(), 'base64') };
}

test('forged tokens are refused: wrong signature, alg none, other algorithms, expired, edited claims, another secret, garbage', async () => {
  const { users, secret } = await openRegistry();
  const admin = (await users.checkPassword('admin', 'secret1'))!;
  const genuine = users.issueToken(admin, 3600);
  assert.equal(users.checkToken(genuine)?.user_name, 'admin', 'the control: a genuine token passes');
  const [header, payload, signature] = genuine.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);

  const forged = fc.oneof(
    // A signature that is not the one of this header and payload.
    fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 0, maxLength: 64 })
      .filter((s) => s !== signature)
      .map((s) => `${header}.${payload}.${s}`),
    // alg none, with or without a signature part.
    fc.constantFrom('none', 'None', 'NONE').chain((alg) => fc.constantFrom('', signature, 'x').map((sig) => `${part({ alg, typ: 'JWT' })}.${payload}.${sig}`)),
    // Another algorithm, signed with the real key.
    fc.constantFrom(['HS384', 'sha384'], ['HS512', 'sha512']).map(([alg, hmac]) => signed(secret, { alg, typ: 'JWT' }, claims, hmac)),
    // Expired, signed with the real key and algorithm.
    fc.integer({ min: 1, max: 10 * 365 * 86400 }).map((ago) => signed(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, exp: now - ago })),
    // Claims edited, the signature kept.
    fc.record({ user_name: fc.constantFrom('admin', 'root', 'alice'), exp: fc.integer({ min: now + 1, max: now + 10 * 365 * 86400 }), jti: fc.string({ maxLength: 24 }) })
      .map((edit) => ({ ...claims, ...edit }))
      .filter((edited) => part(edited) !== payload)
      .map((edited) => `${header}.${part(edited)}.${signature}`),
    // A token of another data directory: its own random secret, valid claims.
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map((key) => signed(Buffer.from(key), { alg: 'HS256', typ: 'JWT' }, claims)),
    // Garbage.
    fc.string({ maxLength: 200 }),
    fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((p) => p.join('.')),
  );
  fc.assert(
    fc.property(forged, (token) => {
      assert.equal(users.checkToken(token), undefined, token);
    }),
    { numRuns: 400 },
  );
  assert.equal(users.checkToken(genuine)?.user_name, 'admin', 'the genuine token still passes after the forgeries');
  assert.equal(users.checkToken(signed(randomBytes(32), { alg: 'HS256' }, claims)), undefined);
});
