/**
 * What every route group shares: the context it is registered with, the two path families of a
 * graph-scoped route, and the JSON schemas of common path variables. The graph of a request
 * is `request.graph`, set by the graph-scope plugin (plugins/graph-scope.ts).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SPACE } from '../../index.js';
import type { ServerState } from '../../index.js';
import type { ClusterRoutes } from '../cluster.js';

/**
 * What a route group is given: the server state, and on a cluster node its REST wiring.
 */
interface RouteContext {
  readonly state: ServerState;
  readonly cluster?: ClusterRoutes;
}

/**
 * A group of routes, registered from the lists in routes/index.ts.
 */
export type RouteGroup = (app: FastifyInstance, context: RouteContext) => void;

/**
 * Path variables of a graph-scoped route: `graphspace` is absent in the legacy family.
 */
export interface GraphParams {
  readonly graphspace?: string;
  readonly graph: string;
}

const NAME = { type: 'string', minLength: 1, maxLength: 256 } as const;

/**
 * Where authentication and user routes answer: the graph-space family's `/auth`, the spec's
 * legacy `/graphs/auth`, and `/graphs/{graph}/auth`, which HugeGraph 1.x and its Java client use
 * (the graph name is not read).
 */
export const AUTH_PREFIXES = ['/auth', '/graphs/auth', '/graphs/:graph/auth'] as const;

/**
 * JSON schema of a path variable holding a name.
 */
export const nameSchema = NAME;

/**
 * JSON schema of the path variables of a graph-scoped route, plus `extra` ones.
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
 */
export function graphPaths(suffix: string): readonly [string, string] {
  return [`/graphspaces/:graphspace/graphs/:graph${suffix}`, `/graphs/:graph${suffix}`];
}

/**
 * The graph space of a request: its path variable, or DEFAULT in the legacy family.
 */
export function spaceOf(params: GraphParams): string {
  return params.graphspace ?? DEFAULT_SPACE;
}

/**
 * True when a request came through the legacy family (no graph space in the path).
 */
export function isLegacy(params: GraphParams): boolean {
  return params.graphspace === undefined;
}
