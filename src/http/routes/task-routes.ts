/**
 * Tasks of a graph (hugegraph-notes §3) in both path families: list, get, delete, cancel.
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { graphParams, graphPaths, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { unsupportedAction } from '../error-mapper.js';

type IdParams = GraphParams & { id: number };

/**
 * Task routes.
 */
export const taskRoutes: RouteGroup = (app, { state }) => {
  /** Whose tasks the request sees: every task for an administrator of the space, else only the caller's own. */
  const viewer = (request: FastifyRequest<{ Params: GraphParams }>): string | undefined =>
    state.access.isSpaceAdmin(request.identity, spaceOf(request.params)) ? undefined : request.identity.user_name;
  const idParams = graphParams({ id: { type: 'integer', minimum: 0 } });
  for (const base of graphPaths('/tasks')) {
    app.get<{ Params: GraphParams; Querystring: { status?: string; ids?: number[]; limit?: number; page?: string } }>(
      base,
      {
        schema: {
          summary: 'List tasks',
          params: graphParams(),
          querystring: {
            type: 'object',
            properties: { status: { type: 'string' }, ids: { type: 'array', items: { type: 'integer', minimum: 0 } }, limit: { type: 'integer', minimum: -1 }, page: { type: 'string' } },
            additionalProperties: false,
          },
        },
      },
      async (request) => state.tasks(spaceOf(request.params), request.params.graph).list({ ...request.query, viewer: viewer(request) }),
    );
    app.get<{ Params: IdParams }>(`${base}/:id`, { schema: { summary: 'Read a task', params: idParams } }, async (request) =>
      state.tasks(spaceOf(request.params), request.params.graph).get(request.params.id, viewer(request)),
    );
    app.delete<{ Params: IdParams; Querystring: { force?: boolean } }>(
      `${base}/:id`,
      { schema: { summary: 'Delete a task record', params: idParams, querystring: { type: 'object', properties: { force: { type: 'boolean' } }, additionalProperties: false } } },
      async (request, reply) => {
        await state.tasks(spaceOf(request.params), request.params.graph).delete(request.params.id, { force: request.query.force ?? false, viewer: viewer(request) });
        return reply.code(204).send();
      },
    );
    app.put<{ Params: IdParams; Querystring: { action: string } }>(
      `${base}/:id`,
      { schema: { summary: 'Cancel a task', params: idParams, querystring: { type: 'object', properties: { action: { type: 'string' } }, required: ['action'] } } },
      async (request, reply) => {
        if (request.query.action !== 'cancel') throw unsupportedAction(request.query.action, ['cancel']);
        return reply.code(202).send(await state.tasks(spaceOf(request.params), request.params.graph).cancel(request.params.id, viewer(request)));
      },
    );
  }
};
