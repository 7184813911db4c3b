/**
 * Builds the REST server (fastify 5) over a {@link ServerState} without listening: error
 * mapping, authentication, content types, the body size limit, OpenAPI, and every route group.
 * @module
 */
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { UnsupportedError } from '../index.js';
import type { Identity, ServerState } from '../index.js';
import { mapError, routeNotFound, unauthenticated } from './error-mapper.js';
import { BIGINT_KEYWORD, exactLongsText, jsonText } from './json-text.js';
import { ROUTE_GROUPS } from './routes/index.js';

/**
 * Options of {@link buildApp}.
 *
 * @example
 * ```ts
 * const options: AppOptions = { state, logLevel: 'warn', bodyLimit: 16 * 1024 * 1024 };
 * ```
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
}

/**
 * Default largest request body: 16 MiB.
 *
 * @example
 * ```ts
 * await buildApp({ state, bodyLimit: DEFAULT_BODY_LIMIT * 2 });
 * ```
 */
const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;

/** Paths that need no credentials (hugegraph-notes §2.2). */
const OPEN_PATHS: ReadonlySet<string> = new Set(['/versions', '/openapi.json']);
/** By default, a request that takes at least this long (ms) is logged at info (faster ones only at debug). */
const SLOW_REQUEST_MS = 1000;
const ANONYMOUS_ADMIN: Identity = { user_name: 'admin', user_id: 'admin', admin: true };

function bearer(state: ServerState, token: string): Identity {
  const who = state.users.checkToken(token);
  if (who === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Authentication failed: invalid or expired token');
  return who;
}

function authenticate(state: ServerState, header: string | undefined): Identity {
  if (header === undefined || header === '') throw unauthenticated('AUTHENTICATION_REQUIRED', 'Authentication credentials are required');
  // The usual form first: one prefix test instead of splitting and lower-casing the scheme.
  if (header.startsWith('Bearer ')) return bearer(state, header.slice(7).trim());
  const space = header.indexOf(' ');
  const scheme = space < 0 ? header : header.slice(0, space);
  const value = space < 0 ? '' : header.slice(space + 1).trim();
  if (scheme.toLowerCase() === 'basic') {
    const parts = Buffer.from(value, 'base64').toString('utf8').split(':');
    if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw unauthenticated('BAD_CREDENTIALS_SYNTAX', 'Invalid syntax for username and password');
    const who = state.users.checkPassword(parts[0] ?? '', parts[1] ?? '');
    if (who === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Authentication failed: incorrect username or password');
    return who;
  }
  if (scheme.toLowerCase() === 'bearer') return bearer(state, value);
  throw unauthenticated('BAD_CREDENTIALS_SYNTAX', 'Only HTTP Basic or Bearer authentication is supported');
}

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
 *
 * @example
 * ```ts
 * const { state } = await openServerState();
 * const app = await buildApp({ state, logLevel: 'silent' });
 * const res = await app.inject({ method: 'GET', url: '/versions' });
 * ```
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { state } = options;
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', ...(options.logStream === undefined ? {} : { stream: options.logStream }) },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // `/schema/propertykeys/age/?action=append` is `/schema/propertykeys/age?action=append`, as in
    // HugeGraph (pyhugegraph sends the first form).
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, keywords: [BIGINT_KEYWORD] } },
    requestIdHeader: 'x-request-id',
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });
  app.decorateRequest('identity', null);
  // Replies hold longs beyond 2^53 as bigints, which HugeGraph writes as exact JSON numbers.
  app.setReplySerializer((payload) => jsonText(payload));
  exactLongBodies(app);
  decodedBodies(app);
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = mapError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, exception: body.exception, message: body.message }, 'request rejected');
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
  const checkCredentials = options.auth !== false;
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    const open = !checkCredentials || OPEN_PATHS.has(query < 0 ? url : url.slice(0, query));
    try {
      (request as FastifyRequest & { identity: Identity }).identity = open ? ANONYMOUS_ADMIN : authenticate(state, request.headers.authorization);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Quiver REST API', description: 'HugeGraph-compatible REST API of Quiver', version: '0.1.0' },
      components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' }, bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ basic: [] }, { bearer: [] }],
    },
  });
  for (const group of ROUTE_GROUPS) group(app, { state });
  await app.ready();
  return app;
}
