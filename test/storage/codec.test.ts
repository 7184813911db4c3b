import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { ByteReader, ByteWriter, crc32, crc32Portable } from '../../src/storage/codec.js';
import { TypedNumber, Uuid, type PropertyValue } from '../../src/values/index.js';
import { QuiverError } from '../../src/errors.js';

const leaf: fc.Arbitrary<PropertyValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -0x80000000, max: 0x7fffffff }),
  fc.double(),
  fc.string({ unit: 'binary' }),
  fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }).map((b) => new TypedNumber('long', b)),
  fc.bigInt().map((b) => new TypedNumber('biginteger', b)),
  fc.constantFrom('byte', 'short', 'float', 'double').chain((t) => fc.double().map((n) => new TypedNumber(t as 'byte', n))),
  fc.stringMatching(/^-?\d{1,30}(\.\d{1,20})?$/).map((s) => new TypedNumber('bigdecimal', s)),
  fc.uuid().map((u) => new Uuid(u)),
  fc.string().map((s) => new Uuid(s)),
  fc.integer({ min: -8.64e15, max: 8.64e15 }).map((ms) => new Date(ms)),
  fc.uint8Array({ maxLength: 40 }),
);

const { value: propertyValue } = fc.letrec<{ value: PropertyValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => new Set(items)),
    fc.array(fc.tuple(tie('value'), tie('value')), { maxLength: 5 }).map((pairs) => new Map(pairs)),
  ),
}));

/** Structural equality that tells apart every type the codec distinguishes. */
function same(a: PropertyValue, b: PropertyValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (a.constructor !== b.constructor) return false;
  if (a instanceof TypedNumber && b instanceof TypedNumber) {
    return a.type === b.type && typeof a.value === typeof b.value && Object.is(a.value, b.value);
  }
  if (a instanceof Uuid && b instanceof Uuid) return a.text === b.text;
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.from(a).equals(Buffer.from(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i] as PropertyValue));
  if (a instanceof Set && b instanceof Set) {
    const xs = [...a] as PropertyValue[];
    const ys = [...b] as PropertyValue[];
    return xs.length === ys.length && xs.every((x, i) => same(x, ys[i] as PropertyValue));
  }
  if (a instanceof Map && b instanceof Map) {
    const xs = [...a] as [PropertyValue, PropertyValue][];
    const ys = [...b] as [PropertyValue, PropertyValue][];
    return xs.length === ys.length && xs.every(([k, v], i) => same(k, ys[i]![0]) && same(v, ys[i]![1]));
  }
  return false;
}

test('ByteWriter.value round-trips arbitrary nested property values through ByteReader.value', () => {
  fc.assert(
    fc.property(fc.array(propertyValue, { maxLength: 4 }), (values) => {
      const w = new ByteWriter({ initialCapacity: 16 });
      for (const v of values) w.value(v);
      const r = new ByteReader(w.finish());
      for (const v of values) assert.ok(same(r.value(), v), `mismatch for ${String(v)}`);
      assert.equal(r.done, true);
    }),
    { numRuns: 500 },
  );
});

test('ByteWriter keeps plain integers, negative zero and longs apart', () => {
  const w = new ByteWriter();
  w.value(-0);
  w.value(5);
  w.value(new TypedNumber('long', 5n));
  w.value(2 ** 40);
  const r = new ByteReader(w.finish());
  assert.ok(Object.is(r.value(), -0));
  assert.equal(r.value(), 5);
  const long = r.value();
  assert.ok(long instanceof TypedNumber && long.type === 'long' && long.value === 5n);
  assert.equal(r.value(), 2 ** 40);
});

test('ByteWriter scalar methods round-trip in order', () => {
  fc.assert(
    fc.property(
      fc.record({
        u8: fc.integer({ min: 0, max: 255 }),
        u32: fc.integer({ min: 0, max: 0xffffffff }),
        i32: fc.integer({ min: -0x80000000, max: 0x7fffffff }),
        f64: fc.double(),
        varUint: fc.maxSafeNat(),
        big: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
        u64: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        s: fc.string({ unit: 'binary' }),
        bytes: fc.uint8Array(),
        ints: fc.int32Array(),
        doubles: fc.float64Array(),
      }),
      (x) => {
        const w = new ByteWriter({ initialCapacity: 1 });
        w.u8(x.u8); w.u32(x.u32); w.i32(x.i32); w.f64(x.f64); w.varUint(x.varUint); w.bigint64(x.big); w.u64(x.u64);
        w.string(x.s); w.bytes(x.bytes); w.int32Array(x.ints); w.float64Array(x.doubles);
        const r = new ByteReader(w.finish());
        assert.equal(r.u8(), x.u8);
        assert.equal(r.u32(), x.u32);
        assert.equal(r.i32(), x.i32);
        assert.ok(Object.is(r.f64(), x.f64));
        assert.equal(r.varUint(), x.varUint);
        assert.equal(r.bigint64(), x.big);
        assert.equal(r.u64(), x.u64);
        assert.equal(r.string(), x.s);
        assert.deepEqual([...r.bytes()], [...x.bytes]);
        assert.deepEqual(r.int32Array(), x.ints);
        const doubles = r.float64Array();
        assert.equal(doubles.length, x.doubles.length);
        doubles.forEach((d, i) => assert.ok(Object.is(d, x.doubles[i])));
        assert.equal(r.done, true);
      },
    ),
  );
});

test('ByteReader reads typed arrays from unaligned offsets', () => {
  const w = new ByteWriter();
  w.u8(1);
  w.int32Array(new Int32Array([1, -2, 3]));
  w.float64Array(new Float64Array([0.5, -1e300]));
  const bytes = w.finish();
  const shifted = new Uint8Array(bytes.length + 3);
  shifted.set(bytes, 3);
  const r = new ByteReader(shifted.subarray(3));
  assert.equal(r.u8(), 1);
  assert.deepEqual([...r.int32Array()], [1, -2, 3]);
  assert.deepEqual([...r.float64Array()], [0.5, -1e300]);
});

test('ByteReader throws CODEC_TRUNCATED on every proper prefix of an encoding', () => {
  fc.assert(
    fc.property(propertyValue, fc.nat(), (v, cut) => {
      const w = new ByteWriter();
      w.value(v);
      const bytes = w.finish();
      const at = cut % bytes.length;
      assert.throws(() => new ByteReader(bytes.subarray(0, at)).value(), (e: unknown) =>
        e instanceof QuiverError && (e.code === 'CODEC_TRUNCATED' || e.code === 'CODEC_CORRUPT'));
    }),
  );
});

test('ByteReader.value rejects an unknown tag with CODEC_CORRUPT', () => {
  assert.throws(() => new ByteReader(new Uint8Array([200])).value(), { code: 'CODEC_CORRUPT' });
});

test('ByteWriter rejects values that are not property values and out-of-range integers', () => {
  const w = new ByteWriter();
  assert.throws(() => w.value({ a: 1 } as unknown as PropertyValue), { code: 'CODEC_UNSUPPORTED_VALUE' });
  assert.throws(() => w.value(undefined as unknown as PropertyValue), { code: 'CODEC_UNSUPPORTED_VALUE' });
  assert.throws(() => w.u8(256), { code: 'CODEC_ARGUMENT' });
  assert.throws(() => w.varUint(-1), { code: 'CODEC_ARGUMENT' });
  assert.throws(() => w.bigint64(1n << 63n), { code: 'CODEC_ARGUMENT' });
});

test('crc32 matches the standard check value and continues across buffers', () => {
  const text = new TextEncoder().encode('123456789');
  assert.equal(crc32(text), 0xcbf43926);
  assert.equal(crc32Portable(text), 0xcbf43926);
  fc.assert(
    fc.property(fc.uint8Array(), fc.uint8Array(), (a, b) => {
      const joined = Buffer.concat([a, b]);
      assert.equal(crc32Portable(joined), crc32(joined));
      assert.equal(crc32(b, crc32(a)), crc32(joined));
      assert.equal(crc32Portable(b, crc32Portable(a)), crc32(joined));
    }),
  );
});
