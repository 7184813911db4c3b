/**
 * Tags, limits and small helpers shared by the codec's writer and reader.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { NumericType } from '../../values/index.js';

/** Type tag written before every encoded value. */
export const enum Tag {
  Null = 0,
  False = 1,
  True = 2,
  Int = 3,
  Number = 4,
  Typed = 5,
  String = 6,
  Uuid = 7,
  UuidText = 8,
  Date = 9,
  Bytes = 10,
  List = 11,
  Set = 12,
  Map = 13,
}

/** How the payload of a TypedNumber is stored. */
export const enum TypedKind {
  Number = 0,
  BigInt = 1,
  Text = 2,
}

/** Numeric types in their encoded order. */
export const NUMERIC_TYPES: readonly NumericType[] = ['byte', 'short', 'long', 'float', 'double', 'biginteger', 'bigdecimal'];
/** Canonical lower-case UUID text. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** True on little-endian hosts, where typed arrays can be copied as raw bytes. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Deepest nesting of lists, sets and maps the codec accepts. */
export const MAX_DEPTH = 512;
/** Smallest signed 64-bit integer. */
export const INT64_MIN = -(1n << 63n);
/** Largest signed 64-bit integer. */
export const INT64_MAX = (1n << 63n) - 1n;
/** Throws CODEC_ARGUMENT unless `n` is an integer in [min, max]. */
export function checkInteger(n: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ArgumentError('CODEC_ARGUMENT', `Cannot encode ${what}: ${n} is not an integer in ${min}..${max}`);
  }
}

/** Canonical text of 16 UUID bytes. */
export function formatUuid(b: Uint8Array): string {
  const hex = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Short description of a value's type for error messages. */
export function describe(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'object' && v !== null) return `an instance of ${v.constructor?.name ?? 'Object'}`;
  return `a ${typeof v}`;
}
