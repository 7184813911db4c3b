/**
 * Internal routes of a cluster node for tasks that run once (`task.scheduler_type: etcd`,
 * docs/cluster.md). They exist only on cluster nodes and answer only requests this node applies
 * from the replicated log (anything else reads as a missing route):
 * - `PUT …/cluster/tasks/{id}` records a status change the task's runner published;
 * - `POST …/cluster/jobs/computer/values` writes the values of a computation job that ran on
 *   one node, staged in etcd ({@link storeValuesThroughLog}), as its OLAP key, in one batch;
 * - `POST …/cluster/jobs/gremlin` (registered with the Gremlin routes) runs a Gremlin job's
 *   script that writes, on every node in log order, for the job's runner, which takes its own
 *   node's reply as the job's result ({@link runJobThroughLog}).
 * @module
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { ArgumentError, PUBLISHED_STATUSES, StorageError } from '../../index.js';
import type { AlgorithmName, Identity, PlainId, TaskChange } from '../../index.js';
import type { ClusterRoutes } from '../cluster.js';
import { routeNotFound } from '../error-mapper.js';
import { jsonText } from '../json-text.js';
import { graphParams, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';

const BASE = '/graphspaces/:graphspace/graphs/:graph/cluster';

/** The path of the internal route that runs a writing job script through the log. */
export const JOB_THROUGH_LOG = `${BASE}/jobs/gremlin`;

/** The internal URL that runs a writing job script through the log. */
function jobUrl(job: { readonly space: string; readonly graph: string }): string {
  return `/graphspaces/${encodeURIComponent(job.space)}/graphs/${encodeURIComponent(job.graph)}/cluster/jobs/gremlin`;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

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
  const url = `/graphspaces/${encodeURIComponent(job.space)}/graphs/${encodeURIComponent(job.graph)}/cluster/jobs/computer/values`;
  const answer = await cluster.submit({ method: 'POST', url, body: JSON.stringify({ algorithm: job.algorithm, stage }), identity });
  if (answer.status !== 200) throw new StorageError('CLUSTER_STATE', `Cannot write the ${job.algorithm} values on the cluster: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { vertices: number }).vertices;
}

/** The staged values, with long ids back as bigints. */
function stagedValues(bytes: Buffer): Map<PlainId, unknown> {
  const pairs = JSON.parse(bytes.toString('utf8'), (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as LongId).long === 'string' ? BigInt((value as LongId).long) : value,
  ) as Array<[PlainId, unknown]>;
  return new Map(pairs);
}

/** Refuses, as a missing route, a request to an internal route that is not this node applying the log. */
export function internalOnly(cluster: ClusterRoutes, request: FastifyRequest): void {
  if (!cluster.fromLog(request)) throw routeNotFound(request.method, request.url);
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
  const answer = await cluster.submit({ method: 'POST', url: jobUrl(job), body: jsonText(job.body), identity });
  if (answer.status === 200) return answer.body;
  let message = answer.body;
  try {
    message = (JSON.parse(answer.body) as { message?: string }).message ?? message;
  } catch {
    // not HugeGraph's error body: keep the text
  }
  throw new Error(message);
}

function checkChange(body: unknown): TaskChange {
  const given = (body ?? {}) as Record<string, unknown>;
  const status = given['task_status'];
  if (status !== undefined && !(PUBLISHED_STATUSES as readonly unknown[]).includes(status)) throw new ArgumentError('INVALID_TASK_STATUS', `Invalid task status '${String(status)}'`);
  const progress = given['task_progress'];
  const result = given['task_result'];
  return {
    ...(status === undefined ? {} : { task_status: status as (typeof PUBLISHED_STATUSES)[number] }),
    ...(typeof progress === 'number' ? { task_progress: progress } : {}),
    ...(typeof result === 'string' ? { task_result: result } : {}),
  };
}

/**
 * The internal task routes of a cluster node (none on a single node).
 */
export const clusterTaskRoutes: RouteGroup = (app, { state, cluster }) => {
  if (cluster === undefined) return;
  app.put<{ Params: GraphParams & { id: number } }>(
    `${BASE}/tasks/:id`,
    { schema: { hide: true, params: graphParams({ id: { type: 'integer', minimum: 0 } }) }, config: { graphAccess: 'read' } },
    async (request, reply) => {
      internalOnly(cluster, request);
      await state.tasks(spaceOf(request.params), request.params.graph).follow(request.params.id, checkChange(request.body));
      return reply.code(204).send();
    },
  );
  app.post<{ Params: GraphParams; Body: { algorithm: AlgorithmName; stage: string } }>(
    `${BASE}/jobs/computer/values`,
    {
      schema: {
        hide: true,
        params: graphParams(),
        body: { type: 'object', properties: { algorithm: { type: 'string' }, stage: { type: 'string' } }, required: ['algorithm', 'stage'], additionalProperties: false },
      },
    },
    async (request) => {
      internalOnly(cluster, request);
      const values = stagedValues(await gunzipAsync(await cluster.staged(request.body.stage)));
      return { vertices: await request.graph.storeComputeValues(request.body.algorithm, values) };
    },
  );
};
