/**
 * What every route group shares: the context it is registered with, the two path families of a
 * graph-scoped route, and the JSON schemas of common path variables. The graph of a request
 * is `request.graph`, set by the graph-scope plugin (plugins/graph-scope.ts).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SPACE } from '../../index.js';
import type { ServerState } from '../../index.js';

/**
 * What a route group is given.
 *
 * @example
 * ```ts
 * const group: RouteGroup = (app, { state }) => app.get('/versions', async () => ({ versions: {} }));
 * ```
 */
interface RouteContext {
  readonly state: ServerState;
}

/**
 * A group of routes, registered from the lists in routes/index.ts.
 *
 * @example
 * ```ts
 * export const versionRoutes: RouteGroup = (app) => { app.get('/versions', async () => ({})); };
 * ```
 */
export type RouteGroup = (app: FastifyInstance, context: RouteContext) => void;

/**
 * Path variables of a graph-scoped route: `graphspace` is absent in the legacy family.
 *
 * @example
 * ```ts
 * const p: GraphParams = { graph: 'hugegraph' };
 * ```
 */
export interface GraphParams {
  readonly graphspace?: string;
  readonly graph: string;
}

const NAME = { type: 'string', minLength: 1, maxLength: 256 } as const;

/**
 * JSON schema of a path variable holding a name.
 *
 * @example
 * ```ts
 * graphParams({ name: nameSchema });
 * ```
 */
export const nameSchema = NAME;

/**
 * JSON schema of the path variables of a graph-scoped route, plus `extra` ones.
 *
 * @example
 * ```ts
 * app.get('/graphs/:graph/schema/propertykeys/:name', { schema: { params: graphParams({ name: nameSchema }) } }, handler);
 * ```
 */
export function graphParams(extra: Readonly<Record<string, object>> = {}): object {
  return {
    type: 'object',
    properties: { graphspace: NAME, graph: NAME, ...extra },
    required: ['graph', ...Object.keys(extra)],
  };
}

/**
 * The two paths of a graph-scoped route: the graph-space family and the legacy family (whose
 * graph space is DEFAULT). `suffix` starts with `/` or is empty.
 *
 * @example
 * ```ts
 * graphPaths('/schema'); // ['/graphspaces/:graphspace/graphs/:graph/schema', '/graphs/:graph/schema']
 * ```
 */
export function graphPaths(suffix: string): readonly [string, string] {
  return [`/graphspaces/:graphspace/graphs/:graph${suffix}`, `/graphs/:graph${suffix}`];
}

/**
 * The graph space of a request: its path variable, or DEFAULT in the legacy family.
 *
 * @example
 * ```ts
 * spaceOf({ graph: 'hugegraph' }); // 'DEFAULT'
 * ```
 */
export function spaceOf(params: GraphParams): string {
  return params.graphspace ?? DEFAULT_SPACE;
}

/**
 * True when a request came through the legacy family (no graph space in the path).
 *
 * @example
 * ```ts
 * if (isLegacy(request.params)) return reply.code(202).send(record);
 * ```
 */
export function isLegacy(params: GraphParams): boolean {
  return params.graphspace === undefined;
}
