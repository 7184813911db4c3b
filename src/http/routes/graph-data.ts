/**
 * What the graph-data route groups (vertices, edges, element traversers, Gremlin) share: ids in
 * their JSON path form (hugegraph-notes 7.3), the batch size limits, the per-graph rate limits,
 * and element records as JSON (property filters: property-filters.ts).
 * @module
 */
import { Readable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gzip } from 'node:zlib';
import { ArgumentError, Edge, LimitError, Path, Property, SchemaError, Tree, TypedNumber, Uuid, Vertex, VertexProperty, breather, jsonKey, mapInTurns } from '../../index.js';
import { jsonLeaf, jsonString, jsonText, verbatimInJson } from '../json-text.js';
import type { FastifyReply } from 'fastify';
import type { ElementId, Graph, VertexView } from '../../index.js';

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

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * A date as HugeGraph writes it: `yyyy-MM-dd HH:mm:ss.SSS` (UTC).
 *
 * @example
 * ```ts
 * formatDate(new Date(0)); // '1970-01-01 00:00:00.000'
 * ```
 */
function formatDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/**
 * True when JSON.stringify already writes `value` as {@link restJson} would shape it: strings,
 * numbers, booleans and null, in arrays and plain objects (no dates, typed numbers, UUIDs,
 * maps, sets, bytes, bigints, undefined members or toJSON methods).
 */
function shapedAlready(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (Array.isArray(value)) return value.every(shapedAlready);
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || Object.hasOwn(value as object, 'toJSON')) return false;
  for (const key in value as object) if (!Object.hasOwn(value as object, key) || !shapedAlready((value as Record<string, unknown>)[key])) return false;
  return true;
}

/**
 * The JSON text of `restJson(value)`. An element whose values are all plain JSON (the common
 * case) is written as it is, without the shaped copy.
 *
 * @example
 * ```ts
 * restJsonText({ id: '1:marko', properties: { born: new Date(0) } }); // '{"id":"1:marko","properties":{"born":"1970-01-01 00:00:00.000"}}'
 * ```
 */
export function restJsonText(value: unknown): string {
  return shapedAlready(value) ? JSON.stringify(value) : jsonText(restJson(value));
}

/**
 * The JSON text of a vertex view (`restJsonText(vertex)`), written field by field when its id
 * and every property value are JSON leaves (the common case) and through {@link restJsonText}
 * otherwise: about half the cost of walking the view and then stringifying it.
 *
 * @example
 * ```ts
 * vertexJsonText({ id: '1:marko', label: 'person', type: 'vertex', properties: { age: 29 } });
 * // '{"id":"1:marko","label":"person","type":"vertex","properties":{"age":29}}'
 * ```
 */
export function vertexJsonText(vertex: VertexView): string {
  const properties = vertex.properties;
  const id = typeof vertex.id === 'bigint' ? undefined : jsonLeaf(vertex.id);
  if (id === undefined || Object.getPrototypeOf(properties) !== Object.prototype || Object.hasOwn(properties, 'toJSON')) return restJsonText(vertex);
  let out = `{"id":${id},"label":${jsonString(vertex.label)},"type":"vertex","properties":{`;
  let first = true;
  for (const key in properties) {
    const value = Object.hasOwn(properties, key) ? jsonLeaf(properties[key]) : undefined;
    if (value === undefined) return restJsonText(vertex);
    out += first ? `${jsonString(key)}:${value}` : `,${jsonString(key)}:${value}`;
    first = false;
  }
  return `${out}}}`;
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
export function itemTexts(items: readonly unknown[], signal?: AbortSignal): Promise<string[]> {
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

/** A long as HugeGraph writes it: a number, kept as a bigint (written as exact digits by {@link jsonText}) when a double cannot hold it. */
function longJson(value: bigint): number | bigint {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/**
 * The Gremlin elements, paths and trees in HugeGraph's /gremlin shapes (the same fields as their
 * own `toJSON()`), with long ids and values kept exact for {@link jsonText}; undefined for any
 * other value.
 */
function gremlinJson(value: object): unknown {
  if (value instanceof Vertex) {
    const properties: Record<string, unknown> = {};
    for (const [key, list] of Object.entries(value.properties ?? {})) {
      properties[key] = list.length === 1 ? restJson(list[0]!.value) : list.map((p) => restJson(p.value));
    }
    return { id: restJson(value.id), label: value.label, type: 'vertex', properties };
  }
  if (value instanceof Edge) {
    const properties: Record<string, unknown> = {};
    for (const [key, p] of Object.entries(value.properties ?? {})) properties[key] = restJson(p.value);
    const { outV, inV } = value;
    return { id: restJson(value.id), label: value.label, type: 'edge', outV: restJson(outV.id), outVLabel: outV.label, inV: restJson(inV.id), inVLabel: inV.label, properties };
  }
  if (value instanceof VertexProperty) {
    const properties: Record<string, unknown> = {};
    for (const [key, meta] of value.meta) properties[key] = restJson(meta);
    return { id: restJson(value.id), label: value.key, value: restJson(value.value), properties };
  }
  if (value instanceof Property) return { key: value.key, value: restJson(value.value) };
  if (value instanceof Path) return { labels: value.labels.map((set) => [...set]), objects: value.objects.map(restJson) };
  if (value instanceof Tree) return [...value.entries()].map(([node, subtree]) => ({ key: restJson(node), value: restJson(subtree) }));
  return undefined;
}

/**
 * A library value as the JSON HugeGraph writes: dates as text, longs and typed numbers as
 * numbers (a long beyond ±(2^53 - 1) as a bigint, which {@link jsonText} writes as exact digits),
 * UUIDs as text, maps as objects and sets as arrays, elements, paths and trees in HugeGraph's
 * /gremlin shapes, records field by field.
 *
 * @example
 * ```ts
 * restJson({ id: 1, properties: { born: new Date(0) } }); // { id: 1, properties: { born: '1970-01-01 00:00:00.000' } }
 * restJson(2n ** 60n); // 1152921504606846976n
 * restJson(vertex); // HugeGraph's vertex shape
 * ```
 */
export function restJson(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value !== 'object') return typeof value === 'bigint' ? longJson(value) : value;
  if (value instanceof Date) return formatDate(value);
  if (value instanceof TypedNumber) return typeof value.value === 'bigint' ? longJson(value.value) : value.toJSON();
  if (value instanceof Uuid) return value.text;
  if (Array.isArray(value)) return value.map(restJson);
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value as Map<unknown, unknown>) out[jsonKey(k)] = restJson(v);
    return out;
  }
  if (value instanceof Set) return [...(value as Set<unknown>)].map(restJson);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  const gremlin = gremlinJson(value);
  if (gremlin !== undefined) return gremlin;
  const custom = (value as { readonly toJSON?: unknown }).toJSON;
  if (typeof custom === 'function') return restJson((custom as () => unknown).call(value));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = restJson(v);
  return out;
}
