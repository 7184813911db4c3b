import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber } from '../../../src/values/index.js';
import { combine, conjoin, difference, disjunct, intersect, merge, product } from '../../../src/engine/functions/index.js';
import { QuiverError } from '../../../src/errors.js';

function throwsMessage(fn: () => unknown, text: string): void {
  assert.throws(fn, (e: unknown) => e instanceof QuiverError && e.message.includes(text), text);
}

test('conjoin follows the Conjoin feature', () => {
  assert.equal(conjoin([], ';'), '');
  assert.equal(conjoin([27, 29, 32, 35], ';'), '27;29;32;35');
  assert.equal(conjoin(['a', null, 'b'], 'xyz'), 'axyzb');
  assert.equal(conjoin([new TypedNumber('double', 1), 'x'], '-'), '1.0-x');
  throwsMessage(() => conjoin(null, '1'), "Incoming traverser for conjoin step can't be null");
  throwsMessage(() => conjoin('marko', '1'), 'conjoin step can only take an array or an Iterable type for incoming traversers, encountered String');
});

test('difference and intersect follow their features', () => {
  assert.deepEqual(difference(['a', null, 'b'], ['a', 'c']), new Set([null, 'b']));
  assert.deepEqual(difference(['a', null, 'b'], ['a', null, 'c']), new Set(['b']));
  assert.deepEqual(difference([3, 'three'], ['five', 'three', 7]), new Set([3]));
  assert.deepEqual(intersect(['a', null, 'b'], ['a', null, 'c']), new Set(['a', null]));
  assert.deepEqual(intersect([27, 29, 27], [27]), new Set([27]));
  assert.deepEqual(intersect([1], [new TypedNumber('long', 1n)]), new Set());
});

test('list steps raise TinkerPop errors for bad inputs', () => {
  for (const step of [['difference', difference], ['intersect', intersect], ['product', product]] as const) {
    const [name, fn] = step;
    throwsMessage(() => fn(null, [1]), `Incoming traverser for ${name} step can't be null`);
    throwsMessage(() => fn('marko', [1]), `${name} step can only take an array or an Iterable type for incoming traversers`);
    throwsMessage(() => fn([1], null, { fromTraversal: true }), `traversal argument for ${name} step must yield an iterable type, not null`);
    throwsMessage(() => fn([1], 'v', { fromTraversal: true }), `traversal argument for ${name} step must yield an iterable type, encountered String`);
    throwsMessage(() => fn([1], 2), `${name} step can only take an array or an Iterable as an argument, encountered Integer`);
    throwsMessage(() => fn([1], null), `Argument provided for ${name} step can't be null`);
  }
});

test('product, combine, merge and disjunct', () => {
  assert.deepEqual(product([3, 'three'], ['five', 7]), [[3, 'five'], [3, 7], ['three', 'five'], ['three', 7]]);
  assert.deepEqual(product([], ['a']), []);
  assert.deepEqual(combine([1, 2], [2, 3]), [1, 2, 2, 3]);
  assert.deepEqual(merge([1, 2], [2, 3]), new Set([1, 2, 3]));
  assert.deepEqual(merge(new Map([['a', 1], ['b', 1]]), new Map([['a', 2]])), new Map([['a', 2], ['b', 1]]));
  assert.deepEqual(disjunct([1, 2], [2, 3]), new Set([1, 3]));
});
