/**
 * Traverser routes (hugegraph-notes §5) in both path families, one per form of each row of
 * the traverser table (traverser-table.ts, traverser-table-paths.ts): a GET form takes query
 * parameters (vertex ids as JSON literals, notes §7.3), a POST form a JSON body; the row renames
 * them into the library's typed options, calls `graph.traversers.<method>`, and writes the typed
 * answer back as HugeGraph's JSON. Each form's parameters are typed by the schema derived from
 * the same row.
 * @module
 */
import { restJsonText } from '../json-text.js';
import { graphParams, graphPaths } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import type { Query } from './traverser-params.js';
import { NEIGHBOUR_TRAVERSERS } from './traverser-table.js';
import { PATH_TRAVERSERS } from './traverser-table-paths.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Traverser routes.
 */
export const traverserRoutes: RouteGroup = (app) => {
  for (const base of graphPaths('/traversers')) {
    for (const route of [...NEIGHBOUR_TRAVERSERS, ...PATH_TRAVERSERS]) {
      if (route.forms.includes('get')) {
        app.get<{ Params: GraphParams; Querystring: Query }>(
          `${base}/${route.rest}`,
          { schema: { summary: `Traverser ${route.rest} (query parameters)`, params: graphParams(), querystring: route.schema('get') } },
          async (request, reply) => reply.type(JSON_TYPE).send(restJsonText(await route.handle(request.graph.traversers, request.query, 'get'))),
        );
      }
      if (route.forms.includes('post')) {
        app.post<{ Params: GraphParams; Body: Record<string, unknown> }>(
          `${base}/${route.rest}`,
          { schema: { summary: `Traverser ${route.rest} (JSON body)`, params: graphParams(), body: route.schema('post') }, config: { graphAccess: 'read' } },
          async (request, reply) => reply.type(JSON_TYPE).send(restJsonText(await route.handle(request.graph.traversers, request.body, 'post'))),
        );
      }
    }
  }
};
