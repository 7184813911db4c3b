/**
 * What the graph-data route groups (vertices, edges, element traversers, Gremlin) share: ids in
 * their JSON path form (hugegraph-notes 7.3), property filters with P expressions (spec Part B
 * 2.4), the batch size limits, the per-graph rate limits, and the replies that send element
 * records as JSON text (json-text.ts writes them).
 * @module
 */
import { Readable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gzip } from 'node:zlib';
import { ArgumentError, LimitError, P, SchemaError, TypedNumber, Uuid, breather, mapInTurns } from '../../index.js';
import { jsonText, restJsonText, verbatimInJson } from '../json-text.js';
import type { FastifyReply } from 'fastify';
import type { ElementId, Graph, PropertyValue } from '../../index.js';

/**
 * Most vertices or edges one batch request may carry (HugeGraph's
 * `batch.max_vertices_per_batch` and `batch.max_edges_per_batch`).
 *
 * @example
 * ```ts
 * checkBatchSize('vertices', body.length);
 * ```
 */
const MAX_BATCH = 2500;

/**
 * Refuses a vertex or edge list naming a label the schema does not hold with HugeGraph's 400
 * "Undefined vertex label: 'x'" (SchemaError `UNDEFINED_VERTEX_LABEL` / `UNDEFINED_EDGE_LABEL`)
 * instead of answering an empty list.
 *
 * @example
 * ```ts
 * checkListLabel(graph, 'vertex', request.query.label);
 * ```
 */
export function checkListLabel(graph: Graph, kind: 'vertex' | 'edge', label: string | undefined): void {
  if (label === undefined) return;
  const catalog = graph.catalog();
  if ((kind === 'vertex' ? catalog.vertexLabel(label) : catalog.edgeLabel(label)) !== undefined) return;
  throw new SchemaError(kind === 'vertex' ? 'UNDEFINED_VERTEX_LABEL' : 'UNDEFINED_EDGE_LABEL', `Undefined ${kind} label: '${label}'`);
}

/**
 * Refuses a property filter naming a property key the schema does not hold with HugeGraph's 400
 * "Undefined property key: 'x'" (SchemaError `UNDEFINED_PROPERTY_KEY`) instead of answering an
 * empty list.
 *
 * @example
 * ```ts
 * checkFilterKeys(graph, parsePropertyFilter(request.query.properties));
 * ```
 */
export function checkFilterKeys(graph: Graph, properties: Readonly<Record<string, unknown>> | undefined): void {
  if (properties === undefined) return;
  const catalog = graph.catalog();
  for (const key of Object.keys(properties)) {
    if (catalog.propertyKey(key) === undefined) throw new SchemaError('UNDEFINED_PROPERTY_KEY', `Undefined property key: '${key}'`);
  }
}

/**
 * The `limit` of a vertex or edge list: an integer from 1 to 2^64 (spec Part B §4.1, §8).
 *
 * @example
 * ```ts
 * const query = { type: 'object', properties: { limit: LIST_LIMIT } };
 * ```
 */
export const LIST_LIMIT = { type: 'integer', minimum: 1, maximum: 2 ** 64 } as const;

/**
 * The limit a list runs with: the given one (default 100), and every limit past the largest
 * safe integer counts as that (no graph holds more elements).
 *
 * @example
 * ```ts
 * listLimit(undefined); // 100
 * listLimit(2 ** 64); // Number.MAX_SAFE_INTEGER
 * ```
 */
export function listLimit(limit: number | undefined): number {
  return Math.min(limit ?? 100, Number.MAX_SAFE_INTEGER);
}

/**
 * The schema of a vertex id in a request body: text, or an integer (a long beyond 2^53 arrives
 * as a bigint, which the `x-bigint` keyword accepts).
 *
 * @example
 * ```ts
 * const body = { type: 'object', properties: { outV: BODY_VERTEX_ID, inV: BODY_VERTEX_ID } };
 * ```
 */
export const BODY_VERTEX_ID = { anyOf: [{ type: 'string' }, { type: 'integer' }, { 'x-bigint': true }] } as const;

/**
 * Refuses a batch request above {@link MAX_BATCH} with LimitError `BATCH_TOO_LARGE`, and an
 * empty one with ArgumentError `EMPTY_BATCH` (both 400, HugeGraph's messages).
 *
 * @example
 * ```ts
 * checkBatchSize('edges', request.body.length);
 * ```
 */
export function checkBatchSize(element: 'vertices' | 'edges', size: number): void {
  if (size > MAX_BATCH) {
    throw new LimitError('BATCH_TOO_LARGE', `Too many ${element} for one time post, the maximum number is '${MAX_BATCH}' but got ${size}`);
  }
  if (size === 0) throw new ArgumentError('EMPTY_BATCH', `The number of ${element} can't be 0`);
}

function invalidVertexId(text: string): ArgumentError {
  return new ArgumentError('INVALID_VERTEX_ID', `The vertex id must be formatted as Number/String/UUID, but got '${text}'`);
}

/**
 * A vertex id written as a JSON literal in a path or query string: `123`, `"1:marko"`, or
 * `U"<uuid>"`. Anything else is ArgumentError `INVALID_VERTEX_ID`.
 *
 * @example
 * ```ts
 * parseVertexId('"1:marko"'); // '1:marko'
 * parseVertexId('42');        // 42
 * ```
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
 *
 * @example
 * ```ts
 * bodyVertexId('1:marko', 'outV'); // '1:marko'
 * ```
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
 *
 * @example
 * ```ts
 * const vertexBody = { type: 'object', properties: { id: OPTIONAL_BODY_VERTEX_ID } };
 * ```
 */
export const OPTIONAL_BODY_VERTEX_ID = { anyOf: [{ type: 'null' }, ...BODY_VERTEX_ID.anyOf] } as const;

/**
 * A vertex's own id in a create or update body: absent or null (hugegraph-client sends
 * `"id": null` for a vertex without one) is undefined, else as {@link bodyVertexId}.
 *
 * @example
 * ```ts
 * optionalBodyVertexId(null); // undefined
 * optionalBodyVertexId(7); // 7
 * ```
 */
export function optionalBodyVertexId(value: unknown): ElementId | undefined {
  return value === undefined || value === null ? undefined : bodyVertexId(value, 'vertex id');
}

const PREDICATES: ReadonlySet<string> = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between', 'inside', 'outside', 'within', 'without', 'textContains', 'containing']);

function splitArguments(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const ch of text) {
    if (quote !== undefined) {
      current += ch;
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
    } else if (ch === ',') {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '' || out.length > 0) out.push(current.trim());
  return out;
}

function argumentValue(text: string): PropertyValue {
  if (text.startsWith("'") && text.endsWith("'") && text.length >= 2) return text.slice(1, -1);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string' || typeof parsed === 'number' || typeof parsed === 'boolean') return parsed;
  } catch {
    // not a JSON literal: the bare text is the value
  }
  return text;
}

function filterValue(key: string, value: unknown, keepStartP: boolean): unknown {
  if (typeof value === 'string' && !keepStartP) {
    const m = /^P\.(\w+)\(([\s\S]*)\)$/.exec(value.trim());
    if (m === null) return value;
    const op = m[1]!;
    if (!PREDICATES.has(op)) throw new ArgumentError('INVALID_PROPERTY_FILTER', `Invalid property filter for '${key}': unknown predicate P.${op}`);
    const args = splitArguments(m[2]!).map(argumentValue);
    const expected = op === 'within' || op === 'without' ? undefined : op === 'between' || op === 'inside' || op === 'outside' ? 2 : 1;
    if ((expected !== undefined && args.length !== expected) || args.length === 0) {
      throw new ArgumentError('INVALID_PROPERTY_FILTER', `Invalid property filter for '${key}': P.${op} takes ${expected ?? 'at least one'} value(s) but got ${args.length}`);
    }
    const build = (P as unknown as Readonly<Record<string, (...a: unknown[]) => unknown>>)[op]!;
    return build.apply(P, args);
  }
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value;
  throw new ArgumentError('INVALID_PROPERTY_FILTER', `Invalid property filter for '${key}': expected a value or a P expression`);
}

/**
 * The `properties` query parameter (a JSON object text of exact values and P expressions) as
 * the library's property query; undefined when absent. With `keepStartP` (HugeGraph's
 * `keep_start_p=true`) a text starting with `P.` is an exact value, not a predicate.
 *
 * @example
 * ```ts
 * parsePropertyFilter('{"age":"P.gt(29)","name":"marko"}'); // { age: P.gt(29), name: 'marko' }
 * parsePropertyFilter('{"note":"P.gt(29)"}', { keepStartP: true }); // { note: 'P.gt(29)' }
 * ```
 */
export function parsePropertyFilter(text: string | undefined, options: { readonly keepStartP?: boolean } = {}): Record<string, never> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ArgumentError('INVALID_PROPERTY_FILTER', `Invalid properties: expected a JSON object but got '${text}'`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ArgumentError('INVALID_PROPERTY_FILTER', `Invalid properties: expected a JSON object but got '${text}'`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) out[key] = filterValue(key, value, options.keepStartP === true);
  return out as Record<string, never>;
}

const windows = new WeakMap<Graph, { second: number; read: number; write: number }>();

/**
 * Counts one request against the graph's `rate_limit.read` or `rate_limit.write` (requests per
 * second; 0 is unlimited); LimitError `RATE_LIMITED` (429) when the second's budget is spent.
 *
 * @example
 * ```ts
 * admit(graph, 'read');
 * ```
 */
export function admit(graph: Graph, kind: 'read' | 'write'): void {
  const limit = graph.config[kind === 'read' ? 'rate_limit.read' : 'rate_limit.write'];
  if (limit <= 0) return;
  const second = Math.floor(Date.now() / 1000);
  let window = windows.get(graph);
  if (window === undefined || window.second !== second) {
    window = { second, read: 0, write: 0 };
    windows.set(graph, window);
  }
  if (window[kind] >= limit) {
    throw new LimitError('RATE_LIMITED', `Rate limit exceeded: graph '${graph.name}' allows ${limit} ${kind} requests per second`);
  }
  window[kind]++;
}

/**
 * Sends JSON text already made (see {@link restJsonText}) with `status`, skipping the reply
 * serializer.
 *
 * @example
 * ```ts
 * return sendJsonText(reply, 201, restJsonText(vertex));
 * ```
 */
export function sendJsonText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(text);
}

const gzipAsync = promisify(gzip);

/** Item texts joined per piece of a streamed reply; a list of more items is streamed. */
const STREAM_GROUP = 1024;

/**
 * The JSON texts of a reply's list items ({@link restJsonText} of each), made in time slices that
 * take turns with other work, so that shaping thousands of elements never stalls the event loop.
 *
 * @example
 * ```ts
 * declare const vertices: readonly unknown[];
 * const texts = await itemTexts(vertices);
 * ```
 */
function itemTexts(items: readonly unknown[], signal?: AbortSignal): Promise<string[]> {
  return mapInTurns(items, restJsonText, signal);
}

async function* replyPieces(head: string, texts: readonly string[], tail: string): AsyncGenerator<string> {
  yield head;
  for (let i = 0; i < texts.length; i += STREAM_GROUP) {
    if (i > 0) await breather();
    yield (i > 0 ? ',' : '') + texts.slice(i, i + STREAM_GROUP).join(',');
  }
  yield tail;
}

/**
 * Sends `head + texts.join(',') + tail` as a 200 JSON reply, gzip-compressed with `gzip`. Up to
 * 1,024 texts are one text with a content length; more are streamed a group at a time with a
 * turn of the event loop between groups (chunked), so that neither the whole text nor its bytes
 * are made in one step.
 *
 * @example
 * ```ts
 * declare const reply: FastifyReply;
 * declare const vertices: readonly unknown[];
 * await sendTexts(reply, '{"vertices":[', await itemTexts(vertices), ']}');
 * ```
 */
export async function sendTexts(reply: FastifyReply, head: string, texts: readonly string[], tail: string, options: { readonly gzip?: boolean } = {}): Promise<FastifyReply> {
  void reply.code(200).header('content-type', 'application/json; charset=utf-8');
  if (options.gzip === true) void reply.header('content-encoding', 'gzip');
  if (texts.length > STREAM_GROUP) {
    const pieces = Readable.from(replyPieces(head, texts, tail));
    if (options.gzip !== true) return reply.send(pieces);
    // pipeline, not pipe: when the client goes away and the reply destroys the gzip stream, the pieces end too.
    const zipped = createGzip();
    pipeline(pieces, zipped, () => undefined);
    return reply.send(zipped);
  }
  const text = head + texts.join(',') + tail;
  return reply.send(options.gzip === true ? await gzipAsync(Buffer.from(text)) : text);
}

/**
 * Sends a page of a list route, `{"<key>":[...],"page":...}`, through {@link sendTexts}; `page`
 * is written when the request named a page (its value the next page, null at the end).
 *
 * @example
 * ```ts
 * declare const reply: FastifyReply;
 * declare const result: { vertices: readonly unknown[]; page?: string | null };
 * await sendPage(reply, 'vertices', result.vertices, { paged: true, next: result.page });
 * ```
 */
export async function sendPage(reply: FastifyReply, key: 'vertices' | 'edges', items: readonly unknown[], page: { readonly paged: boolean; readonly next?: string | null } = { paged: false }): Promise<FastifyReply> {
  const tail = page.paged && page.next !== undefined ? `],"page":${jsonText(page.next)}}` : ']}';
  return sendTexts(reply, `{"${key}":[`, await itemTexts(items), tail);
}
