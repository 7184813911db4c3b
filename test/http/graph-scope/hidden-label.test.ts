/**
 * The graph-scope plugin's seam: an app whose `graphFor` gives the identity `reader` a handle on
 * TinkerPop's modern graph that hides the label `software` (a source decorator), while `admin`
 * sees the graph itself. Every route that reads the graph must hide it from the reader: vertex
 * and edge lists, gets by id (404 as if the element did not exist), ids, shards and scans, every
 * traverser in its GET and POST forms, and Gremlin GET, POST and as an asynchronous job. Schema
 * reads go through the same handle; a source decorator filters elements, not the schema, so
 * they still list the label (the plugin's documented rule).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FilteredSource, openServerState } from '../../../src/index.js';
import type { Graph, Identity, ServerState } from '../../../src/index.js';
import { buildApp } from '../../../src/http/index.js';
import type { FastifyInstance } from 'fastify';

const READER: Identity = { user_name: 'reader', user_id: 'reader', admin: false };
const ADMIN: Identity = { user_name: 'admin', user_id: 'admin', admin: true };
/** What the reader must never see: the software vertices and the edges that reach them. */
const HIDDEN = /lop|ripple|software|created/;

async function modern(graph: Graph): Promise<void> {
  const s = () => graph.schema();
  await s().propertyKey('name').asText().create();
  await s().propertyKey('age').asInt().create();
  await s().propertyKey('lang').asText().create();
  await s().propertyKey('weight').asDouble().create();
  await s().vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').create();
  await s().vertexLabel('software').properties('name', 'lang').primaryKeys('name').nullableKeys('lang').create();
  await s().edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').create();
  await s().edgeLabel('created').sourceLabel('person').targetLabel('software').properties('weight').create();
  for (const [name, age] of [['marko', 29], ['vadas', 27], ['josh', 32], ['peter', 35]] as const) await graph.addVertex('person', { name, age });
  for (const name of ['lop', 'ripple']) await graph.addVertex('software', { name, lang: 'java' });
  for (const [out, label, inV, weight] of [
    ['1:marko', 'knows', '1:vadas', 0.5], ['1:marko', 'knows', '1:josh', 1], ['1:marko', 'created', '2:lop', 0.4],
    ['1:josh', 'created', '2:ripple', 1], ['1:josh', 'created', '2:lop', 0.4], ['1:peter', 'created', '2:lop', 0.2],
  ] as const) await graph.addEdge(label, { out, in: inV, properties: { weight } });
}

interface Scoped {
  readonly app: FastifyInstance;
  readonly state: ServerState;
  /** The identities `graphFor` was asked for, in order. */
  readonly asked: string[];
  call(who: 'reader' | 'admin', method: string, url: string, body?: unknown): Promise<{ status: number; text: string; json: any }>;
}

async function scoped(body: (server: Scoped) => Promise<void>): Promise<void> {
  const { state } = await openServerState({ adminPassword: 'secret1' });
  const graph = state.graph('DEFAULT', 'hugegraph');
  await modern(graph);
  const hidden = graph.withSourceDecorator((source) => new FilteredSource(source, { vertex: (slot) => source.vertexLabel(slot) !== 'software' }));
  const asked: string[] = [];
  const app = await buildApp({
    state,
    logLevel: 'silent',
    authenticate: (header) => (header === 'Bearer reader' ? READER : ADMIN),
    graphFor: (identity, space, name) => {
      asked.push(identity.user_name);
      const own = state.graph(space, name);
      return identity.user_name === 'reader' && own === graph ? hidden : own;
    },
  });
  const call: Scoped['call'] = async (who, method, url, payload) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${who}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, text: res.body, json };
  };
  try {
    await body({ app, state, asked, call });
  } finally {
    await app.close();
    await state.close();
  }
}

const FAMILIES = ['/graphs/hugegraph', '/graphspaces/DEFAULT/graphs/hugegraph'] as const;
const lit = (id: string): string => encodeURIComponent(JSON.stringify(id));

/**
 * Sends one request as admin and as reader: both succeed, the reader's answer shows nothing of
 * the hidden label, and it differs from the admin's (which shows it, unless `numbers` says the
 * answer holds only scores or counts). With `same`, the request reaches nothing hidden and both
 * answers are the same.
 */
async function hides(server: Scoped, method: string, url: string, body?: unknown, options: { readonly numbers?: boolean; readonly same?: boolean } = {}): Promise<void> {
  const admin = await server.call('admin', method, url, body);
  const reader = await server.call('reader', method, url, body);
  assert.equal(admin.status, 200, `${method} ${url} as admin: ${admin.text}`);
  assert.equal(reader.status, 200, `${method} ${url} as reader: ${reader.text}`);
  assert.doesNotMatch(reader.text, HIDDEN, `${method} ${url}: the reader's answer shows the label`);
  if (options.same === true) {
    assert.equal(reader.text, admin.text, `${method} ${url}`);
    return;
  }
  if (options.numbers !== true) assert.match(admin.text, HIDDEN, `${method} ${url}: the admin's answer shows the label`);
  assert.notEqual(reader.text, admin.text, `${method} ${url}`);
}

/** A get by id: the admin finds it, the reader gets the 404 of an element that does not exist. */
async function missing(server: Scoped, url: string): Promise<void> {
  assert.equal((await server.call('admin', 'GET', url)).status, 200, url);
  const reader = await server.call('reader', 'GET', url);
  assert.equal(reader.status, 404, `${url}: ${reader.text}`);
  assert.match(reader.json.message, /does not exist/);
}

test('vertex and edge lists, gets by id, ids, shards and scans hide the label from the reader, in both path families', () =>
  scoped(async (server) => {
    const created = String((await server.state.graph('DEFAULT', 'hugegraph').edges({ label: 'created' })).edges[0]!.id);
    for (const base of FAMILIES) {
      await hides(server, 'GET', `${base}/graph/vertices`);
      await hides(server, 'GET', `${base}/graph/vertices?label=software`);
      await hides(server, 'GET', `${base}/graph/vertices?page=&limit=100`);
      await hides(server, 'GET', `${base}/graph/edges`);
      await hides(server, 'GET', `${base}/graph/edges?label=created`);
      await hides(server, 'GET', `${base}/graph/edges?vertex_id=${lit('1:marko')}`);
      await hides(server, 'GET', `${base}/graph/edges?page=&limit=100`);
      await missing(server, `${base}/graph/vertices/${lit('2:lop')}`);
      await missing(server, `${base}/graph/edges/${encodeURIComponent(created)}`);
      await hides(server, 'GET', `${base}/traversers/vertices?ids=${lit('1:marko')}&ids=${lit('2:lop')}`);
      await hides(server, 'GET', `${base}/traversers/edges?ids=${encodeURIComponent(created)}`);
      for (const kind of ['vertices', 'edges']) {
        const shards = await server.call('reader', 'GET', `${base}/traversers/${kind}/shards?split_size=1048576`);
        assert.equal(shards.status, 200);
        for (const { start, end } of shards.json.shards as Array<{ start: string; end: string }>) {
          await hides(server, 'GET', `${base}/traversers/${kind}/scan?start=${start}&end=${end}`);
        }
      }
    }
    const append = await server.call('reader', 'PUT', `/graphs/hugegraph/graph/vertices/${lit('2:lop')}?action=append`, { properties: { lang: 'c' } });
    assert.equal(append.status, 404, 'a write needs the element it changes to be visible');
  }));

test('every traverser hides the label from the reader, GET and POST forms', () =>
  scoped(async (server) => {
    const T = `${FAMILIES[0]}/traversers`;
    const josh = lit('1:josh');
    const peter = lit('1:peter');
    const marko = lit('1:marko');
    await hides(server, 'GET', `${T}/kout?source=${marko}&max_depth=1`);
    await hides(server, 'GET', `${T}/kneighbor?source=${marko}&max_depth=1`);
    await hides(server, 'GET', `${T}/sameneighbors?vertex=${josh}&other=${peter}`);
    await hides(server, 'GET', `${T}/jaccardsimilarity?vertex=${josh}&other=${marko}`, undefined, { numbers: true });
    await hides(server, 'GET', `${T}/shortestpath?source=${josh}&target=${peter}&max_depth=3`);
    await hides(server, 'GET', `${T}/allshortestpaths?source=${josh}&target=${peter}&max_depth=3`);
    await hides(server, 'GET', `${T}/weightedshortestpath?source=${josh}&target=${peter}&weight=weight`);
    await hides(server, 'GET', `${T}/singlesourceshortestpath?source=${josh}`);
    await hides(server, 'GET', `${T}/paths?source=${josh}&target=${peter}&max_depth=3`);
    await hides(server, 'GET', `${T}/crosspoints?source=${josh}&target=${peter}&max_depth=3`);
    await hides(server, 'GET', `${T}/rings?source=${marko}&max_depth=3`);
    await hides(server, 'GET', `${T}/rays?source=${marko}&max_depth=2&direction=OUT`);
    await hides(server, 'GET', `${T}/adamicadar?vertex=${josh}&other=${peter}`, undefined, { numbers: true });
    await hides(server, 'GET', `${T}/resourceallocation?vertex=${josh}&other=${peter}`, undefined, { numbers: true });
    await hides(server, 'GET', `${T}/egonet?source=${marko}&max_depth=1`);
    await hides(server, 'GET', `${T}/edgeexist?source=${marko}&target=${josh}`, undefined, { same: true });
    // a hidden end vertex is one that does not exist: HugeGraph's 400 for a missing target
    const exist = `${T}/edgeexist?source=${marko}&target=${lit('2:lop')}`;
    assert.match((await server.call('admin', 'GET', exist)).text, /created/);
    const hiddenTarget = await server.call('reader', 'GET', exist);
    assert.equal(hiddenTarget.status, 400);
    assert.equal(hiddenTarget.json.message, (await server.call('reader', 'GET', `${T}/edgeexist?source=${marko}&target=${lit('2:nothing')}`)).json.message.replace('nothing', 'lop'));
    await hides(server, 'POST', `${T}/kout`, { source: '1:marko', steps: { direction: 'OUT' }, max_depth: 1 });
    await hides(server, 'POST', `${T}/kneighbor`, { source: '1:marko', steps: { direction: 'OUT' }, max_depth: 1 });
    await hides(server, 'POST', `${T}/sameneighbors`, { vertex: '1:josh', other: '1:peter' });
    await hides(server, 'POST', `${T}/sameneighborsbatch`, { vertex_list: [['1:josh', '1:peter']] });
    await hides(server, 'POST', `${T}/jaccardsimilarity`, { vertex: '1:josh', step: { direction: 'BOTH' }, top: 5 });
    await hides(server, 'POST', `${T}/multinodeshortestpath`, { vertices: { ids: ['1:josh', '1:peter'] }, step: { direction: 'BOTH' }, max_depth: 5 });
    await hides(server, 'POST', `${T}/paths`, { sources: { ids: ['1:josh'] }, targets: { ids: ['1:peter'] }, step: { direction: 'BOTH' }, max_depth: 5 });
    await hides(server, 'POST', `${T}/customizedpaths`, { sources: { ids: ['1:marko'] }, steps: [{ direction: 'OUT', labels: ['created'], max_degree: -1 }], capacity: -1, limit: -1 });
    await hides(server, 'POST', `${T}/templatepaths`, { sources: { ids: ['1:josh'] }, targets: { ids: ['1:peter'] }, steps: [{ direction: 'OUT', labels: ['created'] }, { direction: 'IN', labels: ['created'] }] });
    await hides(server, 'POST', `${T}/customizedcrosspoints`, { sources: { ids: ['1:josh', '1:peter'] }, path_patterns: [{ steps: [{ direction: 'OUT', labels: ['created'], max_degree: -1 }] }], with_path: true, capacity: -1, limit: -1 });
    await hides(server, 'POST', `${T}/fusiformsimilarity`, { sources: { ids: ['1:josh'] }, label: 'created', direction: 'OUT', min_neighbors: 1, alpha: 0.5, min_similars: 1, top: 0, with_intermediary: true, capacity: -1, limit: -1 });
    await hides(server, 'POST', `${T}/count`, { source: '1:marko', steps: [{ labels: [] }] }, { numbers: true });
    await hides(server, 'POST', `${T}/egonet`, { sources: ['1:marko'], steps: { direction: 'BOTH' }, max_depth: 1 });
    await hides(server, 'POST', `${T}/neighborrank`, { source: '1:marko', steps: [{ direction: 'BOTH' }], alpha: 0.9 });
    await hides(server, 'POST', `${T}/personalrank`, { source: '1:marko', label: 'created', max_depth: 2 }, { numbers: true });
  }));

test('Gremlin GET, POST, gremlinunzip and the asynchronous job hide the label from the reader', () =>
  scoped(async (server) => {
    const script = "g.V().as('v').bothE().otherV().path().by('name').by(label)";
    await hides(server, 'GET', `/gremlin?gremlin=${encodeURIComponent(script)}`);
    await hides(server, 'POST', '/gremlin', { gremlin: script });
    await hides(server, 'POST', '/gremlinunzip', { gremlin: 'hugegraph.traversal().V().values("name")' });
    await hides(server, 'POST', '/gremlin', { gremlin: "g.V().hasLabel('software').count()" }, { numbers: true });
    const results: Record<string, string> = {};
    for (const who of ['admin', 'reader'] as const) {
      const job = await server.call(who, 'POST', '/graphs/hugegraph/jobs/gremlin', { gremlin: "g.E().label().dedup().fold()" });
      assert.equal(job.status, 201, job.text);
      let task: any;
      for (let i = 0; i < 200 && task?.task_status !== 'success'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        task = (await server.call(who, 'GET', `/graphs/hugegraph/tasks/${job.json.task_id}`)).json;
      }
      assert.equal(task.task_status, 'success', JSON.stringify(task));
      results[who] = String(task.task_result);
    }
    assert.match(results['admin']!, /created/);
    assert.doesNotMatch(results['reader']!, HIDDEN);
  }));

test('schema reads go through the handle of the identity: a hidden label is still listed (a source decorator hides elements, not the schema)', () =>
  scoped(async (server) => {
    for (const base of FAMILIES) {
      for (const path of ['/schema', '/schema/vertexlabels', '/schema/vertexlabels/software', '/schema/edgelabels/created', '/schema/propertykeys', '/schema/indexlabels']) {
        server.asked.length = 0;
        const reader = await server.call('reader', 'GET', `${base}${path}`);
        assert.equal(reader.status, 200, `${path}: ${reader.text}`);
        assert.deepEqual(server.asked, ['reader'], `${path} resolves its graph once, through graphFor`);
        assert.equal(reader.text, (await server.call('admin', 'GET', `${base}${path}`)).text, path);
      }
    }
    server.asked.length = 0;
    assert.equal((await server.call('reader', 'GET', '/graphs/hugegraph/graph/vertices')).status, 200);
    assert.deepEqual(server.asked, ['reader']);
  }));
