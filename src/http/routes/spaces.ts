/**
 * Graph spaces (spec Part A §4.1) and services (§4.2).
 * @module
 */
import { ArgumentError } from '../../index.js';
import { nameSchema } from './route-common.js';
import type { RouteGroup } from './route-common.js';

const SERVICE_CONFIRM = "I'm sure to delete the service";

/**
 * A field type that also admits JSON null: HugeGraph binds bodies with Jackson, where null is
 * the same as an absent field, and the library treats it so; without this, fastify's type
 * coercion would turn null into "", 0 or [""] before the library could see it.
 */
function orNull<T extends string>(type: T): { type: readonly [T, 'null'] } {
  return { type: [type, 'null'] };
}

const spaceFields = {
  name: orNull('string'), nickname: orNull('string'), description: orNull('string'),
  cpu_limit: orNull('integer'), memory_limit: orNull('integer'), storage_limit: orNull('integer'),
  compute_cpu_limit: orNull('integer'), compute_memory_limit: orNull('integer'),
  oltp_namespace: orNull('string'), olap_namespace: orNull('string'), storage_namespace: orNull('string'),
  operator_image_path: orNull('string'), internal_algorithm_image_url: orNull('string'),
  max_graph_number: orNull('integer'), max_role_number: orNull('integer'), auth: orNull('boolean'), configs: orNull('object'),
} as const;

const spaceParams = { type: 'object', properties: { graphspace: nameSchema }, required: ['graphspace'] } as const;
const serviceParams = { type: 'object', properties: { graphspace: nameSchema, service: nameSchema }, required: ['graphspace', 'service'] } as const;

const serviceBody = {
  type: 'object',
  properties: {
    name: orNull('string'), type: orNull('string'), description: orNull('string'), deployment_type: orNull('string'),
    count: orNull('integer'), cpu_limit: orNull('integer'), memory_limit: orNull('integer'), storage_limit: orNull('integer'),
    route_type: orNull('string'), port: orNull('integer'), urls: { type: ['array', 'null'], items: { type: 'string' } },
  },
} as const;

type Params = { graphspace: string };

/**
 * Graph space and service routes.
 */
export const spaceRoutes: RouteGroup = (app, { state }) => {
  app.post<{ Body: Record<string, unknown> }>('/graphspaces', { schema: { summary: 'Create a graph space', body: { type: 'object', properties: spaceFields } }, config: { requires: 'admin' } }, async (request, reply) =>
    reply.code(201).send(await state.createSpace(request.body, request.identity.user_name)),
  );
  app.get('/graphspaces', { schema: { summary: 'List graph space names' } }, async () => ({ graphSpaces: state.spaceNames() }));
  app.get<{ Params: Params }>('/graphspaces/:graphspace', { schema: { summary: 'Read a graph space', params: spaceParams } }, async (request) => state.space(request.params.graphspace));
  app.put<{ Params: Params; Body: { action: string; update: Record<string, unknown> } }>(
    '/graphspaces/:graphspace',
    {
      schema: {
        summary: 'Update a graph space',
        params: spaceParams,
        body: {
          type: 'object',
          properties: { action: { type: 'string', enum: ['update'] }, update: { type: 'object', properties: spaceFields } },
          required: ['action', 'update'],
          additionalProperties: false,
        },
      },
      config: { requires: 'admin' },
    },
    async (request) => state.updateSpace(request.params.graphspace, request.body.update),
  );
  app.delete<{ Params: Params }>('/graphspaces/:graphspace', { schema: { summary: 'Delete a graph space and everything in it', params: spaceParams }, config: { requires: 'admin' } }, async (request, reply) => {
    await state.deleteSpace(request.params.graphspace);
    return reply.code(204).send();
  });

  app.post<{ Params: Params; Body: Record<string, unknown> }>(
    '/graphspaces/:graphspace/services',
    { schema: { summary: 'Create a service', params: spaceParams, body: serviceBody }, config: { requires: 'space-admin' } },
    async (request, reply) => reply.code(201).send(await state.createService(request.params.graphspace, request.body)),
  );
  app.get<{ Params: Params }>('/graphspaces/:graphspace/services', { schema: { summary: 'List service names', params: spaceParams } }, async (request) => ({
    services: state.serviceNames(request.params.graphspace),
  }));
  app.get<{ Params: Params & { service: string } }>('/graphspaces/:graphspace/services/:service', { schema: { summary: 'Read a service', params: serviceParams } }, async (request) =>
    state.service(request.params.graphspace, request.params.service),
  );
  app.delete<{ Params: Params & { service: string }; Querystring: { confirm_message: string } }>(
    '/graphspaces/:graphspace/services/:service',
    {
      schema: {
        summary: 'Delete a service',
        params: serviceParams,
        querystring: { type: 'object', properties: { confirm_message: { type: 'string' } }, required: ['confirm_message'] },
      },
      config: { requires: 'space-admin' },
    },
    async (request, reply) => {
      if (request.query.confirm_message !== SERVICE_CONFIRM) {
        throw new ArgumentError('CONFIRM_MESSAGE', `Please take the message: ${SERVICE_CONFIRM}`);
      }
      await state.deleteService(request.params.graphspace, request.params.service);
      return reply.code(204).send();
    },
  );
};
