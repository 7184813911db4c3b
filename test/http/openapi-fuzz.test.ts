/**
 * A fuzzer over every operation the server's own /openapi.json lists: path parameters, query
 * parameters and bodies generated from the document's schemas (values of the right type, values
 * that break their bounds, enums and junk, longs beyond 2^53, deep nesting), sent as HugeGraph's
 * clients send them. No answer is a 5xx, every 4xx carries HugeGraph's error body, and the
 * read-only calls leave the fixture (data, schema, graphs, spaces) as it was. fast-check with a
 * fixed seed and a fixed number of runs, so that `npm test` runs the same requests every time
 * (a few thousand, well under a minute). A failure prints the request that failed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dataServer } from './graph-data/fixture.js';
import type { DataServer } from './graph-data/fixture.js';
import { jsonText } from '../../src/http/json-text.js';

/** The parts of the OpenAPI document the fuzzer reads. */
interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxLength?: number;
  readonly required?: readonly string[];
}

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly query: ReadonlyArray<{ readonly name: string; readonly schema: JsonSchema }>;
  readonly body: JsonSchema | undefined;
}

interface OpenApi {
  readonly paths: Readonly<Record<string, Readonly<Record<string, { parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>>>;
}

/** Fixed, so that `npm test` sends the same requests every time; FUZZ_SEED=<n> explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 22);
/** Requests per test: about 10 s each on the shared two-core machine. */
const RUNS = 5000;

/** Every operation of the document. */
function operations(doc: OpenApi): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      out.push({ method: method.toUpperCase(), path, query, body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return out;
}

/** Names of the fixture and near misses, which reach past the routes' first checks more often than random text. */
const NAMES = ['person', 'software', 'knows', 'created', 'name', 'age', 'city', 'weight', 'personByAge', 'personByCity', 'knowsByWeight', 'hugegraph', 'DEFAULT', 'admin', '1', '0', '-1', 'nope', ''];
const IDS = ['"1:p0"', '1:p0', '"1:p1"', '2:lop', '"S1:p0>1>>S1:p1"', '12345678901234567890', '"x"', 'U"00000000-0000-0000-0000-000000000000"', '1', '%', '..', 'a/b', 'é'];

/** Text a field may take: names, ids, junk, long and odd strings. */
const text = fc.oneof(
  { arbitrary: fc.constantFrom(...NAMES, ...IDS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  { arbitrary: fc.constantFrom('P.gt(1)', 'P.within(1,2)', '{"age":"P.gt(1)"}', '["a"]', 'null', 'true', '1e999', '{"a":', 'x'.repeat(20_000)), weight: 1 },
);

/** A value shaped by a JSON schema, sometimes breaking it. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(12345678901234567890n), fc.constant(-1), fc.constant(null), text);
  if (schema === undefined || depth > 4) return junk;
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (variants.length > 0) return fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)), junk);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum), weight: 4 }, { arbitrary: junk, weight: 1 });
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let typed: fc.Arbitrary<unknown>;
  switch (type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      typed =
        props.length === 0
          ? fc.dictionary(fc.constantFrom(...NAMES.filter((n) => n !== '')), fc.oneof(text, fc.integer(), fc.jsonValue({ maxDepth: 2 })), { maxKeys: 3 })
          : fc.record(Object.fromEntries(props.map(([k, s]) => [k, fromSchema(s, depth + 1)])), { requiredKeys: (schema.required ?? []).filter((k) => schema.properties?.[k] !== undefined) });
      break;
    }
    case 'array':
      typed = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
      break;
    case 'integer':
      typed = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom(0, 1, 2 ** 31, 2 ** 53, schema.maximum ?? 10, (schema.maximum ?? 10) + 1, 12345678901234567890n));
      break;
    case 'number':
      typed = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 0.5, -1));
      break;
    case 'boolean':
      typed = fc.boolean();
      break;
    case 'string':
      typed = text;
      break;
    default:
      typed = junk;
  }
  return fc.oneof({ arbitrary: typed, weight: 12 }, { arbitrary: junk, weight: 1 });
}

/** A value as query text: strings as they are, anything else as JSON. */
function queryText(value: unknown): string {
  return typeof value === 'string' ? value : jsonText(value);
}

/**
 * Whether an operation drops or clears a whole graph: it runs on a scratch graph, so that the
 * other requests keep finding the fixture.
 */
function dropsGraph(op: Operation): boolean {
  return op.method === 'DELETE' && /\/graphs\/\{graph\}(\/clear)?$/.test(op.path);
}

/** One request for an operation: path parameters filled, query parameters and a body generated. */
function request(op: Operation): fc.Arbitrary<{ readonly method: string; readonly url: string; readonly body: string | undefined; readonly type: string }> {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const graph = dropsGraph(op) ? 'scratch' : 'hugegraph';
  const value = (name: string): fc.Arbitrary<string> =>
    name === 'graphspace' ? fc.oneof({ arbitrary: fc.constant('DEFAULT'), weight: 6 }, { arbitrary: text, weight: 1 }) : name === 'graph' ? fc.oneof({ arbitrary: fc.constant(graph), weight: 6 }, { arbitrary: text, weight: 1 }) : text;
  const query = fc.array(
    fc.oneof(
      { arbitrary: op.query.length === 0 ? fc.constant(undefined) : fc.constantFrom(...op.query).chain((q) => fromSchema(q.schema).map((v) => [q.name, queryText(v)] as const)), weight: 4 },
      { arbitrary: fc.tuple(fc.constantFrom('limit', 'page', 'label', 'properties', 'x'), text), weight: 1 },
    ),
    { maxLength: 4 },
  );
  const body = op.body === undefined && op.method !== 'POST' && op.method !== 'PUT' ? fc.constant(undefined) : fc.oneof(
    { arbitrary: fromSchema(op.body).map((v) => jsonText(v)), weight: 6 },
    { arbitrary: fc.constantFrom('', '{', '[]', 'null', `${'['.repeat(200)}${']'.repeat(200)}`, '{"a":12345678901234567890}'), weight: 1 },
  );
  return fc.record({ values: fc.tuple(...params.map(value)), query, body, type: fc.oneof({ arbitrary: fc.constant('application/json'), weight: 10 }, { arbitrary: fc.constantFrom('text/plain', ''), weight: 1 }) }).map(({ values, query: q, body: b, type }) => {
    let url = op.path;
    params.forEach((name, i) => {
      url = url.replace(`{${name}}`, encodeURIComponent(values[i] ?? ''));
    });
    const search = q.filter((p): p is readonly [string, string] => p !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    return { method: op.method, url: search === '' ? url : `${url}?${search}`, body: b, type };
  });
}

/** Sends `runs` generated requests over `ops` and checks every answer; returns how many got each status. */
async function fuzz(server: DataServer, ops: readonly Operation[], runs: number): Promise<Map<number, number>> {
  const all = fc.oneof(...ops.map((op) => request(op)));
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(all, async ({ method, url, body, type }) => {
      const res = await server.call(method, url, body, type === '' ? { 'content-type': '' } : { 'content-type': type });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (process.env.FUZZ_DEBUG !== undefined && res.status >= 400) console.error(res.status, method, url.replace(/x{50,}/g, 'x…').slice(0, 120), '|', String(res.json?.message).slice(0, 140));
      const shown = `${method} ${url.slice(0, 300)} ${String(body).slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`;
      assert.ok(res.status < 500, shown);
      if (res.status >= 400) {
        assert.ok(res.json !== undefined && typeof res.json.exception === 'string' && typeof res.json.message === 'string', shown);
        assert.doesNotMatch(res.json.message, /Cannot read properties of (undefined|null)|is not a function|is not iterable|Maximum call stack|serialize a BigInt/, shown);
      }
    }),
    { numRuns: runs, seed: SEED, endOnFailure: true, includeErrorInReport: true },
  );
  return statuses;
}

/** The statuses a fuzz run met, as one diagnostic line. */
function summary(statuses: Map<number, number>): string {
  return [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
}

async function seeded(): Promise<DataServer> {
  const server = await dataServer();
  const G = '/graphspaces/DEFAULT/graphs/hugegraph';
  const people = Array.from({ length: 6 }, (_, i) => ({ label: 'person', properties: { name: `p${i}`, age: 20 + i, city: i % 2 === 0 ? 'Beijing' : 'Paris' } }));
  assert.equal((await server.call('POST', `${G}/graph/vertices/batch`, people)).status, 201);
  assert.equal((await server.call('POST', `${G}/graph/vertices`, { label: 'software', properties: { name: 'lop', lang: 'java' } })).status, 201);
  const edges = people.map((_p, i) => ({ label: 'knows', outV: `1:p${i}`, inV: `1:p${(i + 1) % 6}`, outVLabel: 'person', inVLabel: 'person', properties: { weight: i / 6 } }));
  assert.equal((await server.call('POST', `${G}/graph/edges/batch`, edges)).status, 201);
  server.graph.setQueryLimits({ timeoutMs: 500 });
  await server.state.createGraph('DEFAULT', 'scratch', { backend: 'memory', serializer: 'binary', store: 'scratch' });
  return server;
}

/** What a read-only call must not change: elements, schema, graphs and spaces. */
async function fingerprint(server: DataServer): Promise<string> {
  const vertices = await server.graph.vertices({});
  const edges = await server.graph.edges({});
  const graphs = await server.call('GET', '/graphspaces/DEFAULT/graphs');
  const spaces = await server.call('GET', '/graphspaces');
  return JSON.stringify([vertices.vertices, edges.edges, server.graph.catalog().toJSON(), graphs.json, spaces.json]);
}

test('every GET operation of /openapi.json, with generated parameters, answers below 500 with HugeGraph\'s error body and changes nothing', async (t) => {
  const server = await seeded();
  try {
    const doc = (await server.call('GET', '/openapi.json')).json as OpenApi;
    const gets = operations(doc).filter((op) => op.method === 'GET');
    assert.ok(gets.length >= 80, `${gets.length} GET operations`);
    const before = await fingerprint(server);
    t.diagnostic(summary(await fuzz(server, gets, RUNS)));
    assert.equal(await fingerprint(server), before);
  } finally {
    await server.close();
  }
});

test('every POST, PUT and DELETE operation of /openapi.json, with generated parameters and bodies, answers below 500 with HugeGraph\'s error body', async (t) => {
  const server = await seeded();
  try {
    const doc = (await server.call('GET', '/openapi.json')).json as OpenApi;
    // Logging out, or changing the admin's password, would only turn the rest into 401s.
    const writes = operations(doc).filter((op) => op.method !== 'GET' && !/\/auth\/(logout|users)/.test(op.path));
    assert.ok(writes.length >= 100, `${writes.length} other operations`);
    t.diagnostic(summary(await fuzz(server, writes, RUNS)));
  } finally {
    await server.close();
  }
});
