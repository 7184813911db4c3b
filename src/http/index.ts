/**
 * The REST server: `buildApp` builds it without listening (for tests through inject),
 * `startServer` listens. Only the CLI imports this layer; it uses only the public API.
 * @module
 */
export { buildApp } from './app.js';
export { closeOnSignals, startServer } from './server.js';
export type { ClusterSetup } from './server.js';
export { mapError } from './error-mapper.js';
export { ClusterRoutes } from './cluster.js';
export type { ClusterNodeStatus, ClusterPort, ReplicatedRequest, ReplicatedResponse } from './cluster.js';
