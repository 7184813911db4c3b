/**
 * Groovy's view of plain values in scripts: truth, `==` (value equality, numbers across types),
 * Java's `equals` (what `in`, `contains` and map keys use), ordering, and the text a value
 * becomes in a GString or after `+` on a string.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { Edge, Vertex } from '../elements.js';
import { EnumValue } from '../bytecode.js';
import { Uuid, TypedNumber } from '../../values/index.js';
import { formatValue, isEqual, parseDecimal, toDouble } from '../semantics/index.js';
import { groovyCompareNumbers, isGroovyNumber, javaDecimalText, numberClass } from './groovy-numbers.js';

/**
 * Groovy truth: null, false, zero, and empty text, lists, sets and maps are false; everything
 * else is true.
 */
export function truth(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > 0;
  if (isGroovyNumber(v)) return toDouble(v) !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Set || v instanceof Map) return v.size > 0;
  return true;
}

/**
 * Groovy's `==`: numbers by value across types (`1 == 1L`, `1 == 1.0`), lists and maps by
 * their items with `==`, anything else by Java's equality; nothing equals null but null.
 */
export function groovyEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (isGroovyNumber(a) && isGroovyNumber(b)) return groovyCompareNumbers(a, b) === 0;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => groovyEquals(x, b[i]));
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((x) => [...b].some((y) => groovyEquals(x, y)));
  if (a instanceof Map && b instanceof Map) {
    return a.size === b.size && [...a].every(([k, x]) => {
      const found = entryOf(b, k);
      return found !== undefined && groovyEquals(x, found[1]);
    });
  }
  return javaEquals(a, b);
}

/**
 * Java's `equals`: numbers only of the same class (`1` is not `1L`; a BigDecimal's scale
 * counts), strings and booleans by value, collections by items, elements by id.
 */
export function javaEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (isGroovyNumber(a) || isGroovyNumber(b)) {
    if (!isGroovyNumber(a) || !isGroovyNumber(b) || numberClass(a) !== numberClass(b)) return false;
    if (a instanceof TypedNumber && b instanceof TypedNumber && a.type === 'bigdecimal') return sameDecimal(String(a.value), String(b.value));
    if (numberClass(a) === 'java.lang.Double' || numberClass(a) === 'java.lang.Float') return Object.is(toDouble(a), toDouble(b));
    return groovyCompareNumbers(a, b) === 0;
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => javaEquals(x, b[i]));
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((x) => [...b].some((y) => javaEquals(x, y)));
  if (a instanceof Map && b instanceof Map) {
    return a.size === b.size && [...a].every(([k, x]) => {
      const found = entryOf(b, k);
      return found !== undefined && javaEquals(x, found[1]);
    });
  }
  if (typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  return isEqual(a, b);
}

function sameDecimal(x: string, y: string): boolean {
  const a = parseDecimal(x);
  const b = parseDecimal(y);
  return a.unscaled === b.unscaled && a.scale === b.scale;
}

/** The entry of a map whose key equals `key` as Java's `equals` says, if any. */
export function entryOf(map: ReadonlyMap<unknown, unknown>, key: unknown): readonly [unknown, unknown] | undefined {
  if (map.has(key)) return [key, map.get(key)];
  if (typeof key !== 'object' || key === null) return undefined;
  for (const entry of map) if (javaEquals(entry[0], key)) return entry;
  return undefined;
}

/**
 * Java's `compareTo` as Groovy applies it: numbers across types, text by UTF-16 code units (the
 * difference of the first differing characters, or of the lengths), booleans and dates; null
 * before everything.
 *
 * @throws ArgumentError SCRIPT_COMPARE for values Groovy cannot compare (`'a' < 1`, lists).
 */
export function groovyCompare(a: unknown, b: unknown): number {
  const x = a ?? null;
  const y = b ?? null;
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  if (isGroovyNumber(x) && isGroovyNumber(y)) return groovyCompareNumbers(x, y);
  if (typeof x === 'string' && typeof y === 'string') return compareText(x, y);
  if (typeof x === 'boolean' && typeof y === 'boolean') return x === y ? 0 : x ? 1 : -1;
  if (x instanceof Date && y instanceof Date) return Math.sign(x.getTime() - y.getTime());
  throw new ArgumentError('SCRIPT_COMPARE', `Cannot compare ${javaClass(x)} with value '${groovyText(x)}' and ${javaClass(y)} with value '${groovyText(y)}'`);
}

function compareText(x: string, y: string): number {
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const d = x.charCodeAt(i) - y.charCodeAt(i);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * Groovy's `value in container` (the container's `isCase`): a list or set contains it (Java's
 * `equals`), a map holds a true value under it, text equals its text, a number equals it.
 */
export function isCase(container: unknown, value: unknown): boolean {
  if (container === null || container === undefined) return value === null || value === undefined;
  if (Array.isArray(container) || container instanceof Set) return [...(container as Iterable<unknown>)].some((item) => javaEquals(item, value));
  if (container instanceof Map) return truth(entryOf(container, value)?.[1]);
  if (typeof container === 'string') return value !== null && value !== undefined && container === groovyText(value);
  if (isGroovyNumber(container)) return isGroovyNumber(value) && groovyCompareNumbers(container, value) === 0;
  return javaEquals(container, value);
}

/**
 * The text Groovy gives a value (`toString()`, a GString part, `'a' + x`): numbers as Java
 * prints them (`1.0`, `1.0E10`, a BigDecimal's own text), lists as `[1, a]`, maps as `[k:v]`.
 */
export function groovyText(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return v;
  if (v instanceof TypedNumber && v.type === 'bigdecimal') return javaDecimalText(String(v.value));
  if (typeof v === 'number' && !Number.isInteger(v)) return formatValue(new TypedNumber('double', v));
  if (Array.isArray(v) || v instanceof Set) return `[${[...(v as Iterable<unknown>)].map(groovyText).join(', ')}]`;
  if (v instanceof Map) return v.size === 0 ? '[:]' : `[${[...v].map(([k, x]) => `${groovyText(k)}:${groovyText(x)}`).join(', ')}]`;
  if (v instanceof EnumValue) return v.name;
  return formatValue(v);
}

/** The Java class a value has in HugeGraph's Groovy, for messages. */
export function javaClass(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (isGroovyNumber(v)) return numberClass(v);
  if (typeof v === 'string') return 'java.lang.String';
  if (typeof v === 'boolean') return 'java.lang.Boolean';
  if (Array.isArray(v)) return 'java.util.ArrayList';
  if (v instanceof Set) return 'java.util.LinkedHashSet';
  if (v instanceof Map) return 'java.util.LinkedHashMap';
  if (v instanceof Vertex) return 'org.apache.hugegraph.structure.HugeVertex';
  if (v instanceof Edge) return 'org.apache.hugegraph.structure.HugeEdge';
  if (v instanceof Date) return 'java.util.Date';
  if (v instanceof Uuid) return 'java.util.UUID';
  return 'java.lang.Object';
}
