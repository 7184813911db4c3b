/**
 * The REST server: `buildApp` builds it without listening (for tests through inject),
 * `startServer` listens. Only the CLI imports this layer; it uses only the public API.
 * @module
 */
export { buildApp, DEFAULT_BODY_LIMIT } from './app.js';
export type { AppOptions } from './app.js';
export { closeOnSignals, startServer } from './server.js';
export type { RunningServer, ServeOptions } from './server.js';
export { mapError } from './errors.js';
export type { ErrorBody } from './errors.js';
