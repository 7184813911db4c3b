/**
 * The traverser table, part 1: neighbourhoods (kout, kneighbor, egonet, count), similarity
 * (sameneighbors, sameneighborsbatch, jaccardsimilarity, adamicadar, resourceallocation) and
 * scores (fusiformsimilarity, neighborrank, personalrank) and edgeexist. Each row gives the
 * REST name, the library method, the parameters of its options type in both spellings with
 * their kinds and defaults, and HugeGraph's JSON of its answer (traverser-definition.ts).
 * @module
 */
import type {
  AdamicAdarResult, CountOptions, CountResult, EdgeExistOptions, EdgeExistResult, EgonetOptions, EgonetResult, FusiformSimilarityOptions, FusiformSimilarityResult,
  JaccardSimilarityOptions, JaccardSimilarityResult, KneighborOptions, KneighborResult, KoutOptions, KoutResult, LinkPredictionOptions,
  NeighborRankOptions, NeighborRankResult, NeighbourhoodOptions, NeighbourhoodResult, PersonalRankOptions, PersonalRankResult, ResourceAllocationResult, SameNeighborsBatchOptions,
  SameNeighborsBatchResult, SameNeighborsOptions, SameNeighborsResult,
} from '../../index.js';
import { COMMON, EDGE_STEP, STEPS, VE_STEPS, bool, edgeStepParams, int, num, selector, stepList, text } from './traverser-params.js';
import type { Params } from './traverser-params.js';
import { measureJson, needsSteps, traverser } from './traverser-definition.js';
import type { TraverserDefinition, TraverserRoute } from './traverser-definition.js';

const NEIGHBOURHOOD: Params<NeighbourhoodOptions> = {
  source: COMMON.source,
  maxDepth: COMMON.maxDepth,
  direction: { ...COMMON.direction, form: 'get' },
  label: { ...COMMON.label, form: 'get' },
  maxDegree: { ...COMMON.maxDegree, form: 'get' },
  skipDegree: { ...COMMON.skipDegree, form: 'get' },
  steps: { rest: 'steps', kind: { object: VE_STEPS }, doc: 'VESteps: the hop', required: true },
  capacity: COMMON.capacity,
  limit: COMMON.limit,
  algorithm: text(['algorithm', 'traverse_mode'], 'breadth_first or deep_first (traverse_mode: breadth_first_search or depth_first_search)', { default: 'breadth_first' }),
  countOnly: COMMON.countOnly,
  withPath: { ...COMMON.withPath, form: 'post' },
  withVertex: { ...COMMON.withVertex, form: 'post' },
  withEdge: { ...COMMON.withEdge, form: 'post' },
};

/**
 * KoutAPI and KneighborAPI: the GET form answers the ids (or their count); the POST form the ids
 * under the traverser's name, and the vertices found and on the paths (ids unless with_vertex).
 */
function neighbourhoodReply(name: string): TraverserDefinition<NeighbourhoodOptions, NeighbourhoodResult>['reply'] {
  return (r, o, form) => {
    const measure = measureJson(r.measure);
    if (form === 'get') return o.countOnly === true ? { vertices_size: r.size, measure } : { vertices: r.ids, measure };
    return { [name]: r.ids, ...postFields(r, o), measure };
  };
}

/** The POST form's fields after the ids: the size, the paths, the vertices found and on the paths (ids unless with_vertex) and the paths' edges. */
function postFields(r: NeighbourhoodResult, o: NeighbourhoodOptions | EgonetOptions): object {
  const vertices = o.withPath === true || o.withVertex === true ? r.vertices : r.ids;
  return { size: r.size, paths: r.paths, vertices, edges: r.edges };
}

const KOUT = traverser<KoutOptions, KoutResult>({
  rest: 'kout',
  forms: ['get', 'post'],
  run: (t, o) => t.kout(o),
  params: { ...NEIGHBOURHOOD, nearest: bool('nearest', 'only vertices whose shortest path has exactly max_depth hops', true) },
  accepted: { concurrent: bool('concurrent', 'accepted, ignored', false, { form: 'get' }) },
  check: needsSteps,
  reply: neighbourhoodReply('kout'),
});

const KNEIGHBOR = traverser<KneighborOptions, KneighborResult>({
  rest: 'kneighbor',
  forms: ['get', 'post'],
  run: (t, o) => t.kneighbor(o),
  params: NEIGHBOURHOOD,
  check: needsSteps,
  reply: neighbourhoodReply('kneighbor'),
});

/** EgonetAPI: the GET form answers the ids alone, the POST form the kneighbor fields under `egonet`, neither a measure. */
const EGONET = traverser<EgonetOptions, EgonetResult>({
  rest: 'egonet',
  forms: ['get', 'post'],
  run: (t, o) => t.egonet(o),
  params: { ...NEIGHBOURHOOD, sources: { rest: 'sources', kind: 'ids', doc: 'source vertex ids (with steps)', required: true } },
  check: needsSteps,
  reply: (r, o, form) => (form === 'get' ? { vertices: r.ids } : { egonet: r.ids, ...postFields(r, o) }),
});

const COUNT = traverser<CountOptions, CountResult>({
  rest: 'count',
  forms: ['post'],
  run: (t, o) => t.count(o),
  params: {
    source: COMMON.source,
    steps: stepList(edgeStepParams(100_000), 'one hop per step; the edges of the last one are counted'),
    containsTraversed: bool('contains_traversed', 'count the vertices and edges passed too', false),
    dedupSize: int('dedup_size', 'vertices remembered to walk each once, -1 for all', { default: 1_000_000 }),
  },
  reply: (r) => ({ count: r.count }),
});

const VERTEX = { rest: 'vertex', kind: 'id', doc: 'first vertex id', required: true } as const;
const OTHER = { rest: 'other', kind: 'id', doc: 'second vertex id', required: true } as const;

const SAME_NEIGHBORS = traverser<SameNeighborsOptions, SameNeighborsResult>({
  rest: 'sameneighbors',
  forms: ['get', 'post'],
  run: (t, o) => t.sameNeighbors(o),
  params: {
    vertex: VERTEX,
    other: OTHER,
    vertexList: { rest: 'vertex_list', kind: 'ids', doc: 'at least two vertex ids, instead of vertex and other' },
    direction: COMMON.direction,
    label: COMMON.label,
    labels: { rest: 'labels', kind: 'labels', doc: 'edge labels of the vertex_list form (absent: every label)' },
    maxDegree: COMMON.maxDegree,
    skipDegree: COMMON.skipDegree,
    limit: COMMON.limit,
    withVertex: { ...COMMON.withVertex, form: 'post' },
  },
  reply: (r, o) => {
    const measure = measureJson(r.measure);
    return o.vertexList === undefined ? { same_neighbors: r.sameNeighbors, measure } : { same_neighbors: r.sameNeighbors, vertices: r.vertices, measure };
  },
});

const SAME_NEIGHBORS_BATCH = traverser<SameNeighborsBatchOptions, SameNeighborsBatchResult>({
  rest: 'sameneighborsbatch',
  forms: ['post'],
  run: (t, o) => t.sameNeighborsBatch(o),
  params: {
    vertexList: { rest: 'vertex_list', kind: 'idPairs', doc: 'pairs of vertex ids', required: true },
    direction: COMMON.direction,
    label: COMMON.label,
    maxDegree: COMMON.maxDegree,
    skipDegree: COMMON.skipDegree,
    limit: COMMON.limit,
  },
  reply: (r) => ({ same_neighbors: r.sameNeighbors, measure: measureJson(r.measure) }),
});

const JACCARD_SIMILARITY = traverser<JaccardSimilarityOptions, JaccardSimilarityResult>({
  rest: 'jaccardsimilarity',
  forms: ['get', 'post'],
  run: (t, o) => t.jaccardSimilarity(o),
  params: {
    vertex: VERTEX,
    other: { ...OTHER, doc: 'second vertex id (without step)' },
    step: { rest: 'step', kind: { object: EDGE_STEP }, doc: 'EdgeStep: the hop (instead of other)' },
    direction: COMMON.direction,
    label: COMMON.label,
    maxDegree: COMMON.maxDegree,
    skipDegree: COMMON.skipDegree,
    top: int('top', 'most similar vertices answered, 0 for all', { default: 100, form: 'post' }),
    capacity: { ...COMMON.capacity, form: 'post' },
  },
  accepted: { limit: int('limit', 'accepted, ignored', { form: 'post' }) },
  reply: (r) => ({ jaccard_similarity: r.jaccardSimilarity, measure: measureJson(r.measure) }),
});

const LINK_PREDICTION: Params<LinkPredictionOptions> = {
  vertex: VERTEX,
  other: OTHER,
  direction: COMMON.direction,
  label: COMMON.label,
  maxDegree: COMMON.maxDegree,
  skipDegree: COMMON.skipDegree,
  limit: { ...COMMON.limit, doc: 'checked (> 0 or -1), bounds nothing' },
};

const ADAMIC_ADAR = traverser<LinkPredictionOptions, AdamicAdarResult>({
  rest: 'adamicadar',
  forms: ['get'],
  run: (t, o) => t.adamicAdar(o),
  params: LINK_PREDICTION,
  reply: (r) => ({ adamic_adar: r.adamicAdar }),
});

const RESOURCE_ALLOCATION = traverser<LinkPredictionOptions, ResourceAllocationResult>({
  rest: 'resourceallocation',
  forms: ['get'],
  run: (t, o) => t.resourceAllocation(o),
  params: LINK_PREDICTION,
  reply: (r) => ({ resource_allocation: r.resourceAllocation }),
});

const FUSIFORM_SIMILARITY = traverser<FusiformSimilarityOptions, FusiformSimilarityResult>({
  rest: 'fusiformsimilarity',
  forms: ['post'],
  run: (t, o) => t.fusiformSimilarity(o),
  params: {
    sources: selector('sources', 'source vertices'),
    label: COMMON.label,
    direction: COMMON.direction,
    maxDegree: COMMON.maxDegree,
    skipDegree: COMMON.skipDegree,
    minNeighbors: int('min_neighbors', 'least neighbours of a source, > 0', { required: true }),
    alpha: num('alpha', "least share of a source's neighbours a similar vertex reaches, in (0, 1]", { required: true }),
    minSimilars: int('min_similars', 'least similar vertices of a source, >= 1', { default: 1 }),
    top: int('top', 'most similar vertices kept per source, 0 for all', { default: 0 }),
    groupProperty: text('group_property', 'vertex property grouping the similar vertices'),
    minGroups: int('min_groups', 'least values of group_property', { default: 0 }),
    capacity: COMMON.capacity,
    limit: COMMON.pathsLimit,
    withIntermediary: bool('with_intermediary', 'include the shared neighbours', false),
    withVertex: COMMON.withVertex,
  },
  reply: (r) => ({ similars: r.similars, vertices: r.vertices, measure: measureJson(r.measure) }),
});

const NEIGHBOR_RANK = traverser<NeighborRankOptions, NeighborRankResult>({
  rest: 'neighborrank',
  forms: ['post'],
  run: (t, o) => t.neighborRank(o),
  params: {
    source: COMMON.source,
    steps: stepList(STEPS.rank, 'one layer per step'),
    alpha: num('alpha', 'share of the rank passed on, in (0, 1]', { required: true }),
    capacity: COMMON.capacity,
  },
  reply: (r) => ({ ranks: r.ranks }),
});

const PERSONAL_RANK = traverser<PersonalRankOptions, PersonalRankResult>({
  rest: 'personalrank',
  forms: ['post'],
  run: (t, o) => t.personalRank(o),
  params: {
    source: COMMON.source,
    label: text('label', 'edge label joining two vertex labels', { required: true }),
    alpha: num('alpha', 'share of the rank passed on, in (0, 1]', { default: 0.85 }),
    maxDiff: num('max_diff', 'convergence bound, in (0, 1] (checked, not used)', { default: 0.0001 }),
    maxDegree: COMMON.maxDegree,
    skipDegree: COMMON.skipDegree,
    limit: { ...COMMON.limit, default: 100 },
    maxDepth: int('max_depth', 'rounds, in (1, 5000]', { default: 5 }),
    withLabel: text('with_label', 'SAME_LABEL, OTHER_LABEL or BOTH_LABEL', { default: 'BOTH_LABEL' }),
    sorted: bool('sorted', 'sort by rank', true),
  },
  reply: (r) => r.ranks,
});

const EDGE_EXIST = traverser<EdgeExistOptions, EdgeExistResult>({
  rest: 'edgeexist',
  forms: ['get'],
  run: (t, o) => t.edgeExist(o),
  params: {
    source: COMMON.source,
    target: COMMON.target,
    label: COMMON.label,
    sortValues: text('sort_values', 'sort key values of the edges (needs label; absent: any)'),
    limit: { ...COMMON.limit, default: 100 },
  },
  reply: (r) => ({ edges: r.edges }),
});

/**
 * The rows of part 1.
 */
export const NEIGHBOUR_TRAVERSERS: readonly TraverserRoute[] = [
  KOUT, KNEIGHBOR, EGONET, COUNT, SAME_NEIGHBORS, SAME_NEIGHBORS_BATCH, JACCARD_SIMILARITY, ADAMIC_ADAR, RESOURCE_ALLOCATION, FUSIFORM_SIMILARITY,
  NEIGHBOR_RANK, PERSONAL_RANK, EDGE_EXIST,
];
