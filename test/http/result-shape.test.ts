/**
 * One result shape (issue 20): the same vertex, edge, path and date read through
 * `graph.gremlin()`, the fluent API, the console's `:json`, REST's element gets and `/gremlin`
 * come out in the one JSON shape of the library's `jsonValue`. The library and the console write
 * it with the library's options (longs beyond 2^53 as text, ISO dates), REST and `/gremlin`
 * with HugeGraph's (exact long digits, `yyyy-MM-dd HH:mm:ss.SSS`), and a date formats
 * identically wherever it is formatted in the same style.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HUGEGRAPH_JSON, formatTimestamp, formatValue, jsonValue, type Graph } from '../../src/index.js';
import { formatDate } from '../../src/values/index.js';
import { ConsoleSession, consoleGraphOf, valueText } from '../../src/cli/console/index.js';
import { parseExact } from '../../src/http/json-text.js';
import { testServer, type TestServer } from './helpers.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const BORN = new Date(Date.UTC(2001, 2, 4, 5, 6, 7, 89));
const SERIAL = 2n ** 60n;

async function shapeServer(): Promise<{ server: TestServer; graph: Graph }> {
  const server = await testServer();
  const graph = server.state.graph('DEFAULT', 'hugegraph');
  const s = () => graph.schema();
  await s().propertyKey('name').asText().ifNotExist().create();
  await s().propertyKey('born').asDate().ifNotExist().create();
  await s().propertyKey('tags').asText().valueList().ifNotExist().create();
  await s().propertyKey('serial').asLong().ifNotExist().create();
  await s().propertyKey('weight').asDouble().ifNotExist().create();
  await s().vertexLabel('person').properties('name', 'born', 'tags', 'serial').primaryKeys('name').nullableKeys('born', 'tags', 'serial').ifNotExist().create();
  await s().edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight', 'born').nullableKeys('weight', 'born').ifNotExist().create();
  await graph.addVertex('person', { name: 'marko', born: BORN, tags: ['a'], serial: SERIAL });
  await graph.addVertex('person', { name: 'vadas' });
  await graph.addEdge('knows', { out: '1:marko', in: '1:vadas', properties: { weight: 0.5, born: BORN } });
  return { server, graph };
}

/** The results of `script` as the library, the fluent API and the console write them, and as `/gremlin` answers them (parsed with exact longs). */
async function surfaces(server: TestServer, graph: Graph, script: string, fluent: () => Promise<unknown[]>): Promise<{ library: string; fluent: string; console: string; plain: unknown[]; gremlin: unknown[] }> {
  const plain = await graph.gremlin(script);
  const session = new ConsoleSession({ graphNames: () => [graph.name], graph: async () => consoleGraphOf(graph) }, { graph: consoleGraphOf(graph), json: true });
  const printed = await session.handle(script, { signal: new AbortController().signal });
  assert.equal(printed.failed, false, printed.err.join('\n'));
  const reply = await server.call('POST', '/gremlin', { gremlin: script });
  assert.equal(reply.status, 200, reply.text);
  const gremlin = (parseExact(reply.text) as { result: { data: unknown[] } }).result.data;
  return { library: JSON.stringify(plain), fluent: JSON.stringify(await fluent()), console: `[${printed.out.join(',')}]`, plain, gremlin };
}

function assertOneShape(seen: Awaited<ReturnType<typeof surfaces>>, what: string): void {
  assert.equal(seen.fluent, seen.library, `${what}: fluent API and graph.gremlin()`);
  assert.equal(seen.console, seen.library, `${what}: console :json and graph.gremlin()`);
  assert.deepEqual(seen.gremlin, jsonValue(seen.plain, HUGEGRAPH_JSON), `${what}: /gremlin and the one shape in HugeGraph's options`);
}

test('a vertex is one JSON shape in graph.gremlin(), the fluent API, the console, REST get and /gremlin', async () => {
  const { server, graph } = await shapeServer();
  try {
    const seen = await surfaces(server, graph, "g.V('1:marko')", () => graph.traversal().V('1:marko').toList());
    assertOneShape(seen, 'vertex');
    const properties = { name: 'marko', born: BORN.toISOString(), tags: ['a'], serial: String(SERIAL) };
    assert.deepEqual(JSON.parse(seen.library), [{ id: '1:marko', label: 'person', type: 'vertex', properties }]);
    const rest = { id: '1:marko', label: 'person', type: 'vertex', properties: { ...properties, born: '2001-03-04 05:06:07.089', serial: SERIAL } };
    assert.deepEqual(seen.gremlin, [rest]);
    const got = await server.call('GET', `${G}/graph/vertices/${encodeURIComponent('"1:marko"')}`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(parseExact(got.text), rest);
    assert.deepEqual(Object.keys((parseExact(got.text) as typeof rest).properties), Object.keys(properties), 'REST keeps the property order');
    assert.match(got.text, new RegExp(`"serial":${SERIAL}[,}]`), 'REST writes the long as exact digits');
  } finally {
    await server.close();
  }
});

test('an edge is one JSON shape in graph.gremlin(), the fluent API, the console, REST get and /gremlin', async () => {
  const { server, graph } = await shapeServer();
  try {
    const [id] = (await graph.gremlin('g.E().id()')) as string[];
    const seen = await surfaces(server, graph, 'g.E()', () => graph.traversal().E().toList());
    assertOneShape(seen, 'edge');
    const edge = { id, label: 'knows', type: 'edge', outV: '1:marko', outVLabel: 'person', inV: '1:vadas', inVLabel: 'person', properties: { weight: 0.5, born: BORN.toISOString() } };
    assert.deepEqual(JSON.parse(seen.library), [edge]);
    const rest = { ...edge, properties: { weight: 0.5, born: '2001-03-04 05:06:07.089' } };
    assert.deepEqual(seen.gremlin, [rest]);
    const got = await server.call('GET', `${G}/graph/edges/${encodeURIComponent(id!)}`);
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(got.json, rest);
  } finally {
    await server.close();
  }
});

test('a path is one JSON shape in graph.gremlin(), the fluent API, the console and /gremlin', async () => {
  const { server, graph } = await shapeServer();
  try {
    const seen = await surfaces(server, graph, "g.V('1:marko').as('a').outE().inV().path()", () => graph.traversal().V('1:marko').as('a').outE().inV().path().toList());
    assertOneShape(seen, 'path');
    const [path] = JSON.parse(seen.library) as { labels: string[][]; objects: { type: string; properties: Record<string, unknown> }[] }[];
    assert.deepEqual(path!.labels, [['a'], [], []]);
    assert.deepEqual(path!.objects.map((o) => o.type), ['vertex', 'edge', 'vertex']);
    assert.deepEqual(path!.objects[0]!.properties['tags'], ['a'], 'elements inside a path carry their properties');
  } finally {
    await server.close();
  }
});

test('a date is formatted by one function in each style, wherever it is formatted', async () => {
  const { server, graph } = await shapeServer();
  try {
    const seen = await surfaces(server, graph, "g.V('1:marko').values('born')", () => graph.traversal().V('1:marko').values('born').toList());
    assertOneShape(seen, 'date');
    assert.equal(seen.library, JSON.stringify([formatDate(BORN, 'iso')]));
    assert.deepEqual(seen.gremlin, [formatDate(BORN, 'hugegraph')]);
    assert.equal(formatDate(BORN, 'hugegraph'), '2001-03-04 05:06:07.089');
    assert.equal(formatTimestamp(BORN), formatDate(BORN, 'hugegraph'), 'server records');
    assert.equal(jsonValue(BORN, { dates: 'epoch' }), BORN.getTime());
    assert.equal(formatValue(BORN), formatDate(BORN, 'gremlin'), 'Gremlin text');
    assert.equal(valueText(BORN), formatDate(BORN, 'gremlin'), 'console text');
    assert.equal(formatDate(BORN, 'gremlin'), '2001-03-04T05:06:07.089Z');
    const invalid = new Date(Number.NaN);
    assert.equal(jsonValue(invalid), null);
    assert.equal(valueText(invalid), 'Invalid Date');
  } finally {
    await server.close();
  }
});
