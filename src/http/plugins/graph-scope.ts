/**
 * The graph-scope plugin: the one road from a request to a graph. Every route that touches a
 * graph is registered inside it (an encapsulated context); for each route whose path names a
 * graph, in both families (`/graphspaces/:graphspace/graphs/:graph/...` and the legacy
 * `/graphs/:graph/...`, whose space is DEFAULT), a synchronous `preHandler` resolves the graph,
 * counts the request against the graph's rate limit and sets `request.graph` to the handle the
 * request's identity may use. That handle comes from one function, `graphFor`, by default the
 * server's access control (`state.access.graphFor`): a handle restricted to the identity's
 * policy, which filters every read of the route (lists, gets, scans, traversers, Gremlin,
 * schema) and guards every write.
 * Routes whose graph is named elsewhere (`/gremlin` names it in the script) call
 * `request.scopeGraph` themselves.
 * @module
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { DEFAULT_SPACE } from '../../index.js';
import type { Graph, Identity, ServerState } from '../../index.js';
import type { ClusterRoutes } from '../cluster.js';
import type { RouteGroup } from '../routes/route-common.js';
import { RateLimits } from './rate-limits.js';
import type { GraphAccess } from './rate-limits.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The graph of a graph-scoped route, as the handle the request's identity may use: set by
     * the graph-scope plugin before the handler runs (not on routes outside the plugin, nor on
     * graph creation, whose graph does not exist yet).
     */
    graph: Graph;
    /**
     * Brings graph `graph` of `space` into the request's scope: the handle `graphFor` gives the
     * request's identity, counted against the graph's `access` rate limit, set as
     * `request.graph` and returned (404 when the space or graph does not exist, 429 over the
     * limit). Only inside the graph-scope plugin.
     */
    scopeGraph(space: string, graph: string, access: GraphAccess): Graph;
  }
  interface FastifyContextConfig {
    /**
     * How a graph-scoped route uses its graph: which rate limit it counts against (default:
     * read for GET and HEAD, write for the other methods), or `create` for the route that
     * creates the graph its path names, which resolves nothing.
     */
    graphAccess?: GraphAccess | 'create';
  }
}

/**
 * The handle on graph `graph` of `space` that `identity` may use: the one function through which
 * every REST route reads a graph. It throws NotFoundError when the space or graph does not exist.
 */
export type GraphFor = (identity: Identity, space: string, graph: string) => Graph;

/**
 * Options of {@link graphScopePlugin}.
 */
interface GraphScopeOptions {
  readonly state: ServerState;
  /** Default: the server's access control (`state.access.graphFor`). */
  readonly graphFor?: GraphFor;
  /** The route groups registered inside the plugin. */
  readonly groups: readonly RouteGroup[];
  /** On a cluster node: its REST wiring, given to the groups. */
  readonly cluster?: ClusterRoutes;
}

/** A path naming a graph: a `:graph` segment (`:graphspace` alone is no graph). */
const GRAPH_SEGMENT = /\/:graph(?:\/|$)/;

/** The synchronous preHandler of the routes of one access kind. */
function scopeHook(access: GraphAccess): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  return function graphScope(request, _reply, done) {
    const params = request.params;
    if (typeof params !== 'object' || params === null || !('graph' in params) || typeof params.graph !== 'string') {
      done(new Error('graph-scope: a graph-scoped route has no graph parameter'));
      return;
    }
    const space = 'graphspace' in params && typeof params.graphspace === 'string' ? params.graphspace : DEFAULT_SPACE;
    try {
      request.scopeGraph(space, params.graph, access);
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    done();
  };
}

/**
 * The graph-scope plugin (encapsulated): decorates the request with `graph` and
 * `scopeGraph`, gives every route of its groups whose path names a graph the preHandler that
 * sets `request.graph`, and registers the groups.
 */
export const graphScopePlugin = fp<GraphScopeOptions>(
  (app, options, done) => {
    const { state } = options;
    const graphFor: GraphFor = options.graphFor ?? ((identity, space, graph) => state.access.graphFor(identity, space, graph));
    const limits = new RateLimits();
    const hooks = { read: scopeHook('read'), write: scopeHook('write') };
    app.decorateRequest('graph');
    app.decorateRequest('scopeGraph', function scopeGraph(this: FastifyRequest, space: string, graph: string, access: GraphAccess): Graph {
      const handle = graphFor(this.identity, space, graph);
      // a write applied from a cluster's log was admitted where it arrived: every node applies it
      if (options.cluster?.fromLog(this) !== true) limits.admit(handle, space, access);
      this.graph = handle;
      return handle;
    });
    app.addHook('onRoute', (route) => {
      if (!GRAPH_SEGMENT.test(route.url)) return;
      const access = route.config?.graphAccess ?? (route.method === 'GET' || route.method === 'HEAD' ? 'read' : 'write');
      if (access === 'create') return;
      const own = route.preHandler;
      route.preHandler = own === undefined ? hooks[access] : [hooks[access], ...(Array.isArray(own) ? own : [own])];
    });
    for (const group of options.groups) group(app, { state, ...(options.cluster === undefined ? {} : { cluster: options.cluster }) });
    done();
  },
  { name: 'quiver-graph-scope', fastify: '5.x', encapsulate: true, dependencies: ['quiver-auth'], decorators: { request: ['identity'] } },
);
