/**
 * JSON forms of result values: what `toJSON()` of elements, paths, trees and plain maps puts in
 * place of the values JSON cannot hold (bigint, Map, Set). Numbers stay JSON numbers; a bigint
 * becomes a number when it is safe (|n| <= 2^53 - 1) and its decimal text otherwise.
 * @module
 */
import { formatValue } from './semantics/format.js';

function isSafe(n: bigint): boolean {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= BigInt(Number.MIN_SAFE_INTEGER);
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
 * A value JSON.stringify can write: bigint as a number when safe and as text otherwise, maps as
 * objects with string keys ({@link jsonKey}), sets as arrays; lists element by element; anything
 * else unchanged (objects with `toJSON()` are converted by JSON.stringify itself).
 *
 * @example
 * ```ts
 * jsonValue(6n);                          // 6
 * jsonValue(2n ** 60n);                   // '1152921504606846976'
 * jsonValue(new Map([['a', new Set([1])]])); // { a: [1] }
 * ```
 */
export function jsonValue(value: unknown): unknown {
  return jsonContainers(value, bigintJson);
}

function bigintJson(value: unknown): unknown {
  return typeof value === 'bigint' ? (isSafe(value) ? Number(value) : String(value)) : value;
}

/**
 * The one walk of the JSON forms: lists element by element, maps as objects with string keys
 * ({@link jsonKey}), sets as arrays, and every other value through `leaf`.
 *
 * @example
 * ```ts
 * jsonContainers(new Map([['a', new Set([1n])]]), (v) => (typeof v === 'bigint' ? Number(v) : v)); // { a: [1] }
 * ```
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
