/**
 * The codec's growable little-endian byte writer.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../errors.js';
import { TypedNumber, Uuid, type PropertyValue } from '../../values/index.js';
import { Tag, TypedKind, NUMERIC_TYPES, UUID_PATTERN, LITTLE_ENDIAN, MAX_DEPTH, INT64_MIN, INT64_MAX, checkInteger, describe } from './shared.js';

/**
 * Growable little-endian byte buffer. `finish()` returns the written bytes as a view (no copy)
 * and leaves the writer empty for reuse.
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
    if (s.length === 0) {
      // The empty string is its zero length alone (a snapshot writes one per vertex of number id).
      this.reserve(1);
      this.buf[this.pos++] = 0;
      return;
    }
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
