/**
 * The route groups the app registers: those that touch no graph, at the root, and those that
 * do, inside the graph-scope plugin (plugins/graph-scope.ts).
 * @module
 */
import type { RouteGroup } from './route-common.js';
import { authRoutes } from './auth.js';
import { grantRoutes } from './grant-routes.js';
import { userRoutes } from './user-routes.js';
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
import { computerRoutes } from './computer-routes.js';
import { variableRoutes } from './variable-routes.js';
import { snapshotRoutes } from '../backup-routes.js';
import { clusterTaskRoutes } from './cluster-tasks.js';

export type { RouteGroup } from './route-common.js';

/**
 * The route groups that read no graph: versions, authentication, users, graph spaces and
 * services. (The legacy `/graphs/{graph}/auth/...` paths name a graph only as HugeGraph's path
 * does, and read none.)
 */
export const OPEN_ROUTE_GROUPS: readonly RouteGroup[] = [versionRoutes, authRoutes, userRoutes, spaceRoutes, grantRoutes];

/**
 * The route groups that touch a graph, registered inside the graph-scope plugin.
 */
export const GRAPH_ROUTE_GROUPS: readonly RouteGroup[] = [
  graphRoutes,
  schemaRoutes,
  rebuildRoutes,
  taskRoutes,
  computerRoutes,
  vertexRoutes,
  edgeRoutes,
  elementTraverserRoutes,
  gremlinRoutes,
  traverserRoutes,
  variableRoutes,
  snapshotRoutes,
  clusterTaskRoutes,
];
