/**
 * The library's face of computation jobs: `graph.compute(algorithm, params, options)` returns a
 * {@link ComputeJob} at once, whose `result` resolves with the values typed per algorithm
 * ({@link ComputeValues}); `progress`, `status` and `cancel()` follow the run.
 * @module
 */
import type { AlgorithmName, PlainId } from '../../../engine/index.js';

/**
 * The parameters of each algorithm (docs/jobs.md has the contract, ranges and defaults).
 *
 * @example
 * ```ts
 * const p: ComputeParams['pageRank'] = { alpha: 0.15, maxSuperStep: 20 };
 * ```
 */
export interface ComputeParams {
  pageRank: { readonly alpha?: number; readonly l1DiffThreshold?: number; readonly maxSuperStep?: number };
  degreeCentrality: { readonly weightProperty?: string };
  wcc: Record<string, never>;
  triangleCount: Record<string, never>;
  clusteringCoefficient: Record<string, never>;
  kcore: { readonly k?: number };
  lpa: { readonly maxSuperStep?: number };
  louvain: Record<string, never>;
  closenessCentrality: { readonly weightProperty?: string; readonly sampleRate?: number; readonly seed?: number };
  betweennessCentrality: { readonly sampleRate?: number; readonly seed?: number };
  rings: { readonly maxSuperStep?: number };
  /** `propertyFilter`: HugeGraph's JSON text `{"vertex_filter":[{label, property_filter}], "edge_filter":[...]}` (docs/jobs.md). */
  ringsWithFilter: { readonly maxSuperStep?: number; readonly propertyFilter?: string };
  /** `analyzeConfig` (required): HugeGraph's JSON text `{start_vertexes, vertex_end_condition?, edge_end_condition?, edge_compare_condition}`. */
  links: { readonly maxSuperStep?: number; readonly analyzeConfig?: string };
}

/**
 * The value each algorithm gives a vertex: a number, a vertex id (the smallest id of the
 * vertex's component or label group), or a list of texts: cycles (`"[A, B, A]"`) or walks
 * (`"{A, e1, B}"`).
 *
 * @example
 * ```ts
 * const rank: ComputeValues['pageRank'] = 0.25;
 * ```
 */
export interface ComputeValues {
  pageRank: number;
  degreeCentrality: number;
  wcc: PlainId;
  triangleCount: number;
  clusteringCoefficient: number;
  kcore: number;
  lpa: PlainId;
  louvain: PlainId;
  closenessCentrality: number;
  betweennessCentrality: number;
  rings: readonly string[];
  ringsWithFilter: readonly string[];
  links: readonly string[];
}

/**
 * Where a job writes its results besides the graph's OLAP property key: a local CSV file
 * (`id<delimiter>value` lines) or a file on HDFS through the WebHDFS REST protocol.
 *
 * @example
 * ```ts
 * const toFile: ComputeOutput = { kind: 'file', path: '/tmp/page_rank.csv' };
 * const toHdfs: ComputeOutput = { kind: 'hdfs', url: 'http://namenode:9870', user: 'hadoop' };
 * ```
 */
export type ComputeOutput =
  | { readonly kind: 'file'; readonly path: string; readonly delimiter?: string }
  | {
      readonly kind: 'hdfs';
      /** The WebHDFS address (`http://host:port`; `hdfs://host:port` is read as the same host and port). */
      readonly url: string;
      readonly user: string;
      /** Directory of the results (default `/hugegraph-computer/results`). */
      readonly pathPrefix?: string;
      /** Between id and value (default `\u001b`, HugeGraph's char27). */
      readonly delimiter?: string;
      /** One file (true, the default) or one per worker. */
      readonly mergePartitions?: boolean;
    };

/**
 * How a job runs: its parallelism (`workers`, capped at the machine's cores; default 1), a
 * signal that cancels it, an extra output, whether it writes its OLAP property key (default
 * true), and a progress callback.
 *
 * @example
 * ```ts
 * const options: ComputeOptions = { workers: 2, signal: AbortSignal.timeout(60_000) };
 * ```
 */
export interface ComputeOptions {
  readonly workers?: number;
  readonly signal?: AbortSignal;
  readonly output?: ComputeOutput;
  readonly writeBack?: boolean;
  /** Called once the job has its workers and memory and starts (its status leaves `queued`). */
  readonly onStart?: () => void;
  /** Called with the number of supersteps done, after each one. */
  readonly onProgress?: (supersteps: number) => void;
}

/**
 * What a finished job computed: the OLAP key it wrote, the supersteps it ran and each visible
 * vertex's value by id (vertices without a value, as for rings, are absent).
 *
 * @example
 * ```ts
 * declare const result: ComputeResult<'pageRank'>;
 * for (const [id, rank] of result.values) console.log(id, rank.toFixed(4));
 * ```
 */
export interface ComputeResult<A extends AlgorithmName> {
  readonly algorithm: A;
  readonly key: string;
  readonly supersteps: number;
  readonly values: ReadonlyMap<PlainId, ComputeValues[A]>;
}

/**
 * The status of a job: waiting for workers or memory, building its snapshot and computing,
 * writing its results, or ended.
 *
 * @example
 * ```ts
 * const s: ComputeStatus = 'running';
 * ```
 */
export type ComputeStatus = 'queued' | 'running' | 'writing' | 'success' | 'failed' | 'cancelled';

/**
 * A running computation job.
 *
 * @example
 * ```ts
 * const job = graph.compute('pageRank', { alpha: 0.15, maxSuperStep: 20 }, { workers: 2 });
 * const { values } = await job.result;
 * console.log(job.progress, values.get('1:marko'));
 * ```
 */
export interface ComputeJob<A extends AlgorithmName> {
  readonly algorithm: A;
  /** Supersteps done so far. */
  readonly progress: number;
  readonly status: ComputeStatus;
  /** Resolves with the values once they are written; rejects with CancelledError `COMPUTE_CANCELLED` after `cancel()`. */
  readonly result: Promise<ComputeResult<A>>;
  /** Stops the job within one superstep; nothing of this run becomes visible. */
  cancel(): void;
}
