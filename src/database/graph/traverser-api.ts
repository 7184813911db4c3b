/**
 * `graph.traversers`: HugeGraph's traversers as a library API. Each method takes the REST
 * parameters in camelCase and resolves with the REST response object; it reads one pinned
 * view of the graph and honours the graph's query time limit, or the call's own `timeoutMs`
 * and `signal`.
 * @module
 */
import { runTraverser, TRAVERSERS } from '../../engine/index.js';
import type { ExecutionContext, KeyDataType, TraverserName } from '../../engine/index.js';
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

type Response<N extends TraverserName> = ReturnType<(typeof TRAVERSERS)[N]> extends Generator<unknown, infer R, void> ? R : never;

/**
 * The traversers of one graph (see docs/traversers.md for every option and response).
 *
 * @example
 * ```ts
 * const { vertices } = await graph.traversers.kout({ source: '1:marko', maxDepth: 2 });
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

  #run<N extends TraverserName>(name: N, options: Readonly<Record<string, unknown>>, call: TraverserCallOptions): Promise<Response<N>> {
    const timeoutMs = call.timeoutMs === undefined ? undefined : checkQueryLimits({ timeoutMs: call.timeoutMs } as QueryLimits, 'traverser').timeoutMs;
    const deadline = timeoutMs === undefined ? undefined : timeoutMs === 0 ? Infinity : Date.now() + timeoutMs;
    const traverser = TRAVERSERS[name] as (run: Parameters<(typeof TRAVERSERS)[N]>[0], o: unknown) => Generator<never, Response<N>, void>;
    return runTraverser(this.#context({ signal: call.signal, deadline }), (run) => traverser(run, options), { keyType: this.#keyType });
  }

  /** kout: vertices exactly `maxDepth` hops away (GET form; with `steps`, the POST form). */
  kout(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'kout'>> {
    return this.#run('kout', options, call);
  }

  /** kneighbor: vertices within `maxDepth` hops (GET form; with `steps`, the POST form). */
  kneighbor(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'kneighbor'>> {
    return this.#run('kneighbor', options, call);
  }

  /** count: edges followed by the last of `steps`. */
  count(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'count'>> {
    return this.#run('count', options, call);
  }

  /** egonet: the sources and their kneighbor. */
  egonet(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'egonet'>> {
    return this.#run('egonet', options, call);
  }

  /** sameneighbors: common neighbours of `vertex` and `other`, or of `vertexList`. */
  sameneighbors(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'sameneighbors'>> {
    return this.#run('sameneighbors', options, call);
  }

  /** sameneighborsbatch: common neighbours of each pair of `vertexList`. */
  sameneighborsbatch(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'sameneighborsbatch'>> {
    return this.#run('sameneighborsbatch', options, call);
  }

  /** jaccardsimilarity: of a pair, or (with `step`) the `top` most similar vertices. */
  jaccardsimilarity(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'jaccardsimilarity'>> {
    return this.#run('jaccardsimilarity', options, call);
  }

  /** adamicadar: Σ 1/ln(degree) over common neighbours. */
  adamicadar(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'adamicadar'>> {
    return this.#run('adamicadar', options, call);
  }

  /** resourceallocation: Σ 1/degree over common neighbours. */
  resourceallocation(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'resourceallocation'>> {
    return this.#run('resourceallocation', options, call);
  }

  /** shortestpath: one shortest path. */
  shortestpath(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'shortestpath'>> {
    return this.#run('shortestpath', options, call);
  }

  /** allshortestpaths: every shortest path. */
  allshortestpaths(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'allshortestpaths'>> {
    return this.#run('allshortestpaths', options, call);
  }

  /** weightedshortestpath: the lightest path by an edge property. */
  weightedshortestpath(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'weightedshortestpath'>> {
    return this.#run('weightedshortestpath', options, call);
  }

  /** singlesourceshortestpath: lightest paths to the nearest `limit` vertices. */
  singlesourceshortestpath(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'singlesourceshortestpath'>> {
    return this.#run('singlesourceshortestpath', options, call);
  }

  /** multinodeshortestpath: a shortest path between every pair of `vertices`. */
  multinodeshortestpath(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'multinodeshortestpath'>> {
    return this.#run('multinodeshortestpath', options, call);
  }

  /** paths: simple paths between `source` and `target` (GET form), or the `sources` and `targets` selectors (POST form). */
  paths(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'paths'>> {
    return this.#run('paths', options, call);
  }

  /** customizedpaths: paths along `steps`, with edge weights, sampling and sorting. */
  customizedpaths(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'customizedpaths'>> {
    return this.#run('customizedpaths', options, call);
  }

  /** templatepaths: paths from `sources` to `targets` taking each step 1 to `maxTimes` times. */
  templatepaths(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'templatepaths'>> {
    return this.#run('templatepaths', options, call);
  }

  /** crosspoints: paths where walks from `source` and `target` meet, with the meeting vertex. */
  crosspoints(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'crosspoints'>> {
    return this.#run('crosspoints', options, call);
  }

  /** customizedcrosspoints: vertices where every path pattern from `sources` ends. */
  customizedcrosspoints(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'customizedcrosspoints'>> {
    return this.#run('customizedcrosspoints', options, call);
  }

  /** rings: cycles through (or reached from) `source`. */
  rings(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'rings'>> {
    return this.#run('rings', options, call);
  }

  /** rays: paths from `source` that cannot grow further or reach `maxDepth`. */
  rays(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'rays'>> {
    return this.#run('rays', options, call);
  }

  /** fusiformsimilarity: vertices sharing at least `alpha` of each source's neighbours. */
  fusiformsimilarity(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'fusiformsimilarity'>> {
    return this.#run('fusiformsimilarity', options, call);
  }

  /** neighborrank: rank spread out of `source` step by step. */
  neighborrank(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'neighborrank'>> {
    return this.#run('neighborrank', options, call);
  }

  /** personalrank: random walk with restart from `source` over one edge label. */
  personalrank(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'personalrank'>> {
    return this.#run('personalrank', options, call);
  }

  /** edgeexist: edges from `source` to `target`. */
  edgeexist(options: Readonly<Record<string, unknown>>, call: TraverserCallOptions = {}): Promise<Response<'edgeexist'>> {
    return this.#run('edgeexist', options, call);
  }
}
