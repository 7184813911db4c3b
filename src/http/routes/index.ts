/**
 * The one list of route groups the app registers.
 * @module
 */
import type { RouteGroup } from './route-common.js';
import { authRoutes } from './auth.js';
import { graphRoutes } from './graphs.js';
import { schemaRoutes } from './schema.js';
import { spaceRoutes } from './spaces.js';
import { taskRoutes } from './task-routes.js';
import { traverserRoutes } from './traverser-routes.js';
import { versionRoutes } from './versions.js';
import { vertexRoutes } from './vertices.js';
import { edgeRoutes } from './edges.js';
import { elementTraverserRoutes } from './element-traversers.js';
import { gremlinRoutes } from './gremlin.js';
import { rebuildRoutes } from './rebuild-routes.js';

export type { RouteGroup, GraphParams } from './route-common.js';
export { graphOf, graphParams, graphPaths, identityOf, isLegacy, nameSchema, spaceOf } from './route-common.js';

/**
 * Every route group, in registration order.
 *
 * @example
 * ```ts
 * for (const group of ROUTE_GROUPS) group(app, { state });
 * ```
 */
export const ROUTE_GROUPS: readonly RouteGroup[] = [
  versionRoutes,
  authRoutes,
  spaceRoutes,
  graphRoutes,
  schemaRoutes,
  rebuildRoutes,
  taskRoutes,
  vertexRoutes,
  edgeRoutes,
  elementTraverserRoutes,
  gremlinRoutes,
  traverserRoutes,
];
