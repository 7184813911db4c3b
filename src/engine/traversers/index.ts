/**
 * HugeGraph's traversers as frontier plans. Each is a generator `(run, options)` that yields
 * frontier pauses and returns its typed answer; options and answers are camelCase, with
 * HugeGraph's defaults and -1 as no limit (src/http maps them to and from HugeGraph's REST names).
 *
 * ```ts
 * const r = await runTraverser(context, (run) => TRAVERSERS.kout(run, { source: '1:marko', maxDepth: 2 }));
 * ```
 * @module
 */
import { count, egonet, kneighbor, kout } from './neighbours.js';
import { adamicAdar, jaccardSimilarity, resourceAllocation, sameNeighbors, sameNeighborsBatch } from './similarity.js';
import { allShortestPaths, multiNodeShortestPath, shortestPath, singleSourceShortestPath, weightedShortestPath } from './paths.js';
import { crosspoints, paths, rays, rings } from './walks.js';
import { customizedCrosspoints, customizedPaths, templatePaths } from './patterns.js';
import { edgeExist, fusiformSimilarity, neighborRank, personalRank } from './ranks.js';

export { runTraverser } from './run.js';
export { DEFAULTS } from './traverser-common.js';
export type { TraverserRun } from './traverser-common.js';
export type {
  DegreeOptions, EdgeStep, ElementOptions, HopParameters, LabelFilter, PathElements, PathsResult, PropertyFilter, TraverserEdge, TraverserMeasure,
  TraverserPath, TraverserVertex, VertexEdgeSteps, VertexSelector,
} from './traverser-types.js';
export type {
  CountOptions, CountResult, EgonetOptions, EgonetResult, KneighborOptions, KneighborResult, KoutOptions, KoutResult, NeighbourhoodOptions, NeighbourhoodResult,
} from './neighbours.js';
export type {
  AdamicAdarOptions, AdamicAdarResult, JaccardSimilarityOptions, JaccardSimilarityResult, LinkPredictionOptions, ResourceAllocationOptions, ResourceAllocationResult, SameNeighborsBatchOptions,
  SameNeighborsBatchResult, SameNeighborsOptions, SameNeighborsResult,
} from './similarity.js';
export type {
  AllShortestPathsOptions, AllShortestPathsResult, MultiNodeShortestPathOptions, MultiNodeShortestPathResult, ShortestPathOptions, ShortestPathResult, SingleSourceShortestPathOptions, SingleSourceShortestPathResult, WeightedPath,
  WeightedShortestPathOptions, WeightedShortestPathResult,
} from './paths.js';
export type { Crosspoint, CrosspointsOptions, CrosspointsResult, PathsOptions, RaysOptions, RaysResult, RingsOptions, RingsResult } from './walks.js';
export type {
  CustomizedCrosspointsOptions, CustomizedCrosspointsResult, CustomizedPath, CustomizedPathStep, CustomizedPathsOptions, CustomizedPathsResult, PathPattern,
  TemplatePathStep, TemplatePathsOptions, TemplatePathsResult,
} from './patterns.js';
export type {
  EdgeExistOptions, EdgeExistResult, FusiformSimilar, FusiformSimilarityOptions, FusiformSimilarityResult, NeighborRankOptions, NeighborRankResult,
  PersonalRankOptions, PersonalRankResult, RankStep,
} from './ranks.js';

/**
 * Every traverser by its method name (`graph.traversers.<name>`).
 */
export const TRAVERSERS = {
  kout,
  kneighbor,
  count,
  egonet,
  sameNeighbors,
  sameNeighborsBatch,
  jaccardSimilarity,
  adamicAdar,
  resourceAllocation,
  shortestPath,
  allShortestPaths,
  weightedShortestPath,
  singleSourceShortestPath,
  multiNodeShortestPath,
  paths,
  customizedPaths,
  templatePaths,
  crosspoints,
  customizedCrosspoints,
  rings,
  rays,
  fusiformSimilarity,
  neighborRank,
  personalRank,
  edgeExist,
} as const;
