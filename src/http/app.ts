/**
 * Builds the REST server (fastify 5) over a {@link ServerState} without listening: error
 * mapping, content types, the body size limit, OpenAPI, the auth plugin, and every route group,
 * those that touch a graph inside the graph-scope plugin (plugins/).
 * @module
 */
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import { createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { LimitError, PermissionError, UnsupportedError } from '../index.js';
import type { ServerState } from '../index.js';
import { mapError, routeNotFound } from './error-mapper.js';
import { BIGINT_KEYWORD, exactLongsText, jsonText, MAX_JSON_DEPTH, nestsDeeper } from './json-text.js';
import { authPlugin, credentials } from './plugins/authentication.js';
import type { ClusterRoutes } from './cluster.js';
import type { Authenticator } from './plugins/authentication.js';
import { graphScopePlugin } from './plugins/graph-scope.js';
import { rolesPlugin } from './plugins/roles.js';
import type { GraphFor } from './plugins/graph-scope.js';
import { GRAPH_ROUTE_GROUPS, OPEN_ROUTE_GROUPS } from './routes/index.js';
import { consoleRoutes } from './console.js';
import { HEALTH_PATHS, registerHealth } from './health.js';
import type { ReadinessCheck } from './health.js';
import { registerMetrics } from './metrics.js';
import { registerBackupRoutes } from './backup-routes.js';

/**
 * Options of {@link buildApp}.
 */
interface AppOptions {
  readonly state: ServerState;
  /** pino log level (default 'info'); 'silent' turns logging off. */
  readonly logLevel?: string;
  /** Largest accepted request body in bytes (default {@link DEFAULT_BODY_LIMIT}); larger is 413. */
  readonly bodyLimit?: number;
  /** Require credentials on every request but /versions and /openapi.json (default true). */
  readonly auth?: boolean;
  /** Where logs go (default stdout). */
  readonly logStream?: NodeJS.WritableStream;
  /** A request taking at least this many milliseconds is logged at info (default {@link SLOW_REQUEST_MS}). */
  readonly slowRequestMs?: number;
  /**
   * The handle on a graph that an identity may use, for every route that touches a graph
   * (default: the graph itself). Access control plugs in here.
   */
  readonly graphFor?: GraphFor;
  /** How credentials become an identity (default: HugeGraph's Basic and Bearer against the server's users). */
  readonly authenticate?: Authenticator;
  /** On a cluster node: the REST wiring of the replicated log (http/cluster.ts). */
  readonly cluster?: ClusterRoutes;
  /** Serve `/metrics` and `/metrics/system` without credentials (default: administrators only). */
  readonly metricsPublic?: boolean;
  /** Checks `/health/ready` runs beside the data directory's (a cluster adds "log reachable"). */
  readonly readiness?: readonly ReadinessCheck[];
  /** HTTPS: the PEM key and certificate (default: plain HTTP). */
  readonly tls?: TlsFiles;
}

/**
 * A PEM private key and certificate (chain) for HTTPS and WSS.
 */
export interface TlsFiles {
  readonly key: string | Buffer;
  readonly cert: string | Buffer;
}

/**
 * Default largest request body: 16 MiB.
 */
const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Longest path parameter (percent-encoded characters): an edge id holding two vertex ids of
 * 16 KiB (docs/limits.md), quoted and escaped, fits; fastify's default of 100 refused every
 * vertex id longer than about 100 characters with a 414.
 */
const MAX_PARAM_LENGTH = 128 * 1024;

/** By default, a request that takes at least this long (ms) is logged at info (faster ones only at debug). */
const SLOW_REQUEST_MS = 1000;

/**
 * Replaces fastify's JSON body parser by one that reads integer literals beyond 2^53 as exact
 * bigints (HugeGraph clients send AUTOMATIC ids as JSON numbers). A body without a run of 16
 * digits goes straight to the default parser; otherwise such literals are marked as strings
 * with a per-request random marker, the default parser (with its poisoning checks and errors)
 * reads the marked text, and the marks become bigints. An empty body sent to a route that
 * takes none (a DELETE, a task cancel) is no body at all: pyhugegraph sends
 * `Content-Type: application/json` on every request, with or without a body.
 */
function exactLongBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text === '' && request.routeOptions.schema?.body === undefined) return done(null, undefined);
    if (nestsDeeper(text, MAX_JSON_DEPTH)) {
      return done(new LimitError('JSON_TOO_DEEP', `Invalid request body: JSON nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`), undefined);
    }
    const exact = exactLongsText(text);
    if (exact === undefined) return parse(request, text, done);
    return parse(request, exact.text, (error, value) => (error ? done(error) : done(null, exact.restore(value))));
  });
}

/**
 * Decodes request bodies sent with `Content-Encoding: gzip` or `deflate` (hugegraph-client
 * gzips every batch body) before any parser reads them. The body limit applies to the decoded
 * bytes, a body that does not decode, and another encoding, are a 400.
 */
function decodedBodies(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding === undefined || encoding === '' || encoding === 'identity') return done(null, payload);
    if (encoding !== 'gzip' && encoding !== 'deflate') {
      return done(new UnsupportedError('UNSUPPORTED_CONTENT_ENCODING', `Unsupported content encoding: '${encoding}' (gzip, deflate and identity are accepted)`), payload);
    }
    const decoded: Transform & { receivedEncodedLength?: number } = encoding === 'gzip' ? createGunzip() : createInflate();
    decoded.receivedEncodedLength = 0;
    payload.on('data', (chunk: Buffer) => (decoded.receivedEncodedLength = (decoded.receivedEncodedLength ?? 0) + chunk.length));
    payload.on('error', (error) => decoded.destroy(error));
    decoded.on('error', (error: Error & { statusCode?: number }) => (error.statusCode ??= 400));
    done(null, payload.pipe(decoded));
  });
}

/**
 * The fastify app with every route, ready for `inject` or `listen`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.tls === undefined ? {} : { https: { key: options.tls.key, cert: options.tls.cert } }),
    logger: { level: options.logLevel ?? 'info', ...(options.logStream === undefined ? {} : { stream: options.logStream }) },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // `/schema/propertykeys/age/?action=append` is `/schema/propertykeys/age?action=append`, as in
    // HugeGraph (pyhugegraph sends the first form).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // A path the router refuses (a bad escape, a parameter past the length above) gets
    // HugeGraph's error body too.
    frameworkErrors: (error, _request, reply) => {
      const { body } = mapError(error);
      const sent: FastifyReply = reply;
      void sent.code(typeof error.statusCode === 'number' ? error.statusCode : 400).header('content-type', 'application/json; charset=utf-8').send(body);
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, keywords: [BIGINT_KEYWORD] } },
    requestIdHeader: 'x-request-id',
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });
  // Replies hold longs beyond 2^53 as bigints, which HugeGraph writes as exact JSON numbers.
  app.setReplySerializer((payload) => jsonText(payload));
  exactLongBodies(app);
  decodedBodies(app);
  const cluster = options.cluster;
  app.setErrorHandler((error, request, reply) => {
    if (cluster?.retries(error, request) === true) return cluster.forward(request, reply);
    const { status, body, headers } = mapError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, exception: body.exception, message: body.message }, 'request rejected');
    if (error instanceof PermissionError && error.code === 'PERMISSION_DENIED') {
      // Every denial of every road ends here: one audit line (who, what call), never the data.
      options.state.audit.record({ event: 'permission.denied', user_name: request.identity?.user_name, method: request.method, route: request.routeOptions.url ?? request.url });
    }
    if (headers !== undefined) void reply.headers(headers);
    void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
  });
  const logEveryRequest = app.log.level === 'debug' || app.log.level === 'trace';
  const logSlowRequests = logEveryRequest || app.log.level === 'info';
  // Slow requests are logged at info: above it (warn, error, silent) the hook would only cost time.
  const slowMs = options.slowRequestMs ?? SLOW_REQUEST_MS;
  if (logSlowRequests) app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms >= slowMs || logEveryRequest) {
      const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: ms };
      if (ms >= slowMs) request.log.info(line, 'slow request');
      else request.log.debug(line, 'request completed');
    }
    done();
  });
  app.setNotFoundHandler((request) => {
    throw routeNotFound(request.method, request.url);
  });
  await registerRoutes(app, options);
  await app.ready();
  return app;
}

/**
 * Registers the plugins and every route on `app`: the auth plugin, OpenAPI, the route groups
 * that read no graph, and the graph-scope plugin with the groups that do. {@link buildApp}
 * calls it on its configured instance; a test may call it to walk the routes.
 */
export async function registerRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { state, cluster } = options;
  const authenticate = cluster === undefined ? options.authenticate : cluster.authenticator(options.authenticate ?? credentials(state));
  const metricsPaths = options.metricsPublic === true ? ['/metrics', '/metrics/system'] : [];
  await app.register(authPlugin, { state, check: options.auth !== false, openPaths: [...HEALTH_PATHS, ...metricsPaths], ...(authenticate === undefined ? {} : { authenticate }) });
  await app.register(rolesPlugin, { state });
  cluster?.register(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Quiver REST API', description: 'HugeGraph-compatible REST API of Quiver', version: '0.1.0' },
      components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' }, bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ basic: [] }, { bearer: [] }],
    },
  });
  for (const group of OPEN_ROUTE_GROUPS) group(app, { state });
  await consoleRoutes(app);
  registerHealth(app, { state, ...(options.readiness === undefined ? {} : { readiness: options.readiness }) });
  registerMetrics(app, { state, open: options.metricsPublic === true });
  registerBackupRoutes(app, { state });
  await app.register(graphScopePlugin, {
    state,
    groups: GRAPH_ROUTE_GROUPS,
    ...(options.graphFor === undefined ? {} : { graphFor: options.graphFor }),
    ...(cluster === undefined ? {} : { cluster }),
  });
}
