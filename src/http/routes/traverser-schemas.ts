/**
 * JSON schemas of the traverser routes' parameters (spec Part B §4.4, hugegraph-notes §5.1): each
 * GET form's query parameters and each POST form's body fields, typed, so that a value of the
 * wrong type is HugeGraph's 400 body before the traverser runs, and every parameter is listed in
 * /openapi.json. Rules that HugeGraph words itself stay with the library, so the messages stay
 * HugeGraph's: a missing required parameter ("The source vertex id can't be null"), a direction
 * outside OUT/IN/BOTH, ranges such as max_depth > 0 or -1 for no limit, and the text of ids
 * written as JSON literals. Parameters not listed are passed on unchecked, as HugeGraph ignores
 * unknown query parameters.
 * @module
 */

type Schema = Readonly<Record<string, unknown>>;

const text = (description: string): Schema => ({ type: 'string', description });
const int = (description: string): Schema => ({ type: 'integer', description });
const num = (description: string): Schema => ({ type: 'number', description });
const bool = (description: string): Schema => ({ type: 'boolean', description });
const list = (items: Schema, description: string): Schema => ({ type: 'array', items, description });

/** A vertex id in a query string: a JSON literal (`"1:marko"`, `123`, `U"<uuid>"`), hugegraph-notes §7.3. */
const QUERY_ID = (role: string): Schema => text(`${role} vertex id as a JSON literal: "1:marko", 123 or U"<uuid>" (required)`);
/** A vertex id in a body: a JSON string or number. */
const BODY_ID: Schema = { anyOf: [{ type: 'string' }, { type: 'integer' }, { 'x-bigint': true }], description: 'vertex id' };
const PROPERTIES: Schema = { type: 'object', description: 'property filter: name → value or "P.<predicate>(..)" text', additionalProperties: true };

const DIRECTION = text('OUT, IN or BOTH (default BOTH)');
const MAX_DEGREE = int('most adjacent edges followed per vertex (default 10000, -1 for no limit)');
const SKIP_DEGREE = int('a vertex with more adjacent edges is skipped (default 0: off; when on, >= max_degree)');
const CAPACITY = int('most vertices visited (default 10000000, -1 for no limit)');
const LIMIT = (fallback: string): Schema => int(`most results (default ${fallback}, -1 for no limit)`);
const MAX_DEPTH = int('steps from the source, > 0 (required)');
const WITH_VERTEX = bool('answer full vertices instead of ids (default false)');
const WITH_EDGE = bool('answer full edges instead of ids (default false)');
const WITH_PATH = bool('include the path to each result (default false)');
const COUNT_ONLY = bool('answer only the count (default false)');
const NEAREST = bool('only vertices whose shortest path has exactly max_depth steps (default true)');

/** HugeGraph's EdgeStep: one hop's direction, labels, property filter and degree bounds. */
const EDGE_STEP_FIELDS = {
  direction: DIRECTION,
  labels: list({ type: 'string' }, 'edge labels (default all)'),
  properties: PROPERTIES,
  max_degree: MAX_DEGREE,
  degree: int('alias of max_degree'),
  skip_degree: SKIP_DEGREE,
};
const EDGE_STEP: Schema = { type: 'object', properties: EDGE_STEP_FIELDS, description: 'EdgeStep (required)' };
const LABELLED_FILTER: Schema = { type: 'object', properties: { label: text('label'), properties: PROPERTIES } };
/** HugeGraph's VESteps (kout, kneighbor and egonet POST). */
const VE_STEPS: Schema = {
  type: 'object',
  description: 'VESteps (required)',
  properties: {
    direction: DIRECTION,
    max_degree: MAX_DEGREE,
    degree: int('alias of max_degree'),
    skip_degree: SKIP_DEGREE,
    edge_steps: list(LABELLED_FILTER, 'edge label and property filters'),
    vertex_steps: list(LABELLED_FILTER, 'vertex label and property filters'),
  },
};
/** A vertices selector: ids, or label and/or properties. */
const SELECTOR = (what: string): Schema => ({
  type: 'object',
  description: `${what}: ids, or label and/or properties (required)`,
  properties: { ids: list(BODY_ID, 'vertex ids'), label: text('vertex label'), properties: PROPERTIES },
});
const stepList = (extra: Readonly<Record<string, Schema>>): Schema => list({ type: 'object', properties: { ...EDGE_STEP_FIELDS, ...extra } }, 'steps (required)');

const NEIGHBOUR_GET = { source: QUERY_ID('source'), direction: DIRECTION, label: text('edge label (default all)'), max_depth: MAX_DEPTH, count_only: COUNT_ONLY, max_degree: MAX_DEGREE, limit: LIMIT('10000000') };
const PAIR_GET = { vertex: QUERY_ID('first'), other: QUERY_ID('second'), direction: DIRECTION, label: text('edge label (default all)'), max_degree: MAX_DEGREE };
const SHORTEST_GET = {
  source: QUERY_ID('source'), target: QUERY_ID('target'), direction: DIRECTION, label: text('edge label (default all)'), max_depth: MAX_DEPTH,
  max_degree: MAX_DEGREE, skip_degree: SKIP_DEGREE, with_vertex: WITH_VERTEX, with_edge: WITH_EDGE, capacity: CAPACITY,
};
const WEIGHTED_GET = {
  source: QUERY_ID('source'), direction: DIRECTION, label: text('edge label (default all)'), max_degree: MAX_DEGREE, skip_degree: SKIP_DEGREE,
  with_vertex: WITH_VERTEX, with_edge: WITH_EDGE, capacity: CAPACITY,
};
const PATHS_GET = { source: QUERY_ID('source'), target: QUERY_ID('target'), direction: DIRECTION, label: text('edge label (default all)'), max_depth: MAX_DEPTH, max_degree: MAX_DEGREE, capacity: CAPACITY, limit: LIMIT('10') };
const RAYS_GET = { source: QUERY_ID('source'), direction: DIRECTION, label: text('edge label (default all)'), max_depth: MAX_DEPTH, max_degree: MAX_DEGREE, capacity: CAPACITY, limit: LIMIT('10'), with_vertex: WITH_VERTEX, with_edge: WITH_EDGE };
const NEIGHBOUR_POST = { source: BODY_ID, steps: VE_STEPS, max_depth: MAX_DEPTH, count_only: COUNT_ONLY, limit: LIMIT('10000000'), with_vertex: WITH_VERTEX, with_path: WITH_PATH, with_edge: WITH_EDGE };
const RESULT_POST = { capacity: CAPACITY, limit: LIMIT('10'), with_vertex: WITH_VERTEX, with_edge: WITH_EDGE };

/** Query parameters of each GET form. */
const TRAVERSER_QUERY: Readonly<Record<string, Readonly<Record<string, Schema>>>> = {
  kout: { ...NEIGHBOUR_GET, nearest: NEAREST, capacity: CAPACITY, algorithm: text('breadth_first or deep_first (default breadth_first)'), concurrent: bool('accepted, ignored') },
  kneighbor: NEIGHBOUR_GET,
  egonet: NEIGHBOUR_GET,
  sameneighbors: { ...PAIR_GET, limit: LIMIT('10000000') },
  jaccardsimilarity: PAIR_GET,
  adamicadar: { ...PAIR_GET, limit: LIMIT('10000000') },
  resourceallocation: { ...PAIR_GET, limit: LIMIT('10000000') },
  shortestpath: SHORTEST_GET,
  allshortestpaths: SHORTEST_GET,
  weightedshortestpath: { ...WEIGHTED_GET, target: QUERY_ID('target'), weight: text('numeric edge property used as weight (required)') },
  singlesourceshortestpath: { ...WEIGHTED_GET, weight: text('numeric edge property used as weight (default: every edge weighs 1)'), limit: LIMIT('10') },
  paths: PATHS_GET,
  crosspoints: PATHS_GET,
  rings: { ...RAYS_GET, source_in_ring: bool('the source may be in a ring (default true)') },
  rays: RAYS_GET,
  edgeexist: { source: QUERY_ID('source'), target: QUERY_ID('target'), label: text('edge label'), sort_values: text('sort key values (default "")'), limit: LIMIT('100') },
};

/** Body fields of each POST form. */
const TRAVERSER_BODY: Readonly<Record<string, Readonly<Record<string, Schema>>>> = {
  kout: { ...NEIGHBOUR_POST, nearest: NEAREST, capacity: CAPACITY, traverse_mode: text('breadth_first_search or depth_first_search'), algorithm: text('breadth_first or deep_first') },
  kneighbor: NEIGHBOUR_POST,
  egonet: { ...NEIGHBOUR_POST, sources: list(BODY_ID, 'source vertex ids (required)') },
  sameneighbors: { vertex_list: list(BODY_ID, 'at least two vertex ids'), direction: DIRECTION, labels: list({ type: 'string' }, 'edge labels'), max_degree: MAX_DEGREE, limit: LIMIT('10000000'), with_vertex: WITH_VERTEX },
  sameneighborsbatch: { vertex_list: list(list(BODY_ID, 'a pair of vertex ids'), 'pairs of vertex ids (required)'), direction: DIRECTION, label: text('edge label'), max_degree: MAX_DEGREE, limit: LIMIT('10000000') },
  jaccardsimilarity: { vertex: BODY_ID, step: EDGE_STEP, top: int('most similar vertices answered (default 100)'), capacity: CAPACITY, limit: LIMIT('10000000') },
  multinodeshortestpath: { vertices: SELECTOR('vertices'), step: EDGE_STEP, max_depth: MAX_DEPTH, capacity: CAPACITY, with_vertex: WITH_VERTEX, with_edge: WITH_EDGE },
  paths: { sources: SELECTOR('sources'), targets: SELECTOR('targets'), step: EDGE_STEP, max_depth: MAX_DEPTH, nearest: bool('accepted (default false)'), ...RESULT_POST },
  customizedpaths: {
    sources: SELECTOR('sources'),
    steps: stepList({ weight_by: text('edge property weighting the step'), default_weight: num('weight of an edge without it (default 0)'), sample: int('edges sampled per vertex (default 100)') }),
    sort_by: text('INCR, DECR or NONE'),
    ...RESULT_POST,
  },
  templatepaths: { sources: SELECTOR('sources'), targets: SELECTOR('targets'), steps: stepList({ max_times: int('repetitions of the step (default 1)') }), with_ring: bool('allow rings (default false)'), ...RESULT_POST },
  customizedcrosspoints: {
    sources: SELECTOR('sources'),
    path_patterns: list({ type: 'object', properties: { steps: stepList({}) } }, 'path patterns (required)'),
    with_path: WITH_PATH,
    ...RESULT_POST,
  },
  fusiformsimilarity: {
    sources: SELECTOR('sources'), label: text('edge label'), direction: DIRECTION, min_neighbors: int('> 0 (required)'), alpha: num('in (0, 1] (required)'),
    min_similars: int('>= 1 (default 1)'), top: int('>= 0'), group_property: text('vertex property grouping the similars'), min_groups: int('least groups'),
    max_degree: MAX_DEGREE, capacity: CAPACITY, limit: LIMIT('10'), with_intermediary: bool('include intermediaries (default false)'), with_vertex: WITH_VERTEX,
  },
  count: {
    source: BODY_ID, steps: stepList({}), contains_traversed: bool('count the vertices passed too (default false)'), dedup_size: int('vertices remembered for dedup (default 1000000, -1 for all)'),
  },
  neighborrank: {
    source: BODY_ID,
    steps: list({ type: 'object', properties: { direction: DIRECTION, labels: list({ type: 'string' }, 'edge labels'), max_degree: MAX_DEGREE, skip_degree: SKIP_DEGREE, top: int('ranks kept per step (default 10)') } }, 'steps (required)'),
    alpha: num('in (0, 1] (required)'),
    capacity: CAPACITY,
  },
  personalrank: {
    source: BODY_ID, label: text('edge label (required)'), alpha: num('in (0, 1] (default 0.85)'), max_diff: num('convergence bound (default 0.0001)'), max_degree: MAX_DEGREE,
    limit: LIMIT('100'), max_depth: int('iterations, > 1 and <= 5000 (default 5)'), with_label: text('SAME_LABEL, OTHER_LABEL or BOTH_LABEL (default BOTH_LABEL)'), sorted: bool('sort by rank (default true)'),
  },
};

/**
 * The querystring schema of a GET traverser form.
 *
 * @example
 * ```ts
 * app.get(url, { schema: { querystring: traverserQuerySchema('kout') } }, handler);
 * ```
 */
export function traverserQuerySchema(name: string): Schema {
  return { type: 'object', properties: TRAVERSER_QUERY[name] ?? {} };
}

/**
 * The body schema of a POST traverser form.
 *
 * @example
 * ```ts
 * app.post(url, { schema: { body: traverserBodySchema('kout') } }, handler);
 * ```
 */
export function traverserBodySchema(name: string): Schema {
  return { type: 'object', properties: TRAVERSER_BODY[name] ?? {} };
}
