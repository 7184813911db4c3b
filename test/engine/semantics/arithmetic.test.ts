import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TypedNumber } from '../../../src/values/index.js';
import {
  add, div, mod, mul, neg, sub, meanOf, sumOf, minOf, maxOf, numberKind, toBigInt, fromJs, toJs, commonKind,
  decimalDiv, parseDecimal, formatValue,
} from '../../../src/engine/semantics/index.js';
import { QuiverError } from '../../../src/errors.js';

const d = (n: number): TypedNumber => new TypedNumber('double', n);
const l = (n: bigint): TypedNumber => new TypedNumber('long', n);
const b = (n: number): TypedNumber => new TypedNumber('byte', n);
const s = (n: number): TypedNumber => new TypedNumber('short', n);

test('commonKind follows NumberHelper promotion', () => {
  assert.equal(commonKind('int', 'long'), 'long');
  assert.equal(commonKind('byte', 'short'), 'short');
  assert.equal(commonKind('int', 'float'), 'float');
  assert.equal(commonKind('long', 'float'), 'double');
  assert.equal(commonKind('biginteger', 'double'), 'bigdecimal');
  assert.equal(commonKind('biginteger', 'long'), 'biginteger');
});

test('add keeps byte and short kinds as the data features expect', () => {
  assert.deepEqual(sumOf([b(1), b(2), b(3)]), b(6));
  assert.deepEqual(sumOf([s(10), s(10), s(15)]), s(35));
  assert.equal(sumOf([29, 27, 32, 35]), 123);
  assert.deepEqual(add(s(32767), s(2)), 32769);
});

test('add promotes int to long on overflow and fails past long', () => {
  assert.deepEqual(add(2147483647, 1), l(2147483648n));
  assert.throws(() => add(l(9223372036854775807n), 1), (e: unknown) => e instanceof QuiverError && e.code === 'ARITHMETIC_OVERFLOW');
});

test('float overflow becomes a double', () => {
  const big = new TypedNumber('float', Math.fround(3e38));
  const r = mul(big, new TypedNumber('float', 10));
  assert.equal(numberKind(r), 'double');
  assert.deepEqual(mul(d(1e308), d(10)), d(Infinity));
});

test('div is integer division for ints and fails on zero', () => {
  assert.equal(div(7, 2), 3);
  assert.equal(div(-7, 2), -3);
  assert.deepEqual(div(7, 2, { floating: true }), d(3.5));
  assert.throws(() => div(1, 0), (e: unknown) => e instanceof QuiverError && e.code === 'DIVISION_BY_ZERO');
  assert.deepEqual(div(d(1), d(0)), d(Infinity));
  assert.equal(mod(-7, 3), -1);
  assert.deepEqual(neg(l(5n)), l(-5n));
  assert.deepEqual(neg(-2147483648), l(2147483648n));
});

test('bigdecimal arithmetic is exact', () => {
  assert.deepEqual(add(new TypedNumber('bigdecimal', '0.1'), new TypedNumber('bigdecimal', '0.2')), new TypedNumber('bigdecimal', '0.3'));
  assert.equal(decimalDiv(parseDecimal('1'), parseDecimal('3')).toString(), '0.3333333333');
  assert.equal(decimalDiv(parseDecimal('1'), parseDecimal('8')).toString(), '0.125');
  assert.deepEqual(sumOf([2, 3, 4].map((n) => new TypedNumber('bigdecimal', String(n)))), new TypedNumber('bigdecimal', '9'));
});

test('mean, min and max follow the Mean and Min features', () => {
  assert.deepEqual(meanOf([29, 27, 32, 35]), d(30.75));
  assert.deepEqual(meanOf([null, 10, 20, null]), d(15));
  assert.equal(meanOf([]), undefined);
  assert.equal(minOf([29, 27, 32, 35]), 27);
  assert.equal(minOf(['marko', 'vadas', 'josh']), 'josh');
  assert.deepEqual(minOf([29, d(0.4), d(0.5)]), d(0.4));
  assert.deepEqual(maxOf([null, l(9999999999n), 5]), l(9999999999n));
  assert.deepEqual(sumOf([d(1), 2, 3, 4, 5]), d(15));
});

const INT = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const LONG = [-(2n ** 63n), 2n ** 63n - 1n] as const;

test('int and long arithmetic matches a BigInt reference with promotion', () => {
  const operand = fc.oneof(
    fc.integer().map((n) => n as number | TypedNumber),
    fc.bigInt({ min: LONG[0], max: LONG[1] }).map(l),
  );
  const ops = [
    ['add', add, (x: bigint, y: bigint) => x + y],
    ['sub', sub, (x: bigint, y: bigint) => x - y],
    ['mul', mul, (x: bigint, y: bigint) => x * y],
  ] as const;
  fc.assert(
    fc.property(operand, operand, fc.constantFrom(...ops), (a, c, [, fn, ref]) => {
      const expected = ref(toBigInt(a), toBigInt(c));
      const bothInt = typeof a === 'number' && typeof c === 'number';
      if (expected < LONG[0] || expected > LONG[1]) {
        assert.throws(() => fn(a, c));
        return;
      }
      const r = fn(a, c);
      assert.equal(toBigInt(r), expected);
      const wantKind = bothInt && expected >= INT[0] && expected <= INT[1] ? 'int' : 'long';
      assert.equal(numberKind(r), wantKind);
    }),
    { numRuns: 3000 },
  );
});

test('toJs and fromJs convert between plain and typed values', () => {
  assert.equal(toJs(l(6n)), 6);
  assert.equal(toJs(l(2n ** 60n)), 2n ** 60n);
  assert.equal(toJs(new TypedNumber('bigdecimal', '10.5')), 10.5);
  assert.equal(toJs(new TypedNumber('bigdecimal', '0.10000000000000000001')), '0.10000000000000000001');
  assert.deepEqual(toJs([d(0.5), new Map([['a', l(1n)]])]), [0.5, new Map([['a', 1]])]);
  assert.equal(fromJs(5), 5);
  assert.deepEqual(fromJs(2.5), d(2.5));
  assert.deepEqual(fromJs(3e9), d(3e9));
  assert.deepEqual(fromJs(7n), l(7n));
  assert.deepEqual(fromJs({ a: [1, undefined] }), new Map([['a', [1, null]]]));
});

test('formatValue prints like Java', () => {
  assert.equal(formatValue(d(1)), '1.0');
  assert.equal(formatValue(d(1e21)), '1.0E21');
  assert.equal(formatValue(d(0.0001)), '1.0E-4');
  assert.equal(formatValue(d(12345.5)), '12345.5');
  assert.equal(formatValue(new TypedNumber('float', Math.fround(0.1))), '0.1');
  assert.equal(formatValue([1, d(2), 'a']), '[1, 2.0, a]');
  assert.equal(formatValue(new Map([['a', 1]])), '{a=1}');
  assert.equal(formatValue(new Date(Date.UTC(2023, 7, 2))), '2023-08-02T00:00Z');
});

test('bigdecimal add, sub and mul match a scaled BigInt reference', () => {
  const dec = fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 6 }));
  const text = ([u, s]: [bigint, number]): string => {
    const neg = u < 0n;
    const digits = (neg ? -u : u).toString().padStart(s + 1, '0');
    return (neg ? '-' : '') + (s === 0 ? digits : `${digits.slice(0, digits.length - s)}.${digits.slice(digits.length - s)}`);
  };
  fc.assert(
    fc.property(dec, dec, ([ua, sa], [ub, sb]) => {
      const a = new TypedNumber('bigdecimal', text([ua, sa]));
      const c = new TypedNumber('bigdecimal', text([ub, sb]));
      const scale = Math.max(sa, sb);
      const [x, y] = [ua * 10n ** BigInt(scale - sa), ub * 10n ** BigInt(scale - sb)];
      assert.equal(formatValue(add(a, c)), text([x + y, scale]));
      assert.equal(formatValue(sub(a, c)), text([x - y, scale]));
      assert.equal(formatValue(mul(a, c)), text([ua * ub, sa + sb]));
    }),
  );
});
