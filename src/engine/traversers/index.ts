/**
 * HugeGraph's traversers as frontier plans. Each is a generator `(run, options)` that yields
 * frontier pauses and returns the REST response object (HugeGraph's field names); options are
 * the REST parameters in camelCase, with HugeGraph's defaults and -1 as no limit.
 *
 * ```ts
 * const r = await runTraverser(context, (run) => TRAVERSERS.kout(run, { source: '1:marko', maxDepth: 2 }));
 * ```
 * @module
 */
import { count, egonet, kneighbor, kout } from './neighbours.js';
import { adamicadar, jaccardsimilarity, resourceallocation, sameneighbors, sameneighborsbatch } from './similarity.js';
import { allshortestpaths, multinodeshortestpath, shortestpath, singlesourceshortestpath, weightedshortestpath } from './paths.js';
import { crosspoints, paths, rays, rings } from './walks.js';
import { customizedcrosspoints, customizedpaths, templatepaths } from './patterns.js';
import { edgeexist, fusiformsimilarity, neighborrank, personalrank } from './ranks.js';

export { runTraverser } from './run.js';
export { DEFAULTS } from './traverser-common.js';
export type { EdgeJson, Measure, PathJson, TraverserRun, VertexJson } from './traverser-common.js';
export type { NeighbourhoodResponse, VertexIdsResponse } from './neighbours.js';
export type { PathsResponse } from './paths.js';

/**
 * Every traverser by its REST name.
 *
 * @example
 * ```ts
 * const op = TRAVERSERS.shortestpath(run, { source: '1:marko', target: '1:josh', maxDepth: 3 });
 * ```
 */
export const TRAVERSERS = {
  kout,
  kneighbor,
  count,
  egonet,
  sameneighbors,
  sameneighborsbatch,
  jaccardsimilarity,
  adamicadar,
  resourceallocation,
  shortestpath,
  allshortestpaths,
  weightedshortestpath,
  singlesourceshortestpath,
  multinodeshortestpath,
  paths,
  customizedpaths,
  templatepaths,
  crosspoints,
  customizedcrosspoints,
  rings,
  rays,
  fusiformsimilarity,
  neighborrank,
  personalrank,
  edgeexist,
} as const;

/**
 * The name of a traverser.
 *
 * @example
 * ```ts
 * const name: TraverserName = 'kout';
 * ```
 */
export type TraverserName = keyof typeof TRAVERSERS;
