/**
 * The one JSON shape of results. {@link jsonValue} turns any result (plain values and the
 * engine's values: vertices, edges, properties, paths, trees, maps, sets, dates, longs, UUIDs)
 * into what JSON.stringify writes, and every way out uses it: the `toJSON()` of the result
 * classes, the REST server's element replies and `/gremlin` data (through `jsonText`), the
 * request runner's `json` results and the console's `:json` mode. Two options fit it to each
 * consumer: how a long beyond ±(2^53 - 1) is written, and how a date is.
 *
 * The shapes are HugeGraph's (its /gremlin and REST replies):
 * - vertex `{ id, label, type: 'vertex', properties: { key: value | [values] } }` (a key with
 *   several values, or of list or set cardinality, as a list);
 * - edge `{ id, label, type: 'edge', outV, outVLabel, inV, inVLabel, properties: { key: value } }`;
 * - vertex property `{ id, label, value, properties }`, property `{ key, value }`;
 * - path `{ labels: [[...]], objects: [...] }`, tree `[{ key, value: tree }]`;
 * - maps as objects with string keys ({@link jsonKey}), sets as lists, bytes as base64,
 *   UUIDs as text, undefined as null.
 * @module
 */
import { ArgumentError } from '../errors.js';
import { formatDate, plainNumber, TypedNumber, Uuid } from '../values/index.js';
import { formatValue } from './semantics/format.js';

/**
 * How a long (or any integral number) beyond ±(2^53 - 1) is written: `string` as its exact
 * decimal text, `bigint` kept as a bigint (which `jsonText` writes as an exact JSON number, as
 * HugeGraph's REST server does), `number` as the nearest double. Safe integers are numbers in
 * every mode.
 *
 * @example
 * ```ts
 * const longs: LongJson = 'bigint';
 * ```
 */
export type LongJson = 'number' | 'string' | 'bigint';

/**
 * How a date is written: `iso` (`1970-01-01T00:00:00.000Z`, as `Date.prototype.toJSON`),
 * `hugegraph` (`1970-01-01 00:00:00.000`, UTC), `epoch` (milliseconds since 1970). An invalid
 * date is null in every mode.
 *
 * @example
 * ```ts
 * const dates: DateJson = 'hugegraph';
 * ```
 */
export type DateJson = 'iso' | 'hugegraph' | 'epoch';

/**
 * Options of {@link jsonValue}; the defaults (`longs: 'string'`, `dates: 'iso'`) are the
 * library's `toJSON()` and the console's.
 *
 * @example
 * ```ts
 * const rest: JsonOptions = { longs: 'bigint', dates: 'hugegraph' };
 * ```
 */
export interface JsonOptions {
  readonly longs?: LongJson;
  readonly dates?: DateJson;
}

/**
 * The options of HugeGraph's REST and /gremlin replies: longs as exact JSON numbers, dates as
 * `yyyy-MM-dd HH:mm:ss.SSS`.
 *
 * @example
 * ```ts
 * jsonValue(new Date(0), HUGEGRAPH_JSON); // '1970-01-01 00:00:00.000'
 * ```
 */
export const HUGEGRAPH_JSON: Required<JsonOptions> = Object.freeze({ longs: 'bigint', dates: 'hugegraph' });

const LONGS: readonly LongJson[] = ['number', 'string', 'bigint'];
const DATES: readonly DateJson[] = ['iso', 'hugegraph', 'epoch'];

/**
 * The method by which a result class gives its own JSON shape to {@link jsonValue} (the
 * elements, paths and trees implement it with the shape builders below).
 */
export const TO_JSON_VALUE: unique symbol = Symbol('quiver.toJsonValue');

/**
 * What a value's {@link TO_JSON_VALUE} method is given: the options, and the conversion of the
 * values it holds (which may read more from the graph, see the runner's `json` results).
 */
export interface JsonShaper {
  readonly options: Required<JsonOptions>;
  /** A held value as JSON. */
  value(value: unknown): unknown;
}

interface Shaped {
  [TO_JSON_VALUE](shaper: JsonShaper): unknown;
}

function isShaped(value: object): value is Shaped {
  return typeof (value as Partial<Shaped>)[TO_JSON_VALUE] === 'function';
}

/**
 * The options with their defaults; a bad mode is ArgumentError `INVALID_ARGUMENT`.
 */
export function jsonOptions(options: unknown = {}): Required<JsonOptions> {
  if (options === null || typeof options !== 'object') throw new ArgumentError('INVALID_ARGUMENT', `Invalid JSON options: expected an object but got ${String(options)}`);
  const { longs = 'string', dates = 'iso' } = options as JsonOptions;
  if (!LONGS.includes(longs)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid JSON longs: expected one of ${LONGS.join(', ')} but got '${String(longs)}'`);
  if (!DATES.includes(dates)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid JSON dates: expected one of ${DATES.join(', ')} but got '${String(dates)}'`);
  return longs === HUGEGRAPH_JSON.longs && dates === HUGEGRAPH_JSON.dates ? HUGEGRAPH_JSON : { longs, dates };
}

function isSafe(n: bigint): boolean {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= BigInt(Number.MIN_SAFE_INTEGER);
}

function longJson(n: bigint, longs: LongJson): number | bigint | string {
  if (isSafe(n)) return Number(n);
  return longs === 'bigint' ? n : longs === 'string' ? String(n) : Number(n);
}

/**
 * A date as JSON in the given mode (see {@link DateJson}).
 */
function dateJson(date: Date, dates: DateJson): string | number | null {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  return dates === 'epoch' ? time : formatDate(date, dates);
}

function numberJson(n: TypedNumber, longs: LongJson): unknown {
  const plain = plainNumber(n);
  return typeof plain === 'bigint' ? longJson(plain, longs) : plain;
}

/**
 * The JSON string of a map key: strings as they are, enum tokens by name (`id`, `label`), other
 * values by their JSON text, and elements as Gremlin prints them (`v[1]`).
 *
 * @example
 * ```ts
 * declare const vertex: Vertex;
 * jsonKey('name');   // 'name'
 * jsonKey(t.id);     // 'id'
 * jsonKey(vertex);   // 'v[1]'
 * ```
 */
export function jsonKey(key: unknown): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'number' || typeof key === 'bigint' || typeof key === 'boolean') return String(key);
  if (key !== null && typeof key === 'object') {
    const named = key as { readonly elementName?: unknown };
    if (typeof named.elementName === 'string') return named.elementName;
    if (Array.isArray(key) || key instanceof Map || key instanceof Set) return JSON.stringify(jsonValue(key));
  }
  return formatValue(key);
}

/**
 * The containers of a value in their JSON forms, its leaves left to `leaf`: lists element by
 * element, maps as objects with string keys ({@link jsonKey}), sets as arrays (the traversers'
 * plain JSON, which keeps its leaves' own forms; {@link jsonValue} shapes the leaves too).
 */
export function jsonContainers(value: unknown, leaf: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => jsonContainers(v, leaf));
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value as Map<unknown, unknown>) out[jsonKey(k)] = jsonContainers(v, leaf);
    return out;
  }
  if (value instanceof Set) return [...(value as Set<unknown>)].map((v) => jsonContainers(v, leaf));
  return leaf(value);
}

/**
 * One step of the walk: `value` as JSON, its held values through `shaper.value` (so that a
 * shaper that reads more from the graph sees every nested value).
 */
export function shapeJson(value: unknown, shaper: JsonShaper): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'bigint':
      return longJson(value, shaper.options.longs);
    case 'object':
      return value === null ? null : objectJson(value, shaper);
    default:
      return null;
  }
}

function objectJson(value: object, shaper: JsonShaper): unknown {
  if (value instanceof TypedNumber) return numberJson(value, shaper.options.longs);
  if (value instanceof Date) return dateJson(value, shaper.options.dates);
  if (value instanceof Uuid) return value.text;
  if (Array.isArray(value)) return value.map((v) => shaper.value(v));
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value as Map<unknown, unknown>) out[jsonKey(k)] = shaper.value(v);
    return out;
  }
  if (value instanceof Set) return [...(value as Set<unknown>)].map((v) => shaper.value(v));
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (isShaped(value)) return value[TO_JSON_VALUE](shaper);
  const custom = (value as { readonly toJSON?: unknown }).toJSON;
  if (typeof custom === 'function') return shaper.value((custom as (key: string) => unknown).call(value, ''));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = shaper.value((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * One property as the shape builders read it: its key and value, and for a vertex property
 * whether its key holds several values per vertex (list or set cardinality).
 */
export interface JsonProperty {
  readonly key: string;
  readonly value: unknown;
  readonly multiValued?: boolean;
}

/**
 * The JSON of a vertex: `{ id, label, type: 'vertex', properties }`, its properties in the order
 * given, a key's values as one value, or as a list when the key has several or is multi-valued
 * (by the property's own flag or by `read.multiValued`).
 */
export function vertexJson(
  vertex: { readonly id: unknown; readonly label: string },
  shaper: JsonShaper,
  read: { readonly properties: Iterable<JsonProperty>; readonly multiValued?: (key: string) => boolean },
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  let lists: Set<string> | undefined;
  for (const { key, value, multiValued } of read.properties) {
    const json = shaper.value(value);
    const had = properties[key];
    if (had === undefined) {
      const listed = multiValued === true || read.multiValued?.(key) === true;
      properties[key] = listed ? [json] : json;
      if (listed) (lists ??= new Set()).add(key);
    } else if (lists?.has(key) === true) {
      (had as unknown[]).push(json);
    } else {
      properties[key] = [had, json];
      (lists ??= new Set()).add(key);
    }
  }
  return { id: shaper.value(vertex.id), label: vertex.label, type: 'vertex', properties };
}

/**
 * The JSON of an edge: `{ id, label, type: 'edge', outV, outVLabel, inV, inVLabel, properties }`.
 */
export function edgeJson(
  edge: { readonly id: unknown; readonly label: string; readonly outV: { readonly id: unknown; readonly label: string }; readonly inV: { readonly id: unknown; readonly label: string } },
  shaper: JsonShaper,
  read: { readonly properties: Iterable<JsonProperty> },
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const { key, value } of read.properties) properties[key] = shaper.value(value);
  const { outV, inV } = edge;
  return { id: shaper.value(edge.id), label: edge.label, type: 'edge', outV: shaper.value(outV.id), outVLabel: outV.label, inV: shaper.value(inV.id), inVLabel: inV.label, properties };
}

/**
 * The JSON of a vertex property: `{ id, label, value, properties }` (its meta-properties).
 */
export function vertexPropertyJson(property: { readonly id: unknown; readonly key: string; readonly value: unknown; readonly meta: ReadonlyMap<string, unknown> }, shaper: JsonShaper): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [key, value] of property.meta) properties[key] = shaper.value(value);
  return { id: shaper.value(property.id), label: property.key, value: shaper.value(property.value), properties };
}

/**
 * The JSON of a path: `{ labels: [[...], ...], objects: [...] }`.
 */
export function pathJson(path: { readonly labels: ReadonlyArray<ReadonlySet<string>>; readonly objects: readonly unknown[] }, shaper: JsonShaper): Record<string, unknown> {
  return { labels: path.labels.map((set) => [...set]), objects: path.objects.map((o) => shaper.value(o)) };
}

/**
 * A user data value of a script (schema `userdata`, a map argument) as JSON data.
 */
export type JsonData = null | string | number | boolean | readonly JsonData[] | { readonly [key: string]: JsonData };

/**
 * A script's user data value as {@link JsonData}: null, text, booleans, finite numbers (a typed
 * number as its JavaScript number), lists, and maps with text keys; undefined when it holds
 * anything else (a date, an element, a non-text key), which is not user data.
 */
export function dataJson(value: unknown): JsonData | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value instanceof TypedNumber) return dataJson(value.toNumber());
  if (Array.isArray(value)) {
    const items = (value as unknown[]).map(dataJson);
    return items.every((i) => i !== undefined) ? (items as JsonData[]) : undefined;
  }
  if (value instanceof Map) {
    const out: Record<string, JsonData> = {};
    for (const [k, v] of value as Map<unknown, unknown>) {
      const j = dataJson(v);
      if (typeof k !== 'string' || j === undefined) return undefined;
      Object.defineProperty(out, k, { value: j, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return undefined;
}

const shapers = new Map<string, JsonShaper>();

/**
 * The plain shaper of the options (one per combination, made once).
 */
function jsonShaper(options: Required<JsonOptions>): JsonShaper {
  const name = `${options.longs}/${options.dates}`;
  let shaper = shapers.get(name);
  if (shaper === undefined) {
    const made: JsonShaper = { options: { longs: options.longs, dates: options.dates }, value: (v) => shapeJson(v, made) };
    shapers.set(name, (shaper = made));
  }
  return shaper;
}

const LIBRARY_SHAPER = jsonShaper(jsonOptions());
const HUGEGRAPH_SHAPER = jsonShaper(HUGEGRAPH_JSON);

/**
 * Any result as the JSON value JSON.stringify writes (see the module comment for the shapes):
 * numbers stay numbers, a long beyond ±(2^53 - 1) as `options.longs` says (default its exact
 * text), dates as `options.dates` says (default ISO text), maps as objects, sets as lists.
 *
 * @example
 * ```ts
 * jsonValue(6n);                                        // 6
 * jsonValue(2n ** 60n);                                 // '1152921504606846976'
 * jsonValue(new Map([['a', new Set([1])]]));            // { a: [1] }
 * jsonValue(new Date(0), { dates: 'hugegraph' });       // '1970-01-01 00:00:00.000'
 * ```
 */
export function jsonValue(value: unknown, options?: JsonOptions): unknown {
  const shaper = options === undefined ? LIBRARY_SHAPER : options === HUGEGRAPH_JSON ? HUGEGRAPH_SHAPER : jsonShaper(jsonOptions(options));
  return shapeJson(value, shaper);
}

/**
 * A replacer for `JSON.stringify` that also writes a bare bigint (which JSON.stringify refuses
 * by default) the way {@link jsonValue} does. Only needed when a result list holds a bigint
 * itself: bigints inside elements, paths, trees and maps are handled by their `toJSON()`.
 *
 * @example
 * ```ts
 * JSON.stringify([2n ** 60n], jsonReplacer);   // '["1152921504606846976"]'
 * ```
 */
export function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? jsonValue(value) : value;
}
