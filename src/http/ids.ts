/**
 * Vertex ids as REST requests carry them: JSON literals in paths and query strings
 * (hugegraph-notes §7.3: `123`, `"1:marko"`, `U"<uuid>"`) and strings or integers in bodies (a
 * long beyond 2^53 arrives as a bigint), with HugeGraph's 400 for anything else.
 * @module
 */
import { ArgumentError, TypedNumber, Uuid } from '../index.js';
import type { ElementId } from '../index.js';
import { verbatimInJson } from './json-text.js';

/**
 * The schema of a vertex id in a request body: text, or an integer (a long beyond 2^53 arrives
 * as a bigint, which the `x-bigint` keyword accepts).
 */
export const BODY_VERTEX_ID = { anyOf: [{ type: 'string' }, { type: 'integer' }, { 'x-bigint': true }] } as const;

function invalidVertexId(text: string): ArgumentError {
  return new ArgumentError('INVALID_VERTEX_ID', `The vertex id must be formatted as Number/String/UUID, but got '${text}'`);
}

/**
 * A vertex id written as a JSON literal in a path or query string: `123`, `"1:marko"`, or
 * `U"<uuid>"`. Anything else is ArgumentError `INVALID_VERTEX_ID`.
 */
export function parseVertexId(text: string): ElementId {
  const first = text.charCodeAt(0);
  if (first === 0x55 /* U */ && /^U"[0-9a-fA-F-]{36}"$/.test(text)) return new Uuid(text.slice(2, -1).toLowerCase());
  if (first !== 0x22 /* " */ && /^-?\d+$/.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : new TypedNumber('long', BigInt(text));
  }
  if (text.length >= 2 && first === 0x22 && text.endsWith('"')) {
    if (text.length >= 3 && verbatimInJson(text, 1, text.length - 1)) return text.slice(1, -1);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidVertexId(text);
    }
    if (typeof parsed === 'string' && parsed !== '') return parsed;
  }
  throw invalidVertexId(text);
}

/**
 * A vertex id given in a JSON body: a string or a safe integer.
 */
export function bodyVertexId(value: unknown, what: string): ElementId {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'bigint') return new TypedNumber('long', value);
  throw new ArgumentError('INVALID_VERTEX_ID', `The ${what} must be formatted as Number/String/UUID, but got '${String(value)}'`);
}

/**
 * The schema of a vertex's own optional body id: as {@link BODY_VERTEX_ID}, or null for none
 * (Jackson writes an unset id as null).
 */
export const OPTIONAL_BODY_VERTEX_ID = { anyOf: [{ type: 'null' }, ...BODY_VERTEX_ID.anyOf] } as const;

/**
 * A vertex's own id in a create or update body: absent or null (hugegraph-client sends
 * `"id": null` for a vertex without one) is undefined, else as {@link bodyVertexId}.
 */
export function optionalBodyVertexId(value: unknown): ElementId | undefined {
  return value === undefined || value === null ? undefined : bodyVertexId(value, 'vertex id');
}
