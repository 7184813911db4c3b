/**
 * Java numbers: the kind of a Gremlin number, exact conversions, and comparison across kinds
 * (TinkerPop's NumberHelper). Arithmetic lives in arithmetic.ts.
 * @module
 */
import { TypedNumber } from '../../values/index.js';
import { Decimal, decimalCompare, parseDecimal } from './decimal.js';

/**
 * The Java type of a number: `int` is a plain JS number, every other kind a {@link TypedNumber}.
 */
export type NumberKind = 'byte' | 'short' | 'int' | 'long' | 'float' | 'double' | 'biginteger' | 'bigdecimal';

/**
 * Any Gremlin number: a plain JS number (Integer) or a {@link TypedNumber}.
 */
export type GremlinNumber = number | TypedNumber;

/**
 * The kind of a value when it is a Gremlin number, else undefined.
 */
export function numberKind(v: unknown): NumberKind | undefined {
  if (typeof v === 'number') return 'int';
  if (v instanceof TypedNumber) return v.type;
  return undefined;
}

/**
 * Whether a value is a Gremlin number.
 */
export function isNumber(v: unknown): v is GremlinNumber {
  return typeof v === 'number' || v instanceof TypedNumber;
}

/**
 * Integer kinds from narrowest to widest with their bounds.
 */
export const INTEGER_RANGES: ReadonlyArray<readonly [NumberKind, bigint, bigint]> = [
  ['byte', -128n, 127n],
  ['short', -32768n, 32767n],
  ['int', -2147483648n, 2147483647n],
  ['long', -9223372036854775808n, 9223372036854775807n],
];

/**
 * Whether a kind is floating point (float or double).
 */
function isFloatingKind(kind: NumberKind): boolean {
  return kind === 'float' || kind === 'double';
}

/**
 * Whether a kind is a bounded integer (byte, short, int or long).
 */
function isBoundedIntegerKind(kind: NumberKind): boolean {
  return kind === 'byte' || kind === 'short' || kind === 'int' || kind === 'long';
}

const BITS: Readonly<Record<NumberKind, number>> = {
  byte: 8,
  short: 16,
  int: 32,
  long: 64,
  float: 32,
  double: 64,
  biginteger: 128,
  bigdecimal: 128,
};

/**
 * The kind both operands are promoted to, as NumberHelper's highest common number class:
 * BigDecimal wins; BigInteger with a floating kind gives BigDecimal; a floating kind gives
 * float when both fit in 32 bits, else double; integers take the wider kind.
 */
export function commonKind(a: NumberKind, b: NumberKind): NumberKind {
  if (a === 'bigdecimal' || b === 'bigdecimal') return 'bigdecimal';
  const floating = isFloatingKind(a) || isFloatingKind(b);
  if (a === 'biginteger' || b === 'biginteger') return floating ? 'bigdecimal' : 'biginteger';
  const bits = Math.max(BITS[a], BITS[b]);
  if (floating) return bits <= 32 ? 'float' : 'double';
  return BITS[a] >= BITS[b] ? a : b;
}

/**
 * Build a number of a kind from a JS value (`bigint` for integer kinds, `number` for floating
 * kinds, {@link Decimal} for bigdecimal). No range check is made.
 */
export function makeNumber(kind: NumberKind, value: bigint | number | Decimal): GremlinNumber {
  if (value instanceof Decimal) {
    return kind === 'bigdecimal' ? new TypedNumber('bigdecimal', value.toString()) : makeNumber(kind, value.toNumber());
  }
  switch (kind) {
    case 'int':
      return Number(value);
    case 'byte':
    case 'short':
      return new TypedNumber(kind, Number(value));
    case 'long':
    case 'biginteger':
      return new TypedNumber(kind, typeof value === 'bigint' ? value : BigInt(Math.trunc(value)));
    case 'float':
      return new TypedNumber('float', Math.fround(Number(value)));
    case 'double':
      return new TypedNumber('double', Number(value));
    case 'bigdecimal':
      return new TypedNumber('bigdecimal', typeof value === 'bigint' ? value.toString() : toDecimal(value).toString());
  }
}

/**
 * A number converted to a kind at least as wide as its own, as NumberHelper's helpers read
 * both operands in their highest common class (`commonKind`).
 */
export function promoteTo(n: GremlinNumber, kind: NumberKind): GremlinNumber {
  if (numberKind(n) === kind) return n;
  switch (kind) {
    case 'bigdecimal':
      return makeNumber(kind, toDecimal(n));
    case 'float':
    case 'double':
      return makeNumber(kind, toDouble(n));
    default:
      return makeNumber(kind, toBigInt(n));
  }
}

/**
 * The number as a JS double.
 */
export function toDouble(v: GremlinNumber): number {
  return typeof v === 'number' ? v : v.toNumber();
}

/**
 * The integral value of an integer-kind number as a bigint (floating values are truncated).
 */
export function toBigInt(v: GremlinNumber): bigint {
  const raw = typeof v === 'number' ? v : v.value;
  if (typeof raw === 'bigint') return raw;
  if (typeof raw === 'string') {
    const d = parseDecimal(raw);
    return d.scale >= 0 ? d.unscaled / 10n ** BigInt(d.scale) : d.unscaled * 10n ** BigInt(-d.scale);
  }
  return BigInt(Math.trunc(raw));
}

/**
 * The exact decimal value of a finite number; doubles convert through their shortest text,
 * as Java's `BigDecimal.valueOf(double)`.
 */
export function toDecimal(v: GremlinNumber): Decimal {
  const raw = typeof v === 'number' ? v : v.value;
  if (typeof raw === 'bigint') return new Decimal(raw, 0);
  if (typeof raw === 'string') return parseDecimal(raw);
  return parseDecimal(String(raw));
}

/**
 * Whether the number is a floating NaN.
 */
export function isNaNNumber(v: GremlinNumber): boolean {
  return typeof v !== 'number' && typeof v.value === 'number' && Number.isNaN(v.value);
}

function infinitySign(v: GremlinNumber): number {
  const d = typeof v === 'number' ? v : typeof v.value === 'number' ? v.value : 0;
  return d === Infinity ? 1 : d === -Infinity ? -1 : 0;
}

/**
 * Compare two numbers by value across kinds: negative, zero or positive, or NaN when either
 * is NaN. `1`, `1L` and `1.0` compare equal.
 */
export function compareNumbers(a: GremlinNumber, b: GremlinNumber): number {
  if (isNaNNumber(a) || isNaNNumber(b)) return NaN;
  const ia = infinitySign(a);
  const ib = infinitySign(b);
  if (ia !== 0 || ib !== 0) return Math.sign(ia - ib);
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  const ka = numberKind(a) as NumberKind;
  const kb = numberKind(b) as NumberKind;
  if (isBoundedIntegerKind(ka) || ka === 'biginteger') {
    if (isBoundedIntegerKind(kb) || kb === 'biginteger') {
      const x = toBigInt(a);
      const y = toBigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
  if (isFloatingKind(ka) && isFloatingKind(kb)) return Math.sign(toDouble(a) - toDouble(b));
  // Two JS doubles compare as their shortest decimal texts do (distinct doubles have disjoint
  // rounding intervals), so the decimal conversion is only needed for bigint or text values.
  const ra = typeof a === 'number' ? a : a.value;
  const rb = typeof b === 'number' ? b : b.value;
  if (typeof ra === 'number' && typeof rb === 'number') return Math.sign(ra - rb);
  return decimalCompare(toDecimal(a), toDecimal(b));
}
