/**
 * What stays of the graph-data helpers: the property filters of vertex and edge lists with P
 * expressions (spec Part B 2.4), and element records as HugeGraph's JSON. Ids live in
 * http/ids.ts, replies in http/replies.ts, rate limits in http/plugins/rate-limits.ts, and the
 * list and batch checks in element-checks.ts.
 * @module
 */
import { ArgumentError, Edge, P, Path, Property, SchemaError, Tree, TypedNumber, Uuid, Vertex, VertexProperty, jsonKey } from '../../index.js';
import { jsonLeaf, jsonString, jsonText } from '../json-text.js';
import type { Graph, PropertyValue, VertexView } from '../../index.js';

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
