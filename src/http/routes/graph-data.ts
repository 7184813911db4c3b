/**
 * What stays of the graph-data helpers: element records as HugeGraph's JSON. Ids live in
 * http/ids.ts, replies in http/replies.ts, rate limits in http/plugins/rate-limits.ts, property
 * filters in property-filters.ts, and the list and batch checks in element-checks.ts.
 * @module
 */
import { Edge, Path, Property, Tree, TypedNumber, Uuid, Vertex, VertexProperty, jsonKey } from '../../index.js';
import { jsonLeaf, jsonString, jsonText } from '../json-text.js';
import type { VertexView } from '../../index.js';

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
