/**
 * HugeGraph's sortable text encoding of numbers and dates (hugegraph-notes §7.1), used inside
 * PRIMARY_KEY vertex ids and edge sort values.
 *
 * A value first becomes a signed 64-bit "sortable long": integers as they are, floats and
 * doubles through their IEEE-754 bits with the negative half flipped (so the longs compare like
 * the numbers), dates as epoch milliseconds. A negative long gets 2^63 added and a leading `0`.
 * The long is then written in base 64 over the alphabet `0-9A-Z_a-z~`, most significant digit
 * first, after one length character from `0-9A-F`. Plain string comparison of two encodings of
 * the same type orders them like the values.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { formatDate } from '../../values/index.js';

/**
 * Data types that have a sortable text encoding.
 */
export type SortableType = 'INT' | 'LONG' | 'FLOAT' | 'DOUBLE' | 'DATE' | 'BYTE';

/**
 * The base-64 digits of the encoding, in ascending order.
 */
const SORTABLE_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~';

const LENGTH_DIGITS = '0123456789ABCDEF';
const NEGATIVE_MARK = '0';
const TWO_63 = 1n << 63n;
/**
 * Smallest Java long.
 */
export const LONG_MIN = -TWO_63;
/**
 * Largest Java long.
 */
export const LONG_MAX = TWO_63 - 1n;
const DOUBLE_MAGNITUDE_MASK = 0x7fffffffffffffffn;
const CANONICAL_DOUBLE_NAN = 0x7ff8000000000000n;
const CANONICAL_FLOAT_NAN = 0x7fc00000;

const INTEGER_RANGES: Readonly<Record<'INT' | 'BYTE' | 'LONG', readonly [bigint, bigint]>> = {
  BYTE: [-128n, 127n],
  INT: [-2147483648n, 2147483647n],
  LONG: [LONG_MIN, LONG_MAX],
};

function fail(value: unknown, type: SortableType, detail: string): never {
  throw new ArgumentError('SORTABLE_VALUE', `Cannot encode ${String(value)} as sortable ${type}: ${detail}`);
}

function integerOf(value: number | bigint | Date, type: 'INT' | 'BYTE' | 'LONG'): bigint {
  if (value instanceof Date) {
    return fail(formatDate(value, 'iso'), type, 'a date is not a number');
  }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    return fail(value, type, 'it is not a safe integer');
  }
  const big = BigInt(value);
  const [min, max] = INTEGER_RANGES[type];
  if (big < min || big > max) {
    return fail(value, type, `it is outside ${min}..${max}`);
  }
  return big;
}

function floatingOf(value: number | bigint | Date, type: 'FLOAT' | 'DOUBLE'): number {
  if (value instanceof Date) {
    return fail(formatDate(value, 'iso'), type, 'a date is not a number');
  }
  return typeof value === 'bigint' ? Number(value) : value;
}

/**
 * Java's `Double.doubleToLongBits` followed by Lucene's sortable flip, as a signed 64-bit value.
 */
function doubleToSortableLong(value: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = Number.isNaN(value) ? BigInt.asIntN(64, CANONICAL_DOUBLE_NAN) : view.getBigInt64(0);
  return bits < 0n ? bits ^ DOUBLE_MAGNITUDE_MASK : bits;
}

/**
 * Inverse of {@link doubleToSortableLong}.
 */
function sortableLongToDouble(value: bigint): number {
  const bits = value < 0n ? value ^ DOUBLE_MAGNITUDE_MASK : value;
  const view = new DataView(new ArrayBuffer(8));
  view.setBigInt64(0, bits);
  return view.getFloat64(0);
}

/**
 * Java's `Float.floatToIntBits` followed by Lucene's sortable flip, as a signed 32-bit value.
 * The input is first rounded to the nearest float.
 */
function floatToSortableInt(value: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  const bits = Number.isNaN(value) ? CANONICAL_FLOAT_NAN : view.getInt32(0);
  return bits < 0 ? bits ^ 0x7fffffff : bits;
}

/**
 * Inverse of {@link floatToSortableInt}.
 */
function sortableIntToFloat(value: number): number {
  const bits = value < 0 ? value ^ 0x7fffffff : value;
  const view = new DataView(new ArrayBuffer(4));
  view.setInt32(0, bits);
  return view.getFloat32(0);
}

/**
 * Writes a signed 64-bit value as sortable base-64 text (HugeGraph's `LongEncoding.encodeSortable`).
 */
export function encodeSortableLong(value: bigint): string {
  if (value < LONG_MIN || value > LONG_MAX) {
    throw new ArgumentError('SORTABLE_VALUE', `Cannot encode ${value} as sortable LONG: it is outside ${LONG_MIN}..${LONG_MAX}`);
  }
  const negative = value < 0n;
  let rest = negative ? value + TWO_63 : value;
  let digits = '';
  do {
    digits = SORTABLE_DIGITS.charAt(Number(rest & 63n)) + digits;
    rest >>= 6n;
  } while (rest !== 0n);
  return (negative ? NEGATIVE_MARK : '') + LENGTH_DIGITS.charAt(digits.length) + digits;
}

/**
 * Reads text written by {@link encodeSortableLong}.
 */
export function decodeSortableLong(text: string): bigint {
  const bad = (detail: string): never => {
    throw new ArgumentError('SORTABLE_FORMAT', `Invalid sortable number '${text}': ${detail}`);
  };
  const negative = text.length > 0 && text.charAt(0) === NEGATIVE_MARK;
  const lengthAt = negative ? 1 : 0;
  const length = LENGTH_DIGITS.indexOf(text.charAt(lengthAt));
  if (text.length <= lengthAt || length < 1) {
    return bad('it does not start with a length digit 1-F');
  }
  if (length !== text.length - lengthAt - 1) {
    return bad(`the length digit says ${length} digits but ${text.length - lengthAt - 1} follow`);
  }
  let value = 0n;
  for (const ch of text.slice(lengthAt + 1)) {
    const digit = SORTABLE_DIGITS.indexOf(ch);
    if (digit < 0) {
      return bad(`'${ch}' is not a base-64 digit`);
    }
    value = value * 64n + BigInt(digit);
  }
  if (value > LONG_MAX) {
    return bad('the value does not fit in 63 bits');
  }
  return negative ? value - TWO_63 : value;
}

/**
 * Encodes a number or date as HugeGraph's sortable text for the given data type.
 * INT, BYTE and LONG must be integers in range; FLOAT rounds to the nearest float; DATE takes a
 * `Date` (or epoch milliseconds). Fails with ArgumentError `SORTABLE_VALUE` otherwise.
 */
export function encodeSortable(value: number | bigint | Date, type: SortableType): string {
  switch (type) {
    case 'INT':
    case 'BYTE':
    case 'LONG':
      return encodeSortableLong(integerOf(value, type));
    case 'FLOAT':
      return encodeSortableLong(BigInt(floatToSortableInt(floatingOf(value, type))));
    case 'DOUBLE':
      return encodeSortableLong(doubleToSortableLong(floatingOf(value, type)));
    case 'DATE': {
      const millis = value instanceof Date ? value.getTime() : value;
      if (typeof millis === 'number' && !Number.isSafeInteger(millis)) {
        return fail(value, type, 'it is not a valid date');
      }
      return encodeSortableLong(BigInt(millis));
    }
  }
}

/**
 * Decodes text written by {@link encodeSortable} back to the value of the given data type:
 * LONG gives a `bigint`, DATE a `Date`, the other types a `number`.
 * Fails with ArgumentError `SORTABLE_FORMAT` when the text is malformed or out of range.
 */
export function decodeSortable(text: string, type: 'LONG'): bigint;
export function decodeSortable(text: string, type: 'DATE'): Date;
export function decodeSortable(text: string, type: 'INT' | 'BYTE' | 'FLOAT' | 'DOUBLE'): number;
export function decodeSortable(text: string, type: SortableType): number | bigint | Date;
export function decodeSortable(text: string, type: SortableType): number | bigint | Date {
  const value = decodeSortableLong(text);
  const inRange = (min: bigint, max: bigint): bigint => {
    if (value < min || value > max) {
      throw new ArgumentError('SORTABLE_FORMAT', `Invalid sortable number '${text}': ${value} is not a ${type}`);
    }
    return value;
  };
  switch (type) {
    case 'LONG':
      return value;
    case 'INT':
    case 'BYTE':
      return Number(inRange(...INTEGER_RANGES[type]));
    case 'FLOAT':
      return sortableIntToFloat(Number(inRange(...INTEGER_RANGES.INT)));
    case 'DOUBLE':
      return sortableLongToDouble(value);
    case 'DATE':
      return new Date(Number(inRange(-8640000000000000n, 8640000000000000n)));
  }
}
