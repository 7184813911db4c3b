/**
 * Java comparison semantics of the TinkerPop runner (FORMAT.md §3): type-strict numbers
 * (in `plain` mode, for results in plain JavaScript values, numbers by value and UUIDs as text),
 * elements equal by kind and id, paths by their objects, maps and sets without order, lists
 * in order, `NaN` equal to `NaN`, and a 1e-15 tolerance for top-level doubles only.
 *
 * Engine results are recognised by shape and class name (Vertex, Edge, VertexProperty,
 * Property, Path, Tree), so this module needs no running engine.
 * @module
 */
import { ArgumentError } from '../../src/errors.js';
import { EnumValue, TypedNumber, Uuid, plainNumber, type ElementId } from '../../src/engine/index.js';
import type { Notated } from './notation.js';
import { className, describeActual, describeExpected } from './describe.js';

/** Absolute tolerance for top-level finite doubles (Java's runner uses 1e-15). */
const DOUBLE_TOLERANCE = 1e-15;

/**
 * Canonical key of an element id: numeric ids by value, strings and UUIDs by text.
 *
 * @example
 * ```ts
 * idKey(1) === idKey(new TypedNumber('long', 1n));   // true
 * ```
 */
export function idKey(id: unknown): string {
  if (typeof id === 'string') return 'S' + id;
  if (typeof id === 'number' || typeof id === 'bigint') return 'L' + String(id);
  if (id instanceof TypedNumber) return 'L' + String(id.value);
  if (id instanceof Uuid) return 'U' + id.text;
  return 'X' + String(id);
}

function elementType(value: unknown): 'vertex' | 'edge' | 'vertexProperty' | undefined {
  const name = className(value);
  if (name === 'Vertex') return 'vertex';
  if (name === 'Edge') return 'edge';
  if (name === 'VertexProperty') return 'vertexProperty';
  return undefined;
}

function decimalKey(text: string): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (m === null) return text;
  const digits = (m[2] ?? '') + (m[3] ?? '');
  const exponent = Number(m[4] ?? 0) - (m[3] ?? '').length;
  const stripped = digits.replace(/^0+/, '');
  if (stripped === '') return '0';
  const trailing = stripped.length - stripped.replace(/0+$/, '').length;
  return `${m[1] === '-' ? '-' : ''}${stripped.slice(0, stripped.length - trailing)}e${exponent + trailing}`;
}

function toBigInt(value: number | bigint | string): bigint | undefined {
  try {
    return BigInt(value);
  } catch {
    return undefined;
  }
}

function numberEquals(actual: unknown, expected: TypedNumber, tolerant: boolean): boolean {
  if (!(actual instanceof TypedNumber) || actual.type !== expected.type) return false;
  switch (expected.type) {
    case 'long':
    case 'biginteger': {
      const a = toBigInt(actual.value);
      return a !== undefined && a === toBigInt(expected.value);
    }
    case 'bigdecimal':
      return decimalKey(String(actual.value)) === decimalKey(String(expected.value));
    case 'float': {
      const a = Math.fround(actual.toNumber());
      const e = Math.fround(expected.toNumber());
      return a === e || (Number.isNaN(a) && Number.isNaN(e));
    }
    case 'double': {
      const a = actual.toNumber();
      const e = expected.toNumber();
      if (a === e || (Number.isNaN(a) && Number.isNaN(e))) return true;
      return tolerant && Number.isFinite(a) && Number.isFinite(e) && Math.abs(a - e) <= DOUBLE_TOLERANCE;
    }
    default:
      return actual.toNumber() === expected.toNumber();
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Matches each expected item, in order, to a distinct unused actual item; returns the index
 * of the first expected item left without a match, or -1 when all matched.
 */
function firstUnmatched<A, E>(actual: readonly A[], expected: readonly E[], eq: (a: A, e: E) => boolean): number {
  const used = new Array<boolean>(actual.length).fill(false);
  return expected.findIndex((e) => {
    const i = actual.findIndex((a, j) => !used[j] && eq(a, e));
    if (i >= 0) used[i] = true;
    return i < 0;
  });
}

type Eq = (actual: unknown, expected: Notated) => boolean;

/** Java Set equality: each side contains every item of the other (duplicates in `s[...]` collapse). */
function setEquals(actual: readonly unknown[], expected: readonly Notated[], eq: Eq): boolean {
  return expected.every((e) => actual.some((a) => eq(a, e))) && actual.every((a) => expected.some((e) => eq(a, e)));
}

function mapEquals(actual: ReadonlyMap<unknown, unknown>, expected: ReadonlyArray<readonly [Notated, Notated]>, eq: Eq): boolean {
  return actual.size === expected.length && firstUnmatched([...actual], expected, ([ak, av], [k, v]) => eq(ak, k) && eq(av, v)) < 0;
}

function listEquals(actual: readonly unknown[], expected: readonly Notated[], eq: Eq): boolean {
  return actual.length === expected.length && expected.every((e, i) => eq(actual[i], e));
}

/**
 * Plain-value number equality: the expected Java number converted as results are
 * (`plainNumber`), compared by value, so that the int/long/double distinction is not checked.
 */
function plainNumberEquals(actual: unknown, expected: number | TypedNumber, tolerant: boolean): boolean {
  const e = typeof expected === 'number' ? expected : plainNumber(expected);
  if (typeof e === 'string') return typeof actual === 'string' && decimalKey(actual) === decimalKey(e);
  if (typeof actual === 'bigint' || typeof e === 'bigint') return (typeof actual === 'bigint' || typeof actual === 'number') && toBigInt(actual) === toBigInt(e);
  if (typeof actual !== 'number') return false;
  if (expected instanceof TypedNumber && expected.type === 'float') return Math.fround(actual) === Math.fround(e) || (Number.isNaN(actual) && Number.isNaN(e));
  if (actual === e || (Number.isNaN(actual) && Number.isNaN(e))) return true;
  return tolerant && Number.isFinite(actual) && Number.isFinite(e) && Math.abs(actual - e) <= DOUBLE_TOLERANCE;
}

interface DurationLike {
  readonly seconds?: unknown;
  readonly nanos?: unknown;
  readonly negative?: unknown;
}

function durationEquals(actual: DurationLike, expected: { readonly seconds: bigint; readonly nanos: number; readonly negative: boolean }): boolean {
  const seconds = typeof actual.seconds === 'number' || typeof actual.seconds === 'bigint' ? toBigInt(actual.seconds) : undefined;
  return seconds === expected.seconds && actual.nanos === expected.nanos && Boolean(actual.negative) === expected.negative;
}

function isEnumLike(value: unknown): value is { readonly type: string; readonly name: string } {
  if (value instanceof EnumValue) return true;
  return value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
    && typeof (value as { name?: unknown }).name === 'string' && !(value instanceof TypedNumber);
}

/**
 * Whether an engine result equals an expected (resolved) value under Java's rules.
 * `tolerant` enables the 1e-15 tolerance, which applies to top-level doubles only.
 *
 * @example
 * ```ts
 * javaEquals(new TypedNumber('long', 6n), parseNotation('d[6].l'));   // true
 * javaEquals(6, parseNotation('d[6].l'));                             // false: Integer is not Long
 * ```
 */
export function javaEquals(actual: unknown, expected: Notated, options: { readonly tolerant?: boolean; readonly plain?: boolean } = {}): boolean {
  const plain = options.plain === true;
  const eq: Eq = (a, e) => javaEquals(a, e, { plain });
  if (expected === null) return actual === null || actual === undefined;
  if (plain && (typeof expected === 'number' || expected instanceof TypedNumber)) return plainNumberEquals(actual, expected, options.tolerant === true);
  if (plain && expected instanceof Uuid) return typeof actual === 'string' && actual.toLowerCase() === expected.text;
  if (typeof expected === 'boolean' || typeof expected === 'string') return actual === expected;
  if (typeof expected === 'number') return typeof actual === 'number' && actual === expected;
  if (expected instanceof TypedNumber) return numberEquals(actual, expected, options.tolerant === true);
  if (expected instanceof Uuid) return actual instanceof Uuid && actual.text.toLowerCase() === expected.text;
  if (expected instanceof Date) return actual instanceof Date && actual.getTime() === expected.getTime();
  if (expected instanceof Uint8Array) return actual instanceof Uint8Array && bytesEqual(actual, expected);
  if (expected instanceof EnumValue) return isEnumLike(actual) && actual.type === expected.type && actual.name === expected.name;
  switch (expected.kind) {
    case 'element':
      return elementType(actual) === expected.type && idKey((actual as { id: unknown }).id) === idKey(expected.id);
    case 'property': {
      if (className(actual) !== 'Property') return false;
      const p = actual as { key: unknown; value: unknown };
      return p.key === expected.key && eq(p.value, expected.value);
    }
    case 'list':
      return Array.isArray(actual) && listEquals(actual, expected.items, eq);
    case 'set':
      return actual instanceof Set && setEquals([...(actual as Set<unknown>)], expected.items, eq);
    case 'path':
      return className(actual) === 'Path' && listEquals((actual as { objects: readonly unknown[] }).objects, expected.items, eq);
    case 'map':
      return actual instanceof Map && mapEquals(actual, expected.entries, eq);
    case 'char':
      return actual === expected.value || (className(actual) === 'Char' && String(actual) === expected.value);
    case 'duration':
      return className(actual) === 'Duration' && durationEquals(actual as DurationLike, expected);
    default:
      throw new ArgumentError('TCK_UNRESOLVED', `Cannot compare with an unresolved reference: ${describeExpected(expected)}`);
  }
}

/**
 * How a result table is compared: `ordered`, `unordered` (a multiset), or `of` (every result
 * equals some row).
 *
 * @example
 * ```ts
 * const mode: TableMode = 'unordered';
 * ```
 */
export type TableMode = 'ordered' | 'unordered' | 'of';

function shown(actual: readonly unknown[]): string {
  const items = actual.slice(0, 12).map(describeActual).join(', ');
  return `[${items}${actual.length > 12 ? `, … (${actual.length} in all)` : ''}]`;
}

/**
 * Checks a result list against table rows; returns the reason of a mismatch, or undefined.
 *
 * @example
 * ```ts
 * checkTable([new TypedNumber('long', 6n)], [parseNotation('d[6].l')], { mode: 'ordered' });   // undefined
 * ```
 */
export function checkTable(
  actual: readonly unknown[],
  rows: readonly Notated[],
  options: { readonly mode: TableMode; readonly plain?: boolean },
): string | undefined {
  const eq = (a: unknown, e: Notated): boolean => javaEquals(a, e, { tolerant: true, plain: options.plain });
  if (options.mode === 'of') {
    const stray = actual.find((a) => !rows.some((r) => eq(a, r)));
    return stray === undefined ? undefined : `result ${describeActual(stray)} is not one of the rows; got ${shown(actual)}`;
  }
  if (actual.length !== rows.length) return `expected ${rows.length} results, got ${actual.length}: ${shown(actual)}`;
  if (options.mode === 'ordered') {
    const i = rows.findIndex((r, j) => !eq(actual[j], r));
    return i < 0 ? undefined : `result ${i + 1} is ${describeActual(actual[i])}, expected ${describeExpected(rows[i]!)}; got ${shown(actual)}`;
  }
  const missing = firstUnmatched(actual, rows, eq);
  return missing < 0 ? undefined : `no result matches ${describeExpected(rows[missing]!)}; got ${shown(actual)}`;
}

function isPlainEntry(value: unknown): value is { key: unknown; value: unknown } {
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes('key') && keys.includes('value');
}

function entryToMap(item: unknown): unknown {
  if (className(item) === 'MapEntry' || isPlainEntry(item)) {
    const e = item as { key: unknown; value: unknown };
    return new Map([[e.key, e.value]]);
  }
  return item;
}

function treeEntries(value: unknown): Array<[unknown, unknown]> | undefined {
  if (value instanceof Map) return [...(value as Map<unknown, unknown>)];
  if (className(value) === 'Tree') return [...(value as { entries(): Iterable<[unknown, unknown]> }).entries()];
  return undefined;
}

/**
 * Turns the stored result of a When step into the list the Then steps compare (FORMAT.md §3):
 * for `next`, a list stays, a map gives its entries, a path its objects, a set its elements, a
 * scalar a one-item list; map entries then become single-entry maps.
 *
 * @example
 * ```ts
 * normaliseResult(new Map([['a', 1]]), { mode: 'next' });   // [Map { 'a' => 1 }]
 * ```
 */
export function normaliseResult(stored: unknown, options: { readonly mode: 'list' | 'next' }): unknown[] {
  let items: unknown[];
  if (options.mode === 'list') items = Array.isArray(stored) ? stored : [stored];
  else if (Array.isArray(stored)) items = stored;
  else if (stored instanceof Set) items = [...(stored as Set<unknown>)];
  else if (className(stored) === 'Path') items = [...(stored as { objects: readonly unknown[] }).objects];
  else {
    const entries = treeEntries(stored);
    items = entries === undefined ? [stored] : entries.map(([k, v]) => new Map([[k, v]]));
  }
  return items.map(entryToMap);
}

/**
 * One node of an expected tree: its value and its children.
 *
 * @example
 * ```ts
 * const n: TreeSpec = { value: 'marko', children: [] };
 * ```
 */
export interface TreeSpec {
  readonly value: Notated;
  readonly children: readonly TreeSpec[];
}

function treeMatches(actual: unknown, expected: readonly TreeSpec[], plain: boolean): boolean {
  const entries = treeEntries(actual);
  if (entries === undefined || entries.length !== expected.length) return false;
  return firstUnmatched(entries, expected, ([k, sub], node) => javaEquals(k, node.value, { plain }) && treeMatches(sub, node.children, plain)) < 0;
}

/**
 * Checks a `Tree` result against the expected nodes; returns the reason of a mismatch, or undefined.
 *
 * @example
 * ```ts
 * checkTree(tree, [{ value: 'marko', children: [] }]);
 * ```
 */
export function checkTree(actual: unknown, expected: readonly TreeSpec[], options: { readonly plain?: boolean } = {}): string | undefined {
  if (treeEntries(actual) === undefined) return `expected a tree, got ${describeActual(actual)}`;
  return treeMatches(actual, expected, options.plain === true) ? undefined : `the tree ${describeActual(actual)} does not have the expected structure`;
}

/**
 * Element ids of a subgraph result, or undefined when the value is not a graph. A graph is
 * recognised as an object with `vertices`/`edges` collections of elements, or a GraphSource.
 *
 * @example
 * ```ts
 * subgraphIds({ vertices: [v1], edges: [] });   // { vertices: [1], edges: [] }
 * ```
 */
export function subgraphIds(value: unknown): { vertices: ElementId[]; edges: ElementId[] } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const g = value as Record<string, unknown>;
  const ids = (items: unknown): ElementId[] => [...(items as Iterable<{ id: ElementId }>)].map((e) => e.id);
  const iterable = (v: unknown): boolean => v !== null && typeof v === 'object' && Symbol.iterator in v;
  if (iterable(g['vertices']) && iterable(g['edges'])) return { vertices: ids(g['vertices']), edges: ids(g['edges']) };
  if (typeof g['vertexSlots'] === 'function' && typeof g['vertexId'] === 'function') {
    const s = value as { vertexSlots(): Iterable<number>; edgeSlots(): Iterable<number>; vertexId(n: number): ElementId; edgeId(n: number): ElementId };
    return { vertices: [...s.vertexSlots()].map((n) => s.vertexId(n)), edges: [...s.edgeSlots()].map((n) => s.edgeId(n)) };
  }
  return undefined;
}
