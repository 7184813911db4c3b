/**
 * The codec's byte reader, the inverse of ByteWriter.
 * @module
 */
import { StorageError } from '../../errors.js';
import { TypedNumber, Uuid, type PropertyValue } from '../../values/index.js';
import { Tag, TypedKind, NUMERIC_TYPES, LITTLE_ENDIAN, MAX_DEPTH, formatUuid } from './shared.js';
/**
 * Reads what a {@link ByteWriter} wrote, in the same order. `bytes()` returns a view into the
 * input (no copy); `value()` copies blobs so that a decoded value never pins the input buffer.
 * Reading past the end throws StorageError `CODEC_TRUNCATED`; malformed data `CODEC_CORRUPT`.
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
