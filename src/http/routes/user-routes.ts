/**
 * Users (spec Part A §4.5 graph-space family at `/auth/users`, §4.8 legacy family at
 * `/graphs/auth/users` and, as HugeGraph 1.x and its Java client send it,
 * `/graphs/{graph}/auth/users`). Users are global: no route here reads a graph. The rules (input,
 * permissions, ids of each family) are the library's, in `state.users`; these routes only
 * choose the family and the status. A single user is answered as the record itself in both
 * families, as hugegraph-client's `UserAPI.get` reads it (the spec's legacy sample wraps it in
 * `users`; docs/rest.md).
 * @module
 */
import type { UserFamily } from '../../index.js';
import { AUTH_PREFIXES, nameSchema } from './route-common.js';
import type { RouteGroup } from './route-common.js';

/** A text field that may also be null (Jackson reads null as absent; so does the library). */
const TEXT = { type: ['string', 'null'] } as const;

/**
 * The fields of a user body. Unknown fields are left to the library, which refuses them with
 * its own message; the fields the server sets itself are accepted in any type and ignored
 * (hugegraph-client sends a whole record back on update).
 */
const userBody = {
  type: 'object',
  properties: {
    user_name: TEXT, user_password: TEXT, user_phone: TEXT, user_email: TEXT, user_avatar: TEXT, user_description: TEXT,
    id: {}, user_creator: {}, user_create: {}, user_update: {},
  },
} as const;

const listQuery = { type: 'object', properties: { limit: { type: 'integer', minimum: -1 } } } as const;

type IdParams = { readonly id: string };
type Body = Readonly<Record<string, unknown>>;

/**
 * User routes of both families.
 */
export const userRoutes: RouteGroup = (app, { state }) => {
  for (const prefix of AUTH_PREFIXES) {
    const family: UserFamily = prefix === '/auth' ? 'graphspace' : 'legacy';
    const graph = prefix.includes(':graph') ? { graph: nameSchema } : {};
    const params = Object.keys(graph).length === 0 ? {} : { params: { type: 'object', properties: graph, required: ['graph'] } };
    const idParams = { params: { type: 'object', properties: { ...graph, id: nameSchema }, required: ['id', ...Object.keys(graph)] } };
    const users = `${prefix}/users`;

    app.post<{ Body: Body }>(users, { schema: { summary: 'Create a user (super administrator only)', body: userBody, ...params } }, async (request, reply) =>
      reply.code(201).send(await state.users.create(request.body ?? {}, family, request.identity)),
    );
    app.get<{ Querystring: { limit?: number } }>(users, { schema: { summary: 'List users (a user other than admin sees itself)', querystring: listQuery, ...params } }, async (request) => ({
      users: state.users.list(family, request.identity, request.query.limit),
    }));
    app.get<{ Params: IdParams }>(`${users}/:id`, { schema: { summary: 'Read a user', ...idParams } }, async (request) =>
      state.users.get(request.params.id, family, request.identity),
    );
    app.put<{ Params: IdParams; Body: Body }>(`${users}/:id`, { schema: { summary: 'Update a user (admin, or the user itself)', body: userBody, ...idParams } }, async (request) =>
      state.users.update(request.params.id, request.body ?? {}, family, request.identity),
    );
    app.delete<{ Params: IdParams }>(`${users}/:id`, { schema: { summary: 'Delete a user and revoke its tokens (super administrator only)', ...idParams } }, async (request, reply) => {
      await state.grants.forgetUser(await state.users.remove(request.params.id, family, request.identity));
      return reply.code(204).send();
    });
  }
};
