/**
 * The Gremlin Server endpoint against the real `gremlin` npm driver: scripts with bindings in
 * GraphBinary, GraphSON 3 and GraphSON 2, SASL authentication (password, token, failures),
 * permissions as on REST, a 100,000-result request streamed in batches, errors with their
 * status codes, and the endpoint off unless asked for.
 * @module
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import gremlin from 'gremlin';
import { ADMIN_PASSWORD, canonical, startFixture } from './fixture.js';
import type { GremlinFixture } from './fixture.js';
import { startServer } from '../../../src/http/index.js';

const GRAPHSON3 = 'application/vnd.gremlin-v3.0+json';
const GRAPHSON2 = 'application/vnd.gremlin-v2.0+json';

let fixture: GremlinFixture;
before(async () => {
  fixture = await startFixture();
});
after(async () => {
  await fixture.close();
});

async function rest(method: string, path: string, body: unknown, auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`): Promise<{ status: number; json: Record<string, unknown> }> {
  const reply = await fetch(`${fixture.restUrl}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: reply.status, json: (await reply.json()) as Record<string, unknown> };
}

/** The status code of a request that must fail. */
async function failure(work: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await work;
  } catch (error) {
    const e = error as { statusCode?: number; statusMessage?: string; message: string };
    return { code: e.statusCode ?? -1, message: e.statusMessage ?? e.message };
  }
  assert.fail('the request succeeded');
}

for (const [name, mimeType] of [['GraphBinary', undefined], ['GraphSON 3', GRAPHSON3], ['GraphSON 2', GRAPHSON2]] as const) {
  test(`Client.submit runs scripts with bindings in ${name}`, async () => {
    const client = fixture.client(mimeType === undefined ? {} : { mimeType });
    const ages = await client.submit("g.V().has('name', who).values('age')", { who: 'marko' });
    assert.deepEqual(ages.toArray(), [29]);
    const names = await client.submit("g.V().hasLabel(l).order().by('name').values('name')", { l: 'person' });
    assert.deepEqual(names.toArray(), ['josh', 'marko', 'peter', 'vadas']);
    const [vertex] = (await client.submit('g.V(x)', { x: 1 })).toArray();
    assert.equal(vertex.label, 'person');
    assert.deepEqual(vertex.properties.map((p: { key: string; value: unknown }) => [p.key, p.value]).sort(), [['age', 29], ['name', 'marko']]);
    const [edge] = (await client.submit('g.E(7)', {})).toArray();
    assert.deepEqual([edge.label, edge.outV.id, edge.inV.id, canonical(edge.properties)], ['knows', 1, 2, [{ p: ['weight', 0.5] }]]);
    const [path] = (await client.submit("g.V(1).out('created').path().by('name')", {})).toArray();
    assert.deepEqual(canonical(path), { path: ['marko', 'lop'] });
    const [count] = (await client.submit('g.V().count()', {})).toArray();
    assert.equal(count, 6);
    const [groups] = (await client.submit('g.V().groupCount().by(label)', {})).toArray();
    assert.deepEqual(canonical(groups), mimeType === GRAPHSON2 ? { person: 4, software: 2 } : { map: [['person', 4], ['software', 2]] });
  });
}

test('Client.submit in a session keeps variables between scripts', async () => {
  const client = fixture.client({ session: '4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11' });
  await client.submit("x = g.V().has('name', 'josh').values('age').next()", {});
  assert.deepEqual((await client.submit("g.V().has('age', x).values('name')", {})).toArray(), ['josh']);
});

test('A script naming a traversal source by alias runs on its graph', async () => {
  const client = fixture.client({ traversalSource: 'g' });
  const reply = await client.submit('m.V().count()', {}, { aliases: { m: '__g_modern' } } as never);
  assert.deepEqual(reply.toArray(), [6]);
});

test('Errors come back with the protocol status codes and Quiver messages', async () => {
  const client = fixture.client();
  const syntax = await failure(client.submit('g.V(', {}));
  assert.equal(syntax.code, 597);
  const missing = await failure(client.submit('g.V().nosuchstep()', {}));
  assert.equal(missing.code, 597);
  const alias = await failure(client.submit('g.V()', {}, { aliases: { g: '__g_nosuch' } } as never));
  assert.equal(alias.code, 499);
  const g = fixture.remote();
  const lambda = await failure(g.V().map(() => 'it.get().value("name")').toList());
  assert.equal(lambda.code, 499);
  assert.match(lambda.message, /Lambdas are not supported/);
});

test('SASL: a wrong password is 401, a token in the user field with an empty password logs in', async () => {
  const wrong = fixture.client({ authenticator: new gremlin.driver.auth.PlainTextSaslAuthenticator('admin', 'nope') });
  assert.equal((await failure(wrong.submit('g.V().count()', {}))).code, 401);
  const none = fixture.client({ authenticator: undefined });
  const unauthenticated = await failure(none.submit('g.V().count()', {}));
  assert.equal(unauthenticated.code, 407, 'without an authenticator the driver sees the 407 challenge as an error');
  const login = await rest('POST', '/auth/login', { user_name: 'admin', user_password: ADMIN_PASSWORD });
  const token = String(login.json['token']);
  const byToken = { evaluateChallenge: async () => ({ saslMechanism: 'PLAIN', sasl: Buffer.from(`\u0000${token}\u0000`).toString('base64') }) };
  const client = fixture.client({ authenticator: byToken });
  assert.deepEqual((await client.submit('g.V().count()', {})).toArray(), [6]);
  const badToken = { evaluateChallenge: async () => ({ saslMechanism: 'PLAIN', sasl: Buffer.from('\u0000not-a-token\u0000').toString('base64') }) };
  assert.equal((await failure(fixture.client({ authenticator: badToken }).submit('g.V().count()', {}))).code, 401);
});

test('Permissions apply as on REST: a user without EXECUTE is refused with 401', async () => {
  assert.equal((await rest('POST', '/auth/users', { user_name: 'nobody', user_password: 'pw_nobody' })).status, 201);
  const client = fixture.client({ authenticator: new gremlin.driver.auth.PlainTextSaslAuthenticator('nobody', 'pw_nobody') });
  const denied = await failure(client.submit('g.V().count()', {}));
  assert.equal(denied.code, 401);
  assert.match(denied.message, /EXECUTE|denied/i);
});

test('A 100,000-result request streams in batches of batchSize', async () => {
  const client = fixture.client();
  const script = 'g.V().repeat(both()).times(14).limit(100000).id()';
  const stream = client.stream(script, {}, { batchSize: 1000 } as never);
  let batches = 0;
  let results = 0;
  for await (const batch of stream as AsyncIterable<{ length: number }>) {
    batches++;
    results += batch.length;
  }
  assert.equal(results, 100_000);
  assert.equal(batches, 100);
  const g = fixture.remote();
  const ids = await g.V().repeat(gremlin.process.statics.both()).times(14).limit(100_000).id().toList();
  assert.equal(ids.length, 100_000);
});

test('Without --gremlin-port there is no Gremlin Server endpoint', async () => {
  const dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/quiver-no-gremlin-`);
  const server = await startServer({ host: '127.0.0.1', port: 0, data: dir, logLevel: 'silent', adminPassword: ADMIN_PASSWORD });
  try {
    assert.equal(server.gremlinUrl, undefined);
  } finally {
    await server.close();
  }
});
