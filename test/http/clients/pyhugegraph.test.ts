/**
 * pyhugegraph (hugegraph-python-client, package `pyhugegraph`) against a real `quiver serve`
 * child process: every call of its managers, made as the client makes it
 * (pyhugegraph-client.ts over pyhugegraph-session.ts) and checked as the client reads it. The
 * scenario runs twice: with no graph space, where the client's `/versions` probe (core 1.x) makes
 * it use the legacy `/graphs/{graph}` family, and with graph space DEFAULT. The ledger counts the
 * calls that returned; the test requires every call of {@link CLIENT_CALLS} and
 * {@link OTHER_MANAGER_CALLS} to have passed, and reports the count.
 *
 * Left out: MetricsManager (`/metrics/...`, not served), and AuthManager in the graph-space
 * family, whose paths (`graphspaces/{gs}/graphs/{graph}/auth/...`) HugeGraph does not serve
 * either (its auth APIs are `graphspaces/{gs}/auth/...`): there every auth call is a 404, as
 * against HugeGraph.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_PASSWORD, startLiveServer } from '../../../bench/server/live-server.js';
import { dumps, PySession, rejects } from './pyhugegraph-session.js';
import { CLIENT_CALLS, Ledger, OTHER_MANAGER_CALLS, pyHugeClient } from './pyhugegraph-client.js';

type Client = ReturnType<typeof pyHugeClient> & { readonly session: PySession };

const PK_FIELDS = ['id', 'name', 'cardinality', 'data_type', 'user_data'];
const VL_FIELDS = ['id', 'name', 'id_strategy', 'primary_keys', 'nullable_keys', 'index_labels', 'properties', 'enable_label_index', 'user_data'];
const EL_FIELDS = ['id', 'name', 'source_label', 'target_label', 'frequency', 'sort_keys', 'nullable_keys', 'index_labels', 'properties', 'enable_label_index', 'user_data'];
const EDGE_FIELDS = ['id', 'label', 'type', 'outV', 'outVLabel', 'inV', 'inVLabel', 'properties'];

function hasFields(record: any, fields: readonly string[], what: string): void {
  for (const f of fields) assert.ok(record !== null && typeof record === 'object' && f in record, `${what} lacks '${f}' (the client reads dic['${f}']): ${JSON.stringify(record)}`);
}

/** `schema.propertyKey(name)...ifNotExist().create()` and its kin: the builder's parameters, checked, then created. */
async function ensure(builder: { ifNotExist(p: Record<string, unknown>): Promise<Record<string, unknown>>; create(p: Record<string, unknown>): Promise<string | undefined> }, params: Record<string, unknown>): Promise<string | undefined> {
  return builder.create(await builder.ifNotExist({ ...params, not_exist: true }));
}

async function waitForTasks(c: Client): Promise<any[]> {
  for (let i = 0; i < 200; i++) {
    const { tasks } = await c.task.list_tasks();
    if ((tasks as any[]).every((t) => !['running', 'queued', 'new'].includes(t.task_status))) return tasks as any[];
    await new Promise((r) => setTimeout(r, 10));
  }
  return assert.fail('tasks did not finish');
}

async function schemaCalls(c: Client): Promise<void> {
  const { schema } = c;
  assert.match(String(await ensure(schema.propertyKey, { name: 'name', data_type: 'TEXT' })), /^create PropertyKey success/);
  assert.equal(await ensure(schema.propertyKey, { name: 'name', data_type: 'TEXT' }), 'Create failed, "name" already exists.', 'ifNotExist sees the existing key');
  await ensure(schema.propertyKey, { name: 'age', data_type: 'INT', cardinality: 'SINGLE' });
  for (const [name, type] of [['city', 'TEXT'], ['weight', 'DOUBLE'], ['date', 'DATE']] as const) await ensure(schema.propertyKey, { name, data_type: type });
  await ensure(schema.propertyKey, { name: 'spare', data_type: 'LONG', cardinality: 'SET' });
  assert.ok(await schema.propertyKey.append({ name: 'age', user_data: { min: 0 } }));
  assert.equal((await schema.getPropertyKey('age')).user_data.min, 0);
  await schema.propertyKey.eliminate({ name: 'age', user_data: { min: 0 } });
  const age = await schema.getPropertyKey('age');
  hasFields(age, PK_FIELDS, 'PropertyKeyData');
  assert.deepEqual([age.name, age.data_type, age.cardinality, 'min' in age.user_data], ['age', 'INT', 'SINGLE', false]);
  const keys = await schema.getPropertyKeys();
  for (const k of keys) hasFields(k, PK_FIELDS, 'PropertyKeyData');
  assert.deepEqual(keys.map((k) => k.name).sort(), ['age', 'city', 'date', 'name', 'spare', 'weight']);

  await ensure(schema.vertexLabel, { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], nullable_keys: ['city'], properties: ['name', 'age', 'city'], enable_label_index: true });
  await ensure(schema.vertexLabel, { name: 'software', properties: ['name', 'date'], primary_keys: ['name'], nullable_keys: ['date'] });
  await ensure(schema.vertexLabel, { name: 'tag', id_strategy: 'CUSTOMIZE_STRING', properties: ['name'], nullable_keys: ['name'] });
  await ensure(schema.vertexLabel, { name: 'scratch', id_strategy: 'CUSTOMIZE_STRING', properties: ['name'], nullable_keys: ['name'] });
  await schema.vertexLabel.append({ name: 'person', properties: ['date'], nullable_keys: ['date'], user_data: { super: 'animal' } });
  await schema.vertexLabel.eliminate({ name: 'person', user_data: { super: 'animal' } });
  const person = await schema.getVertexLabel('person');
  hasFields(person, VL_FIELDS, 'VertexLabelData');
  assert.deepEqual([person.id_strategy, person.primary_keys, person.properties, person.nullable_keys, 'super' in person.user_data], ['PRIMARY_KEY', ['name'], ['name', 'age', 'city', 'date'], ['city', 'date'], false]);
  for (const l of await schema.getVertexLabels()) hasFields(l, VL_FIELDS, 'VertexLabelData');

  await ensure(schema.edgeLabel, { name: 'knows', source_label: 'person', target_label: 'person', nullable_keys: ['weight'], properties: ['date', 'weight'], sort_keys: ['date'], frequency: 'MULTIPLE' });
  await ensure(schema.edgeLabel, { name: 'created', source_label: 'person', target_label: 'software', nullable_keys: ['weight'], properties: ['weight'] });
  await ensure(schema.edgeLabel, { name: 'tagged', source_label: 'software', target_label: 'tag', properties: [], enable_label_index: false, frequency: 'SINGLE' });
  await ensure(schema.edgeLabel, { name: 'scratched', source_label: 'scratch', target_label: 'scratch', properties: [] });
  await schema.edgeLabel.append({ name: 'knows', nullable_keys: ['city'], properties: ['city'], user_data: { since: 1 } });
  await schema.edgeLabel.eliminate({ name: 'knows', user_data: { since: 1 } });
  const knows = await schema.getEdgeLabel('knows');
  hasFields(knows, EL_FIELDS, 'EdgeLabelData');
  assert.deepEqual([knows.frequency, knows.sort_keys, knows.properties], ['MULTIPLE', ['date'], ['date', 'weight', 'city']]);
  for (const l of await schema.getEdgeLabels()) hasFields(l, EL_FIELDS, 'EdgeLabelData');
  assert.deepEqual((await schema.getRelations()).sort(), ['person--created-->software', 'person--knows-->person', 'scratch--scratched-->scratch', 'software--tagged-->tag']);

  // index labels: the client sends fields from a Python set
  await ensure(schema.indexLabel, { name: 'personByCity', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'SECONDARY', fields: ['city'] });
  await ensure(schema.indexLabel, { name: 'personByAge', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'RANGE', fields: ['age'] });
  await ensure(schema.indexLabel, { name: 'knowsByWeight', base_type: 'EDGE_LABEL', base_value: 'knows', index_type: 'RANGE', fields: ['weight'] });
  await ensure(schema.indexLabel, { name: 'scratchByName', base_type: 'VERTEX_LABEL', base_value: 'scratch', index_type: 'SECONDARY', fields: ['name'] });
  const byAge = await schema.getIndexLabel('personByAge');
  assert.deepEqual([byAge.base_type, byAge.base_value, byAge.fields, byAge.index_type], ['VERTEX_LABEL', 'person', ['age'], 'RANGE_INT']);
  assert.equal((await schema.getIndexLabel('knowsByWeight')).index_type, 'RANGE_DOUBLE');
  assert.equal((await schema.getIndexLabels()).length, 4);
  hasFields(await schema.getSchema(), ['propertykeys', 'vertexlabels', 'edgelabels', 'indexlabels'], 'schema');
  assert.match((await schema.getSchema('groovy')).schema, /indexLabel\('personByAge'\)\.onV\('person'\)\.by\('age'\)\.range\(\)/);
  assert.deepEqual(person.index_labels, []);
  assert.deepEqual((await schema.getVertexLabel('person')).index_labels.sort(), ['personByAge', 'personByCity']);
}

interface Ids {
  readonly marko: string;
  readonly vadas: string;
  readonly josh: string;
  readonly peter: string;
  readonly lop: string;
  readonly edges: readonly string[];
}

async function vertexCalls(c: Client): Promise<Pick<Ids, 'marko' | 'vadas' | 'josh' | 'peter' | 'lop'>> {
  const { graph } = c;
  const marko = await graph.addVertex('person', { name: 'marko', age: 29, city: 'Beijing' });
  assert.deepEqual([marko.label, marko.type, marko.properties], ['person', 'vertex', { name: 'marko', age: 29, city: 'Beijing' }]);
  assert.equal((await graph.addVertex('tag', { name: 'graph' }, 'tag-1')).id, 'tag-1');
  const batch = await graph.addVertices([
    ['person', { name: 'vadas', age: 27, city: 'Hongkong' }],
    ['person', { name: 'josh', age: 32, city: 'Beijing' }],
    ['person', { name: 'peter', age: 35, city: 'Shanghai' }],
    ['software', { name: 'lop', date: '2017-01-01' }],
  ]);
  const [vadas, josh, peter, lop] = batch.map((v) => String(v.id)) as [string, string, string, string];
  const m = String(marko.id);
  assert.equal((await graph.appendVertex(m, { age: 30 })).properties.age, 30);
  assert.deepEqual((await graph.eliminateVertex(m, { city: 'Beijing' })).properties, { name: 'marko', age: 30 });
  assert.deepEqual((await graph.getVertexById(m)).properties, { name: 'marko', age: 30 });
  await rejects(graph.getVertexById('1:nobody'), 'NotFoundError');

  // getVertexByPage and getVertexByCondition send `page` beside label and properties, as HugeGraph's VertexAPI allows.
  const [people, next] = await graph.getVertexByPage('person', 2);
  assert.equal(people.length, 2);
  assert.equal(typeof next, 'string');
  const [rest, end] = await graph.getVertexByPage('person', 2, String(next));
  assert.deepEqual([...people, ...rest].map((v) => v.properties.name).sort(), ['josh', 'marko', 'peter', 'vadas']);
  assert.equal(end, null);
  assert.deepEqual((await graph.getVertexByPage('person', 10, undefined, { city: 'Beijing' }))[0].map((v) => v.properties.name), ['josh']);
  assert.deepEqual((await graph.getVertexByCondition('person', 0, undefined, { age: 'P.gt(30)' })).map((v) => v.properties.name).sort(), ['josh', 'peter']);
  assert.equal((await graph.getVertexByCondition('', 3)).length, 3, 'limit and page alone');
  assert.equal((await graph.getVertexByCondition()).length, 6, 'page alone: the first 100');
  const scratch = await graph.addVertex('scratch', { name: 'gone' }, 'gone-1');
  assert.deepEqual(await graph.removeVertexById(String(scratch.id)), {});
  await rejects(graph.getVertexById(String(scratch.id)), 'NotFoundError');
  await rejects(graph.removeVertexById('1:nobody'), 'ServerException', /IllegalArgumentException/);
  return { marko: m, vadas, josh, peter, lop };
}

async function edgeCalls(c: Client, v: Pick<Ids, 'marko' | 'vadas' | 'josh' | 'peter' | 'lop'>): Promise<readonly string[]> {
  const { graph } = c;
  // addEdge sends no outVLabel/inVLabel, which HugeGraph's EdgeAPI allows for a single edge.
  const first = await graph.addEdge('knows', v.marko, v.vadas, { date: '2016-01-10', weight: 0.5 });
  hasFields(first, EDGE_FIELDS, 'EdgeData');
  assert.deepEqual([first.label, first.outV, first.outVLabel, first.inV, first.inVLabel, first.properties], ['knows', v.marko, 'person', v.vadas, 'person', { date: '2016-01-10 00:00:00.000', weight: 0.5 }]);
  const batch = (await graph.addEdges([
    ['knows', v.marko, v.josh, 'person', 'person', { date: '2013-02-20', weight: 1.0 }],
    ['created', v.josh, v.lop, 'person', 'software', { weight: 0.4 }],
    ['created', v.peter, v.lop, 'person', 'software', { weight: 0.2 }],
    ['tagged', v.lop, 'tag-1', 'software', 'tag', {}],
  ])).map((e) => String(e.id));
  const edges = [String(first.id), ...batch];
  const [markoVadas, markoJosh] = edges as [string, string];
  const appended = await graph.appendEdge(markoVadas, { weight: 0.6 });
  hasFields(appended, EDGE_FIELDS, 'EdgeData');
  assert.equal(appended.properties.weight, 0.6);
  assert.equal('weight' in (await graph.eliminateEdge(markoVadas, { weight: 0.6 })).properties, false);
  assert.equal((await graph.getEdgeById(markoJosh)).inVLabel, 'person');
  await rejects(graph.getEdgeById(`${markoJosh}x`), 'NotFoundError');

  // getEdgeByPage: by label, and by vertex with direction and label, page after page.
  const seen: string[] = [];
  let page: string | null | undefined;
  for (let i = 0; i < 5 && page !== null; i++) {
    const [items, nextPage]: [any[], string | null] = await graph.getEdgeByPage({ label: 'created', limit: 1, ...(page === undefined ? {} : { page }) });
    seen.push(...items.map((e) => String(e.id)));
    page = nextPage;
  }
  assert.equal(page, null);
  assert.deepEqual(seen.sort(), [edges[2], edges[3]].sort());
  const [own, ownPage] = await graph.getEdgeByPage({ vertexId: v.marko, direction: 'OUT', label: 'knows', limit: 1 });
  assert.equal(own.length, 1);
  const [more, last] = await graph.getEdgeByPage({ vertexId: v.marko, direction: 'OUT', label: 'knows', limit: 1, page: String(ownPage) });
  assert.deepEqual([...own, ...more].map((e) => String(e.id)).sort(), [markoVadas, markoJosh].sort());
  assert.equal(last, null, 'the page after the last edge is null');
  assert.equal((await graph.getEdgeByPage({ vertexId: v.lop, direction: 'BOTH', properties: { weight: 'P.gt(0.3)' } }))[0].length, 1);
  await rejects(graph.getEdgeByPage({ vertexId: v.lop }), 'NotFoundError', /Direction can not be empty/);

  assert.deepEqual((await graph.getVerticesById([v.marko, v.vadas])).map((x) => x.id), [v.marko, v.vadas]);
  assert.deepEqual((await graph.getEdgesById([markoVadas, markoJosh])).map((e) => e.id), [markoVadas, markoJosh]);
  return edges;
}

async function queryCalls(c: Client, ids: Ids): Promise<void> {
  const { traverser: tr } = c;
  const { marko: m, josh, peter, lop } = ids;
  // GremlinManager.exec: POST /gremlin with the client's aliases; gzip-compressed answer
  assert.deepEqual(await c.gremlin.exec("g.V().hasLabel('person').count()"), { data: [4], meta: {} });
  assert.deepEqual((await c.gremlin.exec(`g.V('${m}').outE('knows').order().by('date').inV().values('name')`)).data, ['josh', 'vadas']);
  assert.deepEqual((await c.gremlin.exec("graph.traversal().E().hasLabel('created').count()")).data, [2]);
  await rejects(c.gremlin.exec('g.V().nosuchstep()'), 'NotFoundError', /^Gremlin can't get results: Server Exception: .*Exception/);

  assert.deepEqual((await tr.k_out(m, '1')).vertices.sort(), [josh, ids.vadas].sort());
  assert.ok((await tr.k_neighbor(m, '2')).vertices.includes(lop));
  assert.deepEqual((await tr.same_neighbors(josh, peter)).same_neighbors, [lop]);
  assert.equal(typeof (await tr.jaccard_similarity(josh, peter)).jaccard_similarity, 'number');
  assert.deepEqual((await tr.shortest_path(m, lop, '3')).path, [m, josh, lop]);
  assert.deepEqual((await tr.all_shortest_paths(m, lop, '3')).paths, [{ objects: [m, josh, lop] }]);
  hasFields(await tr.weighted_shortest_path(m, lop, 'weight', '3'), ['path', 'vertices'], 'weightedshortestpath');
  assert.ok(lop in (await tr.single_source_shortest_path(m, '2')).paths);
  assert.deepEqual((await tr.multi_node_shortest_path([m, lop])).paths, [{ objects: [m, josh, lop] }]);
  assert.deepEqual((await tr.paths(m, lop, '3')).paths, [{ objects: [m, josh, lop] }]);
  assert.deepEqual((await tr.advanced_paths({ ids: [m] }, { ids: [lop] }, { direction: 'OUT' }, 3)).paths, [{ objects: [m, josh, lop] }]);
  assert.equal((await tr.customized_paths({ ids: [m] }, [{ direction: 'OUT', labels: ['knows'], weight_by: 'weight', degree: -1 }])).paths.length, 2);
  const template = await tr.template_paths({ ids: [m] }, { ids: ['tag-1'] }, [{ direction: 'OUT', labels: ['knows'], max_times: 2 }, { direction: 'OUT', labels: ['created'] }, { direction: 'OUT', labels: ['tagged'] }]);
  assert.deepEqual(template.paths, [{ objects: [m, josh, lop, 'tag-1'] }]);
  assert.deepEqual((await tr.crosspoints(josh, peter, '2')).crosspoints, [{ crosspoint: lop, objects: [josh, lop, peter] }]);
  assert.deepEqual((await tr.customized_crosspoints({ ids: [josh, peter] }, [{ steps: [{ direction: 'OUT', labels: ['created'] }] }])).crosspoints, [lop]);
  hasFields(await tr.rings(m, '2'), ['rings'], 'rings');
  assert.ok(((await tr.rays(m, '3')).rays as any[]).some((r) => r.objects.join() === [m, josh, lop, 'tag-1'].join()));
  const fusiform = await tr.fusiform_similarity({
    sources: { ids: [josh] }, label: 'created', direction: 'OUT', min_neighbors: 1, alpha: 0.5, min_similars: 1, top: 3, group_property: 'city',
    min_groups: 1, max_degree: 10000, capacity: -1, limit: -1, with_intermediary: false, with_vertex: true,
  });
  hasFields(fusiform, ['similars'], 'fusiformsimilarity');
  assert.equal((await tr.vertices(josh)).vertices[0].id, josh);
  assert.equal((await tr.edges(ids.edges[1]!)).edges[0].id, ids.edges[1]);
  // RankManager (built by a program from a session)
  const personal = await c.rank.personal_rank({ source: josh, label: 'created', alpha: 0.85, max_degree: 10000, max_depth: 5, limit: 100, max_diff: 0.0001, sorted: true, with_label: 'BOTH_LABEL' });
  assert.ok(typeof personal === 'object' && Object.keys(personal).length > 0, JSON.stringify(personal));
  const neighbor = await c.rank.neighbor_rank({ source: m, label: 'knows', alpha: 0.85, capacity: 10000000, steps: [{ direction: 'OUT', labels: ['knows'], max_degree: 10000, top: 100 }] });
  hasFields(neighbor, ['ranks'], 'neighborrank');
}

async function variableCalls(c: Client): Promise<void> {
  const v = c.variable;
  assert.deepEqual(await v.all(), {});
  assert.deepEqual(await v.set('owner', 'ops'), { owner: 'ops' });
  assert.deepEqual(await v.set('limits', [1, 2, 3]), { limits: [1, 2, 3] });
  assert.deepEqual(await v.set('since', 2 ** 40), { since: 2 ** 40 });
  assert.deepEqual(await v.get('owner'), { owner: 'ops' });
  assert.deepEqual(await v.all(), { owner: 'ops', limits: [1, 2, 3], since: 2 ** 40 });
  assert.deepEqual(await v.remove('owner'), {});
  await rejects(v.get('owner'), 'NotFoundError', /Variable 'owner' does not exist/);
  await rejects(v.set('bad', { nested: true }), 'ServerException', /IllegalArgumentException/);
}

async function taskCalls(c: Client): Promise<void> {
  const { schema, task } = c;
  // schema removals run as tasks; RebuildManager's jobs too
  const removal = await schema.indexLabel.remove({ name: 'scratchByName' });
  assert.equal(typeof removal.task_id, 'number');
  for (const rebuilt of [await c.rebuild.rebuild_indexlabels('personByCity'), await c.rebuild.rebuild_vertexlabels('person'), await c.rebuild.rebuild_edgelabels('knows')]) {
    assert.equal(typeof rebuilt.task_id, 'number');
  }
  await schema.edgeLabel.remove({ name: 'scratched' });
  await schema.vertexLabel.remove({ name: 'scratch' });
  await waitForTasks(c);
  assert.equal(typeof (await schema.propertyKey.remove({ name: 'spare' })).task_id, 'number');
  await waitForTasks(c);
  await rejects(schema.getVertexLabel('scratch'), 'NotFoundError');
  assert.equal(await ensure(schema.vertexLabel, { name: 'person' }), 'Create failed, "person" already exists.');
  const listed = (await task.list_tasks('success', 10)).tasks as any[];
  assert.ok(listed.length >= 6 && listed.every((t) => t.task_status === 'success'), JSON.stringify(listed));
  assert.ok(((await task.list_tasks()).tasks as any[]).length >= listed.length);
  const done = await task.get_task(removal.task_id as number);
  hasFields(done, ['id', 'task_type', 'task_name', 'task_status', 'task_progress', 'task_create', 'task_update', 'task_retries', 'task_server'], 'task');
  await rejects(task.cancel_task(removal.task_id as number), 'ServerException', /IllegalArgumentException/);
  // A running task is cancelled: a Gremlin job that never ends on its own (a cycle, through both()).
  const job = await c.session.request('jobs/gremlin', 'POST', { data: dumps({ gremlin: "g.V().repeat(both()).until(has('name','nobody')).count()", bindings: {}, language: 'gremlin-groovy', aliases: {} }) });
  const cancelled = await task.cancel_task(job.task_id as number);
  assert.ok(['cancelling', 'cancelled'].includes(cancelled.task_status), JSON.stringify(cancelled));
  await waitForTasks(c);
  assert.equal((await task.get_task(job.task_id as number)).task_status, 'cancelled');
  assert.deepEqual(await task.delete_task(removal.task_id as number), {});
  await rejects(task.get_task(removal.task_id as number), 'NotFoundError');
}

/** AuthManager, in the legacy family (`graphs/{graph}/auth/...`), as an administrator. */
async function authCalls(c: Client, graph: string): Promise<void> {
  const { auth } = c;
  const user = await auth.create_user('py_user', 'pypass1');
  assert.equal(user.user_name, 'py_user');
  assert.ok(((await auth.list_users()).users as any[]).some((u) => u.user_name === 'py_user'));
  assert.equal(((await auth.list_users(1)).users as any[]).length, 1);
  assert.equal((await auth.modify_user(user.id, { user_email: 'py@example.com' })).user_email, 'py@example.com', 'modify_user sends the other fields as null');
  assert.equal((await auth.get_user(user.id)).user_email, 'py@example.com');
  const group = await auth.create_group('py_group');
  assert.equal((await auth.modify_group(group.id, undefined, 'readers')).group_description, 'readers', 'modify_group sends group_name: null');
  assert.equal((await auth.get_group(group.id)).group_description, 'readers');
  assert.ok(((await auth.list_groups()).groups as any[]).some((g) => g.group_name === 'py_group'));
  assert.equal(((await auth.list_groups(1)).groups as any[]).length, 1);
  const target = await auth.create_target('py_target', graph, '127.0.0.1:8080', [{ type: 'VERTEX', label: 'person', properties: { city: 'Beijing' } }]);
  const updated = await auth.update_target(target.id, 'py_target', graph, '127.0.0.1:8081', [{ type: 'VAR', label: '*', properties: null }]);
  assert.deepEqual([updated.target_url, updated.target_resources], ['127.0.0.1:8081', [{ type: 'VAR', label: '*', properties: null }]]);
  assert.equal((await auth.get_target(target.id)).target_url, '127.0.0.1:8081');
  assert.ok(((await auth.list_targets()).targets as any[]).some((t) => t.id === target.id));
  const belong = await auth.create_belong(user.id, group.id);
  assert.equal((await auth.update_belong(belong.id, 'member')).belong_description, 'member');
  assert.equal((await auth.get_belong(belong.id)).belong_description, 'member');
  assert.ok(((await auth.list_belongs()).belongs as any[]).some((b) => b.id === belong.id));
  const access = await auth.grant_accesses(group.id, target.id, 'READ');
  assert.equal(access.access_permission, 'READ');
  assert.equal((await auth.modify_accesses(access.id, 'read variables')).access_description, 'read variables');
  assert.equal((await auth.get_accesses(access.id)).access_description, 'read variables');
  assert.ok(((await auth.list_accesses()).accesses as any[]).some((a) => a.id === access.id));

  // The user now reads the graph's variables (READ on VAR) and may not set them.
  const session = await PySession.connect(c.session.url, graph, { user: 'py_user', password: 'pypass1' });
  const asUser = pyHugeClient(session, new Ledger());
  await c.variable.set('owner', 'ops');
  assert.deepEqual(await asUser.variable.get('owner'), { owner: 'ops' });
  await rejects(asUser.variable.set('owner', 'x'), 'HTTPError');
  assert.equal(session.last?.status, 403);
  await c.variable.remove('owner');

  assert.deepEqual(await auth.revoke_accesses(access.id), {});
  assert.deepEqual(await auth.delete_belong(belong.id), {});
  assert.deepEqual(await auth.delete_target(target.id), {});
  assert.deepEqual(await auth.delete_group(group.id), {});
  assert.deepEqual(await auth.delete_user(user.id), {});
  await rejects(auth.get_user(user.id), 'NotFoundError');
}

async function scenario(c: Client): Promise<void> {
  const s = c.session;
  hasFields((await c.version.version()).versions, ['version', 'core', 'gremlin', 'api'], 'versions');
  assert.match(await c.graphs.get_version(), /"core"/);
  assert.ok(JSON.parse(await c.graphs.get_all_graphs()).graphs.includes(s.graph));
  assert.equal(JSON.parse(await c.graphs.get_graph_info()).name, s.graph);
  assert.match(await c.graphs.get_graph_config(), /store/);

  await schemaCalls(c);
  const vertices = await vertexCalls(c);
  const ids: Ids = { ...vertices, edges: await edgeCalls(c, vertices) };
  await queryCalls(c, ids);
  await variableCalls(c);
  if (s.gsSupported) await rejects(c.auth.list_users(), 'NotFoundError');
  else await authCalls(c, s.graph);

  // removeEdgeById / removeVertexById: 204, which the client turns into {}
  const [markoVadas] = ids.edges as [string];
  assert.deepEqual(await c.graph.removeEdgeById(markoVadas), {});
  await rejects(c.graph.getEdgeById(markoVadas), 'NotFoundError');
  assert.deepEqual(await c.graph.removeVertexById(ids.vadas), {});
  await rejects(c.graph.getVertexById(ids.vadas), 'NotFoundError');
  await taskCalls(c);

  // clear_graph_all_data: everything goes, the graph's variables too
  await c.variable.set('left', true);
  assert.ok((await c.graphs.clear_graph_all_data()) !== undefined);
  assert.ok((s.last?.status ?? 0) >= 200 && (s.last?.status ?? 0) < 300);
  assert.deepEqual(await c.graph.getVertexByCondition('', 10), []);
  assert.deepEqual(await c.schema.getPropertyKeys(), []);
  assert.deepEqual(await c.variable.all(), {});
}

/** ServicesManager (built by a program from a session): create, get, delete in a graph space. */
async function serviceCalls(c: Client): Promise<void> {
  const { services } = c;
  const manual = await services.create_services('DEFAULT', { name: 'py_manual', description: 'by hand', type: 'OLTP', count: 1, cpu_limit: 1, memory_limit: 4, storage_limit: 100, route_type: null, port: null, urls: ['127.0.0.1:8080'], deployment_type: 'MANUAL' });
  assert.equal(manual.deployment_type, 'MANUAL');
  const k8s = await services.create_services('DEFAULT', { name: 'py_k8s', description: 'cluster', type: 'OLTP', count: 1, cpu_limit: 1, memory_limit: 1, storage_limit: 100, route_type: 'NodePort', port: 30080, urls: [], deployment_type: 'K8S' });
  assert.equal(k8s.route_type, 'NodePort');
  assert.equal((await services.get_service('DEFAULT', 'py_manual')).urls[0], '127.0.0.1:8080');
  // list_services sends `/graphspaces/$DEFAULT/services` (a `$` in its path template): no such space, as against HugeGraph.
  await rejects(services.list_services('DEFAULT'), 'NotFoundError');
  assert.deepEqual(await services.delete_service('DEFAULT', 'py_manual'), {});
  assert.deepEqual(await services.delete_service('DEFAULT', 'py_k8s'), {});
  await rejects(services.get_service('DEFAULT', 'py_manual'), 'NotFoundError');
}

test('pyhugegraph: every call of the client, in both path families, as the client sends and reads it', async (t) => {
  const data = mkdtempSync(join(tmpdir(), 'quiver-pyhugegraph-'));
  const server = await startLiveServer(data);
  const ledger = new Ledger();
  try {
    const admin = { user: 'admin', password: LIVE_PASSWORD };
    const legacy = await PySession.connect(server.url, 'hugegraph', admin);
    assert.equal(legacy.gsSupported, false, 'core 1.x: the client keeps the legacy /graphs/{graph} family');
    await scenario({ ...pyHugeClient(legacy, ledger), session: legacy });
    assert.equal((await server.request('POST', '/graphspaces/DEFAULT/graphs/pygraph', { backend: 'hstore', serializer: 'binary', store: 'pygraph' })).status, 201);
    const spaced = await PySession.connect(server.url, 'pygraph', { ...admin, graphspace: 'DEFAULT' });
    const client = { ...pyHugeClient(spaced, ledger), session: spaced };
    await scenario(client);
    await serviceCalls(client);
  } catch (error) {
    // The client's message is short ("Server Exception: class ..."); the server's answer is in the cause.
    if (error instanceof Error && error.cause !== undefined) t.diagnostic(`server answer: ${String(error.cause)}`);
    throw error;
  } finally {
    await server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
  const missing = [...CLIENT_CALLS, ...OTHER_MANAGER_CALLS].filter((name) => !ledger.passed.has(name));
  assert.deepEqual(missing, [], 'every call of the client was made and passed');
  const passed = CLIENT_CALLS.filter((name) => ledger.passed.has(name)).length;
  const others = OTHER_MANAGER_CALLS.filter((name) => ledger.passed.has(name)).length;
  t.diagnostic(`pyhugegraph: ${passed} of ${CLIENT_CALLS.length} PyHugeClient calls pass, and ${others} of ${OTHER_MANAGER_CALLS.length} of ServicesManager, RebuildManager and RankManager`);
});
