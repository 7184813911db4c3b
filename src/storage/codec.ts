/**
 * Binary codec shared by the write-ahead log, snapshots and the store's batch logs:
 * a growable little-endian {@link ByteWriter}, its {@link ByteReader}, and {@link crc32}.
 *
 * `value()` writes a tagged encoding of every {@link PropertyValue}, so nested lists, sets and
 * maps round-trip with their exact types (a plain number stays an Integer, a long stays a long).
 * Strings are UTF-8: a lone surrogate cannot be represented and is written as U+FFFD.
 * @module
 */
import * as zlib from 'node:zlib';
import { ArgumentError, StorageError, UnsupportedError } from '../errors.js';
import { TypedNumber, Uuid, type NumericType, type PropertyValue } from '../engine/values.js';

const enum Tag {
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

const enum TypedKind {
  Number = 0,
  BigInt = 1,
  Text = 2,
}

const NUMERIC_TYPES: readonly NumericType[] = ['byte', 'short', 'long', 'float', 'double', 'biginteger', 'bigdecimal'];
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const MAX_DEPTH = 512;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/**
 * Growable little-endian byte buffer. `finish()` returns the written bytes as a view (no copy)
 * and leaves the writer empty for reuse.
 *
 * @example
 * ```ts
 * const w = new ByteWriter();
 * w.u32(7); w.string('marko'); w.value(new Set([1, 'a']));
 * const bytes = w.finish();
 * ```
 */
export class ByteWriter {
  private buf: Buffer;
  private view: DataView;
  private pos = 0;

  constructor(options: { initialCapacity?: number } = {}) {
    this.buf = Buffer.allocUnsafe(Math.max(16, options.initialCapacity ?? 256));
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
  }

  /** Number of bytes written so far. */
  get length(): number {
    return this.pos;
  }

  /** Writes one unsigned byte (0..255). */
  u8(n: number): void {
    checkInteger(n, 0, 0xff, 'u8');
    this.reserve(1);
    this.buf[this.pos++] = n;
  }

  /** Writes an unsigned 32-bit integer. */
  u32(n: number): void {
    checkInteger(n, 0, 0xffffffff, 'u32');
    const at = this.put(4);
    this.view.setUint32(at, n, true);
  }

  /** Writes a signed 32-bit integer. */
  i32(n: number): void {
    checkInteger(n, -0x80000000, 0x7fffffff, 'i32');
    const at = this.put(4);
    this.view.setInt32(at, n, true);
  }

  /** Writes a 64-bit float. */
  f64(n: number): void {
    const at = this.put(8);
    this.view.setFloat64(at, n, true);
  }

  /** Writes an unsigned LEB128 varint of a safe integer (0..2^53-1). */
  varUint(n: number): void {
    checkInteger(n, 0, Number.MAX_SAFE_INTEGER, 'varUint');
    this.reserve(8);
    let rest = n;
    while (rest >= 0x80) {
      this.buf[this.pos++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buf[this.pos++] = rest;
  }

  /** Writes a signed 64-bit integer. */
  bigint64(b: bigint): void {
    if (b < INT64_MIN || b > INT64_MAX) {
      throw new ArgumentError('CODEC_ARGUMENT', `Cannot encode bigint64: ${b} is outside the signed 64-bit range`);
    }
    const at = this.put(8);
    this.view.setBigInt64(at, b, true);
  }

  /** Writes an unsigned 64-bit integer (used for log sequence numbers). */
  u64(b: bigint): void {
    if (b < 0n || b > 0xffffffffffffffffn) {
      throw new ArgumentError('CODEC_ARGUMENT', `Cannot encode u64: ${b} is outside the unsigned 64-bit range`);
    }
    const at = this.put(8);
    this.view.setBigUint64(at, b, true);
  }

  /** Writes a zigzag LEB128 varint of a bigint of any size. */
  varBigInt(b: bigint): void {
    let rest = b >= 0n ? b << 1n : ((-b) << 1n) - 1n;
    while (rest >= 0x80n) {
      this.u8(Number(rest & 0x7fn) | 0x80);
      rest >>= 7n;
    }
    this.u8(Number(rest));
  }

  /** Writes a UTF-8 string prefixed with its byte length. */
  string(s: string): void {
    const size = Buffer.byteLength(s, 'utf8');
    this.varUint(size);
    this.reserve(size);
    this.pos += this.buf.write(s, this.pos, size, 'utf8');
  }

  /** Writes a byte array prefixed with its length. */
  bytes(b: Uint8Array): void {
    this.varUint(b.byteLength);
    this.raw(b);
  }

  /** Writes bytes with no length prefix. */
  raw(b: Uint8Array): void {
    this.reserve(b.byteLength);
    this.buf.set(b, this.pos);
    this.pos += b.byteLength;
  }

  /** Writes an Int32Array prefixed with its element count, in one copy on little-endian hosts. */
  int32Array(a: Int32Array): void {
    this.varUint(a.length);
    this.typedArray(a, 4, (i) => this.view.setInt32(this.pos + i * 4, a[i] ?? 0, true));
  }

  /** Writes a Float64Array prefixed with its element count, in one copy on little-endian hosts. */
  float64Array(a: Float64Array): void {
    this.varUint(a.length);
    this.typedArray(a, 8, (i) => this.view.setFloat64(this.pos + i * 8, a[i] ?? 0, true));
  }

  /** Writes a tagged encoding of any property value, nested collections included. */
  value(v: PropertyValue): void {
    this.tagged(v, 0);
  }

  /** Returns the written bytes (a view, no copy) and leaves the writer empty. */
  finish(): Uint8Array {
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(256);
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    this.pos = 0;
    return out;
  }

  private typedArray(a: Int32Array | Float64Array, width: number, put: (i: number) => void): void {
    this.reserve(a.length * width);
    if (LITTLE_ENDIAN) {
      this.buf.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), this.pos);
    } else {
      for (let i = 0; i < a.length; i++) put(i);
    }
    this.pos += a.length * width;
  }

  private tagged(v: PropertyValue, depth: number): void {
    if (depth > MAX_DEPTH) {
      throw new UnsupportedError('CODEC_UNSUPPORTED_VALUE', `Cannot encode value: nesting deeper than ${MAX_DEPTH}`);
    }
    if (v === null) return this.u8(Tag.Null);
    switch (typeof v) {
      case 'boolean':
        return this.u8(v ? Tag.True : Tag.False);
      case 'number':
        if (Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff && !Object.is(v, -0)) {
          this.u8(Tag.Int);
          return this.varUint(v >= 0 ? v * 2 : -v * 2 - 1);
        }
        this.u8(Tag.Number);
        return this.f64(v);
      case 'string':
        this.u8(Tag.String);
        return this.string(v);
      default:
        return this.taggedObject(v, depth);
    }
  }

  private taggedObject(v: object, depth: number): void {
    if (v instanceof TypedNumber) return this.typedNumber(v);
    if (v instanceof Uuid) {
      if (UUID_PATTERN.test(v.text)) {
        this.u8(Tag.Uuid);
        return this.raw(Buffer.from(v.text.replaceAll('-', ''), 'hex'));
      }
      this.u8(Tag.UuidText);
      return this.string(v.text);
    }
    if (v instanceof Date) {
      this.u8(Tag.Date);
      return this.f64(v.getTime());
    }
    if (v instanceof Uint8Array) {
      this.u8(Tag.Bytes);
      return this.bytes(v);
    }
    if (Array.isArray(v)) {
      this.u8(Tag.List);
      this.varUint(v.length);
      for (const item of v as readonly PropertyValue[]) this.tagged(item, depth + 1);
      return;
    }
    if (v instanceof Set) {
      this.u8(Tag.Set);
      this.varUint(v.size);
      for (const item of v as ReadonlySet<PropertyValue>) this.tagged(item, depth + 1);
      return;
    }
    if (v instanceof Map) {
      this.u8(Tag.Map);
      this.varUint(v.size);
      for (const [key, item] of v as ReadonlyMap<PropertyValue, PropertyValue>) {
        this.tagged(key, depth + 1);
        this.tagged(item, depth + 1);
      }
      return;
    }
    throw new UnsupportedError('CODEC_UNSUPPORTED_VALUE', `Cannot encode value: ${describe(v)} is not a property value`);
  }

  private typedNumber(v: TypedNumber): void {
    const typeIndex = NUMERIC_TYPES.indexOf(v.type);
    if (typeIndex < 0) {
      throw new UnsupportedError('CODEC_UNSUPPORTED_VALUE', `Cannot encode value: unknown numeric type '${String(v.type)}'`);
    }
    this.u8(Tag.Typed);
    this.u8(typeIndex);
    if (typeof v.value === 'number') {
      this.u8(TypedKind.Number);
      this.f64(v.value);
    } else if (typeof v.value === 'bigint') {
      this.u8(TypedKind.BigInt);
      this.varBigInt(v.value);
    } else {
      this.u8(TypedKind.Text);
      this.string(v.value);
    }
  }

  /** Reserves `size` bytes and returns the offset at which to write them. */
  private put(size: number): number {
    this.reserve(size);
    this.pos += size;
    return this.pos - size;
  }

  private reserve(extra: number): void {
    const needed = this.pos + extra;
    if (needed <= this.buf.byteLength) return;
    let capacity = this.buf.byteLength * 2;
    while (capacity < needed) capacity *= 2;
    const next = Buffer.allocUnsafe(capacity);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer, next.byteOffset, next.byteLength);
  }
}

/**
 * Reads what a {@link ByteWriter} wrote, in the same order. `bytes()` returns a view into the
 * input (no copy); `value()` copies blobs so that a decoded value never pins the input buffer.
 * Reading past the end throws StorageError `CODEC_TRUNCATED`; malformed data `CODEC_CORRUPT`.
 *
 * @example
 * ```ts
 * const r = new ByteReader(bytes);
 * const n = r.u32(); const name = r.string(); const v = r.value();
 * if (!r.done) throw new Error('trailing bytes');
 * ```
 */
export class ByteReader {
  private readonly buf: Buffer;
  private readonly view: DataView;
  private pos = 0;

  constructor(bytes: Uint8Array) {
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** True when every byte has been read. */
  get done(): boolean {
    return this.pos >= this.buf.byteLength;
  }

  /** Current read offset. */
  get offset(): number {
    return this.pos;
  }

  /** Bytes left to read. */
  get remaining(): number {
    return this.buf.byteLength - this.pos;
  }

  /** Reads one unsigned byte. */
  u8(): number {
    return this.buf[this.take(1)] ?? 0;
  }

  /** Reads an unsigned 32-bit integer. */
  u32(): number {
    return this.view.getUint32(this.take(4), true);
  }

  /** Reads a signed 32-bit integer. */
  i32(): number {
    return this.view.getInt32(this.take(4), true);
  }

  /** Reads a 64-bit float. */
  f64(): number {
    return this.view.getFloat64(this.take(8), true);
  }

  /** Reads an unsigned LEB128 varint. */
  varUint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.u8();
      result += (b & 0x7f) * scale;
      if (b < 0x80) {
        if (result > Number.MAX_SAFE_INTEGER) break;
        return result;
      }
      scale *= 0x80;
    }
    throw new StorageError('CODEC_CORRUPT', `Cannot decode varint: malformed at offset ${this.pos}`);
  }

  /** Reads a signed 64-bit integer. */
  bigint64(): bigint {
    return this.view.getBigInt64(this.take(8), true);
  }

  /** Reads an unsigned 64-bit integer. */
  u64(): bigint {
    return this.view.getBigUint64(this.take(8), true);
  }

  /** Reads a zigzag LEB128 bigint. */
  varBigInt(): bigint {
    let zig = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.u8();
      zig |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) break;
      shift += 7n;
    }
    return (zig & 1n) === 0n ? zig >> 1n : -((zig + 1n) >> 1n);
  }

  /** Reads a length-prefixed UTF-8 string. */
  string(): string {
    const size = this.varUint();
    this.need(size);
    const s = this.buf.toString('utf8', this.pos, this.pos + size);
    this.pos += size;
    return s;
  }

  /** Reads a length-prefixed byte array as a view into the input. */
  bytes(): Uint8Array {
    return this.raw(this.varUint());
  }

  /** Reads `size` bytes with no prefix, as a view into the input. */
  raw(size: number): Uint8Array {
    this.need(size);
    const out = new Uint8Array(this.buf.buffer, this.buf.byteOffset + this.pos, size);
    this.pos += size;
    return out;
  }

  /** Reads an Int32Array (a copy, so it is aligned). */
  int32Array(): Int32Array {
    const count = this.varUint();
    const out = new Int32Array(count);
    this.typedArray(out, 4, (i, at) => (out[i] = this.view.getInt32(at, true)));
    return out;
  }

  /** Reads a Float64Array (a copy, so it is aligned). */
  float64Array(): Float64Array {
    const count = this.varUint();
    const out = new Float64Array(count);
    this.typedArray(out, 8, (i, at) => (out[i] = this.view.getFloat64(at, true)));
    return out;
  }

  /** Reads one tagged property value. */
  value(): PropertyValue {
    return this.tagged(0);
  }

  private typedArray(out: Int32Array | Float64Array, width: number, get: (i: number, at: number) => void): void {
    const size = out.length * width;
    this.need(size);
    if (LITTLE_ENDIAN) {
      new Uint8Array(out.buffer).set(this.buf.subarray(this.pos, this.pos + size));
    } else {
      for (let i = 0; i < out.length; i++) get(i, this.pos + i * width);
    }
    this.pos += size;
  }

  private tagged(depth: number): PropertyValue {
    if (depth > MAX_DEPTH) throw new StorageError('CODEC_CORRUPT', `Cannot decode value: nesting deeper than ${MAX_DEPTH}`);
    const tag = this.u8();
    switch (tag) {
      case Tag.Null:
        return null;
      case Tag.False:
        return false;
      case Tag.True:
        return true;
      case Tag.Int: {
        const zig = this.varUint();
        return zig % 2 === 0 ? zig / 2 : -(zig + 1) / 2;
      }
      case Tag.Number:
        return this.f64();
      case Tag.Typed:
        return this.typedNumber();
      case Tag.String:
        return this.string();
      case Tag.Uuid:
        return new Uuid(formatUuid(this.raw(16)));
      case Tag.UuidText:
        return new Uuid(this.string());
      case Tag.Date:
        return new Date(this.f64());
      case Tag.Bytes:
        return this.bytes().slice();
      case Tag.List:
        return this.collection((n) => Array.from({ length: n }, () => this.tagged(depth + 1)));
      case Tag.Set:
        return this.collection((n) => {
          const out = new Set<PropertyValue>();
          for (let i = 0; i < n; i++) out.add(this.tagged(depth + 1));
          return out;
        });
      case Tag.Map:
        return this.collection((n) => {
          const out = new Map<PropertyValue, PropertyValue>();
          for (let i = 0; i < n; i++) out.set(this.tagged(depth + 1), this.tagged(depth + 1));
          return out;
        });
      default:
        throw new StorageError('CODEC_CORRUPT', `Cannot decode value: unknown tag ${tag} at offset ${this.pos - 1}`);
    }
  }

  private collection<T>(build: (count: number) => T): T {
    const count = this.varUint();
    if (count > this.remaining) {
      throw new StorageError('CODEC_CORRUPT', `Cannot decode value: collection of ${count} items exceeds the ${this.remaining} bytes left`);
    }
    return build(count);
  }

  private typedNumber(): TypedNumber {
    const type = NUMERIC_TYPES[this.u8()];
    if (type === undefined) throw new StorageError('CODEC_CORRUPT', `Cannot decode value: unknown numeric type at offset ${this.pos - 1}`);
    const kind = this.u8();
    switch (kind) {
      case TypedKind.Number:
        return new TypedNumber(type, this.f64());
      case TypedKind.BigInt:
        return new TypedNumber(type, this.varBigInt());
      case TypedKind.Text:
        return new TypedNumber(type, this.string());
      default:
        throw new StorageError('CODEC_CORRUPT', `Cannot decode value: unknown numeric representation ${kind}`);
    }
  }

  /** Checks that `size` bytes remain and returns the offset at which they start. */
  private take(size: number): number {
    this.need(size);
    this.pos += size;
    return this.pos - size;
  }

  private need(size: number): void {
    if (this.pos + size > this.buf.byteLength) {
      throw new StorageError(
        'CODEC_TRUNCATED',
        `Cannot decode: needs ${size} bytes at offset ${this.pos} but only ${this.buf.byteLength - this.pos} remain`,
      );
    }
  }
}

const CRC_TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * Table-driven CRC-32 (IEEE 802.3, as zlib), continuing from `previous` when given.
 * Used where node:zlib has no `crc32` (Node before 20.15).
 *
 * @example
 * ```ts
 * crc32Portable(new TextEncoder().encode('123456789')); // 0xcbf43926
 * ```
 */
export function crc32Portable(bytes: Uint8Array, previous = 0): number {
  let c = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}

const nativeCrc32: ((data: Uint8Array, value?: number) => number) | undefined = (
  zlib as { crc32?: (data: Uint8Array, value?: number) => number }
).crc32;

/**
 * CRC-32 of `bytes` (node:zlib's native implementation when present), continuing from
 * `previous` when given so that a checksum can span several buffers.
 *
 * @example
 * ```ts
 * const sum = crc32(payload);
 * const spanning = crc32(second, crc32(first)); // same as crc32 of first+second
 * ```
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  return nativeCrc32 === undefined ? crc32Portable(bytes, previous) : nativeCrc32(bytes, previous) >>> 0;
}

function checkInteger(n: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ArgumentError('CODEC_ARGUMENT', `Cannot encode ${what}: ${n} is not an integer in ${min}..${max}`);
  }
}

function formatUuid(b: Uint8Array): string {
  const hex = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function describe(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'object' && v !== null) return `an instance of ${v.constructor?.name ?? 'Object'}`;
  return `a ${typeof v}`;
}
