/**
 * Graph-data REST behaviour beyond single rows: rate limits (429), a runaway Gremlin query
 * cancelled by its evaluation timeout without delaying other requests, shards and scans that
 * meet every element exactly once, pages that cover a list, and malformed requests (fast-check,
 * HugeGraph predicate texts in list filters and traverser steps among them) that never give a
 * 5xx and never change stored data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dataServer } from './fixture.js';
import type { DataServer } from './fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const q = (s: string): string => encodeURIComponent(s);

async function seed(server: DataServer, people: number): Promise<void> {
  const vertices = Array.from({ length: people }, (_, i) => ({ label: 'person', properties: { name: `p${i}`, age: i % 50 } }));
  assert.equal((await server.call('POST', `${G}/graph/vertices/batch`, vertices)).status, 201);
  const edges = Array.from({ length: people }, (_, i) => ({
    label: 'knows', outV: `1:p${i}`, inV: `1:p${(i + 1) % people}`, outVLabel: 'person', inVLabel: 'person', properties: { weight: i / people },
  }));
  assert.equal((await server.call('POST', `${G}/graph/edges/batch`, edges)).status, 201);
}

async function scanAll(server: DataServer, element: 'vertices' | 'edges', splitSize: number, pageLimit: number): Promise<string[]> {
  const shards = (await server.call('GET', `${G}/traversers/${element}/shards?split_size=${splitSize}`)).json.shards as Array<{ start: string; end: string }>;
  const seen: string[] = [];
  for (const shard of shards) {
    let page: string | null = '';
    while (page !== null) {
      const res = await server.call('GET', `${G}/traversers/${element}/scan?start=${q(shard.start)}&end=${q(shard.end)}&page=${q(page)}&page_limit=${pageLimit}`);
      assert.equal(res.status, 200, res.text);
      seen.push(...(res.json[element] as Array<{ id: string }>).map((e) => String(e.id)));
      page = res.json.page as string | null;
    }
  }
  return seen;
}

test('shards and scans meet every vertex and edge exactly once; pages cover the list', async () => {
  const server = await dataServer();
  try {
    await seed(server, 60);
    for (const [splitSize, pageLimit] of [[7, 3], [1000, 1000], [1, 5]] as const) {
      const vertices = await scanAll(server, 'vertices', splitSize, pageLimit);
      assert.equal(vertices.length, 60);
      assert.equal(new Set(vertices).size, 60);
      const edges = await scanAll(server, 'edges', splitSize, pageLimit);
      assert.equal(edges.length, 60);
      assert.equal(new Set(edges).size, 60);
    }
    const paged: string[] = [];
    let page: string | null = '';
    while (page !== null) {
      const res = await server.call('GET', `${G}/graph/vertices?page=${q(page)}&limit=7`);
      paged.push(...(res.json.vertices as Array<{ id: string }>).map((v) => v.id));
      page = res.json.page as string | null;
    }
    assert.deepEqual([...new Set(paged)].sort(), Array.from({ length: 60 }, (_, i) => `1:p${i}`).sort());
    assert.equal(paged.length, 60);
  } finally {
    await server.close();
  }
});

test('rate_limit.read and rate_limit.write give 429 with the error body', async () => {
  const server = await dataServer();
  try {
    await server.state.createGraph('DEFAULT', 'limited', { backend: 'memory', serializer: 'binary', store: 'limited', 'rate_limit.read': 2, 'rate_limit.write': 1, 'schema.auto_create': true });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.call('GET', '/graphs/limited/graph/vertices')).status);
    assert.equal(statuses[0], 200);
    assert.ok(statuses.includes(429), statuses.join());
    assert.ok(statuses.filter((s) => s === 200).length <= 4, statuses.join());
    const writes: number[] = [];
    let body: any;
    for (let i = 0; i < 4; i++) {
      const res = await server.call('POST', '/graphs/limited/graph/vertices', { label: 'thing', properties: { n: i } });
      writes.push(res.status);
      if (res.status === 429) body = res.json;
    }
    assert.ok(writes.includes(429), writes.join());
    assert.deepEqual(Object.keys(body), ['exception', 'message', 'cause']);
    assert.match(body.message, /Rate limit exceeded/);
    const unlimited = await server.call('GET', `${G}/graph/vertices`);
    assert.equal(unlimited.status, 200);
  } finally {
    await server.close();
  }
});

test('a runaway Gremlin query is cancelled by its evaluation timeout and does not delay other requests', async () => {
  const server = await dataServer();
  try {
    await seed(server, 3);
    server.graph.setQueryLimits({ timeoutMs: 400 });
    const started = Date.now();
    const runaway = server.call('POST', '/gremlinunzip', { gremlin: "g.V().repeat(out('knows')).until(has('name','never')).count()" });
    await new Promise((r) => setTimeout(r, 50));
    const gets: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      const res = await server.call('GET', `${G}/graph/vertices/${q('"1:p0"')}`);
      assert.equal(res.status, 200);
      gets.push(Date.now() - t0);
    }
    const res = await runaway;
    const elapsed = Date.now() - started;
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.exception, 'java.util.concurrent.TimeoutException');
    assert.ok(elapsed < 5000, `cancelled after ${elapsed} ms`);
    assert.ok(Math.max(...gets) < 300, `gets took ${gets.join(', ')} ms while the runaway ran`);
  } finally {
    await server.close();
  }
});

const ROUTES = [
  ['POST', `${G}/graph/vertices`],
  ['POST', `${G}/graph/vertices/batch`],
  ['PUT', `${G}/graph/vertices/batch`],
  ['GET', `${G}/graph/vertices`],
  ['POST', '/graphs/hugegraph/graph/edges'],
  ['POST', '/graphs/hugegraph/graph/edges/batch'],
  ['PUT', '/graphs/hugegraph/graph/edges/batch'],
  ['GET', '/graphs/hugegraph/graph/edges'],
  ['GET', `${G}/traversers/vertices`],
  ['GET', `${G}/traversers/edges/scan`],
  ['GET', `${G}/traversers/vertices/shards`],
  ['POST', '/gremlinunzip'],
  ['GET', '/gremlin'],
  ['POST', `${G}/jobs/gremlin`],
  ['POST', `${G}/traversers/kout`],
] as const;

/** HugeGraph predicate texts, well and badly formed: operators in and out of its set, JSON and non-JSON values. */
const predicateText = fc
  .tuple(
    fc.constantFrom('eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between', 'inside', 'outside', 'within', 'textcontains', 'contains', 'textContains', 'without', 'GT', ''),
    fc.oneof(
      { arbitrary: fc.array(fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string(), fc.constantFrom('[1,2]', '"a,b"', 'abc', '"2020-01-01"', '9223372036854775808', '[[[[1]]]]')), { maxLength: 3 }), weight: 1 },
      { arbitrary: fc.tuple(fc.constantFrom('1', '0.5', '"x"', '[1,2]', 'abc')), weight: 2 },
    ),
    fc.constantFrom(')', ')', ')', '', ') '),
  )
  .map(([op, args, close]) => `P.${op}(${args.join(',')}${close}`);

/** A `properties` filter of list requests: known and unknown keys, predicate texts and other JSON values. */
const propertyFilter = fc.dictionary(fc.constantFrom('name', 'age', 'city', 'weight', 'tags', 'log', 'nope'), fc.oneof(predicateText, fc.jsonValue()), { maxKeys: 3 }).map((o) => JSON.stringify(o));

/** A kout body whose edge and vertex steps filter with predicate texts. */
const koutBody = fc.tuple(predicateText, predicateText).map(([edge, vertex]) => ({
  source: '1:p0', max_depth: 2, steps: { direction: 'OUT', edge_steps: [{ label: 'knows', properties: { weight: edge } }], vertex_steps: [{ label: 'person', properties: { age: vertex } }] },
}));

const ID_ROUTES = [`${G}/graph/vertices/`, '/graphs/hugegraph/graph/edges/'] as const;

async function fingerprint(server: DataServer): Promise<string> {
  const vertices = await server.graph.vertices({});
  const edges = await server.graph.edges({});
  return JSON.stringify([vertices.vertices, edges.edges]);
}

test('malformed bodies, ids, query strings, predicate texts and content types never give a 5xx and change nothing', async () => {
  const server = await dataServer();
  try {
    await seed(server, 5);
    const before = await fingerprint(server);
    const junk = fc.oneof(fc.string(), fc.jsonValue(), fc.constant('{"label":'), fc.constant('[{"label":"person"}]'), fc.constant('{"gremlin":'), koutBody);
    const contentType = fc.constantFrom('application/json', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', '');
    const param = fc.tuple(fc.constantFrom('label', 'properties', 'limit', 'page', 'ids', 'split_size', 'start', 'end', 'vertex_id', 'direction', 'offset', 'gremlin', 'check_vertex', 'action', 'keep_start_p', 'x'), fc.string());
    const query = fc.array(fc.oneof(param, fc.tuple(fc.constant('properties'), propertyFilter)), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.nat(ROUTES.length + ID_ROUTES.length * 3 - 1), junk, contentType, query, fc.string(), async (which, body, type, params, id) => {
        const search = params.map(([k, v]) => `${k}=${q(v)}`).join('&');
        let method: string;
        let url: string;
        if (which < ROUTES.length) [method, url] = ROUTES[which]!;
        else {
          const n = which - ROUTES.length;
          method = ['GET', 'PUT', 'DELETE'][n % 3]!;
          url = `${ID_ROUTES[Math.floor(n / 3)]!}${q(id)}`;
        }
        const payload = method === 'GET' || method === 'DELETE' ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
        const res = await server.call(method, `${url}${search === '' ? '' : `?${search}`}`, payload, type === '' ? {} : { 'content-type': type });
        assert.ok(res.status < 500, `${method} ${url}?${search} ${String(payload)} -> ${res.status} ${res.text}`);
        if (res.status >= 400) assert.ok(res.json !== undefined && typeof res.json.message === 'string', res.text);
      }),
      { numRuns: 300 },
    );
    assert.equal(await fingerprint(server), before);
  } finally {
    await server.close();
  }
});

test('predicate texts in list filters (keep_start_p or not) and in traverser steps never give a 5xx', async () => {
  const server = await dataServer();
  try {
    await seed(server, 5);
    const list = fc.tuple(fc.constantFrom(`${G}/graph/vertices?label=person&`, '/graphs/hugegraph/graph/vertices?', `${G}/graph/edges?label=knows&`), fc.constantFrom('', 'keep_start_p=true&'), propertyFilter);
    const request = fc.oneof(
      list.map(([path, keep, filter]) => ({ method: 'GET', url: `${path}${keep}properties=${q(filter)}`, body: undefined })),
      koutBody.map((body) => ({ method: 'POST', url: `${G}/traversers/kout`, body })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ method, url, body }) => {
        const res = await server.call(method, url, body);
        assert.ok(res.status < 500, `${method} ${url} ${JSON.stringify(body)} -> ${res.status} ${res.text}`);
        if (res.status >= 400) assert.equal(typeof res.json.message, 'string', res.text);
      }),
      { numRuns: 300 },
    );
  } finally {
    await server.close();
  }
});
