/**
 * The traverser table, part 2: shortest paths (shortestpath, allshortestpaths,
 * weightedshortestpath, singlesourceshortestpath, multinodeshortestpath) and path enumerations
 * (paths, customizedpaths, templatepaths, crosspoints, customizedcrosspoints, rings, rays), as
 * rows of traverser-definition.ts.
 * @module
 */
import type {
  AllShortestPathsOptions, AllShortestPathsResult, CrosspointsOptions, CrosspointsResult, CustomizedCrosspointsOptions, CustomizedCrosspointsResult,
  CustomizedPathsOptions, CustomizedPathsResult, ElementOptions, HopParameters, MultiNodeShortestPathOptions, MultiNodeShortestPathResult, PathElements,
  PathsOptions, PathsResult, RaysOptions, RaysResult, RingsOptions, RingsResult, ShortestPathOptions, ShortestPathResult, SingleSourceShortestPathOptions,
  SingleSourceShortestPathResult, TemplatePathsOptions, TemplatePathsResult, TraverserMeasure, WeightedShortestPathOptions, WeightedShortestPathResult,
} from '../../index.js';
import { COMMON, EDGE_STEP, STEPS, bool, int, selector, stepList, text } from './traverser-params.js';
import type { Params } from './traverser-params.js';
import { measureJson, traverser } from './traverser-definition.js';
import type { TraverserRoute } from './traverser-definition.js';

/** The single hop of a GET form. */
const HOP: Params<HopParameters> = { direction: COMMON.direction, label: COMMON.label, maxDegree: COMMON.maxDegree, skipDegree: COMMON.skipDegree };
const ELEMENTS: Params<ElementOptions> = { withVertex: COMMON.withVertex, withEdge: COMMON.withEdge };

/** The tail of a path answer: its vertices, edges and measure block. */
function tail(r: PathElements & { readonly measure: TraverserMeasure }): object {
  return { vertices: r.vertices, edges: r.edges, measure: measureJson(r.measure) };
}

const SHORTEST: Params<ShortestPathOptions> = { source: COMMON.source, target: COMMON.target, maxDepth: COMMON.maxDepth, ...HOP, capacity: COMMON.capacity, ...ELEMENTS };

const SHORTEST_PATH = traverser<ShortestPathOptions, ShortestPathResult>({
  rest: 'shortestpath',
  forms: ['get'],
  run: (t, o) => t.shortestPath(o),
  params: SHORTEST,
  reply: (r) => ({ path: r.path, ...tail(r) }),
});

const ALL_SHORTEST_PATHS = traverser<AllShortestPathsOptions, AllShortestPathsResult>({
  rest: 'allshortestpaths',
  forms: ['get'],
  run: (t, o) => t.allShortestPaths(o),
  params: SHORTEST,
  reply: (r) => ({ paths: r.paths, ...tail(r) }),
});

const WEIGHTED_SHORTEST_PATH = traverser<WeightedShortestPathOptions, WeightedShortestPathResult>({
  rest: 'weightedshortestpath',
  forms: ['get'],
  run: (t, o) => t.weightedShortestPath(o),
  params: {
    source: COMMON.source,
    target: COMMON.target,
    weight: text('weight', 'numeric edge property used as weight; an edge without it weighs 1', { required: true }),
    ...HOP,
    capacity: COMMON.capacity,
    ...ELEMENTS,
  },
  reply: (r) => ({ path: r.path ?? {}, ...tail(r) }),
});

const SINGLE_SOURCE_SHORTEST_PATH = traverser<SingleSourceShortestPathOptions, SingleSourceShortestPathResult>({
  rest: 'singlesourceshortestpath',
  forms: ['get'],
  run: (t, o) => t.singleSourceShortestPath(o),
  params: {
    source: COMMON.source,
    weight: text('weight', 'numeric edge property used as weight (absent: every edge weighs 1)'),
    ...HOP,
    capacity: COMMON.capacity,
    limit: COMMON.pathsLimit,
    ...ELEMENTS,
  },
  reply: (r) => ({ paths: r.paths, ...tail(r) }),
});

const MULTI_NODE_SHORTEST_PATH = traverser<MultiNodeShortestPathOptions, MultiNodeShortestPathResult>({
  rest: 'multinodeshortestpath',
  forms: ['post'],
  run: (t, o) => t.multiNodeShortestPath(o),
  params: {
    vertices: selector('vertices', 'the vertices to join'),
    step: { rest: 'step', kind: { object: EDGE_STEP }, doc: 'EdgeStep: the hop', required: true },
    maxDepth: int('max_depth', 'hops, > 0', { default: 10 }),
    capacity: COMMON.capacity,
    ...ELEMENTS,
  },
  reply: (r) => ({ paths: r.paths, ...tail(r) }),
});

/** PathsAPI: the GET form (source and target) answers the paths alone, the POST form (selectors) with their vertices and edges. */
const PATHS = traverser<PathsOptions, PathsResult>({
  rest: 'paths',
  forms: ['get', 'post'],
  run: (t, o) => t.paths(o),
  params: {
    source: { ...COMMON.source, doc: 'source vertex id (without sources)' },
    target: { ...COMMON.target, doc: 'target vertex id (without sources)' },
    sources: selector('sources', 'source vertices'),
    targets: selector('targets', 'target vertices'),
    step: { rest: 'step', kind: { object: EDGE_STEP }, doc: 'EdgeStep: the hop of the sources form', required: true },
    ...HOP,
    maxDepth: COMMON.maxDepth,
    nearest: bool('nearest', 'checked in the sources form, not used', false),
    capacity: COMMON.capacity,
    limit: COMMON.pathsLimit,
    withVertex: { ...COMMON.withVertex, form: 'post' },
    withEdge: { ...COMMON.withEdge, form: 'post' },
  },
  reply: (r, o) => (o.sources === undefined ? { paths: r.paths, measure: measureJson(r.measure) } : { paths: r.paths, ...tail(r) }),
});

const RESULTS = { capacity: COMMON.capacity, limit: COMMON.pathsLimit, ...ELEMENTS } as const;

const CUSTOMIZED_PATHS = traverser<CustomizedPathsOptions, CustomizedPathsResult>({
  rest: 'customizedpaths',
  forms: ['post'],
  run: (t, o) => t.customizedPaths(o),
  params: {
    sources: selector('sources', 'source vertices'),
    steps: stepList(STEPS.customized, 'one hop per step'),
    sortBy: text('sort_by', 'INCR, DECR or NONE: order of the paths by their summed weights', { default: 'NONE' }),
    ...RESULTS,
  },
  reply: (r) => ({ paths: r.paths, ...tail(r) }),
});

const TEMPLATE_PATHS = traverser<TemplatePathsOptions, TemplatePathsResult>({
  rest: 'templatepaths',
  forms: ['post'],
  run: (t, o) => t.templatePaths(o),
  params: {
    sources: selector('sources', 'source vertices'),
    targets: selector('targets', 'target vertices'),
    steps: stepList(STEPS.template, 'the steps, in order'),
    withRing: bool('with_ring', 'let a path repeat vertices', false),
    ...RESULTS,
  },
  reply: (r) => ({ paths: r.paths, ...tail(r) }),
});

const CROSSPOINTS = traverser<CrosspointsOptions, CrosspointsResult>({
  rest: 'crosspoints',
  forms: ['get'],
  run: (t, o) => t.crosspoints(o),
  params: { source: COMMON.source, target: COMMON.target, ...HOP, maxDepth: COMMON.maxDepth, capacity: COMMON.capacity, limit: COMMON.pathsLimit },
  reply: (r) => ({ crosspoints: r.crosspoints, measure: measureJson(r.measure) }),
});

const CUSTOMIZED_CROSSPOINTS = traverser<CustomizedCrosspointsOptions, CustomizedCrosspointsResult>({
  rest: 'customizedcrosspoints',
  forms: ['post'],
  run: (t, o) => t.customizedCrosspoints(o),
  params: {
    sources: selector('sources', 'source vertices'),
    pathPatterns: { rest: 'path_patterns', kind: { list: STEPS.pattern }, doc: 'path patterns, each a list of steps', required: true },
    withPath: COMMON.withPath,
    ...RESULTS,
  },
  reply: (r) => ({ crosspoints: r.crosspoints, paths: r.paths, ...tail(r) }),
});

const RAYS_PARAMS: Params<RaysOptions> = { source: COMMON.source, ...HOP, maxDepth: COMMON.maxDepth, ...RESULTS };

const RINGS = traverser<RingsOptions, RingsResult>({
  rest: 'rings',
  forms: ['get'],
  run: (t, o) => t.rings(o),
  params: { ...RAYS_PARAMS, sourceInRing: bool('source_in_ring', 'only rings through the source', true) },
  reply: (r) => ({ rings: r.rings, ...tail(r) }),
});

const RAYS = traverser<RaysOptions, RaysResult>({
  rest: 'rays',
  forms: ['get'],
  run: (t, o) => t.rays(o),
  params: RAYS_PARAMS,
  reply: (r) => ({ rays: r.rays, ...tail(r) }),
});

/**
 * The rows of part 2.
 */
export const PATH_TRAVERSERS: readonly TraverserRoute[] = [
  SHORTEST_PATH, ALL_SHORTEST_PATHS, WEIGHTED_SHORTEST_PATH, SINGLE_SOURCE_SHORTEST_PATH, MULTI_NODE_SHORTEST_PATH, PATHS, CUSTOMIZED_PATHS,
  TEMPLATE_PATHS, CROSSPOINTS, CUSTOMIZED_CROSSPOINTS, RINGS, RAYS,
];
