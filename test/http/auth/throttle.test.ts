/**
 * Failed logins are throttled per user name and per client address, at the login routes and
 * for Basic credentials alike: after the limit a check answers 429 with HugeGraph's error body
 * and a Retry-After, without running scrypt, and a correct login passes again once the window
 * (a short one here) is over.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectOptions } from 'fastify';
import { BASIC, withServer } from '../helpers.js';

const basic = (name: string, password: string): string => `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;

test('a user name is throttled after its failures, at login and for Basic credentials, and lets a correct login through after the window', () =>
  withServer(async (server) => {
    assert.equal((await server.call('POST', '/auth/users', { user_name: 'alice', user_password: 'alice1' })).status, 201);
    assert.equal((await server.call('POST', '/auth/login', { user_name: 'alice', user_password: 'wrong1' })).status, 401);
    assert.equal((await server.call('GET', '/graphspaces', undefined, { authorization: basic('alice', 'wrong2') })).status, 401, 'Basic failures count too');
    assert.equal((await server.call('POST', '/graphs/auth/login', { user_name: 'alice', user_password: 'wrong3' })).status, 401);
    const blocked = await server.call('POST', '/auth/login', { user_name: 'alice', user_password: 'alice1' });
    assert.equal(blocked.status, 429, 'even the right password, while the name is blocked');
    assert.deepEqual(Object.keys(blocked.json), ['exception', 'message', 'cause']);
    assert.equal(blocked.json.exception, 'class jakarta.ws.rs.WebApplicationException');
    assert.match(blocked.json.message, /Too many failed logins/);
    assert.ok(Number(blocked.headers['retry-after']) >= 1, String(blocked.headers['retry-after']));
    assert.equal((await server.call('GET', '/graphspaces', undefined, { authorization: basic('alice', 'alice1') })).status, 429);
    assert.equal((await server.call('GET', '/graphspaces')).status, 200, 'another user is not affected');
    await sleep(6100);
    const again = await server.call('POST', '/auth/login', { user_name: 'alice', user_password: 'alice1' });
    assert.equal(again.status, 200, again.text);
  }, // a window wide enough that three password checks (scrypt, slow on a loaded machine) fall inside it
  { state: { loginThrottle: { perUser: 3, perAddress: 100, windowMs: 6000 } } }));

test('a client address is throttled after its failures across user names; another address is not', () =>
  withServer(async (server) => {
    const from = async (remoteAddress: string, authorization: string): Promise<number> => {
      const request: InjectOptions = { method: 'GET', url: '/graphspaces', remoteAddress, headers: { authorization } };
      return (await server.app.inject(request)).statusCode;
    };
    for (const name of ['nobody1', 'nobody2', 'nobody3', 'admin']) assert.equal(await from('10.1.1.1', basic(name, 'wrong1')), 401);
    assert.equal(await from('10.1.1.1', basic('someone', 'wrong1')), 429);
    assert.equal(await from('10.1.1.1', basic('admin', 'secret1')), 429, 'a password not verified before the block is not checked');
    assert.equal(await from('10.2.2.2', basic('admin', 'secret1')), 200, 'another address');
    assert.equal(await from('10.1.1.1', BASIC), 200, 'a credential verified within the last minute passes without a check');
    assert.equal(await from('::ffff:10.1.1.1', basic('x_user', 'wrong1')), 429, 'an IPv4-mapped address is the IPv4 address');
  }, { state: { loginThrottle: { perUser: 100, perAddress: 4, windowMs: 60_000 } } }));
