/**
 * Internal routes of a cluster node for tasks that run once (`task.scheduler_type: etcd`,
 * docs/cluster.md). They exist only on cluster nodes and answer only requests this node applies
 * from the replicated log (the cluster's hook in http/cluster.ts refuses any other request as a
 * missing route, before it is logged):
 * - `PUT …/cluster/tasks/{id}` records a status change the task's runner published;
 * - `POST …/cluster/jobs/computer/values` writes the values of a computation job that ran on
 *   one node, staged in etcd (cluster-jobs.ts), as its OLAP key, in one batch;
 * - `POST …/cluster/jobs/gremlin` (registered with the Gremlin routes) runs a Gremlin job's
 *   script that writes, on every node in log order, for the job's runner, which takes its own
 *   node's reply as the job's result (cluster-jobs.ts).
 * @module
 */
import { ArgumentError, PUBLISHED_STATUSES } from '../../index.js';
import type { AlgorithmName, TaskChange } from '../../index.js';
import { gunzipAsync, INTERNAL_BASE, stagedValues } from './cluster-jobs.js';
import { graphParams, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';

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
    `${INTERNAL_BASE}/tasks/:id`,
    { schema: { hide: true, params: graphParams({ id: { type: 'integer', minimum: 0 } }) }, config: { graphAccess: 'read' } },
    async (request, reply) => {
      await state.tasks(spaceOf(request.params), request.params.graph).follow(request.params.id, checkChange(request.body));
      return reply.code(204).send();
    },
  );
  app.post<{ Params: GraphParams; Body: { algorithm: AlgorithmName; stage: string } }>(
    `${INTERNAL_BASE}/jobs/computer/values`,
    {
      schema: {
        hide: true,
        params: graphParams(),
        body: { type: 'object', properties: { algorithm: { type: 'string' }, stage: { type: 'string' } }, required: ['algorithm', 'stage'], additionalProperties: false },
      },
    },
    async (request) => {
      const values = stagedValues(await gunzipAsync(await cluster.staged(request.body.stage)));
      return { vertices: await request.graph.storeComputeValues(request.body.algorithm, values) };
    },
  );
};
