/**
 * Password checks do not hold the event loop: while a batch of wrong Basic passwords is being
 * checked (scrypt on libuv's thread pool), a request with a valid token sent after the server
 * has received the whole batch is answered before the batch has been answered. With scrypt on
 * the main thread, the server could not even receive the token request before every wrong
 * password had been checked. No clock is read: only the order of the answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testServer } from '../helpers.js';

const WRONG = 8;

test('a token request is answered while wrong Basic passwords are still being checked', async () => {
  const server = await testServer({ state: { loginThrottle: { perUser: 0, perAddress: 0 } } });
  try {
    const token = ((await server.call('POST', '/auth/login', { user_name: 'admin', user_password: 'secret1' })).json as { token: string }).token;
    const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
    let received = 0;
    let allReceived: () => void = () => undefined;
    const batchReceived = new Promise<void>((resolve) => (allReceived = resolve));
    // Listens beside fastify's own handler, after it: runs once fastify's onRequest hook has begun.
    server.app.server.on('request', (request: { headers: Record<string, string | string[] | undefined> }) => {
      if (String(request.headers.authorization).startsWith('Basic ') && ++received === WRONG) allReceived();
    });
    const order: string[] = [];
    const wrong = Array.from({ length: WRONG }, async (_, i) => {
      const res = await fetch(`${url}/graphspaces`, { headers: { authorization: `Basic ${Buffer.from(`admin:wrong-${i}`).toString('base64')}` } });
      await res.arrayBuffer();
      order.push(`wrong ${res.status}`);
    });
    await batchReceived;
    const res = await fetch(`${url}/graphspaces`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    order.push('token');
    const answeredBefore = order.length - 1;
    await Promise.all(wrong);
    assert.equal(order.length, WRONG + 1);
    assert.ok(answeredBefore < WRONG, `the token request was answered after ${answeredBefore} of ${WRONG} wrong passwords: ${order.join()}`);
    assert.equal(order.filter((entry) => entry === 'wrong 401').length, WRONG);
  } finally {
    await server.close();
  }
});
