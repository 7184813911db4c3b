/**
 * `GET /versions` (no authentication, hugegraph-notes §0) and `GET /openapi.json`.
 * @module
 */
import type { RouteGroup } from './route-common.js';

/** The API version Quiver reports in `GET /versions`. */
const API_VERSION = '0.71';

/**
 * Version and OpenAPI routes.
 */
export const versionRoutes: RouteGroup = (app) => {
  app.get('/versions', { schema: { summary: 'Server versions' } }, async () => ({
    versions: { version: 'v1', core: '1.5.0', gremlin: '3.8.0', api: API_VERSION },
  }));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
