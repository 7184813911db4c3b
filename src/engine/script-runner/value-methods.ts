/**
 * The allow-list of methods on plain script values: text, numbers, booleans, lists, sets, maps
 * and null, after the Java and Groovy methods of the same names (`'abc'.size()`,
 * `[1, 2].contains(1)`, `m.containsKey('k')`, `7.intdiv(2)`). Nothing is looked up on the
 * value itself: a name that is not in its table is refused before anything runs.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { GremlinNumber } from '../semantics/index.js';
import { TypedNumber } from '../../values/index.js';
import { callAllowed, method, unsupportedMethod, type MethodTable, type ScriptCall } from './methods.js';
import { groovyAbs, groovyIntdiv, isGroovyNumber, javaNarrow } from './groovy-numbers.js';
import { entryOf, groovyCompare, groovyText, javaEquals } from './groovy-values.js';
import { binaryOperator, noSignature, onNull } from './groovy-operators.js';

function outOfRange(message: string): ArgumentError {
  return new ArgumentError('SCRIPT_INDEX', message);
}

/** Java's `String.trim()`: code units up to the space at both ends. */
function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

function parseNumber(s: string, kind: 'int' | 'long' | 'double'): GremlinNumber {
  const text = javaTrim(s) === s ? s : '';
  if (kind === 'double' ? /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$/.test(text) : /^[+-]?\d+$/.test(text)) {
    if (kind === 'double') return new TypedNumber('double', Number(text.replace(/[dDfF]$/, '')));
    const n = BigInt(text);
    const [min, max] = kind === 'int' ? [-(2n ** 31n), 2n ** 31n - 1n] : [-(2n ** 63n), 2n ** 63n - 1n];
    if (n >= min && n <= max) return kind === 'int' ? Number(n) : new TypedNumber('long', n);
  }
  throw new ArgumentError('NUMBER_FORMAT', `For input string: "${s}"`);
}

const STRING_METHODS: MethodTable<string> = {
  toString: method([], (s: string) => s),
  size: method([], (s: string) => s.length),
  length: method([], (s: string) => s.length),
  isEmpty: method([], (s: string) => s.length === 0),
  contains: method(['string'], (s: string, [part]) => s.includes(part)),
  startsWith: method(['string'], (s: string, [prefix]) => s.startsWith(prefix)),
  endsWith: method(['string'], (s: string, [suffix]) => s.endsWith(suffix)),
  indexOf: method(['string'], (s: string, [part]) => s.indexOf(part)),
  toUpperCase: method([], (s: string) => s.toUpperCase()),
  toLowerCase: method([], (s: string) => s.toLowerCase()),
  trim: method([], (s: string) => javaTrim(s)),
  replace: method(['string', 'string'], (s: string, [target, replacement]) => s.split(target).join(replacement)),
  substring: method(['integer'], (s: string, [begin, end]) => {
    const stop = end ?? s.length;
    if (begin < 0 || stop > s.length || begin > stop) throw outOfRange(`begin ${begin}, end ${stop}, length ${s.length}`);
    return s.slice(begin, stop);
  }, { rest: 'integer', maxArgs: 2 }),
  toInteger: method([], (s: string) => parseNumber(s, 'int')),
  toLong: method([], (s: string) => parseNumber(s, 'long')),
  toDouble: method([], (s: string) => parseNumber(s, 'double')),
};

const NUMBER_METHODS: MethodTable<GremlinNumber> = {
  toString: method([], (n: GremlinNumber) => groovyText(n)),
  intValue: method([], (n: GremlinNumber) => javaNarrow(n, 'int')),
  longValue: method([], (n: GremlinNumber) => javaNarrow(n, 'long')),
  doubleValue: method([], (n: GremlinNumber) => new TypedNumber('double', typeof n === 'number' ? n : n.toNumber())),
  abs: method([], (n: GremlinNumber) => groovyAbs(n)),
  intdiv: method(['value'], (n: GremlinNumber, [divisor]) => {
    if (!isGroovyNumber(divisor)) throw noSignature(n, 'intdiv', [divisor]);
    return groovyIntdiv(n, divisor);
  }),
};

function firstOrLast(items: readonly unknown[], which: 'first' | 'last'): unknown {
  if (items.length === 0) throw outOfRange(`Cannot access ${which}() element from an empty List`);
  return which === 'first' ? items[0] : items[items.length - 1];
}

/** Groovy's `sum()`: the items added with `+`, null for an empty list. */
function sum(items: readonly unknown[]): unknown {
  return items.slice(1).reduce((total, item, i) => binaryOperator('+', { left: total, right: item, position: { line: 0, column: i } }), items[0] ?? null);
}

function extreme(items: readonly unknown[], sign: 1 | -1): unknown {
  return items.reduce((best, item) => (best === undefined || groovyCompare(item, best) * sign > 0 ? item : best), undefined) ?? null;
}

const COLLECTION_METHODS: MethodTable<readonly unknown[]> = {
  toString: method([], (items: readonly unknown[]) => groovyText(items)),
  size: method([], (items: readonly unknown[]) => items.length),
  isEmpty: method([], (items: readonly unknown[]) => items.length === 0),
  contains: method(['value'], (items: readonly unknown[], [value]) => items.some((item) => javaEquals(item, value))),
  sum: method([], (items: readonly unknown[]) => sum(items)),
  max: method([], (items: readonly unknown[]) => extreme(items, 1)),
  min: method([], (items: readonly unknown[]) => extreme(items, -1)),
  join: method(['string'], (items: readonly unknown[], [separator]) => items.map(groovyText).join(separator)),
};

const LIST_METHODS: MethodTable<readonly unknown[]> = {
  ...COLLECTION_METHODS,
  get: method(['integer'], (items: readonly unknown[], [index]) => {
    if (index < 0 || index >= items.length) throw outOfRange(`Index ${index} out of bounds for length ${items.length}`);
    return items[index];
  }),
  indexOf: method(['value'], (items: readonly unknown[], [value]) => items.findIndex((item) => javaEquals(item, value))),
  first: method([], (items: readonly unknown[]) => firstOrLast(items, 'first')),
  last: method([], (items: readonly unknown[]) => firstOrLast(items, 'last')),
};

type AnyMap = ReadonlyMap<unknown, unknown>;

const MAP_METHODS: MethodTable<AnyMap> = {
  toString: method([], (m: AnyMap) => groovyText(m)),
  size: method([], (m: AnyMap) => m.size),
  isEmpty: method([], (m: AnyMap) => m.size === 0),
  containsKey: method(['value'], (m: AnyMap, [key]) => entryOf(m, key) !== undefined),
  containsValue: method(['value'], (m: AnyMap, [value]) => [...m.values()].some((v) => javaEquals(v, value))),
  get: method(['value'], (m: AnyMap, [key]) => entryOf(m, key)?.[1] ?? null),
  keySet: method([], (m: AnyMap) => new Set(m.keys())),
  values: method([], (m: AnyMap) => [...m.values()]),
};

const BOOLEAN_METHODS: MethodTable<boolean> = {
  toString: method([], (b: boolean) => String(b)),
};

/**
 * Calls an allow-listed method on a plain value; `null?.m()` is null, `null.toString()` is
 * `'null'`, as Groovy's null object answers.
 *
 * @throws UnsupportedError UNSUPPORTED_METHOD for a method outside the value's table;
 * ArgumentError NULL_DEREFERENCE for any other method on null, SCRIPT_ARGUMENTS for bad arguments.
 */
export function callValueMethod(target: unknown, call: ScriptCall & { readonly safe?: boolean }): unknown {
  if (target === null || target === undefined) {
    if (call.safe === true) return null;
    if (call.method === 'toString' && call.args.length === 0) return 'null';
    throw onNull(`invoke method ${call.method}()`, call.position);
  }
  if (typeof target === 'string') return callAllowed(STRING_METHODS, target, { call, on: 'a string' });
  if (typeof target === 'boolean') return callAllowed(BOOLEAN_METHODS, target, { call, on: 'a boolean' });
  if (isGroovyNumber(target)) return callAllowed(NUMBER_METHODS, target, { call, on: 'a number' });
  if (Array.isArray(target)) return callAllowed(LIST_METHODS, target, { call, on: 'a list' });
  if (target instanceof Set) return callAllowed(COLLECTION_METHODS, [...(target as Set<unknown>)], { call, on: 'a set' });
  if (target instanceof Map) return callAllowed(MAP_METHODS, target, { call, on: 'a map' });
  throw unsupportedMethod(call, 'a value');
}
