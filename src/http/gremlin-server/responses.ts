/**
 * Responses of the Gremlin Server socket: results in batches of `batchSize` (status 206 for
 * each batch but the last, 200 for the last, 204 when there is none), a bytecode request's
 * results as traversers whose bulk counts equal results in a row, and errors as the protocol's
 * status codes with their messages. Streaming takes turns with other work (it returns to the
 * event loop once a time slice is spent) and respects the socket's backpressure (it waits
 * while the socket has more than {@link HIGH_WATER} bytes queued).
 * @module
 */
import { breather, CancelledError, Edge, QuiverError, TypedNumber, Uuid, Vertex } from '../../index.js';
import { mapError } from '../error-mapper.js';
import { STATUS, WireTraverser } from './wire.js';
import type { ResponseMessage } from './wire.js';

/** Bytes a socket may have queued before streaming waits for it to drain. */
export const HIGH_WATER = 1024 * 1024;

/** How long streaming runs before it lets other work have a turn, in milliseconds. */
const SLICE_MS = 4;

const NO_ATTRIBUTES: ReadonlyMap<string, unknown> = new Map();

/**
 * Where a request's frames go: sends one response (in the request's serializer), resolving
 * once the socket has room for more.
 */
export type FrameSink = (message: ResponseMessage) => Promise<void>;

/** A response frame. */
export function response(requestId: string | null, code: number, data: unknown, message = '', attributes: ReadonlyMap<string, unknown> = NO_ATTRIBUTES): ResponseMessage {
  return { requestId, status: { code, message, attributes }, result: { data, meta: NO_ATTRIBUTES } };
}

/** The identity of a result for bulking: equal plain values, numbers of one type, elements of one id. */
function sameResult(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof TypedNumber) return b instanceof TypedNumber && a.type === b.type && a.value === b.value;
  if (a instanceof Uuid) return b instanceof Uuid && a.text === b.text;
  if (a instanceof Vertex) return b instanceof Vertex && String(a.id) === String(b.id) && typeof a.id === typeof b.id;
  if (a instanceof Edge) return b instanceof Edge && String(a.id) === String(b.id) && typeof a.id === typeof b.id;
  return false;
}

/** Results as traversers: equal results in a row become one traverser with their count as bulk. */
export function traversers(results: readonly unknown[]): WireTraverser[] {
  const out: WireTraverser[] = [];
  let i = 0;
  while (i < results.length) {
    const value = results[i];
    let j = i + 1;
    while (j < results.length && sameResult(value, results[j])) j++;
    out.push(new WireTraverser(value, BigInt(j - i)));
    i = j;
  }
  return out;
}

/**
 * Sends `results` in batches: 206 frames and a last 200 frame, or one 204 frame for none. Stops
 * with CancelledError when `signal` fires between batches.
 */
export async function streamResults(send: FrameSink, requestId: string, results: readonly unknown[], options: { readonly batchSize: number; readonly signal: AbortSignal }): Promise<void> {
  if (results.length === 0) return send(response(requestId, STATUS.NO_CONTENT, null));
  let sliceEnd = performance.now() + SLICE_MS;
  for (let start = 0; start < results.length; start += options.batchSize) {
    if (options.signal.aborted) throw new CancelledError('CANCELLED', 'Traversal was cancelled');
    const end = Math.min(results.length, start + options.batchSize);
    await send(response(requestId, end === results.length ? STATUS.SUCCESS : STATUS.PARTIAL_CONTENT, results.slice(start, end)));
    if (performance.now() > sliceEnd) {
      await breather();
      sliceEnd = performance.now() + SLICE_MS;
    }
  }
}

/** Status codes of error kinds that are not evaluation errors (597). */
const KIND_STATUS: Readonly<Record<string, number>> = {
  permission: STATUS.UNAUTHORIZED,
  cancelled: STATUS.SERVER_ERROR_TIMEOUT,
  storage: STATUS.SERVER_ERROR,
  internal: STATUS.SERVER_ERROR,
};

/** Status codes of particular error codes. */
const CODE_STATUS: Readonly<Record<string, number>> = {
  GREMLIN_SERVER_SERIALIZATION: STATUS.REQUEST_ERROR_SERIALIZATION,
  GREMLIN_SERVER_MIME: STATUS.REQUEST_ERROR_SERIALIZATION,
  GREMLIN_SERVER_REQUEST: STATUS.MALFORMED_REQUEST,
  GREMLIN_SERVER_ARGUMENT: STATUS.INVALID_REQUEST_ARGUMENTS,
  GREMLIN_SERVER_LAMBDA: STATUS.INVALID_REQUEST_ARGUMENTS,
  GREMLIN_LANGUAGE: STATUS.INVALID_REQUEST_ARGUMENTS,
  GREMLIN_ALIAS: STATUS.INVALID_REQUEST_ARGUMENTS,
  GREMLIN_SERVER_RESULT_TYPE: STATUS.SERVER_ERROR_SERIALIZATION,
  AUTHENTICATION_FAILED: STATUS.UNAUTHORIZED,
  AUTHENTICATION_REQUIRED: STATUS.UNAUTHORIZED,
  BAD_CREDENTIALS_SYNTAX: STATUS.UNAUTHORIZED,
  LOGIN_THROTTLED: STATUS.UNAUTHORIZED,
};

/**
 * The error frame of a failed request: its status code (497, 498, 499, 401, 597, 598, 599 or
 * 500), its message, and the attributes Gremlin Server sends (`exceptions`, with the Java
 * exception's name REST would give, and Quiver's own `code`).
 */
export function errorResponse(requestId: string | null, error: unknown): ResponseMessage {
  const quiver = error instanceof QuiverError ? error : undefined;
  const { body } = mapError(error);
  const code = quiver === undefined ? STATUS.SERVER_ERROR : (CODE_STATUS[quiver.code] ?? KIND_STATUS[quiver.kind] ?? STATUS.SERVER_ERROR_EVALUATION);
  const exception = quiver?.kind === 'cancelled' ? 'java.util.concurrent.TimeoutException' : body.exception.replace(/^class /, '');
  let message = body.message;
  if (quiver?.code === 'TIMEOUT') message = `${message}: the request ran past its evaluationTimeout`;
  const attributes = new Map<string, unknown>([['exceptions', [exception]], ['stackTrace', `${exception}: ${message}`], ...(quiver === undefined ? [] : [['code', quiver.code] as const])]);
  return response(requestId, code, null, message, attributes);
}
