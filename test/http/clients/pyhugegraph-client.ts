/**
 * pyhugegraph's managers (apache/incubator-hugegraph-ai, hugegraph-python-client, read at commit
 * 4dd6a164), method for method: each builds its path, query and body as the Python code does and
 * returns what the Python method returns (the parsed JSON, `VertexData`-like records, a tuple as
 * a pair). Every call goes through a {@link Ledger} that counts the calls that returned, so the
 * scenario can tell which of the client's calls it covered and that every one of them passed.
 * @module
 */
import { ClientError, dumps } from './pyhugegraph-session.js';
import type { PySession } from './pyhugegraph-session.js';

type Json = any;

/**
 * Every call a PyHugeClient offers (its managers' public methods that send a request), by
 * manager and method, except MetricsManager's nine `/metrics/...` calls, which the server does
 * not serve. The schema builders' setters (asText(), properties()...) send nothing and are left
 * out; their ifNotExist/create/append/eliminate/remove are calls.
 */
export const CLIENT_CALLS: readonly string[] = [
  'VersionManager.version',
  ...['get_all_graphs', 'get_version', 'get_graph_info', 'clear_graph_all_data', 'get_graph_config'].map((m) => `GraphsManager.${m}`),
  ...['getSchema', 'getPropertyKey', 'getPropertyKeys', 'getVertexLabel', 'getVertexLabels', 'getEdgeLabel', 'getEdgeLabels', 'getRelations', 'getIndexLabel', 'getIndexLabels'].map((m) => `SchemaManager.${m}`),
  ...['ifNotExist', 'create', 'append', 'eliminate', 'remove'].flatMap((m) => [`PropertyKey.${m}`, `VertexLabel.${m}`, `EdgeLabel.${m}`]),
  ...['ifNotExist', 'create', 'remove'].map((m) => `IndexLabel.${m}`),
  ...[
    'addVertex', 'addVertices', 'appendVertex', 'eliminateVertex', 'getVertexById', 'getVertexByPage', 'getVertexByCondition', 'removeVertexById',
    'addEdge', 'addEdges', 'appendEdge', 'eliminateEdge', 'getEdgeById', 'getEdgeByPage', 'removeEdgeById', 'getVerticesById', 'getEdgesById',
  ].map((m) => `GraphManager.${m}`),
  'GremlinManager.exec',
  ...[
    'k_out', 'k_neighbor', 'same_neighbors', 'jaccard_similarity', 'shortest_path', 'all_shortest_paths', 'weighted_shortest_path', 'single_source_shortest_path',
    'multi_node_shortest_path', 'paths', 'advanced_paths', 'customized_paths', 'template_paths', 'crosspoints', 'customized_crosspoints', 'rings', 'rays',
    'fusiform_similarity', 'vertices', 'edges',
  ].map((m) => `TraverserManager.${m}`),
  ...['list_tasks', 'get_task', 'delete_task', 'cancel_task'].map((m) => `TaskManager.${m}`),
  ...['set', 'get', 'all', 'remove'].map((m) => `VariableManager.${m}`),
  ...['users', 'groups'].flatMap((kind) => ['list', 'create', 'delete', 'modify', 'get'].map((m) => `AuthManager.${m}_${kind.slice(0, -1)}${m === 'list' ? 's' : ''}`)),
  ...[
    'grant_accesses', 'revoke_accesses', 'modify_accesses', 'get_accesses', 'list_accesses',
    'create_target', 'delete_target', 'update_target', 'get_target', 'list_targets',
    'create_belong', 'delete_belong', 'update_belong', 'get_belong', 'list_belongs',
  ].map((m) => `AuthManager.${m}`),
];

/**
 * The calls of the managers a PyHugeClient does not build (ServicesManager, RebuildManager,
 * RankManager; a program makes them from a session), except `ServicesManager.list_services`,
 * whose path `/graphspaces/${graphspace}/services` sends a literal `$` and fails against any
 * server.
 */
export const OTHER_MANAGER_CALLS: readonly string[] = [
  'ServicesManager.create_services', 'ServicesManager.get_service', 'ServicesManager.delete_service',
  'RebuildManager.rebuild_indexlabels', 'RebuildManager.rebuild_vertexlabels', 'RebuildManager.rebuild_edgelabels',
  'RankManager.personal_rank', 'RankManager.neighbor_rank',
];

/** The calls that returned, by name. */
export class Ledger {
  readonly passed = new Map<string, number>();

  /** `fn` as call `name`: counted each time it returns (a raise is not counted). */
  track<A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args: A) => {
      const result = await fn(...args);
      this.passed.set(name, (this.passed.get(name) ?? 0) + 1);
      return result;
    };
  }
}

/** Python's truthiness of a parsed answer: `if response := ...`. */
function truthy(value: Json): boolean {
  if (value === null || value === undefined || value === '' || value === 0 || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

/** The fields a schema builder collects (its parameter holder), with `not_exist` as ifNotExist leaves it. */
type Params = Record<string, Json>;

function schemaBuilders(s: PySession, t: Ledger['track']) {
  const exists = (path: string) => async (p: Params): Promise<Params> => {
    if (truthy(await s.request(path, 'GET', { strict: false }))) p.not_exist = false;
    return p;
  };
  const created = (kind: string, path: string, body: (p: Params) => Params) => async (p: Params): Promise<string | undefined> => {
    if (p.not_exist === false) return `Create failed, "${String(p.name)}" already exists.`;
    const response = await s.request(path, 'POST', { data: dumps(body(p)) });
    return truthy(response) ? `create ${kind} success, Detail: ${JSON.stringify(response)}` : undefined;
  };
  const pick = (keys: readonly string[]) => (p: Params): Params => Object.fromEntries(keys.filter((k) => k in p).map((k) => [k, p[k]]));
  const updated = (path: (p: Params) => string, body: (p: Params) => Params) => async (p: Params): Promise<Json> => s.request(path(p), 'PUT', { data: dumps(body(p)) });
  const removed = (plural: string) => async (p: Params): Promise<Json> => s.request(`schema/${plural}/${String(p.name)}`, 'DELETE');
  return {
    propertyKey: {
      ifNotExist: t('PropertyKey.ifNotExist', (p: Params) => exists(`schema/propertykeys/${String(p.name)}`)(p)),
      create: t('PropertyKey.create', created('PropertyKey', 'schema/propertykeys', pick(['name', 'data_type', 'cardinality']))),
      append: t('PropertyKey.append', updated((p) => `schema/propertykeys/${String(p.name)}/?action=append`, (p) => ({ name: p.name, user_data: p.user_data ?? {} }))),
      eliminate: t('PropertyKey.eliminate', updated((p) => `schema/propertykeys/${String(p.name)}/?action=eliminate`, (p) => ({ name: p.name, user_data: p.user_data ?? {} }))),
      remove: t('PropertyKey.remove', removed('propertykeys')),
    },
    vertexLabel: {
      ifNotExist: t('VertexLabel.ifNotExist', (p: Params) => exists(`schema/vertexlabels/${String(p.name)}`)(p)),
      create: t('VertexLabel.create', created('VertexLabel', 'schema/vertexlabels', pick(['name', 'id_strategy', 'primary_keys', 'nullable_keys', 'index_labels', 'properties', 'enable_label_index', 'user_data']))),
      append: t('VertexLabel.append', updated((p) => `schema/vertexlabels/${String(p.name)}?action=append`, (p) => ({ name: p.name, properties: p.properties ?? [], nullable_keys: p.nullable_keys ?? [], user_data: p.user_data ?? {} }))),
      eliminate: t('VertexLabel.eliminate', updated((p) => `schema/vertexlabels/${String(p.name)}/?action=eliminate`, (p) => ({ name: p.name, user_data: p.user_data ?? {} }))),
      remove: t('VertexLabel.remove', removed('vertexlabels')),
    },
    edgeLabel: {
      ifNotExist: t('EdgeLabel.ifNotExist', (p: Params) => exists(`schema/edgelabels/${String(p.name)}`)(p)),
      create: t('EdgeLabel.create', created('EdgeLabel', 'schema/edgelabels', pick(['name', 'source_label', 'target_label', 'nullable_keys', 'properties', 'enable_label_index', 'sort_keys', 'user_data', 'frequency']))),
      append: t('EdgeLabel.append', updated((p) => `schema/edgelabels/${String(p.name)}?action=append`, pick(['name', 'nullable_keys', 'properties', 'user_data']))),
      eliminate: t('EdgeLabel.eliminate', updated((p) => `schema/edgelabels/${String(p.name)}?action=eliminate`, (p) => ({ name: p.name, user_data: p.user_data ?? {} }))),
      remove: t('EdgeLabel.remove', removed('edgelabels')),
    },
    indexLabel: {
      ifNotExist: t('IndexLabel.ifNotExist', (p: Params) => exists(`schema/indexlabels/${String(p.name)}`)(p)),
      create: t('IndexLabel.create', created('IndexLabel', 'schema/indexlabels', (p) => ({ name: p.name, base_type: p.base_type, base_value: p.base_value, index_type: p.index_type, fields: p.fields }))),
      remove: t('IndexLabel.remove', removed('indexlabels')),
    },
  };
}

function schemaManager(s: PySession, t: Ledger['track']) {
  const get = (name: string, path: (arg: string) => string) => t(`SchemaManager.${name}`, async (arg: string) => s.request(path(arg)));
  const list = (name: string, path: string, key: string) => t(`SchemaManager.${name}`, async () => (await s.request(path))[key] as Json[]);
  return {
    getSchema: t('SchemaManager.getSchema', async (format = 'json') => s.request(`schema?format=${format}`)),
    getPropertyKey: get('getPropertyKey', (n) => `schema/propertykeys/${n}`),
    getPropertyKeys: list('getPropertyKeys', 'schema/propertykeys', 'propertykeys'),
    getVertexLabel: get('getVertexLabel', (n) => `schema/vertexlabels/${n}`),
    getVertexLabels: list('getVertexLabels', 'schema/vertexlabels', 'vertexlabels'),
    getEdgeLabel: get('getEdgeLabel', (n) => `schema/edgelabels/${n}`),
    getEdgeLabels: list('getEdgeLabels', 'schema/edgelabels', 'edgelabels'),
    getRelations: t('SchemaManager.getRelations', async () => ((await s.request('schema/edgelabels')).edgelabels as Json[]).map((l) => `${String(l.source_label)}--${String(l.name)}-->${String(l.target_label)}`)),
    getIndexLabel: get('getIndexLabel', (n) => `schema/indexlabels/${n}`),
    getIndexLabels: list('getIndexLabels', 'schema/indexlabels', 'indexlabels'),
    ...schemaBuilders(s, t),
  };
}

/** GraphManager.getVertexByPage / getVertexByCondition / getEdgeByPage: the page part of their query. */
function pagePart(page: string | undefined): string {
  return page ? `&page=${page}` : '&page';
}

function graphManager(s: PySession, t: Ledger['track']) {
  const vertexPath = (id: string): string => `graph/vertices/"${id}"`;
  return {
    addVertex: t('GraphManager.addVertex', async (label: string, properties: Json, id?: string) => s.request('graph/vertices', 'POST', { data: dumps({ ...(id === undefined ? {} : { id }), label, properties }) })),
    addVertices: t('GraphManager.addVertices', async (items: ReadonlyArray<readonly [string, Json]>) =>
      ((await s.request('graph/vertices/batch', 'POST', { data: dumps(items.map(([label, properties]) => ({ label, properties }))) })) as Json[]).map((id) => ({ id }))),
    appendVertex: t('GraphManager.appendVertex', async (id: string, properties: Json) => s.request(`${vertexPath(id)}?action=append`, 'PUT', { data: dumps({ properties }) })),
    eliminateVertex: t('GraphManager.eliminateVertex', async (id: string, properties: Json) => s.request(`${vertexPath(id)}?action=eliminate`, 'PUT', { data: dumps({ properties }) })),
    getVertexById: t('GraphManager.getVertexById', async (id: string) => s.request(vertexPath(id))),
    getVertexByPage: t('GraphManager.getVertexByPage', async (label: string, limit: number, page?: string, properties?: Json): Promise<[Json[], string | null]> => {
      const para = `&label=${label}${properties ? `&properties=${dumps(properties)}` : ''}${pagePart(page)}&limit=${limit}`;
      const response = await s.request(`graph/vertices?${para.slice(1)}`);
      return [response.vertices as Json[], response.page as string | null];
    }),
    getVertexByCondition: t('GraphManager.getVertexByCondition', async (label: string = '', limit: number = 0, page?: string, properties?: Json): Promise<Json[]> => {
      const para = `${label ? `&label=${label}` : ''}${properties ? `&properties=${dumps(properties)}` : ''}${limit > 0 ? `&limit=${limit}` : ''}${pagePart(page)}`;
      return (await s.request(`graph/vertices?${para.slice(1)}`)).vertices as Json[];
    }),
    removeVertexById: t('GraphManager.removeVertexById', async (id: string) => s.request(vertexPath(id), 'DELETE')),
    addEdge: t('GraphManager.addEdge', async (label: string, outV: string, inV: string, properties: Json) => s.request('graph/edges', 'POST', { data: dumps({ label, outV, inV, properties }) })),
    addEdges: t('GraphManager.addEdges', async (items: ReadonlyArray<readonly [string, string, string, string, string, Json]>) =>
      ((await s.request('graph/edges/batch', 'POST', {
        data: dumps(items.map(([label, outV, inV, outVLabel, inVLabel, properties]) => ({ label, outV, inV, outVLabel, inVLabel, properties }))),
      })) as Json[]).map((id) => ({ id }))),
    appendEdge: t('GraphManager.appendEdge', async (id: string, properties: Json) => s.request(`graph/edges/${id}?action=append`, 'PUT', { data: dumps({ properties }) })),
    eliminateEdge: t('GraphManager.eliminateEdge', async (id: string, properties: Json) => s.request(`graph/edges/${id}?action=eliminate`, 'PUT', { data: dumps({ properties }) })),
    getEdgeById: t('GraphManager.getEdgeById', async (id: string) => s.request(`graph/edges/${id}`)),
    getEdgeByPage: t('GraphManager.getEdgeByPage', async (q: { label?: string; vertexId?: string; direction?: string; limit?: number; page?: string; properties?: Json }): Promise<[Json[], string | null]> => {
      let para = '';
      if (q.vertexId) {
        if (!q.direction) throw new ClientError('NotFoundError', 0, 'Direction can not be empty.');
        para += `&vertex_id="${q.vertexId}"&direction=${q.direction}`;
      }
      if (q.label) para += `&label=${q.label}`;
      if (q.properties) para += `&properties=${dumps(q.properties)}`;
      para += pagePart(q.page);
      if ((q.limit ?? 0) > 0) para += `&limit=${String(q.limit)}`;
      const response = await s.request(`graph/edges?${para.slice(1)}`);
      return [response.edges as Json[], response.page as string | null];
    }),
    removeEdgeById: t('GraphManager.removeEdgeById', async (id: string) => s.request(`graph/edges/${id}`, 'DELETE')),
    getVerticesById: t('GraphManager.getVerticesById', async (ids: readonly string[]) => (await s.request(`traversers/vertices?${ids.map((id) => `ids="${id}"`).join('&')}`)).vertices as Json[]),
    getEdgesById: t('GraphManager.getEdgesById', async (ids: readonly string[]) => (await s.request(`traversers/edges?${ids.map((id) => `ids=${id}`).join('&')}`)).edges as Json[]),
  };
}

function gremlinManager(s: PySession, t: Ledger['track']) {
  const graph = s.gsSupported ? `${String(s.graphspace)}-${s.graph}` : s.graph;
  return {
    // exec wraps every failure into NotFoundError("Gremlin can't get results: ...").
    exec: t('GremlinManager.exec', async (gremlin: string) => {
      try {
        return (await s.request('/gremlin', 'POST', { data: dumps({ gremlin, bindings: {}, language: 'gremlin-groovy', aliases: { graph, g: `__g_${graph}` } }) })).result as Json;
      } catch (error) {
        throw new ClientError('NotFoundError', error instanceof ClientError ? error.status : 0, `Gremlin can't get results: ${String(error instanceof Error ? error.message : error)}`);
      }
    }),
  };
}

function traverserManager(s: PySession, t: Ledger['track']) {
  const get = (name: string, path: (...args: string[]) => string) => t(`TraverserManager.${name}`, async (...args: string[]) => s.request(path(...args)));
  const post = (name: string, path: string) => t(`TraverserManager.${name}`, async (body: Json) => s.request(path, 'POST', { data: dumps(body) }));
  return {
    k_out: get('k_out', (source, depth) => `traversers/kout?source="${source}"&max_depth=${depth}`),
    k_neighbor: get('k_neighbor', (source, depth) => `traversers/kneighbor?source="${source}"&max_depth=${depth}`),
    same_neighbors: get('same_neighbors', (v, o) => `traversers/sameneighbors?vertex="${v}"&other="${o}"`),
    jaccard_similarity: get('jaccard_similarity', (v, o) => `traversers/jaccardsimilarity?vertex="${v}"&other="${o}"`),
    shortest_path: get('shortest_path', (a, b, d) => `traversers/shortestpath?source="${a}"&target="${b}"&max_depth=${d}`),
    all_shortest_paths: get('all_shortest_paths', (a, b, d) => `traversers/allshortestpaths?source="${a}"&target="${b}"&max_depth=${d}`),
    weighted_shortest_path: get('weighted_shortest_path', (a, b, w, d) => `traversers/weightedshortestpath?source="${a}"&target="${b}"&weight=${w}&max_depth=${d}`),
    single_source_shortest_path: get('single_source_shortest_path', (a, d) => `traversers/singlesourceshortestpath?source="${a}"&max_depth=${d}`),
    multi_node_shortest_path: t('TraverserManager.multi_node_shortest_path', async (vertices: string[], direction = 'BOTH', properties: Json = {}, maxDepth = 10, capacity = 100000000, withVertex = true) =>
      s.request('traversers/multinodeshortestpath', 'POST', { data: dumps({ vertices: { ids: vertices }, step: { direction, properties }, max_depth: maxDepth, capacity, with_vertex: withVertex }) })),
    paths: get('paths', (a, b, d) => `traversers/paths?source="${a}"&target="${b}"&max_depth=${d}`),
    advanced_paths: t('TraverserManager.advanced_paths', async (sources: Json, targets: Json, step: Json, maxDepth: number, nearest = true, capacity = 10000000, limit = 10, withVertex = false) =>
      s.request('traversers/paths', 'POST', { data: dumps({ sources, targets, step, max_depth: maxDepth, nearest, capacity, limit, with_vertex: withVertex }) })),
    customized_paths: t('TraverserManager.customized_paths', async (sources: Json, steps: Json, sortBy = 'INCR', withVertex = true, capacity = -1, limit = -1) =>
      s.request('traversers/customizedpaths', 'POST', { data: dumps({ sources, steps, sort_by: sortBy, with_vertex: withVertex, capacity, limit }) })),
    template_paths: t('TraverserManager.template_paths', async (sources: Json, targets: Json, steps: Json, capacity = 10000, limit = 10, withVertex = true) =>
      s.request('traversers/templatepaths', 'POST', { data: dumps({ sources, targets, steps, capacity, limit, with_vertex: withVertex }) })),
    crosspoints: get('crosspoints', (a, b, d) => `traversers/crosspoints?source="${a}"&target="${b}"&max_depth=${d}`),
    customized_crosspoints: t('TraverserManager.customized_crosspoints', async (sources: Json, pathPatterns: Json, withPath = true, withVertex = true, capacity = -1, limit = -1) =>
      s.request('traversers/customizedcrosspoints', 'POST', { data: dumps({ sources, path_patterns: pathPatterns, with_path: withPath, with_vertex: withVertex, capacity, limit }) })),
    rings: get('rings', (a, d) => `traversers/rings?source="${a}"&max_depth=${d}`),
    rays: get('rays', (a, d) => `traversers/rays?source="${a}"&max_depth=${d}`),
    fusiform_similarity: post('fusiform_similarity', 'traversers/fusiformsimilarity'),
    vertices: t('TraverserManager.vertices', async (ids: string) => s.request('traversers/vertices', 'GET', { params: { ids: `"${ids}"` } })),
    edges: t('TraverserManager.edges', async (ids: string) => s.request('traversers/edges', 'GET', { params: { ids } })),
  };
}

function smallManagers(s: PySession, t: Ledger['track']) {
  return {
    version: { version: t('VersionManager.version', async () => s.request('/versions')) },
    graphs: {
      get_all_graphs: t('GraphsManager.get_all_graphs', async () => s.request('/graphs', 'GET', { content: 'text' })),
      get_version: t('GraphsManager.get_version', async () => s.request('/versions', 'GET', { content: 'text' })),
      get_graph_info: t('GraphsManager.get_graph_info', async () => s.request('', 'GET', { content: 'text' })),
      clear_graph_all_data: t('GraphsManager.clear_graph_all_data', async () =>
        s.gsSupported
          ? s.request('', 'PUT', { content: 'text', data: dumps({ action: 'clear', clear_schema: true }) })
          : s.request('clear?confirm_message=I%27m+sure+to+delete+all+data', 'DELETE', { content: 'text' })),
      get_graph_config: t('GraphsManager.get_graph_config', async () => s.request('conf', 'GET', { content: 'text' })),
    },
    task: {
      list_tasks: t('TaskManager.list_tasks', async (status?: string, limit?: number) =>
        s.request('tasks', 'GET', { params: { ...(status === undefined ? {} : { status }), ...(limit === undefined ? {} : { limit }) } })),
      get_task: t('TaskManager.get_task', async (id: number) => s.request(`tasks/${id}`)),
      delete_task: t('TaskManager.delete_task', async (id: number) => s.request(`tasks/${id}`, 'DELETE')),
      cancel_task: t('TaskManager.cancel_task', async (id: number) => s.request(`tasks/${id}?action=cancel`, 'PUT')),
    },
    variable: {
      set: t('VariableManager.set', async (key: string, value: Json) => s.request(`variables/${key}`, 'PUT', { data: dumps({ data: value }) })),
      get: t('VariableManager.get', async (key: string) => s.request(`variables/${key}`)),
      all: t('VariableManager.all', async () => s.request('variables')),
      remove: t('VariableManager.remove', async (key: string) => s.request(`variables/${key}`, 'DELETE')),
    },
    services: {
      create_services: t('ServicesManager.create_services', async (graphspace: string, body: Json) => s.request(`/graphspaces/${graphspace}/services`, 'POST', { data: dumps(body) })),
      list_services: async (graphspace: string) => s.request(`/graphspaces/$${graphspace}/services`),
      get_service: t('ServicesManager.get_service', async (graphspace: string, service: string) => s.request(`/graphspaces/${graphspace}/services/${service}`)),
      delete_service: t('ServicesManager.delete_service', async (graphspace: string, service: string) =>
        s.request(`/graphspaces/${graphspace}/services/${service}?confirm_message=I'm sure to delete the service`, 'DELETE')),
    },
    rebuild: {
      rebuild_indexlabels: t('RebuildManager.rebuild_indexlabels', async (name: string) => s.request(`jobs/rebuild/indexlabels/${name}`, 'PUT')),
      rebuild_vertexlabels: t('RebuildManager.rebuild_vertexlabels', async (name: string) => s.request(`jobs/rebuild/vertexlabels/${name}`, 'PUT')),
      rebuild_edgelabels: t('RebuildManager.rebuild_edgelabels', async (name: string) => s.request(`jobs/rebuild/edgelabels/${name}`, 'PUT')),
    },
    rank: {
      personal_rank: t('RankManager.personal_rank', async (body: Json) => s.request('traversers/personalrank', 'POST', { data: dumps(body) })),
      neighbor_rank: t('RankManager.neighbor_rank', async (body: Json) => s.request('traversers/neighborrank', 'POST', { data: dumps(body) })),
    },
  };
}

function authManager(s: PySession, t: Ledger['track']) {
  const call = (name: string, method: string, path: (id: string) => string) => t(`AuthManager.${name}`, async (id: string, body?: Json) =>
    s.request(path(id), method, body === undefined ? {} : { data: dumps(body) }));
  const kinds = { user: 'users', group: 'groups', target: 'targets', belong: 'belongs', access: 'accesses' } as const;
  const one = (kind: keyof typeof kinds) => (id: string): string => `auth/${kinds[kind]}/${id}`;
  return {
    list_users: t('AuthManager.list_users', async (limit?: number) => s.request('auth/users', 'GET', { params: limit === undefined ? {} : { limit } })),
    create_user: t('AuthManager.create_user', async (name: string, password: string, phone?: string, email?: string) =>
      s.request('auth/users', 'POST', { data: dumps({ user_name: name, user_password: password, user_phone: phone ?? null, user_email: email ?? null }) })),
    delete_user: call('delete_user', 'DELETE', one('user')),
    modify_user: t('AuthManager.modify_user', async (id: string, fields: { user_name?: string; user_password?: string; user_phone?: string; user_email?: string }) =>
      s.request(one('user')(id), 'PUT', { data: dumps({ user_name: fields.user_name ?? null, user_password: fields.user_password ?? null, user_phone: fields.user_phone ?? null, user_email: fields.user_email ?? null }) })),
    get_user: call('get_user', 'GET', one('user')),
    list_groups: t('AuthManager.list_groups', async (limit?: number) => s.request('auth/groups', 'GET', { params: limit === undefined ? {} : { limit } })),
    create_group: t('AuthManager.create_group', async (name: string, description?: string) => s.request('auth/groups', 'POST', { data: dumps({ group_name: name, group_description: description ?? null }) })),
    delete_group: call('delete_group', 'DELETE', one('group')),
    modify_group: t('AuthManager.modify_group', async (id: string, name?: string, description?: string) =>
      s.request(one('group')(id), 'PUT', { data: dumps({ group_name: name ?? null, group_description: description ?? null }) })),
    get_group: call('get_group', 'GET', one('group')),
    grant_accesses: t('AuthManager.grant_accesses', async (group: string, target: string, permission: string) =>
      s.request('auth/accesses', 'POST', { data: dumps({ group, target, access_permission: permission }) })),
    revoke_accesses: call('revoke_accesses', 'DELETE', one('access')),
    modify_accesses: t('AuthManager.modify_accesses', async (id: string, description: string) => s.request(one('access')(id), 'PUT', { data: dumps({ access_description: description }) })),
    get_accesses: call('get_accesses', 'GET', one('access')),
    list_accesses: t('AuthManager.list_accesses', async () => s.request('auth/accesses')),
    create_target: t('AuthManager.create_target', async (name: string, graph: string, url: string, resources: Json) =>
      s.request('auth/targets', 'POST', { data: dumps({ target_name: name, target_graph: graph, target_url: url, target_resources: resources }) })),
    delete_target: call('delete_target', 'DELETE', one('target')),
    update_target: t('AuthManager.update_target', async (id: string, name: string, graph: string, url: string, resources: Json) =>
      s.request(one('target')(id), 'PUT', { data: dumps({ target_name: name, target_graph: graph, target_url: url, target_resources: resources }) })),
    get_target: call('get_target', 'GET', one('target')),
    list_targets: t('AuthManager.list_targets', async () => s.request('auth/targets')),
    create_belong: t('AuthManager.create_belong', async (user: string, group: string) => s.request('auth/belongs', 'POST', { data: dumps({ user, group }) })),
    delete_belong: call('delete_belong', 'DELETE', one('belong')),
    update_belong: t('AuthManager.update_belong', async (id: string, description: string) => s.request(one('belong')(id), 'PUT', { data: dumps({ belong_description: description }) })),
    get_belong: call('get_belong', 'GET', one('belong')),
    list_belongs: t('AuthManager.list_belongs', async () => s.request('auth/belongs')),
  };
}

/** A PyHugeClient over `s`, with the managers it builds and those a program makes itself. */
export function pyHugeClient(s: PySession, ledger: Ledger) {
  const t: Ledger['track'] = (name, fn) => ledger.track(name, fn);
  return {
    ...smallManagers(s, t),
    schema: schemaManager(s, t),
    graph: graphManager(s, t),
    gremlin: gremlinManager(s, t),
    traverser: traverserManager(s, t),
    auth: authManager(s, t),
  };
}
