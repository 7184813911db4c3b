/**
 * The frontier engine: sets of vertex slots in typed arrays and the operators over them
 * (expand, dedup against visited marks, count, intersect and union, k-hop BFS, bidirectional
 * shortest paths, Dijkstra). They read the graph only through batched neighbour scans
 * (the adjacency port, `AdjacencySource`) and pause through {@link FrontierContext}.
 *
 * A traverser endpoint is a few calls:
 * ```ts
 * const ctx = { tick: () => false };
 * const r = runFrontier(kHop(adjacency, Int32Array.of(source), { hop: { direction: 'BOTH', maxDegree: 10000 }, depth: 2, excludeSources: true, capacity: 10_000_000, finding: 'kneighbor' }, ctx));
 * const kneighbor = r.reached.view();                             // within 2 hops
 * const kout = r.reached.slots.subarray(r.levels[1], r.levels[2]); // exactly 2 hops
 * ```
 * @module
 */
export { FRONTIER_PAUSE, NEVER_PAUSE, Frontier, SlotMap, VisitedMarks, checkCapacity, runFrontier } from './frontier.js';
export type { FrontierContext, FrontierOperation } from './frontier.js';
export { distinctFrontier, expand, scanHop } from './expand.js';
export type { HopOptions } from './expand.js';
export { allShortestPaths, kHop, pathTo } from './search.js';
export { pathEdges, shortestPath } from './meet.js';
export { firstBfsPath } from './bfs-path.js';
export type { KHopResult } from './search.js';
export { SlotHeap, dijkstra, weightedPathTo } from './weighted.js';
export { countDistinct, intersect, union } from './sets.js';
export { Reached, RowScan, Stamps, VisitedBits, reachLevel, rowsOf } from './rows.js';
export type { RowLevel } from './rows.js';
