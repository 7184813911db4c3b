/**
 * The roles plugin: a route that needs an administrator says so in its config
 * (`config: { requires: 'admin' }` for the super administrator, `'space-admin'` for an
 * administrator of the graph space its path names, DEFAULT for the legacy family), and one
 * `preHandler` asks the server's access control before the handler runs (spec Part A §5,
 * hugegraph-notes §2.5). Routes do not test roles themselves. Registered at the root
 * (fastify-plugin) before the routes, so its `onRoute` hook sees every route.
 * @module
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { DEFAULT_SPACE } from '../../index.js';
import type { ServerState } from '../../index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route beside its data permissions: the super administrator, or an administrator of its graph space. */
    requires?: 'admin' | 'space-admin';
  }
}

/** What a route of this method and path does, in a denial's message. */
function action(method: string, url: string): string {
  return `${method} ${url.replace(/\/:([a-z_]+)/g, '/{$1}')}`;
}

/**
 * The roles plugin: gives every route with a `requires` config the preHandler that checks it.
 */
export const rolesPlugin = fp<{ readonly state: ServerState }>(
  (app, { state }, done) => {
    app.addHook('onRoute', (route) => {
      const requires = route.config?.requires;
      if (requires === undefined) return;
      const what = action(String(route.method), route.url);
      const check = (request: FastifyRequest, _reply: FastifyReply, next: HookHandlerDoneFunction): void => {
        try {
          if (requires === 'admin') state.access.requireAdmin(request.identity, what);
          else {
            const params = request.params as { graphspace?: unknown };
            state.access.requireSpaceAdmin(request.identity, typeof params.graphspace === 'string' ? params.graphspace : DEFAULT_SPACE, what);
          }
        } catch (error) {
          next(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        next();
      };
      const own = route.preHandler;
      route.preHandler = own === undefined ? check : [check, ...(Array.isArray(own) ? own : [own])];
    });
    done();
  },
  { name: 'quiver-roles', fastify: '5.x', dependencies: ['quiver-auth'] },
);
