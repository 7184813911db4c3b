/**
 * Groovy's arithmetic (its NumberMath classes) over the engine's Java-typed numbers. Unlike
 * Gremlin's NumberHelper, Groovy does not promote on overflow: int and long arithmetic wraps as
 * Java's does, `/` on integers gives an exact BigDecimal (rounded to 10 more digits when the
 * quotient does not end), and a double operand makes the result a double. Byte, short and int
 * take Groovy's Integer math, float and double its floating point math.
 * @module
 */
import { ArgumentError, LimitError } from '../../errors.js';
import { TypedNumber } from '../../values/index.js';
import { compareNumbers, Decimal, decimalAdd, decimalMul, decimalSub, isNumber, parseDecimal, roundHalfUp, toDecimal, toDouble, type GremlinNumber } from '../semantics/index.js';

/** The math Groovy picks for a pair of operands. */
type Kind = 'int' | 'long' | 'biginteger' | 'bigdecimal' | 'double';

/** Order of the kinds in Groovy's promotion matrix, weakest first (double wins over all). */
const RANK: Readonly<Record<Kind, number>> = { int: 0, long: 1, biginteger: 2, bigdecimal: 3, double: 4 };

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Most bits of an integer, or digits of a decimal, that `**` and `*` on text and lists may build. */
export const MAX_RESULT_BITS = 1 << 20;

/**
 * The kind of a number in Groovy's math. A plain JS number is an Integer when it is an int32;
 * another integral JS number (a request binding) is a Long, and a fractional one a Double.
 */
function kindOf(n: GremlinNumber): Kind {
  if (typeof n === 'number') {
    if (Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX && !Object.is(n, -0)) return 'int';
    return Number.isSafeInteger(n) ? 'long' : 'double';
  }
  switch (n.type) {
    case 'byte':
    case 'short':
      return 'int';
    case 'float':
    case 'double':
      return 'double';
    default:
      return n.type;
  }
}

function mathOf(a: GremlinNumber, b: GremlinNumber): Kind {
  const x = kindOf(a);
  const y = kindOf(b);
  return RANK[x] >= RANK[y] ? x : y;
}

/** The integral value of an integer kind. */
function integer(n: GremlinNumber): bigint {
  if (typeof n === 'number') return BigInt(n);
  if (typeof n.value === 'bigint') return n.value;
  return BigInt(Math.trunc(n.toNumber()));
}

function decimal(n: GremlinNumber): Decimal {
  return toDecimal(n);
}

/** A result of a kind: an int or long wraps to its width, as Java's arithmetic does. */
function make(kind: Kind, value: bigint | number | Decimal): GremlinNumber {
  switch (kind) {
    case 'int':
      return Number(BigInt.asIntN(32, value as bigint));
    case 'long':
      return new TypedNumber('long', BigInt.asIntN(64, value as bigint));
    case 'biginteger':
      return new TypedNumber('biginteger', value as bigint);
    case 'bigdecimal':
      return new TypedNumber('bigdecimal', (value as Decimal).toString());
    case 'double':
      return new TypedNumber('double', value as number);
  }
}

type Operation = { readonly integer: (a: bigint, b: bigint) => bigint; readonly double: (a: number, b: number) => number; readonly decimal: (a: Decimal, b: Decimal) => Decimal };

function apply(operation: Operation, a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  const kind = mathOf(a, b);
  if (kind === 'double') return make(kind, operation.double(toDouble(a), toDouble(b)));
  if (kind === 'bigdecimal') return make(kind, operation.decimal(decimal(a), decimal(b)));
  return make(kind, operation.integer(integer(a), integer(b)));
}

/** `a + b` in Groovy's math. */
export function groovyAdd(a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  return apply({ integer: (x, y) => x + y, double: (x, y) => x + y, decimal: decimalAdd }, a, b);
}

/** `a - b` in Groovy's math. */
export function groovySubtract(a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  return apply({ integer: (x, y) => x - y, double: (x, y) => x - y, decimal: decimalSub }, a, b);
}

/** `a * b` in Groovy's math. */
export function groovyMultiply(a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  return apply({ integer: (x, y) => x * y, double: (x, y) => x * y, decimal: decimalMul }, a, b);
}

/**
 * `a / b`: a double when either operand is floating, else Groovy's BigDecimal division.
 *
 * @throws ArgumentError DIVISION_BY_ZERO (Java's ArithmeticException) for a BigDecimal division by zero.
 */
export function groovyDivide(a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  if (mathOf(a, b) === 'double') return make('double', toDouble(a) / toDouble(b));
  return make('bigdecimal', divideDecimals(decimal(a), decimal(b)));
}

/**
 * `a % b`: Java's remainder (the sign of the dividend) for Integer and Long, BigInteger's
 * `mod()` for a BigInteger; floating and BigDecimal operands have no `mod()` in Groovy.
 *
 * @throws ArgumentError DIVISION_BY_ZERO for a zero divisor; SCRIPT_OPERATOR for non-integers.
 */
export function groovyRemainder(a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  const kind = mathOf(a, b);
  if (kind === 'double' || kind === 'bigdecimal') throw noMath('mod', RANK[kindOf(a)] >= RANK[kindOf(b)] ? a : b);
  const x = integer(a);
  const y = integer(b);
  if (kind === 'biginteger') {
    if (y <= 0n) throw new ArgumentError('DIVISION_BY_ZERO', 'BigInteger: modulus not positive');
    return make(kind, ((x % y) + y) % y);
  }
  if (y === 0n) throw new ArgumentError('DIVISION_BY_ZERO', '/ by zero');
  return make(kind, x % y);
}

/**
 * `a.intdiv(b)`: integer division truncating toward zero, for integer kinds.
 *
 * @throws ArgumentError DIVISION_BY_ZERO for a zero divisor; SCRIPT_OPERATOR for non-integers.
 */
export function groovyIntdiv(a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  const kind = mathOf(a, b);
  if (kind === 'double' || kind === 'bigdecimal') throw noMath('intdiv', RANK[kindOf(a)] >= RANK[kindOf(b)] ? a : b);
  const y = integer(b);
  if (y === 0n) throw new ArgumentError('DIVISION_BY_ZERO', kind === 'biginteger' ? 'BigInteger divide by zero' : '/ by zero');
  return make(kind, integer(a) / y);
}

/** `-a` (`negate: true`) or `+a`, in the number's own math (byte and short become int). */
export function groovySign(a: GremlinNumber, negate: boolean): GremlinNumber {
  const kind = kindOf(a);
  if (kind === 'double') return make(kind, negate ? -toDouble(a) : toDouble(a));
  if (kind === 'bigdecimal') {
    const d = decimal(a);
    return make(kind, negate ? new Decimal(-d.unscaled, d.scale) : d);
  }
  return make(kind, negate ? -integer(a) : integer(a));
}

/** `a.abs()` in the number's own math (Integer.MIN_VALUE stays negative, as Java's Math.abs). */
export function groovyAbs(a: GremlinNumber): GremlinNumber {
  const negative = kindOf(a) === 'double' ? toDouble(a) < 0 || Object.is(toDouble(a), -0) : compareNumbers(a, 0) < 0;
  return groovySign(a, negative);
}

/**
 * `a ** b`, after Groovy's `power` methods: an Integer, Long, BigInteger or BigDecimal base with
 * a non-negative Integer exponent gives an exact result (an Integer base widens to Long, then
 * BigInteger, as the value needs); every other pair gives a double.
 *
 * @throws LimitError SCRIPT_VALUE_TOO_LARGE when the exact result would exceed {@link MAX_RESULT_BITS}.
 */
export function groovyPower(a: GremlinNumber, b: GremlinNumber): GremlinNumber {
  const kind = kindOf(a);
  const exponent = typeof b === 'number' && kindOf(b) === 'int' ? b : undefined;
  const narrow = a instanceof TypedNumber && (a.type === 'byte' || a.type === 'short');
  if (exponent === undefined || exponent < 0 || kind === 'double' || narrow) return make('double', Math.pow(toDouble(a), toDouble(b)));
  if (kind === 'bigdecimal') {
    const d = decimal(a);
    checkSize(d.unscaled, exponent);
    return make(kind, new Decimal(d.unscaled ** BigInt(exponent), d.scale * exponent));
  }
  const base = integer(a);
  checkSize(base, exponent);
  const result = base ** BigInt(exponent);
  if (kind === 'biginteger') return make(kind, result);
  if (kind === 'int' && result >= INT_MIN && result <= INT_MAX) return Number(result);
  return result >= LONG_MIN && result <= LONG_MAX ? make('long', result) : make('biginteger', result);
}

function checkSize(base: bigint, exponent: number): void {
  const bits = (base < 0n ? -base : base).toString(2).length;
  if (base > 1n || base < -1n) {
    if (bits * exponent > MAX_RESULT_BITS) {
      throw new LimitError('SCRIPT_VALUE_TOO_LARGE', `Cannot compute a power of ${bits * exponent} bits: the limit is ${MAX_RESULT_BITS}`, { details: { limit: MAX_RESULT_BITS } });
    }
  }
}

/**
 * Groovy's comparison of two numbers: as doubles (`Double.compare`: NaN above everything, -0.0
 * below 0.0) when either is floating, else exactly across kinds (`1 == 1L`, `1 == 1.0`).
 */
export function groovyCompareNumbers(a: GremlinNumber, b: GremlinNumber): number {
  if (mathOf(a, b) !== 'double') return Math.sign(compareNumbers(a, b));
  const x = toDouble(a);
  const y = toDouble(b);
  if (x < y) return -1;
  if (x > y) return 1;
  const xKey = Number.isNaN(x) ? 2 : Object.is(x, -0) ? -1 : 0;
  const yKey = Number.isNaN(y) ? 2 : Object.is(y, -0) ? -1 : 0;
  return Math.sign(xKey - yKey);
}

/**
 * Narrows a number to Java's int (`intValue()`) or long (`longValue()`): integers keep their
 * low 32 or 64 bits, floating values are truncated and saturate.
 */
export function javaNarrow(a: GremlinNumber, kind: 'int' | 'long'): GremlinNumber {
  const bits = kind === 'int' ? 32 : 64;
  const source = kindOf(a);
  let value: bigint;
  if (source === 'double') {
    const d = toDouble(a);
    const [min, max] = kind === 'int' ? [BigInt(INT_MIN), BigInt(INT_MAX)] : [LONG_MIN, LONG_MAX];
    value = Number.isNaN(d) ? 0n : d >= Number(max) ? max : d <= Number(min) ? min : BigInt(Math.trunc(d));
  } else {
    value = BigInt.asIntN(bits, source === 'bigdecimal' ? truncate(decimal(a)) : integer(a));
  }
  return make(kind, value);
}

function truncate(d: Decimal): bigint {
  return d.scale <= 0 ? d.unscaled * 10n ** BigInt(-d.scale) : d.unscaled / 10n ** BigInt(d.scale);
}

/** The Java class name of a number, for Groovy's messages. */
export function numberClass(n: GremlinNumber): string {
  if (typeof n === 'number') return kindOf(n) === 'int' ? 'java.lang.Integer' : kindOf(n) === 'long' ? 'java.lang.Long' : 'java.lang.Double';
  const names: Readonly<Record<TypedNumber['type'], string>> = {
    byte: 'java.lang.Byte', short: 'java.lang.Short', long: 'java.lang.Long', float: 'java.lang.Float', double: 'java.lang.Double',
    biginteger: 'java.math.BigInteger', bigdecimal: 'java.math.BigDecimal',
  };
  return names[n.type];
}

function noMath(operation: string, n: GremlinNumber): ArgumentError {
  return new ArgumentError('SCRIPT_OPERATOR', `Cannot use ${operation}() on this number type: ${numberClass(n)} with value: ${String(n)}`);
}

/** Digits of the unscaled value of a decimal (Java's `precision()`). */
function precision(d: Decimal): number {
  return d.unscaled === 0n ? 1 : (d.unscaled < 0n ? -d.unscaled : d.unscaled).toString().length;
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** The value of `a / b` times 10^scale, rounded half-up. */
function scaledQuotient(a: Decimal, b: Decimal, scale: number): bigint {
  const shift = scale + b.scale - a.scale;
  return shift >= 0 ? roundHalfUp(a.unscaled * pow10(shift), b.unscaled) : roundHalfUp(a.unscaled, b.unscaled * pow10(-shift));
}

/** The smallest extra scale at which `a / b` is exact, or undefined when its expansion does not end. */
function terminatingDigits(a: Decimal, b: Decimal): number | undefined {
  const abs = (x: bigint): bigint => (x < 0n ? -x : x);
  let x = abs(a.unscaled);
  let y = abs(b.unscaled);
  while (y !== 0n) [x, y] = [y, x % y];
  let denominator = abs(b.unscaled) / x;
  let twos = 0;
  let fives = 0;
  while (denominator % 2n === 0n) [denominator, twos] = [denominator / 2n, twos + 1];
  while (denominator % 5n === 0n) [denominator, fives] = [denominator / 5n, fives + 1];
  return denominator === 1n ? Math.max(twos, fives) : undefined;
}

/**
 * Groovy's BigDecimal division: the exact quotient at the scale `a.scale - b.scale` or the
 * smallest larger one that holds it; when the expansion does not end, the quotient to
 * `max(precision(a), precision(b)) + 10` significant digits, then at most
 * `max(a.scale, b.scale, 10)` decimals, both rounded half-up.
 */
function divideDecimals(a: Decimal, b: Decimal): Decimal {
  if (b.unscaled === 0n) throw new ArgumentError('DIVISION_BY_ZERO', a.unscaled === 0n ? 'Division undefined' : 'Division by zero');
  const preferred = a.scale - b.scale;
  const extra = terminatingDigits(a, b);
  if (extra !== undefined) return new Decimal(scaledQuotient(a, b, preferred + extra), preferred + extra);
  const digits = Math.max(precision(a), precision(b)) + 10;
  let scale = digits - 1 - leadingExponent(a, b);
  let unscaled = scaledQuotient(a, b, scale);
  if (precision(new Decimal(unscaled, 0)) > digits) {
    unscaled /= 10n;
    scale -= 1;
  }
  const limit = Math.max(a.scale, b.scale, 10);
  if (scale > limit) {
    unscaled = roundHalfUp(unscaled, pow10(scale - limit));
    scale = limit;
  }
  return new Decimal(unscaled, scale);
}

/** The power of ten of the leading digit of `|a / b|` (both non-zero). */
function leadingExponent(a: Decimal, b: Decimal): number {
  const x = a.unscaled < 0n ? -a.unscaled : a.unscaled;
  const y = b.unscaled < 0n ? -b.unscaled : b.unscaled;
  const guess = precision(a) - precision(b) + b.scale - a.scale;
  // |a / b| >= 10^guess  <=>  x * 10^(b.scale - a.scale - guess) >= y
  const shift = b.scale - a.scale - guess;
  const atLeast = shift >= 0 ? x * pow10(shift) >= y : x >= y * pow10(-shift);
  return atLeast ? guess : guess - 1;
}

/**
 * The text of a BigDecimal as Java's `BigDecimal.toString()` writes it: plain, or scientific
 * (`1E-7`, `1.5E+3`) when the exponent is positive or below -6.
 */
export function javaDecimalText(text: string): string {
  const d = parseDecimal(text);
  const digits = (d.unscaled < 0n ? -d.unscaled : d.unscaled).toString();
  const adjusted = digits.length - 1 - d.scale;
  if (d.scale >= 0 && adjusted >= -6) return d.toString();
  const sign = d.unscaled < 0n ? '-' : '';
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
}

/** Whether a value is a number of Groovy's math. */
export function isGroovyNumber(v: unknown): v is GremlinNumber {
  return isNumber(v);
}
