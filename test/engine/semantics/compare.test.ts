import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TypedNumber, Uuid } from '../../../src/values/index.js';
import { Edge, Vertex } from '../../../src/engine/elements.js';
import { Path } from '../../../src/engine/path-tree.js';
import { compare, isEqual, orderCompare, testCompare, valueKey } from '../../../src/engine/semantics/index.js';

const d = (n: number): TypedNumber => new TypedNumber('double', n);
const l = (n: bigint): TypedNumber => new TypedNumber('long', n);

test('testCompare follows the Comparability feature for null', () => {
  assert.equal(testCompare('eq', null, null), true);
  assert.equal(testCompare('neq', null, null), false);
  assert.equal(testCompare('lt', null, null), false);
  assert.equal(testCompare('lte', null, null), true);
  assert.equal(testCompare('gt', null, null), false);
  assert.equal(testCompare('gte', null, null), true);
});

test('testCompare makes every NaN comparison false except neq', () => {
  for (const other of [d(NaN), d(1), null]) {
    for (const [a, b] of [[d(NaN), other], [other, d(NaN)]] as const) {
      if (a === null && b === null) continue;
      assert.equal(testCompare('eq', a, b), false);
      assert.equal(testCompare('neq', a, b), true);
      for (const op of ['lt', 'lte', 'gt', 'gte'] as const) assert.equal(testCompare(op, a, b), false, `${op} ${String(a)} ${String(b)}`);
    }
  }
});

test('testCompare treats strings and numbers as incomparable', () => {
  assert.equal(compare('foo', d(1)), undefined);
  assert.equal(testCompare('neq', 'foo', d(1)), true);
  for (const op of ['eq', 'lt', 'lte', 'gt', 'gte'] as const) assert.equal(testCompare(op, 'foo', d(1)), false);
});

test('testCompare orders infinities', () => {
  assert.equal(testCompare('eq', d(Infinity), d(Infinity)), true);
  assert.equal(testCompare('gt', d(Infinity), d(-Infinity)), true);
  assert.equal(testCompare('lt', d(-Infinity), d(Infinity)), true);
  assert.equal(testCompare('gt', d(-Infinity), d(Infinity)), false);
});

test('isEqual compares numbers by value across types', () => {
  assert.equal(isEqual(1, l(1n)), true);
  assert.equal(isEqual(1, d(1)), true);
  assert.equal(isEqual(new TypedNumber('bigdecimal', '1.00'), new TypedNumber('float', 1)), true);
  assert.equal(isEqual([1, 'a'], [d(1), 'a']), true);
  assert.equal(isEqual(new Map([['a', 1]]), new Map([['a', l(1n)]])), true);
  assert.equal(isEqual(new Set([1, 2]), new Set([2, 1])), true);
  assert.equal(isEqual('1', 1), false);
  assert.equal(isEqual([1, 2], [2, 1]), false);
});

test('isEqual compares elements by id with numeric ids by value', () => {
  assert.equal(isEqual(new Vertex(1, 'person', 0), new Vertex(l(1n), 'person', 5)), true);
  assert.equal(isEqual(new Vertex(1, 'person', 0), new Vertex('1', 'person', 0)), false);
  const v = new Vertex(1, 'person', 0);
  assert.equal(isEqual(v, new Edge(1, 'knows', 0, { outV: v, inV: v })), false);
});

test('orderCompare orders types as null < boolean < number < string < vertex < list < map', () => {
  const sorted = [new Map([['a', 1]]), [1], new Vertex(1, 'x', 0), 'a', d(2.5), true, null, 1].sort(orderCompare);
  assert.deepEqual(sorted.map((v) => (v === null ? 'null' : typeof v === 'object' ? v.constructor.name : typeof v)), [
    'null', 'boolean', 'number', 'TypedNumber', 'string', 'Vertex', 'Array', 'Map',
  ]);
  assert.equal(orderCompare(d(NaN), d(Infinity)), 1);
  assert.equal(orderCompare(new Uuid('00000000-0000-0000-8000-000000000000'), new Uuid('00000000-0000-0000-0000-000000000000')), -1);
});

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(l),
  fc.double().map(d),
  fc.float().map((f) => new TypedNumber('float', f)),
  fc.string({ maxLength: 4 }),
  fc.integer({ min: 0, max: 5 }).map((i) => new Vertex(i, 'v', i)),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  fc.array(scalar, { maxLength: 3 }),
  fc.array(fc.tuple(fc.string({ maxLength: 2 }), scalar), { maxLength: 2 }).map((e) => new Map(e)),
);

test('orderCompare is antisymmetric', () => {
  fc.assert(fc.property(value, value, (a, b) => Math.sign(orderCompare(a, b)) === -Math.sign(orderCompare(b, a)) || orderCompare(a, b) === 0));
});

test('orderCompare is transitive', () => {
  fc.assert(
    fc.property(value, value, value, (a, b, c) => {
      const [x, y, z] = [a, b, c].sort(orderCompare);
      return orderCompare(x, z) <= 0 && orderCompare(x, y) <= 0 && orderCompare(y, z) <= 0;
    }),
    { numRuns: 2000 },
  );
});

test('valueKey is equal exactly when same-typed values are equal', () => {
  const sameType = fc.oneof(
    fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })),
    fc.tuple(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 })),
    fc.tuple(fc.bigInt({ min: -3n, max: 3n }).map(l), fc.bigInt({ min: -3n, max: 3n }).map(l)),
    fc.tuple(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }), fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 })),
    fc.tuple(
      fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }).map((a) => new Set(a)),
      fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }).map((a) => new Set(a)),
    ),
  );
  fc.assert(fc.property(sameType, ([a, b]) => (valueKey(a) === valueKey(b)) === isEqual(a, b)));
});

test('valueKey keeps Java types apart and paths by labels', () => {
  assert.notEqual(valueKey(1), valueKey(l(1n)));
  assert.notEqual(valueKey('1'), valueKey(1));
  const v = new Vertex(1, 'p', 0);
  assert.equal(valueKey(Path.EMPTY.extend(v, ['a'])), valueKey(Path.EMPTY.extend(new Vertex(1, 'p', 3), ['a'])));
  assert.notEqual(valueKey(Path.EMPTY.extend(v, ['a'])), valueKey(Path.EMPTY.extend(v, ['b'])));
});
