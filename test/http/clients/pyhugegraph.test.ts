/**
 * pyhugegraph (hugegraph-python-client, package `pyhugegraph`) against a real `quiver serve`
 * child process. Python cannot run here, so {@link PySession} sends each request the way the
 * client's HGraphSession does (requests' default headers, `Content-Type: application/json` on
 * every request, Basic credentials, urljoin of the path onto `graphs/{graph}/` or
 * `graphspaces/{space}/graphs/{graph}/`, requests' re-quoting of the URL, Python's json.dumps
 * spacing) and reads the answer the way its ResponseValidation does (2xx: JSON, text or `{}` for
 * 204; 404: NotFoundError, or nothing when not strict; 400: "Server Exception: <exception>").
 * The scenario runs twice: with no graph space, where the client's `/versions` probe (core 1.x)
 * makes it use the legacy `/graphs/{graph}` family, and with graphspace DEFAULT.
 *
 * Client operations left out, because the server does not serve them yet: AuthManager (users,
 * groups, targets, belongs, accesses, login: the access-control issue), VariableManager
 * (`variables/{key}`: not in the spec), MetricsManager (`/metrics/...`: not in the spec).
 * ServicesManager and RebuildManager are not reachable from PyHugeClient.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_PASSWORD, startLiveServer } from '../../../bench/server/live-server.js';
import { wireRequest, type WireReply } from './wire.js';

/** Characters requests' requote_uri leaves as they are; every other one is percent-encoded. */
const URI_SAFE = /[A-Za-z0-9\-._~!#$%&'()*+,/:;=?@[\]]/;

function requote(url: string): string {
  return [...url].map((c) => (URI_SAFE.test(c) ? c : [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''))).join('');
}

/** urlencode's quote_plus, for `params=`. */
function quotePlus(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/** Python's json.dumps with its defaults: ", " and ": " separators, non-ASCII escaped. */
function dumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(dumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${dumps(k)}: ${dumps(v)}`).join(', ')}}`;
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<WireReply> {
  return wireRequest(url, { method, path: url.slice(url.indexOf('/', 'http://'.length)), headers, ...(body === undefined ? {} : { body }) });
}

/** What the client raises: NotFoundError (404), "Server Exception: ..." (400), or HTTPError. */
class ClientError extends Error {
  constructor(readonly kind: 'NotFoundError' | 'ServerException' | 'HTTPError', readonly status: number, message: string) {
    super(message);
  }
}

interface Options {
  readonly data?: string;
  readonly params?: Record<string, string | number>;
  /** ResponseValidation's content type (default json). */
  readonly content?: 'json' | 'text';
  /** ResponseValidation's strict (default true): when false, a 404 is `{}`. */
  readonly strict?: boolean;
}

/** HGraphConfig + HGraphSession + ResponseValidation of pyhugegraph, request for request. */
class PySession {
  readonly gsSupported: boolean;
  last: WireReply | undefined;
  private constructor(readonly url: string, readonly graph: string, private readonly auth: string, readonly graphspace: string | undefined) {
    this.gsSupported = graphspace !== undefined;
  }

  /** PyHugeClient(url, graph, user, pwd, graphspace): without a space, the /versions probe decides. */
  static async connect(url: string, graph: string, graphspace?: string): Promise<PySession> {
    const auth = `Basic ${Buffer.from(`admin:${LIVE_PASSWORD}`).toString('base64')}`;
    if (graphspace !== undefined) return new PySession(url, graph, auth, graphspace);
    // requests.get(f"{url}/versions", timeout=0.5): no credentials, no Content-Type.
    const probe = await send(`${url}/versions`, 'GET', { 'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', Accept: '*/*', Connection: 'keep-alive' });
    assert.equal(probe.status, 200, probe.text);
    const core = String(JSON.parse(probe.text).versions.core);
    const m = /(\d+)\.(\d+)(?:\.(\d+))?(?:\.\d+)?/.exec(core);
    assert.ok(m !== null && m[3] !== undefined, `the client reads major, minor and patch from core '${core}'`);
    return new PySession(url, graph, auth, Number(m[1]) >= 3 ? 'DEFAULT' : undefined);
  }

  /** HGraphSession.resolve: urljoin onto the graph's base; a path starting with '/' replaces it. */
  resolve(path: string): string {
    const base = this.graphspace !== undefined ? `${this.url}/graphspaces/${this.graphspace}/graphs/${this.graph}/` : `${this.url}/graphs/${this.graph}/`;
    const joined = path.startsWith('/') ? `${this.url}${path}` : `${base}${path}`;
    return joined.replace(/\/+$/, '');
  }

  async request(path: string, method = 'GET', options: Options = {}): Promise<any> {
    let url = this.resolve(path);
    const params = Object.entries(options.params ?? {});
    if (params.length > 0) url += `${url.includes('?') ? '&' : '?'}${params.map(([k, v]) => `${quotePlus(k)}=${quotePlus(String(v))}`).join('&')}`;
    const headers: Record<string, string> = {
      'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', Accept: '*/*', Connection: 'keep-alive',
      'Content-Type': 'application/json', Authorization: this.auth,
    };
    // requests sends Content-Length: 0 for a body-less request of any method but GET and HEAD.
    if (options.data !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.data));
    else if (method !== 'GET' && method !== 'HEAD') headers['Content-Length'] = '0';
    const res = await send(requote(url), method, headers, options.data);
    this.last = res;
    if (res.status >= 200 && res.status < 300) {
      if (res.status === 204) return {};
      return options.content === 'text' ? res.text : JSON.parse(res.text);
    }
    if (res.status === 404 && options.strict === false) return {};
    let exception = "key 'exception' not found";
    try {
      exception = JSON.parse(res.text).exception ?? exception;
    } catch {
      // not JSON: the client logs the fallback text
    }
    if (res.status === 404) throw new ClientError('NotFoundError', 404, res.text);
    if (res.status === 400) throw new ClientError('ServerException', 400, `Server Exception: ${exception}`);
    throw new ClientError('HTTPError', res.status, res.text);
  }
}

const PK_FIELDS = ['id', 'name', 'cardinality', 'data_type', 'user_data'];
const VL_FIELDS = ['id', 'name', 'id_strategy', 'primary_keys', 'nullable_keys', 'index_labels', 'properties', 'enable_label_index', 'user_data'];
const EL_FIELDS = ['id', 'name', 'source_label', 'target_label', 'frequency', 'sort_keys', 'nullable_keys', 'index_labels', 'properties', 'enable_label_index', 'user_data'];

function hasFields(record: any, fields: readonly string[], what: string): void {
  for (const f of fields) assert.ok(record !== null && typeof record === 'object' && f in record, `${what} lacks '${f}' (the client reads dic['${f}']): ${JSON.stringify(record)}`);
}

/** VertexData / EdgeData read `id` and get() the rest. */
function vertexData(v: any): { id: unknown; label: unknown; type: unknown; properties: any } {
  hasFields(v, ['id'], 'VertexData');
  return { id: v.id, label: v.label, type: v.type, properties: v.properties };
}

async function rejects(call: Promise<unknown>, kind: ClientError['kind'], message?: RegExp): Promise<ClientError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof ClientError, String(error));
    assert.equal(error.kind, kind, error.message);
    if (message !== undefined) assert.match(error.message, message);
    return error;
  }
  return assert.fail('the client call was expected to raise');
}

/** propertyKey(name)...ifNotExist().create(): GET (not strict), then POST unless it exists. */
async function createIfNotExist(s: PySession, plural: string, body: Record<string, unknown>): Promise<boolean> {
  const found = await s.request(`schema/${plural}/${String(body.name)}`, 'GET', { strict: false });
  if (Object.keys(found).length > 0) return false;
  const created = await s.request(`schema/${plural}`, 'POST', { data: dumps(body) });
  assert.ok(Object.keys(created).length > 0, `create ${plural} answers a record the client reports`);
  return true;
}

async function waitForTasks(s: PySession): Promise<any[]> {
  for (let i = 0; i < 200; i++) {
    const { tasks } = await s.request('tasks');
    if ((tasks as any[]).every((t) => t.task_status !== 'running' && t.task_status !== 'queued' && t.task_status !== 'new')) return tasks as any[];
    await new Promise((r) => setTimeout(r, 10));
  }
  return assert.fail('tasks did not finish');
}

async function scenario(s: PySession): Promise<void> {
  // VersionManager.version and GraphsManager
  const versions = await s.request('/versions');
  hasFields(versions.versions, ['version', 'core', 'gremlin', 'api'], 'versions');
  assert.match(await s.request('/versions', 'GET', { content: 'text' }), /"core"/);
  assert.ok(JSON.parse(await s.request('/graphs', 'GET', { content: 'text' })).graphs.includes(s.graph));
  assert.equal(JSON.parse(await s.request('', 'GET', { content: 'text' })).name, s.graph);
  const conf = await s.request('conf', 'GET', { content: 'text' });
  assert.match(conf, /store/);

  // SchemaManager: property keys
  assert.equal(await createIfNotExist(s, 'propertykeys', { name: 'name', data_type: 'TEXT' }), true);
  assert.equal(await createIfNotExist(s, 'propertykeys', { name: 'name', data_type: 'TEXT' }), false, 'ifNotExist sees the existing key');
  await createIfNotExist(s, 'propertykeys', { name: 'age', data_type: 'INT', cardinality: 'SINGLE' });
  await createIfNotExist(s, 'propertykeys', { name: 'city', data_type: 'TEXT' });
  await createIfNotExist(s, 'propertykeys', { name: 'weight', data_type: 'DOUBLE' });
  await createIfNotExist(s, 'propertykeys', { name: 'date', data_type: 'DATE' });
  await createIfNotExist(s, 'propertykeys', { name: 'spare', data_type: 'LONG', cardinality: 'SET' });
  assert.ok(await s.request('schema/propertykeys/age/?action=append', 'PUT', { data: dumps({ name: 'age', user_data: { min: 0 } }) }));
  assert.equal((await s.request('schema/propertykeys/age')).user_data.min, 0);
  await s.request('schema/propertykeys/age/?action=eliminate', 'PUT', { data: dumps({ name: 'age', user_data: { min: 0 } }) });
  const age = await s.request('schema/propertykeys/age');
  hasFields(age, PK_FIELDS, 'PropertyKeyData');
  assert.deepEqual([age.name, age.data_type, age.cardinality, 'min' in age.user_data], ['age', 'INT', 'SINGLE', false]);
  const keys = (await s.request('schema/propertykeys')).propertykeys as any[];
  for (const k of keys) hasFields(k, PK_FIELDS, 'PropertyKeyData');
  assert.deepEqual(keys.map((k) => k.name).sort(), ['age', 'city', 'date', 'name', 'spare', 'weight']);

  // vertex labels
  await createIfNotExist(s, 'vertexlabels', { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], nullable_keys: ['city'], properties: ['name', 'age', 'city'], enable_label_index: true });
  await createIfNotExist(s, 'vertexlabels', { name: 'software', properties: ['name', 'date'], primary_keys: ['name'], nullable_keys: ['date'] });
  await createIfNotExist(s, 'vertexlabels', { name: 'tag', id_strategy: 'CUSTOMIZE_STRING', properties: ['name'], nullable_keys: ['name'] });
  await s.request('schema/vertexlabels/person?action=append', 'PUT', { data: dumps({ name: 'person', properties: ['date'], nullable_keys: ['date'], user_data: { super: 'animal' } }) });
  await s.request('schema/vertexlabels/person/?action=eliminate', 'PUT', { data: dumps({ name: 'person', user_data: { super: 'animal' } }) });
  const person = await s.request('schema/vertexlabels/person');
  hasFields(person, VL_FIELDS, 'VertexLabelData');
  assert.deepEqual([person.id_strategy, person.primary_keys, person.properties, person.nullable_keys, 'super' in person.user_data], ['PRIMARY_KEY', ['name'], ['name', 'age', 'city', 'date'], ['city', 'date'], false]);
  for (const l of (await s.request('schema/vertexlabels')).vertexlabels as any[]) hasFields(l, VL_FIELDS, 'VertexLabelData');

  // edge labels
  await createIfNotExist(s, 'edgelabels', { name: 'knows', source_label: 'person', target_label: 'person', nullable_keys: ['weight'], properties: ['date', 'weight'], sort_keys: ['date'], frequency: 'MULTIPLE' });
  await createIfNotExist(s, 'edgelabels', { name: 'created', source_label: 'person', target_label: 'software', nullable_keys: ['weight'], properties: ['weight'] });
  await createIfNotExist(s, 'edgelabels', { name: 'tagged', source_label: 'software', target_label: 'tag', properties: [], enable_label_index: false, frequency: 'SINGLE' });
  await s.request('schema/edgelabels/knows?action=append', 'PUT', { data: dumps({ name: 'knows', nullable_keys: ['city'], properties: ['city'], user_data: { since: 1 } }) });
  await s.request('schema/edgelabels/knows?action=eliminate', 'PUT', { data: dumps({ name: 'knows', user_data: { since: 1 } }) });
  const knows = await s.request('schema/edgelabels/knows');
  hasFields(knows, EL_FIELDS, 'EdgeLabelData');
  assert.deepEqual([knows.frequency, knows.sort_keys, knows.properties], ['MULTIPLE', ['date'], ['date', 'weight', 'city']]);
  const relations = ((await s.request('schema/edgelabels')).edgelabels as any[]).map((l) => {
    hasFields(l, EL_FIELDS, 'EdgeLabelData');
    return `${l.source_label}--${l.name}-->${l.target_label}`;
  });
  assert.deepEqual(relations.sort(), ['person--created-->software', 'person--knows-->person', 'software--tagged-->tag']);

  // index labels (the client sends fields from a Python set)
  await createIfNotExist(s, 'indexlabels', { name: 'personByCity', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'SECONDARY', fields: ['city'] });
  await createIfNotExist(s, 'indexlabels', { name: 'personByAge', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'RANGE', fields: ['age'] });
  await createIfNotExist(s, 'indexlabels', { name: 'knowsByWeight', base_type: 'EDGE_LABEL', base_value: 'knows', index_type: 'RANGE', fields: ['weight'] });
  const byAge = await s.request('schema/indexlabels/personByAge');
  assert.deepEqual([byAge.base_type, byAge.base_value, byAge.fields, byAge.index_type], ['VERTEX_LABEL', 'person', ['age'], 'RANGE_INT']);
  assert.equal(((await s.request('schema/indexlabels')).indexlabels as any[]).length, 3);
  const schema = await s.request('schema?format=json');
  hasFields(schema, ['propertykeys', 'vertexlabels', 'edgelabels', 'indexlabels'], 'schema');
  assert.deepEqual((await s.request('schema/vertexlabels/person')).index_labels.sort(), ['personByAge', 'personByCity']);

  // GraphManager: vertices
  const marko = vertexData(await s.request('graph/vertices', 'POST', { data: dumps({ label: 'person', properties: { name: 'marko', age: 29, city: 'Beijing' } }) }));
  assert.deepEqual([marko.label, marko.type, marko.properties], ['person', 'vertex', { name: 'marko', age: 29, city: 'Beijing' }]);
  const tag = vertexData(await s.request('graph/vertices', 'POST', { data: dumps({ id: 'tag-1', label: 'tag', properties: { name: 'graph' } }) }));
  assert.equal(tag.id, 'tag-1');
  const batch = (await s.request('graph/vertices/batch', 'POST', {
    data: dumps([
      { label: 'person', properties: { name: 'vadas', age: 27, city: 'Hongkong' } },
      { label: 'person', properties: { name: 'josh', age: 32, city: 'Beijing' } },
      { label: 'person', properties: { name: 'peter', age: 35, city: 'Shanghai' } },
      { label: 'software', properties: { name: 'lop', date: '2017-01-01' } },
    ]),
  })) as string[];
  assert.equal(batch.length, 4);
  const [vadas, josh, peter, lop] = batch.map((id) => vertexData({ id }).id as string);
  const appended = vertexData(await s.request(`graph/vertices/"${String(marko.id)}"?action=append`, 'PUT', { data: dumps({ properties: { age: 30 } }) }));
  assert.equal(appended.properties.age, 30);
  const eliminated = vertexData(await s.request(`graph/vertices/"${String(marko.id)}"?action=eliminate`, 'PUT', { data: dumps({ properties: { city: 'Beijing' } }) }));
  assert.deepEqual(eliminated.properties, { name: 'marko', age: 30 });
  assert.deepEqual(vertexData(await s.request(`graph/vertices/"${String(marko.id)}"`)).properties, { name: 'marko', age: 30 });
  await rejects(s.request('graph/vertices/"1:nobody"'), 'NotFoundError');

  // getVertexByCondition(limit=n): "limit=n&page" pages from the first page.
  const firstPage = (await s.request('graph/vertices?limit=3&page')) as { vertices: unknown[]; page: string | null };
  assert.equal(firstPage.vertices.length, 3);
  assert.equal(typeof firstPage.page, 'string');
  const secondPage = await s.request(`graph/vertices?limit=3&page=${String(firstPage.page)}`);
  assert.equal(firstPage.vertices.length + (secondPage.vertices as unknown[]).length, 6);
  // getVertexByPage(label, ...) and getVertexByCondition(label or properties, ...) send `page`
  // beside label or properties, which HugeGraph's VertexAPI allows (docs/rest.md, Clients).
  const people = await s.request('graph/vertices?label=person&page&limit=2');
  assert.equal(people.vertices.length, 2);
  const morePeople = await s.request(`graph/vertices?label=person&page=${String(people.page)}&limit=2`);
  assert.equal(morePeople.vertices.length + people.vertices.length, 4);
  assert.deepEqual((await s.request(`graph/vertices?label=person&properties=${dumps({ city: 'Beijing' })}&limit=10&page`)).vertices.map((v: any) => v.properties.name), ['josh']);

  // GraphManager: edges. addEdge sends no outVLabel/inVLabel, which HugeGraph's EdgeAPI allows.
  const added = await s.request('graph/edges', 'POST', { data: dumps({ label: 'knows', outV: marko.id, inV: vadas, properties: { date: '2016-01-11', weight: 0.5 } }) });
  assert.deepEqual([added.outVLabel, added.inVLabel], ['person', 'person']);
  assert.deepEqual(await s.request(`graph/edges/${String(added.id)}`, 'DELETE'), {});
  const edgeIds = (await s.request('graph/edges/batch', 'POST', {
    data: dumps([
      { label: 'knows', outV: marko.id, inV: vadas, outVLabel: 'person', inVLabel: 'person', properties: { date: '2016-01-10', weight: 0.5 } },
      { label: 'knows', outV: marko.id, inV: josh, outVLabel: 'person', inVLabel: 'person', properties: { date: '2013-02-20', weight: 1.0 } },
      { label: 'created', outV: josh, inV: lop, outVLabel: 'person', inVLabel: 'software', properties: { weight: 0.4 } },
      { label: 'created', outV: peter, inV: lop, outVLabel: 'person', inVLabel: 'software', properties: { weight: 0.2 } },
      { label: 'tagged', outV: lop, inV: 'tag-1', outVLabel: 'software', inVLabel: 'tag', properties: {} },
    ]),
  })) as string[];
  assert.equal(edgeIds.length, 5);
  const [markoVadas, markoJosh] = edgeIds as [string, string];
  const edge = await s.request(`graph/edges/${markoVadas}?action=append`, 'PUT', { data: dumps({ properties: { weight: 0.6 } }) });
  hasFields(edge, ['id', 'label', 'type', 'outV', 'outVLabel', 'inV', 'inVLabel', 'properties'], 'EdgeData');
  assert.deepEqual([edge.id, edge.label, edge.type, edge.outV, edge.inV, edge.properties.weight], [markoVadas, 'knows', 'edge', marko.id, vadas, 0.6]);
  assert.equal('weight' in (await s.request(`graph/edges/${markoVadas}?action=eliminate`, 'PUT', { data: dumps({ properties: { weight: 0.6 } }) })).properties, false);
  assert.equal((await s.request(`graph/edges/${markoJosh}`)).inVLabel, 'person');
  // getEdgeByPage(label=..., limit=1): page + one label, no vertex_id (§4.2 rule 3)
  const seen: string[] = [];
  let page: string | null = '';
  for (let i = 0; i < 5 && page !== null; i++) {
    const res: { edges: Array<{ id: string }>; page: string | null } = await s.request(`graph/edges?label=created&page${page === '' ? '' : `=${page}`}&limit=1`);
    seen.push(...res.edges.map((e) => e.id));
    page = res.page;
  }
  assert.equal(page, null);
  assert.deepEqual(seen.sort(), [edgeIds[2], edgeIds[3]].sort());
  // getEdgeByPage(vertex_id=..., direction=...) sends page beside vertex_id, as HugeGraph allows.
  assert.deepEqual((await s.request(`graph/edges?vertex_id="${String(marko.id)}"&direction=OUT&label=knows&page&limit=10`)).edges.map((e: any) => e.id).sort(), [markoVadas, markoJosh].sort());
  // getVerticesById / getEdgesById and TraverserManager.vertices / edges
  assert.deepEqual(((await s.request(`traversers/vertices?ids="${String(marko.id)}"&ids="${vadas}"`)).vertices as any[]).map((v) => vertexData(v).id), [marko.id, vadas]);
  assert.deepEqual(((await s.request(`traversers/edges?ids=${markoVadas}&ids=${markoJosh}`)).edges as any[]).map((e) => e.id), [markoVadas, markoJosh]);
  assert.equal((await s.request('traversers/vertices', 'GET', { params: { ids: `"${josh}"` } })).vertices[0].id, josh);
  assert.equal((await s.request('traversers/edges', 'GET', { params: { ids: markoJosh } })).edges[0].id, markoJosh);

  // GremlinManager.exec: POST /gremlin with the client's aliases; gzip-compressed answer
  const graphName = s.gsSupported ? `${String(s.graphspace)}-${s.graph}` : s.graph;
  const gremlin = (script: string): Promise<any> =>
    s.request('/gremlin', 'POST', { data: dumps({ gremlin: script, bindings: {}, language: 'gremlin-groovy', aliases: { graph: graphName, g: `__g_${graphName}` } }) });
  const counted = await gremlin("g.V().hasLabel('person').count()");
  assert.equal(s.last?.headers['content-encoding'], 'gzip');
  hasFields(counted, ['requestId', 'status', 'result'], 'ResponseData');
  assert.deepEqual(counted.result, { data: [4], meta: {} });
  const out = (await gremlin(`g.V('${String(marko.id)}').outE('knows').order().by('date').inV().values('name')`)).result.data;
  assert.deepEqual(out, ['josh', 'vadas']);
  assert.deepEqual((await gremlin("graph.traversal().E().hasLabel('created').count()")).result.data, [2]);
  await rejects(gremlin('g.V().nosuchstep()'), 'ServerException', /Exception/);

  // TraverserManager: the GET forms with ids in JSON form, the POST forms with their bodies
  const m = String(marko.id);
  assert.deepEqual((await s.request(`traversers/kout?source="${m}"&max_depth=1`)).vertices.sort(), [josh, vadas].sort());
  assert.ok((await s.request(`traversers/kneighbor?source="${m}"&max_depth=2`)).vertices.includes(lop));
  assert.deepEqual((await s.request(`traversers/sameneighbors?vertex="${josh}"&other="${peter}"`)).same_neighbors, [lop]);
  assert.equal(typeof (await s.request(`traversers/jaccardsimilarity?vertex="${josh}"&other="${peter}"`)).jaccard_similarity, 'number');
  assert.deepEqual((await s.request(`traversers/shortestpath?source="${m}"&target="${lop}"&max_depth=3`)).path, [m, josh, lop]);
  assert.deepEqual((await s.request(`traversers/allshortestpaths?source="${m}"&target="${lop}"&max_depth=3`)).paths, [{ objects: [m, josh, lop] }]);
  hasFields(await s.request(`traversers/weightedshortestpath?source="${m}"&target="${lop}"&weight=weight&max_depth=3`), ['path', 'vertices'], 'weightedshortestpath');
  assert.ok(lop! in (await s.request(`traversers/singlesourceshortestpath?source="${m}"&max_depth=2`)).paths);
  const multi = await s.request('traversers/multinodeshortestpath', 'POST', { data: dumps({ vertices: { ids: [m, lop] }, step: { direction: 'BOTH', properties: {} }, max_depth: 10, capacity: 100000000, with_vertex: true }) });
  assert.deepEqual(multi.paths, [{ objects: [m, josh, lop] }]);
  assert.deepEqual((await s.request(`traversers/paths?source="${m}"&target="${lop}"&max_depth=3`)).paths, [{ objects: [m, josh, lop] }]);
  const advanced = await s.request('traversers/paths', 'POST', { data: dumps({ sources: { ids: [m] }, targets: { ids: [lop] }, step: { direction: 'OUT' }, max_depth: 3, nearest: true, capacity: 10000000, limit: 10, with_vertex: false }) });
  assert.deepEqual(advanced.paths, [{ objects: [m, josh, lop] }]);
  const customized = await s.request('traversers/customizedpaths', 'POST', { data: dumps({ sources: { ids: [m] }, steps: [{ direction: 'OUT', labels: ['knows'], weight_by: 'weight', degree: -1 }], sort_by: 'INCR', with_vertex: true, capacity: -1, limit: -1 }) });
  assert.equal(customized.paths.length, 2);
  const template = await s.request('traversers/templatepaths', 'POST', { data: dumps({ sources: { ids: [m] }, targets: { ids: ['tag-1'] }, steps: [{ direction: 'OUT', labels: ['knows'], max_times: 2 }, { direction: 'OUT', labels: ['created'] }, { direction: 'OUT', labels: ['tagged'] }], capacity: 10000, limit: 10, with_vertex: true }) });
  assert.deepEqual(template.paths, [{ objects: [m, josh, lop, 'tag-1'] }]);
  assert.deepEqual((await s.request(`traversers/crosspoints?source="${josh}"&target="${peter}"&max_depth=2`)).crosspoints, [{ crosspoint: lop, objects: [josh, lop, peter] }]);
  const cross = await s.request('traversers/customizedcrosspoints', 'POST', { data: dumps({ sources: { ids: [josh, peter] }, path_patterns: [{ steps: [{ direction: 'OUT', labels: ['created'] }] }], with_path: true, with_vertex: true, capacity: -1, limit: -1 }) });
  assert.deepEqual(cross.crosspoints, [lop]);
  hasFields(await s.request(`traversers/rings?source="${m}"&max_depth=2`), ['rings'], 'rings');
  assert.ok(((await s.request(`traversers/rays?source="${m}"&max_depth=3`)).rays as any[]).some((r) => r.objects.join() === [m, josh, lop, 'tag-1'].join()));
  const fusiform = await s.request('traversers/fusiformsimilarity', 'POST', { data: dumps({ sources: { ids: [josh] }, label: 'created', direction: 'OUT', min_neighbors: 1, alpha: 0.5, min_similars: 1, top: 3, group_property: 'city', min_groups: 1, max_degree: 10000, capacity: -1, limit: -1, with_intermediary: false, with_vertex: true }) });
  hasFields(fusiform, ['similars'], 'fusiformsimilarity');

  // removeEdgeById / removeVertexById: 204, which the client turns into {}
  assert.deepEqual(await s.request(`graph/edges/${markoVadas}`, 'DELETE'), {});
  assert.equal(s.last?.status, 204);
  await rejects(s.request(`graph/edges/${markoVadas}`), 'NotFoundError');
  assert.deepEqual(await s.request(`graph/vertices/"${vadas}"`, 'DELETE'), {});
  await rejects(s.request(`graph/vertices/"${vadas}"`), 'NotFoundError');

  // schema removals run as tasks; TaskManager lists, reads, cancels and deletes them
  const removal = await s.request('schema/indexlabels/knowsByWeight', 'DELETE');
  assert.equal(typeof removal.task_id, 'number');
  await s.request('schema/edgelabels/tagged', 'DELETE');
  await s.request('schema/vertexlabels/tag', 'DELETE');
  await waitForTasks(s);
  assert.deepEqual(await s.request('schema/propertykeys/spare', 'DELETE').then((r) => typeof r.task_id), 'number');
  await waitForTasks(s);
  await rejects(s.request('schema/vertexlabels/tag'), 'NotFoundError');
  assert.deepEqual(await s.request('schema/edgelabels/tagged', 'GET', { strict: false }), {});
  const listed = (await s.request('tasks', 'GET', { params: { status: 'success', limit: 10 } })).tasks as any[];
  assert.ok(listed.length >= 4 && listed.every((t) => t.task_status === 'success'), JSON.stringify(listed));
  const task = await s.request(`tasks/${String(removal.task_id)}`);
  hasFields(task, ['id', 'task_type', 'task_name', 'task_status', 'task_progress', 'task_create', 'task_update', 'task_retries', 'task_server'], 'task');
  await rejects(s.request(`tasks/${String(removal.task_id)}?action=cancel`, 'PUT'), 'ServerException');
  assert.deepEqual(await s.request(`tasks/${String(removal.task_id)}`, 'DELETE'), {});
  await rejects(s.request(`tasks/${String(removal.task_id)}`), 'NotFoundError');

  // GraphsManager.clear_graph_all_data: PUT {"action":"clear","clear_schema":true} with a
  // graph space, else the legacy DELETE .../clear?confirm_message=...
  if (s.gsSupported) await s.request('', 'PUT', { content: 'text', data: dumps({ action: 'clear', clear_schema: true }) });
  else await s.request("clear?confirm_message=I%27m+sure+to+delete+all+data", 'DELETE', { content: 'text' });
  assert.ok((s.last?.status ?? 0) >= 200 && (s.last?.status ?? 0) < 300);
  assert.deepEqual((await s.request('graph/vertices?limit=10')).vertices, []);
  assert.deepEqual((await s.request('schema/propertykeys')).propertykeys, []);
}

test('pyhugegraph: every client operation the server serves, in both path families, as the client sends and reads it', async () => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-pyhugegraph-'));
  const server = await startLiveServer(data);
  try {
    const legacy = await PySession.connect(server.url, 'hugegraph');
    assert.equal(legacy.gsSupported, false, 'core 1.x: the client keeps the legacy /graphs/{graph} family');
    await scenario(legacy);
    assert.equal((await server.request('POST', '/graphspaces/DEFAULT/graphs/pygraph', { backend: 'hstore', serializer: 'binary', store: 'pygraph' })).status, 201);
    await scenario(await PySession.connect(server.url, 'pygraph', 'DEFAULT'));
  } finally {
    await server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
});
