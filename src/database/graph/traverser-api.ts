/**
 * `graph.traversers`: HugeGraph's traversers as a library API. Each method takes its typed
 * options and resolves with its typed answer, camelCase throughout (docs/traversers.md); it
 * reads one pinned view of the graph and honours the graph's query time limit, or the call's
 * own `timeoutMs` and `signal`.
 * @module
 */
import { runTraverser, TRAVERSERS } from '../../engine/index.js';
import type { ExecutionContext, FrontierOperation, KeyDataType, TraverserRun } from '../../engine/index.js';
import type {
  AdamicAdarOptions, AdamicAdarResult, AllShortestPathsOptions, AllShortestPathsResult, CountOptions, CountResult, CrosspointsOptions, CrosspointsResult,
  CustomizedCrosspointsOptions, CustomizedCrosspointsResult, CustomizedPathsOptions, CustomizedPathsResult, EdgeExistOptions, EdgeExistResult, EgonetOptions,
  EgonetResult, FusiformSimilarityOptions, FusiformSimilarityResult, JaccardSimilarityOptions, JaccardSimilarityResult, KneighborOptions, KneighborResult,
  KoutOptions, KoutResult, MultiNodeShortestPathOptions, MultiNodeShortestPathResult, NeighborRankOptions, NeighborRankResult, PathsOptions, PathsResult,
  PersonalRankOptions, PersonalRankResult, RaysOptions, RaysResult, ResourceAllocationOptions, ResourceAllocationResult, RingsOptions, RingsResult,
  SameNeighborsBatchOptions, SameNeighborsBatchResult, SameNeighborsOptions, SameNeighborsResult, ShortestPathOptions, ShortestPathResult,
  SingleSourceShortestPathOptions, SingleSourceShortestPathResult, TemplatePathsOptions, TemplatePathsResult, WeightedShortestPathOptions,
  WeightedShortestPathResult,
} from '../../engine/index.js';
import { checkQueryLimits } from './graph-state.js';
import type { QueryLimits } from './graph-state.js';

/**
 * How one traverser call runs: a signal to cancel it, a time limit in milliseconds (0: none;
 * default: the graph's query limit).
 *
 * @example
 * ```ts
 * const run: TraverserCallOptions = { timeoutMs: 5000, signal: AbortSignal.timeout(10_000) };
 * ```
 */
export interface TraverserCallOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/**
 * The traversers of one graph (see docs/traversers.md for every option and answer). A bad
 * option is an ArgumentError with a `TRAVERSER_*` code; cancellation and the time limit are a
 * CancelledError.
 *
 * @example
 * ```ts
 * const { ids } = await graph.traversers.kout({ source: '1:marko', maxDepth: 2 });
 * ```
 */
export class Traversers {
  readonly #context: (options: { readonly signal?: AbortSignal; readonly deadline?: number }) => ExecutionContext;
  readonly #keyType: (key: string) => KeyDataType | undefined;

  /** `keyType` is the schema's data type of a property key, to which property filter values are converted. */
  constructor(context: (options: { readonly signal?: AbortSignal; readonly deadline?: number }) => ExecutionContext, keyType: (key: string) => KeyDataType | undefined) {
    this.#context = context;
    this.#keyType = keyType;
  }

  #run<O, R>(traverser: (run: TraverserRun, options: O) => FrontierOperation<R>, options: O, call: TraverserCallOptions): Promise<R> {
    const timeoutMs = call.timeoutMs === undefined ? undefined : checkQueryLimits({ timeoutMs: call.timeoutMs } as QueryLimits, 'traverser').timeoutMs;
    const deadline = timeoutMs === undefined ? undefined : timeoutMs === 0 ? Infinity : Date.now() + timeoutMs;
    return runTraverser(this.#context({ signal: call.signal, deadline }), (run) => traverser(run, options), { keyType: this.#keyType });
  }

  /** kout: the vertices exactly `maxDepth` hops from `source` (with `nearest`, the default, whose shortest path is that long). */
  kout(options: KoutOptions, call: TraverserCallOptions = {}): Promise<KoutResult> {
    return this.#run(TRAVERSERS.kout, options, call);
  }

  /** kneighbor: the vertices within `maxDepth` hops of `source`. */
  kneighbor(options: KneighborOptions, call: TraverserCallOptions = {}): Promise<KneighborResult> {
    return this.#run(TRAVERSERS.kneighbor, options, call);
  }

  /** count: the edges the last of `steps` follows, walked from `source`. */
  count(options: CountOptions, call: TraverserCallOptions = {}): Promise<CountResult> {
    return this.#run(TRAVERSERS.count, options, call);
  }

  /** egonet: `source` (or, with `steps`, the `sources`) and their kneighbor. */
  egonet(options: EgonetOptions, call: TraverserCallOptions = {}): Promise<EgonetResult> {
    return this.#run(TRAVERSERS.egonet, options, call);
  }

  /** sameNeighbors: the common neighbours of `vertex` and `other`, or of every vertex of `vertexList`. */
  sameNeighbors(options: SameNeighborsOptions, call: TraverserCallOptions = {}): Promise<SameNeighborsResult> {
    return this.#run(TRAVERSERS.sameNeighbors, options, call);
  }

  /** sameNeighborsBatch: the common neighbours of each pair of `vertexList`. */
  sameNeighborsBatch(options: SameNeighborsBatchOptions, call: TraverserCallOptions = {}): Promise<SameNeighborsBatchResult> {
    return this.#run(TRAVERSERS.sameNeighborsBatch, options, call);
  }

  /** jaccardSimilarity: of `vertex` and `other`, or (with `step`) the `top` most similar vertices. */
  jaccardSimilarity(options: JaccardSimilarityOptions, call: TraverserCallOptions = {}): Promise<JaccardSimilarityResult> {
    return this.#run(TRAVERSERS.jaccardSimilarity, options, call);
  }

  /** adamicAdar: Σ 1/ln(degree) over the common neighbours of `vertex` and `other`. */
  adamicAdar(options: AdamicAdarOptions, call: TraverserCallOptions = {}): Promise<AdamicAdarResult> {
    return this.#run(TRAVERSERS.adamicAdar, options, call);
  }

  /** resourceAllocation: Σ 1/degree over the common neighbours of `vertex` and `other`. */
  resourceAllocation(options: ResourceAllocationOptions, call: TraverserCallOptions = {}): Promise<ResourceAllocationResult> {
    return this.#run(TRAVERSERS.resourceAllocation, options, call);
  }

  /** shortestPath: one shortest path from `source` to `target`. */
  shortestPath(options: ShortestPathOptions, call: TraverserCallOptions = {}): Promise<ShortestPathResult> {
    return this.#run(TRAVERSERS.shortestPath, options, call);
  }

  /** allShortestPaths: every shortest path from `source` to `target`. */
  allShortestPaths(options: AllShortestPathsOptions, call: TraverserCallOptions = {}): Promise<AllShortestPathsResult> {
    return this.#run(TRAVERSERS.allShortestPaths, options, call);
  }

  /** weightedShortestPath: the lightest path by the edge property `weight`. */
  weightedShortestPath(options: WeightedShortestPathOptions, call: TraverserCallOptions = {}): Promise<WeightedShortestPathResult> {
    return this.#run(TRAVERSERS.weightedShortestPath, options, call);
  }

  /** singleSourceShortestPath: the lightest paths to the nearest `limit` vertices. */
  singleSourceShortestPath(options: SingleSourceShortestPathOptions, call: TraverserCallOptions = {}): Promise<SingleSourceShortestPathResult> {
    return this.#run(TRAVERSERS.singleSourceShortestPath, options, call);
  }

  /** multiNodeShortestPath: a shortest path between every pair of `vertices`. */
  multiNodeShortestPath(options: MultiNodeShortestPathOptions, call: TraverserCallOptions = {}): Promise<MultiNodeShortestPathResult> {
    return this.#run(TRAVERSERS.multiNodeShortestPath, options, call);
  }

  /** paths: simple paths from `source` to `target`, or from the `sources` to the `targets` selectors. */
  paths(options: PathsOptions, call: TraverserCallOptions = {}): Promise<PathsResult> {
    return this.#run(TRAVERSERS.paths, options, call);
  }

  /** customizedPaths: paths along `steps`, with edge weights, sampling and sorting. */
  customizedPaths(options: CustomizedPathsOptions, call: TraverserCallOptions = {}): Promise<CustomizedPathsResult> {
    return this.#run(TRAVERSERS.customizedPaths, options, call);
  }

  /** templatePaths: paths from `sources` to `targets` taking each step 1 to `maxTimes` times. */
  templatePaths(options: TemplatePathsOptions, call: TraverserCallOptions = {}): Promise<TemplatePathsResult> {
    return this.#run(TRAVERSERS.templatePaths, options, call);
  }

  /** crosspoints: paths where walks from `source` and `target` meet, with the meeting vertex. */
  crosspoints(options: CrosspointsOptions, call: TraverserCallOptions = {}): Promise<CrosspointsResult> {
    return this.#run(TRAVERSERS.crosspoints, options, call);
  }

  /** customizedCrosspoints: the vertices where every path pattern from the `sources` ends. */
  customizedCrosspoints(options: CustomizedCrosspointsOptions, call: TraverserCallOptions = {}): Promise<CustomizedCrosspointsResult> {
    return this.#run(TRAVERSERS.customizedCrosspoints, options, call);
  }

  /** rings: cycles through (or reached from) `source`. */
  rings(options: RingsOptions, call: TraverserCallOptions = {}): Promise<RingsResult> {
    return this.#run(TRAVERSERS.rings, options, call);
  }

  /** rays: paths from `source` that cannot grow further or reach `maxDepth`. */
  rays(options: RaysOptions, call: TraverserCallOptions = {}): Promise<RaysResult> {
    return this.#run(TRAVERSERS.rays, options, call);
  }

  /** fusiformSimilarity: vertices sharing at least `alpha` of each source's neighbours. */
  fusiformSimilarity(options: FusiformSimilarityOptions, call: TraverserCallOptions = {}): Promise<FusiformSimilarityResult> {
    return this.#run(TRAVERSERS.fusiformSimilarity, options, call);
  }

  /** neighborRank: rank spread out of `source` step by step. */
  neighborRank(options: NeighborRankOptions, call: TraverserCallOptions = {}): Promise<NeighborRankResult> {
    return this.#run(TRAVERSERS.neighborRank, options, call);
  }

  /** personalRank: a random walk with restart from `source` over one edge label. */
  personalRank(options: PersonalRankOptions, call: TraverserCallOptions = {}): Promise<PersonalRankResult> {
    return this.#run(TRAVERSERS.personalRank, options, call);
  }

  /** edgeExist: the edges from `source` to `target`. */
  edgeExist(options: EdgeExistOptions, call: TraverserCallOptions = {}): Promise<EdgeExistResult> {
    return this.#run(TRAVERSERS.edgeExist, options, call);
  }
}
