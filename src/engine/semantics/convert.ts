/**
 * Conversion between Gremlin's typed values and plain JS values for library users.
 * @module
 */
import { TypedNumber, Uuid } from '../../values/index.js';
import { decimalCompare, parseDecimal } from './decimal.js';

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_MIN = -9223372036854775808n;
const LONG_MAX = 9223372036854775807n;

function bigToJs(b: bigint): number | bigint {
  return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
}

/**
 * Plain JS form of a value: longs and big integers become numbers when safe (else bigint),
 * other typed numbers become numbers (a BigDecimal stays text when a double would lose
 * digits), UUIDs become text, and lists, sets and maps are converted deeply. Elements,
 * paths and dates are returned as they are.
 */
export function toJs(v: unknown): unknown {
  if (v instanceof TypedNumber) {
    if (typeof v.value === 'bigint') return bigToJs(v.value);
    if (typeof v.value === 'number') return v.value;
    const n = Number(v.value);
    return Number.isFinite(n) && decimalCompare(parseDecimal(String(n)), parseDecimal(v.value)) === 0 ? n : v.value;
  }
  if (v instanceof Uuid) return v.text;
  if (Array.isArray(v)) return v.map(toJs);
  if (v instanceof Set) return new Set([...v].map(toJs));
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [toJs(k), toJs(x)]));
  return v;
}

/**
 * Gremlin form of a plain JS value: an int32 integer `number` is an Integer, any other number
 * a Double; a `bigint` is a Long (a BigInteger past 64 bits); `undefined` is null; arrays,
 * sets and maps are converted deeply and plain objects become maps.
 */
export function fromJs(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') {
    return Number.isInteger(v) && v >= INT_MIN && v <= INT_MAX && !Object.is(v, -0) ? v : new TypedNumber('double', v);
  }
  if (typeof v === 'bigint') return new TypedNumber(v >= LONG_MIN && v <= LONG_MAX ? 'long' : 'biginteger', v);
  if (Array.isArray(v)) return v.map(fromJs);
  if (v instanceof Set) return new Set([...v].map(fromJs));
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [fromJs(k), fromJs(x)]));
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromJs(x)]));
  }
  return v;
}
