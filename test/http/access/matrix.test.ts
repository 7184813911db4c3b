/**
 * The access matrix of issue 21: endpoints of every group of the server against eleven callers,
 * each cell the status the call must answer. The callers are made through the REST API itself
 * (users, groups, targets, belongs, accesses, login and logout), as an operator would.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, spaceBody, graphBody, testServer } from '../helpers.js';
import type { TestServer } from '../helpers.js';

type Caller = 'anonymous' | 'wrongPassword' | 'expiredToken' | 'revokedToken' | 'noGrants' | 'reader' | 'writer' | 'adultsReader' | 'otherSpaceAdmin' | 'spaceAdmin' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'wrongPassword', 'expiredToken', 'revokedToken', 'noGrants', 'reader', 'writer', 'adultsReader', 'otherSpaceAdmin', 'spaceAdmin', 'admin'];

const G = '/graphs/hugegraph';
const marko = encodeURIComponent(JSON.stringify('1:marko'));
const lop = encodeURIComponent(JSON.stringify('2:lop'));

/**
 * One row: a call and its status per caller, in {@link CALLERS} order. Calls that change data
 * use names of their own per caller, so that the order of the cells does not matter.
 */
interface Row {
  readonly name: string;
  readonly call: (who: Caller) => { method: string; url: string; body?: unknown };
  readonly expect: readonly number[];
}

const AUTH_FAIL = [401, 401, 401, 401] as const;

const ROWS: readonly Row[] = [
  { name: 'GET /versions', call: () => ({ method: 'GET', url: '/versions' }), expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { name: 'GET /graphs', call: () => ({ method: 'GET', url: '/graphs' }), expect: [...AUTH_FAIL, 200, 200, 200, 200, 200, 200, 200] },
  { name: 'GET vertex marko (age 29)', call: () => ({ method: 'GET', url: `${G}/graph/vertices/${marko}` }), expect: [...AUTH_FAIL, 404, 200, 200, 404, 404, 200, 200] },
  { name: 'GET vertex lop (software)', call: () => ({ method: 'GET', url: `${G}/graph/vertices/${lop}` }), expect: [...AUTH_FAIL, 404, 200, 200, 404, 404, 200, 200] },
  { name: 'GET vertex list', call: () => ({ method: 'GET', url: `${G}/graph/vertices?limit=10` }), expect: [...AUTH_FAIL, 200, 200, 200, 200, 200, 200, 200] },
  { name: 'GET edge list', call: () => ({ method: 'GET', url: `${G}/graph/edges?limit=10` }), expect: [...AUTH_FAIL, 200, 200, 200, 200, 200, 200, 200] },
  {
    name: 'POST vertex',
    call: (who) => ({ method: 'POST', url: `${G}/graph/vertices`, body: { label: 'person', properties: { name: `new_${who}`, age: 40 } } }),
    expect: [...AUTH_FAIL, 403, 403, 201, 403, 403, 201, 201],
  },
  // A hidden source is refused as a missing one is (400, "does not exist").
  { name: 'GET kout from marko', call: () => ({ method: 'GET', url: `${G}/traversers/kout?source=${marko}&max_depth=1` }), expect: [...AUTH_FAIL, 400, 200, 200, 400, 400, 200, 200] },
  { name: 'GET schema', call: () => ({ method: 'GET', url: `${G}/schema` }), expect: [...AUTH_FAIL, 200, 200, 200, 200, 200, 200, 200] },
  {
    name: 'POST property key',
    call: (who) => ({ method: 'POST', url: `${G}/schema/propertykeys`, body: { name: `key_${who}`, data_type: 'TEXT', cardinality: 'SINGLE' } }),
    expect: [...AUTH_FAIL, 403, 403, 202, 403, 403, 202, 202],
  },
  { name: 'POST /gremlin', call: () => ({ method: 'POST', url: '/gremlin', body: { gremlin: 'hugegraph.traversal().V().count()' } }), expect: [...AUTH_FAIL, 403, 403, 200, 403, 403, 200, 200] },
  { name: 'GET graph conf', call: () => ({ method: 'GET', url: `${G}/conf` }), expect: [...AUTH_FAIL, 403, 403, 403, 403, 403, 200, 200] },
  { name: 'PUT graph mode', call: () => ({ method: 'PUT', url: `${G}/mode`, body: 'NONE' }), expect: [...AUTH_FAIL, 403, 403, 403, 403, 403, 200, 200] },
  { name: 'GET tasks', call: () => ({ method: 'GET', url: `${G}/tasks` }), expect: [...AUTH_FAIL, 200, 200, 200, 200, 200, 200, 200] },
  { name: 'GET groups (legacy)', call: () => ({ method: 'GET', url: '/graphs/auth/groups' }), expect: [...AUTH_FAIL, 403, 403, 403, 403, 403, 200, 200] },
  { name: 'GET groups of gs2', call: () => ({ method: 'GET', url: '/graphspaces/gs2/auth/groups' }), expect: [...AUTH_FAIL, 403, 403, 403, 403, 200, 403, 200] },
  {
    name: 'POST group (legacy)',
    call: (who) => ({ method: 'POST', url: '/graphs/auth/groups', body: { group_name: `g_${who}` } }),
    expect: [...AUTH_FAIL, 403, 403, 403, 403, 403, 201, 201],
  },
  {
    name: 'POST user',
    call: (who) => ({ method: 'POST', url: '/auth/users', body: { user_name: `u_${who}`.slice(0, 16), user_password: 'pass_123' } }),
    expect: [...AUTH_FAIL, 403, 403, 403, 403, 403, 403, 201],
  },
  { name: 'GET admin user', call: () => ({ method: 'GET', url: '/auth/users/admin' }), expect: [...AUTH_FAIL, 403, 403, 403, 403, 403, 403, 200] },
  {
    name: 'POST graph space',
    call: (who) => ({ method: 'POST', url: '/graphspaces', body: spaceBody(`sp_${who}`.toLowerCase().slice(0, 40)) }),
    expect: [...AUTH_FAIL, 403, 403, 403, 403, 403, 403, 201],
  },
  { name: 'GET /auth/verify', call: () => ({ method: 'GET', url: '/auth/verify' }), expect: [...AUTH_FAIL, 200, 200, 200, 200, 200, 200, 200] },
];

const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function ok(server: TestServer, method: string, url: string, body?: unknown): Promise<any> {
  const reply = await server.call(method, url, body);
  assert.ok(reply.status < 300, `${method} ${url}: ${reply.status} ${reply.text}`);
  return reply.json;
}

async function login(server: TestServer, user: string, expire?: number): Promise<string> {
  const reply = await server.call('POST', '/auth/login', { user_name: user, user_password: `pw_${user}`, ...(expire === undefined ? {} : { token_expire: expire }) });
  assert.equal(reply.status, 200, reply.text);
  return reply.json.token as string;
}

/** Users, groups and grants as an operator would make them, and each caller's Authorization header. */
async function callers(server: TestServer): Promise<Record<Caller, string | undefined>> {
  await ok(server, 'POST', '/graphspaces', spaceBody('gs2', { auth: true }));
  await ok(server, 'POST', '/graphspaces/gs2/graphs/g2', graphBody('g2'));
  for (const user of ['nogrants', 'reader', 'writer', 'adults', 'otheradmin', 'spaceadmin', 'expired', 'revoked']) {
    await ok(server, 'POST', '/auth/users', { user_name: user, user_password: `pw_${user}` });
  }
  const grant = async (prefix: string, group: string, user: string, target: string, graph: string, resources: unknown[], permissions: string[]): Promise<void> => {
    await ok(server, 'POST', `${prefix}/groups`, { group_name: group });
    await ok(server, 'POST', `${prefix}/targets`, { target_name: target, target_graph: graph, target_url: '', target_resources: resources });
    await ok(server, 'POST', `${prefix}/belongs`, { user: prefix === '/graphs/auth' ? `-63:${user}` : user, group: prefix === '/graphs/auth' ? `-69:${group}` : group });
    for (const p of permissions) {
      await ok(server, 'POST', `${prefix}/accesses`, { group: prefix === '/graphs/auth' ? `-69:${group}` : group, target: prefix === '/graphs/auth' ? `-77:${target}` : target, access_permission: p });
    }
  };
  const all = [{ type: 'ALL' }];
  await grant('/graphs/auth', 'readers', 'reader', 'everything', 'hugegraph', all, ['READ']);
  await grant('/graphs/auth', 'writers', 'writer', 'everything_w', 'hugegraph', all, ['READ', 'WRITE', 'DELETE', 'EXECUTE']);
  await grant('/graphs/auth', 'adults', 'adults', 'adult_people', 'hugegraph', [{ type: 'VERTEX', label: 'person', properties: { age: 'P.gte(30)' } }, { type: 'SCHEMA' }], ['READ']);
  await grant('/graphs/auth', 'admins', 'spaceadmin', 'space_target', 'hugegraph', [], ['SPACE']);
  await grant('/graphspaces/gs2/auth', 'admins2', 'otheradmin', 'space_target2', 'g2', [], ['SPACE']);
  const expired = await login(server, 'expired', 1);
  const revoked = await login(server, 'revoked');
  assert.equal((await server.call('DELETE', '/auth/logout', undefined, { authorization: `Bearer ${revoked}` })).status, 204);
  await new Promise((r) => setTimeout(r, 2_100));
  const bearer = async (user: string): Promise<string> => `Bearer ${await login(server, user)}`;
  return {
    anonymous: undefined,
    wrongPassword: 'rotating',
    expiredToken: `Bearer ${expired}`,
    revokedToken: `Bearer ${revoked}`,
    noGrants: await bearer('nogrants'),
    reader: await bearer('reader'),
    writer: basic('writer', 'pw_writer'),
    adultsReader: await bearer('adults'),
    otherSpaceAdmin: await bearer('otheradmin'),
    spaceAdmin: basic('spaceadmin', 'pw_spaceadmin'),
    admin: basic('admin', ADMIN_PASSWORD),
  };
}

test('every endpoint group answers each caller as the access matrix says', async () => {
  const server = await testServer();
  try {
    await ok(server, 'POST', `${G}/schema/propertykeys`, { name: 'name', data_type: 'TEXT', cardinality: 'SINGLE' });
    await ok(server, 'POST', `${G}/schema/propertykeys`, { name: 'age', data_type: 'INT', cardinality: 'SINGLE' });
    await ok(server, 'POST', `${G}/schema/vertexlabels`, { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], properties: ['name', 'age'], nullable_keys: ['age'] });
    await ok(server, 'POST', `${G}/schema/vertexlabels`, { name: 'software', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], properties: ['name'] });
    await ok(server, 'POST', `${G}/schema/edgelabels`, { name: 'created', source_label: 'person', target_label: 'software', properties: [] });
    for (const [name, age] of [['marko', 29], ['josh', 32], ['peter', 35]] as const) await ok(server, 'POST', `${G}/graph/vertices`, { label: 'person', properties: { name, age } });
    await ok(server, 'POST', `${G}/graph/vertices`, { label: 'software', properties: { name: 'lop' } });
    await ok(server, 'POST', `${G}/graph/edges`, { label: 'created', outV: '1:marko', inV: '2:lop', outVLabel: 'person', inVLabel: 'software', properties: {} });
    const headers = await callers(server);
    const failures: string[] = [];
    for (const row of ROWS) {
      assert.equal(row.expect.length, CALLERS.length, row.name);
      for (const [i, who] of CALLERS.entries()) {
        const { method, url, body } = row.call(who);
        // Wrong passwords rotate over three users, below the per-user throttle of failed logins.
        const authorization = who === 'wrongPassword' ? basic(['reader', 'writer', 'nogrants'][ROWS.indexOf(row) % 3]!, 'not_the_pw') : headers[who];
        const reply = await server.call(method, url, body, authorization === undefined ? { authorization: '' } : { authorization });
        if (reply.status !== row.expect[i]) failures.push(`${row.name} as ${who}: ${reply.status} (expected ${row.expect[i]}) ${reply.text.slice(0, 160)}`);
        if (reply.status === 403) assert.match(reply.text, /ForbiddenException/, `${row.name} as ${who}: a denial has HugeGraph's body`);
      }
    }
    assert.deepEqual(failures, []);
  } finally {
    await server.close();
  }
});

test('a property-restricted reader sees exactly the granted vertices in lists, kout and g.V()', async () => {
  const server = await testServer();
  try {
    await ok(server, 'POST', `${G}/schema/propertykeys`, { name: 'name', data_type: 'TEXT', cardinality: 'SINGLE' });
    await ok(server, 'POST', `${G}/schema/propertykeys`, { name: 'age', data_type: 'INT', cardinality: 'SINGLE' });
    await ok(server, 'POST', `${G}/schema/vertexlabels`, { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], properties: ['name', 'age'] });
    await ok(server, 'POST', `${G}/schema/edgelabels`, { name: 'knows', source_label: 'person', target_label: 'person', properties: [] });
    for (const [name, age] of [['marko', 29], ['josh', 32], ['peter', 35], ['kid', 12]] as const) await ok(server, 'POST', `${G}/graph/vertices`, { label: 'person', properties: { name, age } });
    for (const to of ['josh', 'peter', 'kid']) await ok(server, 'POST', `${G}/graph/edges`, { label: 'knows', outV: '1:josh', inV: `1:${to === 'josh' ? 'marko' : to}`, outVLabel: 'person', inVLabel: 'person', properties: {} });
    await ok(server, 'POST', '/auth/users', { user_name: 'adults', user_password: 'pw_adults' });
    await ok(server, 'POST', '/graphs/auth/groups', { group_name: 'adults' });
    await ok(server, 'POST', '/graphs/auth/targets', { target_name: 'adult_people', target_graph: 'hugegraph', target_url: '', target_resources: [{ type: 'VERTEX', label: 'person', properties: { age: 'P.gte(18)' } }, { type: 'EDGE' }, { type: 'SCHEMA' }, { type: 'GREMLIN' }] });
    await ok(server, 'POST', '/graphs/auth/belongs', { user: '-63:adults', group: '-69:adults' });
    for (const p of ['READ', 'EXECUTE']) await ok(server, 'POST', '/graphs/auth/accesses', { group: '-69:adults', target: '-77:adult_people', access_permission: p });
    const as = { authorization: `Bearer ${await login(server, 'adults')}` };
    const list = await server.call('GET', `${G}/graph/vertices?label=person&limit=100`, undefined, as);
    assert.deepEqual(list.json.vertices.map((v: { id: string }) => v.id).sort(), ['1:josh', '1:marko', '1:peter']);
    const kout = await server.call('GET', `${G}/traversers/kout?source=${encodeURIComponent('"1:josh"')}&max_depth=1`, undefined, as);
    assert.deepEqual(kout.json.vertices.sort(), ['1:marko', '1:peter']);
    const gremlin = await server.call('POST', '/gremlin', { gremlin: "hugegraph.traversal().V().values('name')" }, as);
    assert.equal(gremlin.status, 200, gremlin.text);
    assert.deepEqual(gremlin.json.result.data.sort(), ['josh', 'marko', 'peter']);
    const count = await server.call('POST', '/gremlin', { gremlin: 'g.V().count()' }, as);
    assert.deepEqual(count.json.result.data, [3]);
    assert.equal((await server.call('GET', `${G}/graph/vertices/${encodeURIComponent('"1:kid"')}`, undefined, as)).status, 404);
  } finally {
    await server.close();
  }
});
