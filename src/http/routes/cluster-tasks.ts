/**
 * Internal routes of a cluster node for tasks that run once (`task.scheduler_type: etcd`,
 * docs/cluster.md). They exist only on cluster nodes and answer only requests this node applies
 * from the replicated log (anything else reads as a missing route):
 * - `PUT …/cluster/tasks/{id}` records a status change the task's runner published;
 * - `POST …/cluster/jobs/gremlin` (registered with the Gremlin routes) runs a Gremlin job's
 *   script that writes, on every node in log order, for the job's runner, which takes its own
 *   node's reply as the job's result ({@link runJobThroughLog}).
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { ArgumentError, PUBLISHED_STATUSES, StorageError } from '../../index.js';
import type { Identity, TaskChange } from '../../index.js';
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
};
