/**
 * Computation jobs (spec Part B §4.6, hugegraph-notes §3): `G/jobs/computerdis` in both path
 * families. A POST is checked whole (algorithm, worker, params, EXECUTE) before its task is
 * recorded; the task runs `graph.compute()` on the request's graph handle, so the job reads
 * only what its user may read. The job record is the task record, also under `G/tasks/{id}`.
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../index.js';
import type { Graph, Identity, TaskRecord, TaskRegistry } from '../../index.js';
import type { ClusterRoutes } from '../cluster.js';
import { jsonText } from '../json-text.js';
import { storeValuesThroughLog } from './cluster-jobs.js';
import { computerRequest } from './computer-params.js';
import { graphParams, graphPaths, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';

type IdParams = GraphParams & { id: number };

/** HugeGraph's task type of computer-dis jobs. */
const TASK_TYPE = 'computer-dis';

interface ComputerBody {
  readonly algorithm: string;
  readonly worker: number;
  readonly params?: Readonly<Record<string, unknown>>;
}

const body = {
  type: 'object',
  properties: { algorithm: { type: 'string' }, worker: { type: 'integer', minimum: 1, maximum: 100 }, params: { type: 'object' } },
  required: ['algorithm', 'worker'],
  additionalProperties: false,
} as const;

/**
 * Submits the job's task: the work runs `graph.compute()` with the task's signal and progress.
 * On a cluster with the etcd scheduler the job runs on this node alone, and its values reach
 * every node through the log (cluster-tasks.ts).
 */
async function submitJob(
  tasks: TaskRegistry,
  graph: Graph,
  job: { readonly body: ComputerBody; readonly space: string; readonly graphName: string; readonly identity: Identity; readonly cluster: ClusterRoutes | undefined },
): Promise<number> {
  const params = job.body.params ?? {};
  const request = computerRequest(job.body.algorithm, params);
  const options = { workers: job.body.worker, ...(request.output === undefined ? {} : { output: request.output }) };
  graph.checkCompute(request.algorithm, request.params as never, options);
  const input = jsonText({ graph: job.graphName, algorithm: job.body.algorithm, params, worker: job.body.worker });
  const cluster = graph.config['task.scheduler_type'] === 'etcd' ? job.cluster : undefined;
  return tasks.submit(
    { type: TASK_TYPE, name: `${TASK_TYPE}:${job.body.algorithm}`, callable: 'org.apache.hugegraph.job.ComputerDisJob', input, creator: job.identity.user_name, waits: true, once: cluster !== undefined },
    async ({ signal, progress, started }) => {
      const run = { ...options, signal, onStart: started, onProgress: progress, ...(cluster === undefined ? {} : { writeBack: false }) };
      const result = await graph.compute(request.algorithm, request.params as never, run).result;
      if (cluster !== undefined) {
        signal.throwIfAborted();
        await storeValuesThroughLog(cluster, { space: job.space, graph: job.graphName, algorithm: request.algorithm }, result.values, job.identity);
      }
      return { key: result.key, supersteps: result.supersteps, vertices: result.values.size };
    },
  );
}

/** The job record `id`, or the registry's 404 when it is missing or not a computer-dis task. */
function jobRecord(tasks: TaskRegistry, id: number, viewer: string | undefined): TaskRecord {
  const record = tasks.get(id, viewer);
  if (record.task_type !== TASK_TYPE) throw new NotFoundError('TASK_NOT_FOUND', `Can't find task with id '${id}'`);
  return record;
}

/**
 * Computer-dis job routes.
 */
export const computerRoutes: RouteGroup = (app, { state, cluster }) => {
  const tasksOf = (params: GraphParams): TaskRegistry => state.tasks(spaceOf(params), params.graph);
  /** Whose jobs the request sees: every job for an administrator of the space, else only the caller's own. */
  const viewer = (request: FastifyRequest<{ Params: GraphParams }>): string | undefined =>
    state.access.isSpaceAdmin(request.identity, spaceOf(request.params)) ? undefined : request.identity.user_name;
  const idParams = graphParams({ id: { type: 'integer', minimum: 0 } });
  for (const base of graphPaths('/jobs/computerdis')) {
    app.post<{ Params: GraphParams; Body: ComputerBody }>(base, { schema: { summary: 'Start a computation job (a task)', params: graphParams(), body } }, async (request, reply) => {
      const job = { body: request.body, space: spaceOf(request.params), graphName: request.params.graph, identity: request.identity, cluster };
      const id = await submitJob(tasksOf(request.params), request.graph, job);
      return reply.code(201).send({ task_id: String(id) });
    });
    app.get<{ Params: GraphParams; Querystring: { limit?: number } }>(
      base,
      { schema: { summary: 'List computation jobs', params: graphParams(), querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: -1 } }, additionalProperties: false } } },
      async (request) => {
        const all = tasksOf(request.params).list({ limit: -1, viewer: viewer(request) }).tasks.filter((t) => t.task_type === TASK_TYPE);
        const limit = request.query.limit ?? 100;
        return { tasks: limit === -1 ? all : all.slice(0, limit) };
      },
    );
    app.get<{ Params: IdParams }>(`${base}/:id`, { schema: { summary: 'Read a computation job', params: idParams } }, async (request) =>
      jobRecord(tasksOf(request.params), request.params.id, viewer(request)),
    );
    app.put<{ Params: IdParams }>(`${base}/:id`, { schema: { summary: 'Cancel a computation job (a no-op once it ended)', params: idParams } }, async (request, reply) => {
      const tasks = tasksOf(request.params);
      const record = jobRecord(tasks, request.params.id, viewer(request));
      if (record.task_status !== 'success' && record.task_status !== 'failed' && record.task_status !== 'cancelled' && record.task_status !== 'cancelling') {
        await tasks.cancel(record.id, viewer(request));
      }
      return reply.code(202).send({ task_id: String(record.id) });
    });
    app.delete<{ Params: IdParams }>(`${base}/:id`, { schema: { summary: 'Delete a computation job (cancelling it when it runs)', params: idParams } }, async (request) => {
      const tasks = tasksOf(request.params);
      const record = jobRecord(tasks, request.params.id, viewer(request));
      await tasks.delete(record.id, { force: true, viewer: viewer(request) });
      return { task_id: String(record.id), message: 'success' };
    });
  }
};
