/**
 * Groups, targets, belongs and accesses (spec Part A §4.6–§4.8, hugegraph-notes §2.4) in both
 * families: `/graphspaces/{gs}/auth/...` and the legacy `/graphs/auth/...` (also under
 * `/graphs/{graph}/auth/...`, as 1.x clients prefix them), whose space is DEFAULT; and a
 * user's roles (`GET .../users/{id}/role`). Every route needs a graph-space administrator (or
 * the super administrator); an access may grant only what its granter holds. Unknown ids
 * answer 404 on reads and 400 on updates and deletes, as HugeGraph does.
 * @module
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ArgumentError, DEFAULT_SPACE, NotFoundError, PERMISSIONS } from '../../index.js';
import type { ServerState } from '../../index.js';
import { accessJson, belongJson, groupJson, LEGACY_FAMILY, parseAccessId, parseBelongId, SPACE_FAMILY, targetJson } from './grant-shapes.js';
import type { Family } from './grant-shapes.js';
import { nameSchema } from './route-common.js';
import type { RouteGroup } from './route-common.js';

type Body = Record<string, unknown>;
interface Params {
  readonly graphspace?: string;
  readonly id?: string;
}
interface Query {
  readonly limit?: number;
  readonly user?: string;
  readonly group?: string;
  readonly target?: string;
}
type Request = FastifyRequest<{ Params: Params; Body: Body; Querystring: Query }>;

const LIST_QUERY = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: -1 }, user: nameSchema, group: nameSchema, target: nameSchema },
} as const;
const OBJECT_BODY = { type: 'object' } as const;

/** A family's routes under one prefix. */
interface Mount {
  readonly prefix: string;
  readonly family: Family;
  readonly params: object;
}

const MOUNTS: readonly Mount[] = [
  { prefix: '/graphspaces/:graphspace/auth', family: SPACE_FAMILY, params: { type: 'object', properties: { graphspace: nameSchema, id: { type: 'string' } }, required: ['graphspace'] } },
  { prefix: '/graphs/auth', family: LEGACY_FAMILY, params: { type: 'object', properties: { id: { type: 'string' } } } },
  { prefix: '/graphs/:graph/auth', family: LEGACY_FAMILY, params: { type: 'object', properties: { graph: nameSchema, id: { type: 'string' } }, required: ['graph'] } },
];

function spaceOf(request: Request): string {
  return request.params.graphspace ?? DEFAULT_SPACE;
}

function capped<T>(items: readonly T[], limit: number | undefined): T[] {
  return limit === undefined || limit < 0 ? [...items] : items.slice(0, limit);
}

/** Runs `change` on a record an update or delete names; HugeGraph answers an unknown id with 400. */
async function onExisting<T>(kind: string, id: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof NotFoundError) throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${kind} id: ${id}`);
    throw error;
  }
}

/** The routes of one record kind: list, create, get, update, delete. */
interface Kind {
  readonly path: string;
  readonly list: (state: ServerState, space: string, family: Family, query: Query) => Record<string, unknown>;
  readonly create: (state: ServerState, space: string, family: Family, request: Request) => Promise<Record<string, unknown>>;
  readonly get: (state: ServerState, space: string, family: Family, id: string) => Record<string, unknown>;
  readonly update: (state: ServerState, space: string, family: Family, id: string, body: Body) => Promise<Record<string, unknown>>;
  readonly remove: (state: ServerState, space: string, family: Family, id: string) => Promise<void>;
}

const KINDS: readonly Kind[] = [
  {
    path: 'groups',
    list: (state, space, family, q) => ({ groups: capped(state.grants.space(space).groups, q.limit).map((g) => groupJson(family, space, g)) }),
    create: async (state, space, family, r) => groupJson(family, space, await state.grants.createGroup(space, r.body, r.identity.user_name)),
    get: (state, space, family, id) => groupJson(family, space, state.grants.group(space, family.nameOf(id))),
    update: async (state, space, family, id, body) => groupJson(family, space, await onExisting('group', id, () => state.grants.updateGroup(space, family.nameOf(id), body))),
    remove: (state, space, family, id) => onExisting('group', id, () => state.grants.removeGroup(space, family.nameOf(id))),
  },
  {
    path: 'targets',
    list: (state, space, family, q) => ({ targets: capped(state.grants.space(space).targets, q.limit).map((t) => targetJson(family, space, t)) }),
    create: async (state, space, family, r) => targetJson(family, space, await state.grants.createTarget(space, r.body, r.identity.user_name)),
    get: (state, space, family, id) => targetJson(family, space, state.grants.target(space, family.nameOf(id))),
    update: async (state, space, family, id, body) => targetJson(family, space, await onExisting('target', id, () => state.grants.updateTarget(space, family.nameOf(id), body))),
    remove: (state, space, family, id) => onExisting('target', id, () => state.grants.removeTarget(space, family.nameOf(id))),
  },
  {
    path: 'belongs',
    list: (state, space, family, q) => {
      const user = q.user === undefined ? undefined : family.nameOf(q.user);
      const group = q.group === undefined ? undefined : family.nameOf(q.group);
      const found = state.grants.space(space).belongs.filter((b) => (user === undefined || b.user === user) && (group === undefined || b.group === group));
      return { belongs: capped(found, q.limit).map((b) => belongJson(family, space, b)) };
    },
    create: async (state, space, family, r) => {
      const user = r.body.user;
      const group = r.body.group;
      if (typeof user !== 'string' || typeof group !== 'string') throw new ArgumentError('INVALID_ARGUMENT', 'A belong needs a user id and a group id');
      return belongJson(family, space, await state.grants.createBelong(space, family.nameOf(user), family.nameOf(group), r.body, r.identity.user_name));
    },
    get: (state, space, family, id) => {
      const { user, group } = parseBelongId(family, id);
      return belongJson(family, space, state.grants.belong(space, user, group));
    },
    update: async (state, space, family, id, body) => {
      const { user, group } = parseBelongId(family, id);
      if ((body.user !== undefined && body.user !== family.userId(user)) || (body.group !== undefined && body.group !== family.groupId(group))) {
        throw new ArgumentError('IMMUTABLE_FIELD', "The user and group of a belong cannot be changed: delete it and create another");
      }
      return belongJson(family, space, await onExisting('belong', id, () => state.grants.updateBelong(space, user, group, body)));
    },
    remove: (state, space, family, id) => {
      const { user, group } = parseBelongId(family, id);
      return onExisting('belong', id, () => state.grants.removeBelong(space, user, group));
    },
  },
  {
    path: 'accesses',
    list: (state, space, family, q) => {
      const group = q.group === undefined ? undefined : family.nameOf(q.group);
      const target = q.target === undefined ? undefined : family.nameOf(q.target);
      const found = state.grants.space(space).accesses.filter((a) => (group === undefined || a.group === group) && (target === undefined || a.target === target));
      return { accesses: capped(found, q.limit).map((a) => accessJson(family, space, a)) };
    },
    create: async (state, space, family, r) => {
      const { group, target, access_permission: permission } = r.body;
      if (typeof group !== 'string' || typeof target !== 'string') throw new ArgumentError('INVALID_ARGUMENT', 'An access needs a group id and a target id');
      // An unknown permission is left to the registry's 400; a known one must be the caller's to grant.
      const known = PERMISSIONS.find((p) => p === permission);
      if (known !== undefined) state.access.requireGrant(r.identity, space, known);
      return accessJson(family, space, await state.grants.createAccess(space, family.nameOf(group), family.nameOf(target), permission, r.body, r.identity.user_name));
    },
    get: (state, space, family, id) => {
      const { group, target, permission } = parseAccessId(family, id);
      return accessJson(family, space, state.grants.access(space, group, target, permission));
    },
    update: async (state, space, family, id, body) => {
      const { group, target, permission } = parseAccessId(family, id);
      if (body.access_permission !== undefined && body.access_permission !== permission) {
        throw new ArgumentError('IMMUTABLE_FIELD', 'The group, target and permission of an access cannot be changed: delete it and create another');
      }
      return accessJson(family, space, await onExisting('access', id, () => state.grants.updateAccess(space, group, target, permission, body)));
    },
    remove: (state, space, family, id) => {
      const { group, target, permission } = parseAccessId(family, id);
      return onExisting('access', id, () => state.grants.removeAccess(space, group, target, permission));
    },
  },
];

function mountKind(app: FastifyInstance, state: ServerState, mount: Mount, kind: Kind): void {
  const base = `${mount.prefix}/${kind.path}`;
  const { params } = mount;
  const family: Family = mount.family.legacy ? { ...mount.family, userId: (name) => state.users.legacyId(name) } : mount.family;
  const admin = (request: Request): string => {
    const space = spaceOf(request);
    state.access.requireSpaceAdmin(request.identity, space, `manage the ${kind.path} of this graph space`);
    return space;
  };
  app.get<{ Params: Params; Querystring: Query }>(base, { schema: { summary: `List ${kind.path}`, params, querystring: LIST_QUERY } }, async (request) =>
    kind.list(state, admin(request as Request), family, request.query),
  );
  /** Permission changes go to the audit log: who changed which record of which space. */
  const audit = (request: Request, op: string, id: unknown): void =>
    state.audit.record({ event: `${kind.path}.${op}`, actor: request.identity.user_name, graphspace: spaceOf(request), id: String(id) });
  app.post<{ Params: Params; Body: Body }>(base, { schema: { summary: `Create one of the ${kind.path}`, params, body: OBJECT_BODY } }, async (request, reply) => {
    const created = await kind.create(state, admin(request as Request), family, request as Request);
    audit(request as Request, 'create', created.id);
    return reply.code(201).send(created);
  });
  app.get<{ Params: Params }>(`${base}/:id`, { schema: { summary: `Read one of the ${kind.path}`, params } }, async (request) =>
    kind.get(state, admin(request as Request), family, request.params.id ?? ''),
  );
  app.put<{ Params: Params; Body: Body }>(`${base}/:id`, { schema: { summary: `Update one of the ${kind.path}`, params, body: OBJECT_BODY } }, async (request) => {
    const updated = await kind.update(state, admin(request as Request), family, request.params.id ?? '', request.body);
    audit(request as Request, 'update', updated.id);
    return updated;
  });
  app.delete<{ Params: Params }>(`${base}/:id`, { schema: { summary: `Delete one of the ${kind.path}`, params } }, async (request, reply) => {
    await kind.remove(state, admin(request as Request), family, request.params.id ?? '');
    audit(request as Request, 'delete', request.params.id);
    return reply.code(204).send();
  });
}

/**
 * The roles of a user (`GET /auth/users/{id}/role`: graph space → graph → permission →
 * resources; legacy `GET /graphs/auth/users/{id}/role`: graph → permission → resources, of
 * DEFAULT). The super administrator and the user read all of them; a graph-space administrator
 * reads the user's roles in the spaces they administer.
 */
function mountRoles(app: FastifyInstance, state: ServerState): void {
  const params = { type: 'object', properties: { id: { type: 'string' }, graph: nameSchema }, required: ['id'] } as const;
  for (const [path, family] of [['/auth/users/:id/role', SPACE_FAMILY], ['/graphs/auth/users/:id/role', LEGACY_FAMILY], ['/graphs/:graph/auth/users/:id/role', LEGACY_FAMILY]] as const) {
    app.get<{ Params: { id: string } }>(path, { schema: { summary: "A user's roles", params } }, async (request) => {
      const user = family.nameOf(request.params.id);
      state.users.requireUser(user);
      const who = request.identity;
      const all = state.grants.roles(user);
      const visible = who.admin || who.user_name === user ? all : Object.fromEntries(Object.entries(all).filter(([space]) => state.access.isSpaceAdmin(who, space)));
      if (!who.admin && who.user_name !== user && state.spaceNames().every((space) => !state.access.isSpaceAdmin(who, space))) {
        state.access.requireAdmin(who, "read another user's roles");
      }
      return { roles: family.legacy ? (visible[DEFAULT_SPACE] ?? {}) : visible };
    });
  }
}

/**
 * Group, target, belong and access routes in both families, and the user role routes.
 */
export const grantRoutes: RouteGroup = (app, { state }) => {
  for (const mount of MOUNTS) for (const kind of KINDS) mountKind(app, state, mount, kind);
  mountRoles(app, state);
};
