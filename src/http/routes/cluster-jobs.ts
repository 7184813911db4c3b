/**
 * What the job routes share with the internal cluster routes (routes/cluster-tasks.ts): the
 * internal paths and the two ways a job that ran on one node (`task.scheduler_type: etcd`)
 * reaches every node through the log: a Gremlin job's writing script ({@link runJobThroughLog}) and a computation's values
 * ({@link storeValuesThroughLog}).
 * @module
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { StorageError } from '../../index.js';
import type { AlgorithmName, Identity, PlainId } from '../../index.js';
import { replyMessage } from '../cluster.js';
import type { ClusterRoutes } from '../cluster.js';
import { jsonText } from '../json-text.js';

/** The internal routes' common path. */
export const INTERNAL_BASE = '/graphspaces/:graphspace/graphs/:graph/cluster';

/** The path of the internal route that runs a writing job script through the log. */
export const JOB_THROUGH_LOG = `${INTERNAL_BASE}/jobs/gremlin`;

/** The URL of the internal route `path` (below {@link INTERNAL_BASE}) of a graph. */
function internalUrl(job: { readonly space: string; readonly graph: string }, path: string): string {
  return `/graphspaces/${encodeURIComponent(job.space)}/graphs/${encodeURIComponent(job.graph)}/cluster/${path}`;
}

const gzipAsync = promisify(gzip);
/** Gunzips staged bytes. */
export const gunzipAsync = promisify(gunzip);

/** A long id beyond 2^53 in the staged values' JSON. */
interface LongId {
  readonly long: string;
}

/**
 * Writes the values of a computation job that ran on this node on every node, through the log:
 * the values (gzipped JSON pairs of id and value) go to a stage in etcd, and one entry names the
 * stage; resolves with the number of vertices this node wrote.
 */
export async function storeValuesThroughLog(
  cluster: ClusterRoutes,
  job: { readonly space: string; readonly graph: string; readonly algorithm: AlgorithmName },
  values: ReadonlyMap<PlainId, unknown>,
  identity: Identity,
): Promise<number> {
  const pairs = JSON.stringify([...values], (_key, value: unknown) => (typeof value === 'bigint' ? ({ long: value.toString() } satisfies LongId) : value));
  const stage = await cluster.stage(await gzipAsync(Buffer.from(pairs, 'utf8')));
  const answer = await cluster.submit({ method: 'POST', url: internalUrl(job, 'jobs/computer/values'), body: JSON.stringify({ algorithm: job.algorithm, stage }), identity });
  if (answer.status !== 200) throw new StorageError('CLUSTER_STATE', `Cannot write the ${job.algorithm} values on the cluster: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { vertices: number }).vertices;
}

/** The staged values, with long ids back as bigints. */
export function stagedValues(bytes: Buffer): Map<PlainId, unknown> {
  const pairs = JSON.parse(bytes.toString('utf8'), (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as LongId).long === 'string' ? BigInt((value as LongId).long) : value,
  ) as Array<[PlainId, unknown]>;
  return new Map(pairs);
}


/**
 * Runs the script of a Gremlin job that tried to write through the log, as `identity`: every
 * node runs it in log order; resolves with this node's result text (a JSON array).
 */
export async function runJobThroughLog(
  cluster: ClusterRoutes | undefined,
  job: { readonly body: object; readonly space: string; readonly graph: string },
  identity: Identity,
): Promise<string> {
  if (cluster === undefined) throw new StorageError('CLUSTER_STATE', 'Cannot run the job through the log: this server is not a cluster node');
  const answer = await cluster.submit({ method: 'POST', url: internalUrl(job, 'jobs/gremlin'), body: jsonText(job.body), identity });
  if (answer.status === 200) return answer.body;
  throw new Error(replyMessage(answer));
}
