/**
 * Values of every shape a careless JavaScript caller might pass to the public API: NaN,
 * Infinity, invalid Dates, symbols, huge strings and numbers, deep and cyclic structures, and
 * objects whose getters throw. Shared by the fuzz tests of the library and fluent arguments.
 * @module
 */
import fc from 'fast-check';

/** A string of a mebibyte. */
export const HUGE = 'x'.repeat(1 << 20);

const circular: Record<string, unknown> = { a: 1 };
circular.self = circular;

const cyclicArray: unknown[] = [1];
cyclicArray.push(cyclicArray);

/** An object whose property reads throw. */
const throwing = Object.defineProperties({ [fc.toStringMethod]: () => 'throwingGetters' }, {
  name: { enumerable: true, get: () => { throw new Error('getter name'); } },
  out: { enumerable: true, get: () => { throw new Error('getter out'); } },
  toString: { enumerable: false, get: () => { throw new Error('getter toString'); } },
});

function deepArray(depth: number): unknown[] {
  let a: unknown[] = [1];
  for (let i = 0; i < depth; i++) a = [a];
  return Object.assign(a, { [fc.toStringMethod]: () => `deepArray(${depth})` });
}

/**
 * Any bad value.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(bad, (v) => { ... }));
 * ```
 */
export const bad: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(undefined, null, NaN, Infinity, -Infinity, -0, 0, -1, 2 ** 53, 1.5, true, false, '', ' ', '~x', 'person', 'knows', 'name', 'age'),
  fc.constantFrom(HUGE, Symbol('s'), 10n ** 30n, 10n ** 166n, -1n, new Date(Number.NaN), new Date(0), circular, [], [undefined], {}, () => 1, new Map(), new Set([1])),
  fc.constantFrom(throwing, cyclicArray, deepArray(200), deepArray(20_000), Object.create(null) as object, new Uint8Array(3)),
  fc.constantFrom('1:marko', 'S1:marko>1>>S1:vadas', 'NONE', 'RESTORING', 'ALL', 'OLTP_ONLY', 'g', 'hugegraph'),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.bigInt(),
  fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withSparseArray: true }),
);
