/**
 * hugegraph-client (the Java client of apache/incubator-hugegraph-toolchain) against a real
 * `quiver serve`: each request below is what the client's api/** classes send (method, path,
 * query string, headers of its OkHttp RestClient, body as its structure/** classes serialise
 * it with Jackson), and each assertion is what the client reads back.
 *
 * The server reports core 1.5.0, so the client sets supportGs=false and strips the
 * `graphspaces/DEFAULT/` prefix: the legacy `/graphs/{g}/...` family is what it uses. A client
 * forced to supportGs=true (its own API tests do this) is covered by one pass over the
 * graph-space family at the end.
 *
 * Not covered, because Quiver does not serve them yet: auth (users, groups, targets, belongs,
 * accesses, projects, login tokens through AuthManager), computation jobs other than Gremlin
 * (ComputerAPI, vermeer), cypher, OLAP property batch update, metrics, whiteiplist, kvstore,
 * schema templates, PD/HStore node info, variables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_PASSWORD, startLiveServer } from '../../../bench/server/live-server.js';
import { wireRequest } from './wire.js';

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly json: any;
}

interface Send {
  readonly body?: unknown;
  /** The batch APIs set Content-Encoding: gzip and the body goes out gzipped and chunked. */
  readonly gzip?: boolean;
  readonly contentType?: string;
}

type Call = (method: string, path: string, send?: Send) => Promise<Reply>;

/** One request as the client's OkHttp stack sends it: Basic auth interceptor, Accept-Encoding gzip (transparent), okhttp User-Agent. */
function javaClient(base: string): Call {
  const authorization = `Basic ${Buffer.from(`admin:${LIVE_PASSWORD}`).toString('base64')}`;
  return async (method, path, send = {}) => {
    const headers: Record<string, string> = { Authorization: authorization, 'Accept-Encoding': 'gzip', 'User-Agent': 'okhttp/4.12.0', Connection: 'Keep-Alive' };
    let body: Buffer | Buffer[] | undefined;
    if (method === 'POST' || method === 'PUT') {
      const text = send.body === undefined ? '{}' : typeof send.body === 'string' ? send.body : JSON.stringify(send.body);
      headers['Content-Type'] = send.contentType ?? 'application/json';
      body = Buffer.from(text);
      if (send.gzip === true) {
        headers['Content-Encoding'] = 'gzip';
        const zipped = gzipSync(body);
        body = [zipped.subarray(0, 10), zipped.subarray(10)];
      } else headers['Content-Length'] = String(body.length);
    }
    const reply = await wireRequest(base, { method, path, headers, ...(body === undefined ? {} : { body }) });
    let json: unknown;
    try {
      json = reply.text === '' ? undefined : JSON.parse(reply.text);
    } catch {
      json = reply.text;
    }
    return { status: reply.status, headers: reply.headers, json };
  };
}

/** The client's formatVertexId: the id as JSON text, then as one path segment. */
const vid = (id: string | number): string => encodeURIComponent(JSON.stringify(id));
/** The client's query-string encoding of a map (OkHttp addQueryParameter). */
const qs = (params: Record<string, unknown>): string =>
  Object.entries(params)
    .filter(([, v]) => v !== null && v !== undefined)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}=${encodeURIComponent(String(x))}`))
    .join('&');

/**
 * The client's TaskAPI.waitUntilTaskSuccess: polls GET tasks/{id} until the task ends (or
 * 30 s pass), and returns its last record.
 */
async function waitTask(call: Call, id: number): Promise<any> {
  const G = '/graphs/hugegraph';
  let task: any;
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((r) => setTimeout(r, 20))) {
    task = (await call('GET', `${G}/tasks/${id}`)).json;
    if (['success', 'failed', 'cancelled'].includes(task.task_status)) break;
  }
  return task;
}

/** The client's ServerException.fromResponse reads these fields of an error body. */
function assertServerException(reply: Reply, status: number): void {
  assert.equal(reply.status, status, JSON.stringify(reply.json));
  assert.equal(typeof reply.json.exception, 'string');
  assert.equal(typeof reply.json.message, 'string');
}

/** Jackson's output for a client PropertyKey (SchemaElement fields, id 0, check_exist). */
const propertyKey = (name: string, dataType: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 0, name, properties: [], check_exist: true, user_data: {}, data_type: dataType, cardinality: 'SINGLE', aggregate_type: 'NONE', write_type: 'OLTP', ...extra,
});
const vertexLabel = (name: string, properties: string[], primaryKeys: string[], nullable: string[] = []): Record<string, unknown> => ({
  id: 0, name, properties, check_exist: true, user_data: {}, nullable_keys: nullable, id_strategy: 'PRIMARY_KEY', primary_keys: primaryKeys, ttl: 0,
});
const edgeLabel = (name: string, source: string, target: string, properties: string[]): Record<string, unknown> => ({
  id: 0, name, properties, check_exist: true, user_data: {}, nullable_keys: properties, frequency: 'DEFAULT', source_label: source, target_label: target, sort_keys: [], ttl: 0,
});
const indexLabel = (name: string, baseType: string, baseValue: string, indexType: string, fields: string[]): Record<string, unknown> => ({
  id: 0, name, check_exist: true, user_data: {}, base_type: baseType, base_value: baseValue, index_type: indexType, fields, rebuild: true,
});
/** Jackson's output for a client Vertex and Edge (id null until the server assigns one). */
const vertex = (label: string, properties: Record<string, unknown>): Record<string, unknown> => ({ id: null, label, type: 'vertex', properties });
const edge = (label: string, outV: string, outVLabel: string, inV: string, inVLabel: string, properties: Record<string, unknown>): Record<string, unknown> => ({
  id: null, label, type: 'edge', properties, outV, inV, outVLabel, inVLabel,
});

test('hugegraph-client scenario: versions, schema, vertices, edges, gremlin, traversers, tasks and graphs as the Java client sends and reads them', async (t) => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-javaclient-'));
  const server = await startLiveServer(data);
  const call = javaClient(server.url);
  const G = '/graphs/hugegraph';
  try {
    await t.test('VersionAPI: GET /versions gives an api version in the client range and a core below 1.7.0 (legacy paths)', async () => {
      const r = await call('GET', '/versions');
      assert.equal(r.status, 200);
      const { api, core } = r.json.versions;
      assert.ok(Number(api) >= 0.38 && Number(api) < 0.81, api);
      assert.equal(typeof core, 'string');
      assert.ok(core.localeCompare('1.7.0', undefined, { numeric: true }) < 0, core);
    });

    await t.test('PropertyKeyAPI: create (202 with the plain record: spec Part A §4.4 over the client\'s {property_key, task_id}); get, list, list by names', async () => {
      for (const [name, type] of [['name', 'TEXT'], ['age', 'INT'], ['city', 'TEXT'], ['lang', 'TEXT'], ['weight', 'DOUBLE'], ['price', 'INT']] as const) {
        const r = await call('POST', `${G}/schema/propertykeys`, { body: propertyKey(name, type) });
        assert.equal(r.status, 202, JSON.stringify(r.json));
        assert.equal(r.json.name, name);
        assert.equal(r.json.data_type, type);
        assert.equal(r.json.property_key, undefined);
      }
      const one = await call('GET', `${G}/schema/propertykeys/age`);
      assert.equal(one.status, 200);
      assert.equal(one.json.cardinality, 'SINGLE');
      assert.equal(typeof one.json.id, 'number');
      const all = await call('GET', `${G}/schema/propertykeys`);
      assert.equal(all.json.propertykeys.length, 6);
      const some = await call('GET', `${G}/schema/propertykeys?${qs({ names: ['age', 'city'] })}`);
      assert.deepEqual(some.json.propertykeys.map((p: { name: string }) => p.name).sort(), ['age', 'city']);
      const missing = await call('GET', `${G}/schema/propertykeys/nothing`);
      assertServerException(missing, 404);
      const removed = await call('DELETE', `${G}/schema/propertykeys/price`);
      // Spec Part A §4.9 over the client's parseTaskId (which wants task_id alone): 202 with property_key and task_id.
      assert.equal(removed.status, 202);
      assert.equal(typeof removed.json.task_id, 'number');
    });

    await t.test('VertexLabelAPI and EdgeLabelAPI: create, append, get, list; IndexLabelAPI: create reads {index_label, task_id}', async () => {
      const person = await call('POST', `${G}/schema/vertexlabels`, { body: vertexLabel('person', ['name', 'age', 'city'], ['name'], ['city', 'age']) });
      assert.ok([200, 201].includes(person.status), JSON.stringify(person.json));
      assert.equal(person.json.id_strategy, 'PRIMARY_KEY');
      assert.deepEqual(person.json.primary_keys, ['name']);
      const software = await call('POST', `${G}/schema/vertexlabels`, { body: vertexLabel('software', ['name', 'lang'], ['name'], ['lang']) });
      assert.ok([200, 201].includes(software.status), JSON.stringify(software.json));
      const appended = await call('PUT', `${G}/schema/vertexlabels/software?action=append`, {
        body: { id: 0, name: 'software', properties: ['weight'], check_exist: true, user_data: {}, nullable_keys: ['weight'], id_strategy: 'DEFAULT', primary_keys: [], ttl: 0 },
      });
      assert.equal(appended.status, 200, JSON.stringify(appended.json));
      assert.ok(appended.json.properties.includes('weight'));
      for (const body of [edgeLabel('knows', 'person', 'person', ['weight']), edgeLabel('created', 'person', 'software', ['weight'])]) {
        const r = await call('POST', `${G}/schema/edgelabels`, { body });
        assert.ok([200, 201].includes(r.status), JSON.stringify(r.json));
        assert.equal(r.json.source_label, body.source_label);
        assert.equal(r.json.frequency, 'SINGLE');
      }
      for (const body of [indexLabel('personByCity', 'VERTEX_LABEL', 'person', 'SECONDARY', ['city']), indexLabel('personByAge', 'VERTEX_LABEL', 'person', 'RANGE', ['age'])]) {
        const r = await call('POST', `${G}/schema/indexlabels`, { body });
        assert.ok([200, 201, 202].includes(r.status), JSON.stringify(r.json));
        assert.equal(r.json.index_label.name, body.name);
        assert.equal(r.json.index_label.base_type, 'VERTEX_LABEL');
        assert.equal(typeof r.json.task_id, 'number');
        // SchemaManager.addIndexLabel waits for the build task before it returns.
        assert.equal((await waitTask(call, r.json.task_id)).task_status, 'success');
      }
      assert.deepEqual((await call('GET', `${G}/schema/vertexlabels`)).json.vertexlabels.map((l: { name: string }) => l.name).sort(), ['person', 'software']);
      assert.equal((await call('GET', `${G}/schema/edgelabels/knows`)).json.target_label, 'person');
      assert.deepEqual((await call('GET', `${G}/schema/indexlabels?${qs({ names: ['personByAge'] })}`)).json.indexlabels[0].fields, ['age']);
      const schema = await call('GET', `${G}/schema`);
      assert.equal(schema.status, 200);
      assert.equal(schema.json.vertexlabels.length, 2);
    });

    const ids: Record<string, string> = {};
    await t.test('VertexAPI: create, batch create (gzip body), get by JSON id, append, eliminate', async () => {
      const marko = await call('POST', `${G}/graph/vertices`, { body: vertex('person', { name: 'marko', age: 29, city: 'Beijing' }) });
      assert.equal(marko.status, 201, JSON.stringify(marko.json));
      assert.deepEqual(marko.json, { id: '1:marko', label: 'person', type: 'vertex', properties: { name: 'marko', age: 29, city: 'Beijing' } });
      ids.marko = marko.json.id;
      const batch = [
        vertex('person', { name: 'vadas', age: 27, city: 'Hongkong' }),
        vertex('person', { name: 'josh', age: 32, city: 'Beijing' }),
        vertex('person', { name: 'peter', age: 35, city: 'Shanghai' }),
        vertex('software', { name: 'lop', lang: 'java' }),
        vertex('software', { name: 'ripple', lang: 'java' }),
      ];
      const created = await call('POST', `${G}/graph/vertices/batch`, { body: batch, gzip: true });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      assert.equal(created.json.length, batch.length);
      [ids.vadas, ids.josh, ids.peter, ids.lop, ids.ripple] = created.json;
      const got = await call('GET', `${G}/graph/vertices/${vid(ids.josh!)}`);
      assert.equal(got.status, 200);
      assert.equal(got.json.properties.city, 'Beijing');
      const appended = await call('PUT', `${G}/graph/vertices/${vid(ids.lop!)}?action=append`, { body: { id: ids.lop, label: 'software', type: 'vertex', properties: { weight: 0.5 } } });
      assert.equal(appended.status, 200, JSON.stringify(appended.json));
      assert.equal(appended.json.properties.weight, 0.5);
      const eliminated = await call('PUT', `${G}/graph/vertices/${vid(ids.lop!)}?action=eliminate`, { body: { id: ids.lop, label: 'software', type: 'vertex', properties: { weight: 0.5 } } });
      assert.equal(eliminated.status, 200);
      assert.equal(eliminated.json.properties.weight, undefined);
      assertServerException(await call('GET', `${G}/graph/vertices/${vid('1:nobody')}`), 404);
    });

    await t.test('VertexAPI.list: label and properties with keep_start_p and offset; paging with page="" then the returned token', async () => {
      const base = { keep_start_p: false, offset: 0, limit: 100 };
      const byCity = await call('GET', `${G}/graph/vertices?${qs({ label: 'person', properties: JSON.stringify({ city: 'Beijing' }), ...base })}`);
      assert.equal(byCity.status, 200, JSON.stringify(byCity.json));
      assert.deepEqual(byCity.json.vertices.map((v: { id: string }) => v.id).sort(), ['1:josh', '1:marko']);
      const byAge = await call('GET', `${G}/graph/vertices?${qs({ label: 'person', properties: JSON.stringify({ age: 'P.gt(30)' }), ...base })}`);
      assert.equal(byAge.status, 200, JSON.stringify(byAge.json));
      assert.deepEqual(byAge.json.vertices.map((v: { id: string }) => v.id).sort(), ['1:josh', '1:peter']);
      const seen: string[] = [];
      let page = '';
      for (let i = 0; i < 10 && page !== null; i++) {
        const r = await call('GET', `${G}/graph/vertices?${qs({ keep_start_p: false, offset: 0, limit: 4, page })}`);
        assert.equal(r.status, 200, JSON.stringify(r.json));
        assert.ok('page' in r.json);
        seen.push(...r.json.vertices.map((v: { id: string }) => v.id));
        page = r.json.page;
      }
      assert.equal(page, null);
      assert.equal(new Set(seen).size, 6);
    });

    await t.test('EdgeAPI: create, batch create (gzip, check_vertex), get by raw id, list by vertex, append, delete', async () => {
      const e = await call('POST', `${G}/graph/edges`, { body: edge('knows', ids.marko!, 'person', ids.vadas!, 'person', { weight: 0.5 }) });
      assert.equal(e.status, 201, JSON.stringify(e.json));
      assert.equal(e.json.outV, ids.marko);
      assert.equal(e.json.inVLabel, 'person');
      const knows = e.json.id as string;
      const batch = [
        edge('knows', ids.marko!, 'person', ids.josh!, 'person', { weight: 1.0 }),
        edge('created', ids.marko!, 'person', ids.lop!, 'software', { weight: 0.4 }),
        edge('created', ids.josh!, 'person', ids.ripple!, 'software', { weight: 1.0 }),
        edge('created', ids.josh!, 'person', ids.lop!, 'software', { weight: 0.4 }),
        edge('created', ids.peter!, 'person', ids.lop!, 'software', { weight: 0.2 }),
      ];
      const created = await call('POST', `${G}/graph/edges/batch?${qs({ check_vertex: true })}`, { body: batch, gzip: true });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      assert.equal(created.json.length, batch.length);
      const got = await call('GET', `${G}/graph/edges/${encodeURIComponent(knows)}`);
      assert.equal(got.status, 200);
      assert.equal(got.json.properties.weight, 0.5);
      const out = await call('GET', `${G}/graph/edges?${qs({ vertex_id: JSON.stringify(ids.marko), direction: 'OUT', keep_start_p: false, offset: 0, limit: 100 })}`);
      assert.equal(out.status, 200, JSON.stringify(out.json));
      assert.equal(out.json.edges.length, 3);
      const byLabel = await call('GET', `${G}/graph/edges?${qs({ label: 'created', keep_start_p: false, offset: 0, limit: 100 })}`);
      assert.equal(byLabel.json.edges.length, 4);
      const paged = await call('GET', `${G}/graph/edges?${qs({ keep_start_p: false, offset: 0, limit: 3, page: '' })}`);
      assert.equal(paged.status, 200, JSON.stringify(paged.json));
      assert.equal(paged.json.edges.length, 3);
      assert.equal(typeof paged.json.page, 'string');
      const appended = await call('PUT', `${G}/graph/edges/${encodeURIComponent(knows)}?action=append`, { body: { id: knows, label: 'knows', type: 'edge', properties: { weight: 0.75 }, outV: ids.marko, inV: ids.vadas } });
      assert.equal(appended.status, 200, JSON.stringify(appended.json));
      assert.equal(appended.json.properties.weight, 0.75);
      const extra = await call('POST', `${G}/graph/edges`, { body: edge('knows', ids.vadas!, 'person', ids.peter!, 'person', {}) });
      assert.equal((await call('DELETE', `${G}/graph/edges/${encodeURIComponent(extra.json.id)}`)).status, 204);
      assertServerException(await call('GET', `${G}/graph/edges/${encodeURIComponent(extra.json.id)}`), 404);
    });

    await t.test('VertexAPI/EdgeAPI batch update (gzip): update_strategies, create_if_not_exist; reads vertices/edges', async () => {
      const r = await call('PUT', `${G}/graph/vertices/batch`, {
        gzip: true,
        body: { vertices: [vertex('person', { name: 'marko', age: 30 })], update_strategies: { age: 'BIGGER' }, create_if_not_exist: true },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.vertices[0].properties.age, 30);
      const e = await call('PUT', `${G}/graph/edges/batch`, {
        gzip: true,
        body: { edges: [edge('knows', ids.marko!, 'person', ids.josh!, 'person', { weight: 0.1 })], update_strategies: { weight: 'SMALLER' }, check_vertex: false, create_if_not_exist: true },
      });
      assert.equal(e.status, 200, JSON.stringify(e.json));
      assert.equal(e.json.edges[0].properties.weight, 0.1);
    });

    await t.test('GremlinAPI: POST /gremlin with language and aliases, gzip reply decoded, Response {requestId, status, result}', async () => {
      const r = await call('POST', '/gremlin', {
        body: { gremlin: 'g.V().hasLabel(person).has("city", city).values("name").order()', bindings: { person: 'person', city: 'Beijing' }, language: 'gremlin-groovy', aliases: { graph: 'hugegraph', g: '__g_hugegraph' } },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(typeof r.json.requestId, 'string');
      assert.equal(r.json.status.code, 200);
      assert.deepEqual(r.json.result.data, ['josh', 'marko']);
      const spaced = await call('POST', '/gremlin', { body: { gremlin: 'g.V().count()', language: 'gremlin-groovy', aliases: { graph: 'DEFAULT-hugegraph', g: '__g_DEFAULT-hugegraph' } } });
      assert.deepEqual(spaced.json.result.data, [6]);
      const bad = await call('POST', '/gremlin', { body: { gremlin: 'g.V(', language: 'gremlin-groovy', aliases: { graph: 'hugegraph', g: '__g_hugegraph' } } });
      assertServerException(bad, 400);
    });

    await t.test('TraverserManager: kout, kneighbor, shortestpath, paths, sameneighbors, jaccardsimilarity (GET) and kout, count (POST)', async () => {
      const T = `${G}/traversers`;
      const common = { max_degree: 10000, capacity: 10000000 };
      const kout = await call('GET', `${T}/kout?${qs({ source: JSON.stringify(ids.marko), direction: 'OUT', max_depth: 2, nearest: true, ...common, limit: 10000000 })}`);
      assert.equal(kout.status, 200, JSON.stringify(kout.json));
      assert.deepEqual([...kout.json.vertices].sort(), [ids.ripple].sort());
      const kneighbor = await call('GET', `${T}/kneighbor?${qs({ source: JSON.stringify(ids.marko), direction: 'OUT', max_depth: 1, max_degree: 10000, limit: 10000000 })}`);
      assert.equal(kneighbor.status, 200, JSON.stringify(kneighbor.json));
      assert.deepEqual([...kneighbor.json.vertices].sort(), [ids.josh, ids.lop, ids.vadas].sort());
      const shortest = await call('GET', `${T}/shortestpath?${qs({ source: JSON.stringify(ids.marko), target: JSON.stringify(ids.ripple), direction: 'OUT', max_depth: 3, max_degree: 10000, skip_degree: 0, capacity: 10000000 })}`);
      assert.equal(shortest.status, 200, JSON.stringify(shortest.json));
      assert.deepEqual(shortest.json.path, [ids.marko, ids.josh, ids.ripple]);
      const paths = await call('GET', `${T}/paths?${qs({ source: JSON.stringify(ids.marko), target: JSON.stringify(ids.lop), direction: 'BOTH', max_depth: 2, ...common, limit: 10 })}`);
      assert.equal(paths.status, 200, JSON.stringify(paths.json));
      assert.ok(paths.json.paths.every((p: { objects: string[] }) => p.objects[0] === ids.marko && p.objects.at(-1) === ids.lop));
      const same = await call('GET', `${T}/sameneighbors?${qs({ vertex: JSON.stringify(ids.marko), other: JSON.stringify(ids.peter), direction: 'BOTH', max_degree: 10000, limit: 10000000 })}`);
      assert.equal(same.status, 200, JSON.stringify(same.json));
      assert.deepEqual(same.json.same_neighbors, [ids.lop]);
      const jaccard = await call('GET', `${T}/jaccardsimilarity?${qs({ vertex: JSON.stringify(ids.marko), other: JSON.stringify(ids.peter), direction: 'BOTH', max_degree: 10000 })}`);
      assert.equal(jaccard.status, 200, JSON.stringify(jaccard.json));
      assert.equal(typeof jaccard.json.jaccard_similarity, 'number');
      const koutPost = await call('POST', `${T}/kout`, {
        body: { source: ids.marko, steps: { direction: 'OUT', edge_steps: [], vertex_steps: [], max_degree: 10000, skip_degree: 0 }, max_depth: 1, nearest: true, count_only: false, capacity: 10000000, limit: 10000000, with_vertex: true, with_path: false, with_edge: false },
      });
      assert.equal(koutPost.status, 200, JSON.stringify(koutPost.json));
      assert.equal(koutPost.json.size, 3);
      assert.equal(koutPost.json.vertices.length, 3);
      const count = await call('POST', `${T}/count`, { body: { source: ids.marko, steps: [{ direction: 'OUT', labels: ['knows'], properties: {}, max_degree: 10000, skip_degree: 0 }], contains_traversed: false, dedup_size: 1000000 } });
      assert.equal(count.status, 200, JSON.stringify(count.json));
      assert.deepEqual(count.json, { count: 2 });
    });

    await t.test('TaskAPI and GremlinJobAPI: submit jobs/gremlin, list, get until success, delete; VertexLabelAPI.delete returns {task_id}', async () => {
      // executeAsTask adds no aliases, and GremlinRequest drops empty maps (JsonInclude NON_EMPTY).
      const job = await call('POST', `${G}/jobs/gremlin`, { body: { gremlin: 'g.V().count()', language: 'gremlin-groovy' } });
      assert.equal(job.status, 201, JSON.stringify(job.json));
      assert.deepEqual(Object.keys(job.json), ['task_id']);
      const id = job.json.task_id as number;
      const task = await waitTask(call, id);
      assert.equal(task.task_status, 'success');
      assert.equal(task.id, id);
      assert.equal(typeof task.task_type, 'string');
      assert.equal(typeof task.task_name, 'string');
      assert.equal(typeof task.task_create, 'number');
      const list = await call('GET', `${G}/tasks?${qs({ limit: 100, status: 'SUCCESS' })}`);
      assert.equal(list.status, 200, JSON.stringify(list.json));
      assert.ok(list.json.tasks.some((x: { id: number }) => x.id === id));
      const byIds = await call('GET', `${G}/tasks?${qs({ ids: [id] })}`);
      assert.equal(byIds.json.tasks.length, 1);
      const paged = await call('GET', `${G}/tasks?${qs({ limit: 1, page: '' })}`);
      assert.equal(paged.status, 200, JSON.stringify(paged.json));
      assert.ok('page' in paged.json);
      assert.equal((await call('DELETE', `${G}/tasks/${id}`)).status, 204);
      const removed = await call('DELETE', `${G}/schema/indexlabels/personByAge`);
      assert.equal(removed.status, 202, JSON.stringify(removed.json));
      assert.deepEqual(Object.keys(removed.json), ['task_id']);
    });

    await t.test('GraphsAPI: list, get, mode and graph_read_mode (JSON string bodies), clear with confirm_message', async () => {
      assert.deepEqual((await call('GET', '/graphs')).json.graphs, ['hugegraph']);
      const graph = await call('GET', '/graphs/hugegraph');
      assert.equal(graph.json.name, 'hugegraph');
      assert.equal((await call('PUT', '/graphs/hugegraph/mode', { body: '"RESTORING"' })).status, 200);
      assert.deepEqual((await call('GET', '/graphs/hugegraph/mode')).json, { mode: 'RESTORING' });
      assert.equal((await call('PUT', '/graphs/hugegraph/mode', { body: '"NONE"' })).status, 200);
      assert.equal((await call('PUT', '/graphs/hugegraph/graph_read_mode', { body: '"ALL"' })).status, 200);
      assert.deepEqual((await call('GET', '/graphs/hugegraph/graph_read_mode')).json, { graph_read_mode: 'ALL' });
    });

    await t.test('supportGs=true: the same calls on /graphspaces/DEFAULT/graphs/hugegraph/...', async () => {
      const S = '/graphspaces/DEFAULT/graphs/hugegraph';
      assert.equal((await call('GET', `${S}/schema/vertexlabels/person`)).json.name, 'person');
      const v = await call('GET', `${S}/graph/vertices/${vid(ids.marko!)}`);
      assert.equal(v.json.properties.name, 'marko');
      const list = await call('GET', `${S}/graph/vertices?${qs({ label: 'software', keep_start_p: false, offset: 0, limit: 100 })}`);
      assert.equal(list.status, 200, JSON.stringify(list.json));
      assert.equal(list.json.vertices.length, 2);
      const batch = await call('POST', `${S}/graph/vertices/batch`, { body: [vertex('person', { name: 'zed' })], gzip: true });
      assert.equal(batch.status, 201, JSON.stringify(batch.json));
      assert.equal((await call('DELETE', `${S}/graph/vertices/${vid(batch.json[0])}`)).status, 204);
      const g = await call('POST', '/graphspaces/DEFAULT/graphs/hugegraph/gremlin', { body: { gremlin: 'g.V().count()', language: 'gremlin-groovy', aliases: {} } });
      assert.ok([200, 404].includes(g.status));
    });

    await t.test('GraphsAPI.clear: DELETE /graphs/hugegraph/clear?confirm_message=...', async () => {
      const r = await call('DELETE', `/graphs/hugegraph/clear?${qs({ confirm_message: "I'm sure to delete all data" })}`);
      assert.equal(r.status, 204, JSON.stringify(r.json));
      assert.deepEqual((await call('POST', '/gremlin', { body: { gremlin: 'g.V().count()', language: 'gremlin-groovy', aliases: { graph: 'hugegraph', g: '__g_hugegraph' } } })).json.result.data, [0]);
    });
  } finally {
    await server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
});
