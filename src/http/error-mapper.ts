/**
 * The one error mapper of the REST server: every failure becomes an HTTP status and HugeGraph's
 * error body `{"exception","message","cause"}` (hugegraph-notes §1.1, §1.2). Library errors map
 * by code first, then by kind; fastify's own errors (validation, body size, content type,
 * malformed JSON) map to 400, 413 and 415. Anything unexpected is a 500 with the same body. A
 * 401 carries HugeGraph's `WWW-Authenticate` challenge, a throttled login's 429 a `Retry-After`.
 * @module
 */
import { ArgumentError, LimitError, NotFoundError, PermissionError, QuiverError, UnsupportedError } from '../index.js';
import type { ErrorKind } from '../index.js';
import { jsonText } from './json-text.js';

/**
 * HugeGraph's error body.
 */
interface ErrorBody {
  readonly exception: string;
  readonly message: string;
  readonly cause: string;
}

const ILLEGAL_ARGUMENT = 'class java.lang.IllegalArgumentException';
const HUGE = 'class org.apache.hugegraph';

const BY_KIND: Readonly<Record<ErrorKind, readonly [number, string]>> = {
  syntax: [400, ILLEGAL_ARGUMENT],
  argument: [400, ILLEGAL_ARGUMENT],
  schema: [400, ILLEGAL_ARGUMENT],
  'not-found': [404, `${HUGE}.exception.NotFoundException`],
  conflict: [400, `${HUGE}.exception.ExistedException`],
  limit: [400, `${HUGE}.exception.LimitExceedException`],
  unsupported: [400, `${HUGE}.exception.NotSupportException`],
  'no-index': [400, `${HUGE}.exception.NoIndexException`],
  storage: [400, `${HUGE}.backend.BackendException`],
  cancelled: [400, `${HUGE}.HugeException`],
  permission: [403, 'class jakarta.ws.rs.ForbiddenException'],
  internal: [500, 'class java.lang.IllegalStateException'],
};

/** Codes whose status differs from their kind's. */
const BY_CODE: Readonly<Record<string, readonly [number, string]>> = {
  AUTHENTICATION_REQUIRED: [401, 'class jakarta.ws.rs.NotAuthorizedException'],
  AUTHENTICATION_FAILED: [401, 'class jakarta.ws.rs.NotAuthorizedException'],
  BAD_CREDENTIALS_SYNTAX: [400, 'class jakarta.ws.rs.BadRequestException'],
  UNSUPPORTED_ACTION: [415, 'class jakarta.ws.rs.NotSupportedException'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'class jakarta.ws.rs.NotSupportedException'],
  ROUTE_NOT_FOUND: [404, 'class jakarta.ws.rs.NotFoundException'],
  // VariablesAPI.get throws JAX-RS's NotFoundException, not HugeGraph's.
  VARIABLE_NOT_FOUND: [404, 'class jakarta.ws.rs.NotFoundException'],
  BODY_TOO_LARGE: [413, 'class jakarta.ws.rs.WebApplicationException'],
  RATE_LIMITED: [429, 'class jakarta.ws.rs.WebApplicationException'],
  LOGIN_THROTTLED: [429, 'class jakarta.ws.rs.WebApplicationException'],
  BAD_REQUEST: [400, 'class jakarta.ws.rs.BadRequestException'],
  DATABASE_CLOSED: [503, 'class jakarta.ws.rs.ServiceUnavailableException'],
  // A cluster node whose etcd did not take a write in time (no quorum, or unreachable).
  CLUSTER_UNAVAILABLE: [503, 'class jakarta.ws.rs.ServiceUnavailableException'],
  SCHEMA_IMMUTABLE: [400, `${HUGE}.exception.NotAllowException`],
  PROPERTY_KEY_IN_USE: [400, `${HUGE}.exception.NotAllowException`],
  // A Gremlin request whose writes other writers took back (HugeGraph has no such case; its
  // generic runtime exception, not ExistedException, which the conflict kind maps to).
  WRITE_CONFLICT: [400, `${HUGE}.HugeException`],
};

function causeText(error: Error): string {
  const cause: unknown = error.cause;
  if (cause instanceof QuiverError) return `${cause.name}: ${cause.message}`;
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return '';
}

interface FastifyLikeError {
  readonly code?: unknown;
  readonly statusCode?: unknown;
  readonly validation?: unknown;
  readonly message: string;
}

/** Fastify's own errors as library errors of the matching code. */
function fromFastify(error: Error & FastifyLikeError): QuiverError | undefined {
  const code = typeof error.code === 'string' ? error.code : '';
  if (error.validation !== undefined) return new ArgumentError('INVALID_REQUEST', `Invalid request: ${error.message}`);
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new LimitError('BODY_TOO_LARGE', `Request body is too large: ${error.message}`);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return new UnsupportedError('UNSUPPORTED_MEDIA_TYPE', `Unsupported request: ${error.message}`);
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new ArgumentError('BAD_REQUEST', `Bad request: ${error.message}`);
  }
  return undefined;
}

/**
 * The `WWW-Authenticate` challenge of each 401 (hugegraph-notes §2.2: HugeGraph's
 * NotAuthorizedException challenges).
 */
const CHALLENGES: Readonly<Record<string, string>> = {
  AUTHENTICATION_REQUIRED: 'Missing authentication credentials',
  AUTHENTICATION_FAILED: 'Incorrect username or password',
};

/** The headers an error's reply carries besides the content type. */
function headersOf(error: QuiverError): Readonly<Record<string, string>> | undefined {
  const challenge = CHALLENGES[error.code];
  if (challenge !== undefined) return { 'www-authenticate': challenge };
  const retry = error.details.retryAfterSeconds;
  return error.code === 'LOGIN_THROTTLED' && typeof retry === 'number' ? { 'retry-after': String(retry) } : undefined;
}

/**
 * The HTTP status, body and extra headers of any thrown value.
 */
export function mapError(thrown: unknown): { readonly status: number; readonly body: ErrorBody; readonly headers?: Readonly<Record<string, string>> } {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    // V8's stack overflow: a value nested past what a recursive walk can follow.
    return { status: 400, body: { exception: BY_KIND.limit[1], message: `Request nests too deep to follow: ${error.message}`, cause: '' } };
  }
  const quiver = error instanceof QuiverError ? error : fromFastify(error as Error & FastifyLikeError);
  if (quiver === undefined) {
    return { status: 500, body: { exception: 'class java.lang.IllegalStateException', message: error.message, cause: causeText(error) } };
  }
  const [status, exception] = BY_CODE[quiver.code] ?? BY_KIND[quiver.kind];
  const headers = headersOf(quiver);
  return { status, body: { exception, message: quiver.message, cause: causeText(quiver) }, ...(headers === undefined ? {} : { headers }) };
}

/**
 * The error of a request for a path no route serves (404).
 */
export function routeNotFound(method: string, url: string): NotFoundError {
  return new NotFoundError('ROUTE_NOT_FOUND', `HTTP 404 Not Found: no route for ${method} ${url}`);
}

/**
 * The error of a missing or failed authentication (401).
 */
export function unauthenticated(code: 'AUTHENTICATION_REQUIRED' | 'AUTHENTICATION_FAILED' | 'BAD_CREDENTIALS_SYNTAX', message: string): PermissionError {
  return new PermissionError(code, message);
}

/**
 * The error of an `action` query or body value a route does not support (415, as HugeGraph).
 */
export function unsupportedAction(action: unknown, accepted: readonly string[]): UnsupportedError {
  return new UnsupportedError('UNSUPPORTED_ACTION', `Unsupported action ${jsonText(action)}: expected ${accepted.join(' or ')}`);
}
