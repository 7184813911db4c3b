import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber } from '../../../src/values/index.js';
import { Vertex } from '../../../src/engine/elements.js';
import { Path } from '../../../src/engine/path-tree.js';
import {
  asString, concat, formatString, lTrim, length, replace, reverse, rTrim, split, substring, toLower, toUpper, trim,
} from '../../../src/engine/functions/index.js';
import { QuiverError } from '../../../src/errors.js';

function throwsMessage(fn: () => unknown, text: string): void {
  assert.throws(fn, (e: unknown) => e instanceof QuiverError && e.message.includes(text));
}

const TRIM_INPUT = ['  feature  ', ' one test ', null, '', ' ', '\u3000abc', 'abc\u3000', '\u3000abc\u3000', '\u3000\u3000'];

test('trim, lTrim and rTrim follow the Trim and RTrim features', () => {
  assert.deepEqual(TRIM_INPUT.map((s) => trim(s)), ['feature', 'one test', null, '', '', 'abc', 'abc', 'abc', '']);
  assert.deepEqual(rTrim(TRIM_INPUT, { local: true }), ['  feature', ' one test', null, '', '', '\u3000abc', 'abc', '\u3000abc', '']);
  assert.equal(lTrim('  a '), 'a ');
  assert.equal(trim('\u00a0a'), '\u00a0a');
  throwsMessage(() => trim(['a', 'b']), 'The trim() step can only take string as argument');
  throwsMessage(() => trim([1, 2], { local: true }), 'The trim(local) step can only take string or list of strings');
  throwsMessage(() => rTrim([1, 2], { local: true }), 'The rTrim(local) step can only take string or list of strings');
});

test('length, toLower and toUpper follow their features', () => {
  assert.deepEqual(['feature', 'test', null].map((s) => length(s)), [7, 4, null]);
  assert.deepEqual(length(['josh', 'lop'], { local: true }), [4, 3]);
  throwsMessage(() => length(['a', 'b']), 'The length() step can only take string as argument');
  assert.deepEqual(toLower(['FEATURE', 'tESt', null], { local: true }), ['feature', 'test', null]);
  assert.equal(toUpper('marko'), 'MARKO');
  throwsMessage(() => toLower(['a']), 'The toLower() step can only take string as argument');
  throwsMessage(() => toUpper(['a']), 'The toUpper() step can only take string as argument');
});

test('concat follows the Concat feature', () => {
  assert.equal(concat('a', []), 'a');
  assert.equal(concat('a', ['c', 'd']), 'acd');
  assert.equal(concat(null, []), null);
  assert.equal(concat(null, [null, 'b']), 'b');
  assert.equal(concat('a', [null, 'b']), 'ab');
  throwsMessage(() => concat(['a', 'b'], ['d']), 'String concat() can only take string as argument');
});

test('substring counts negative indexes from the end', () => {
  assert.equal(substring('marko', { start: 1, end: 3 }), 'ar');
  assert.equal(substring('marko', { start: -3 }), 'rko');
  assert.equal(substring('marko', { start: 1, end: -1 }), 'ark');
  assert.equal(substring('marko', { start: 3, end: 1 }), '');
  assert.equal(substring('marko', { start: 10 }), '');
  assert.equal(substring(null, { start: 1 }), null);
});

test('split, replace, asString and formatString', () => {
  assert.deepEqual(split('a,b,,c', ','), ['a', 'b', '', 'c']);
  assert.deepEqual(split(' a  b ', null), ['a', 'b']);
  assert.deepEqual(split('abc', ''), ['a', 'b', 'c']);
  assert.equal(replace('marko', { search: 'o', replacement: '0' }), 'mark0');
  assert.equal(asString(new TypedNumber('double', 29)), '29.0');
  assert.equal(asString(new Vertex(1, 'person', 0)), 'v[1]');
  assert.deepEqual(asString(new Set([1, 'a']), { local: true }), ['1', 'a']);
  assert.throws(() => asString([1, null], { local: true }), { code: 'CANNOT_PARSE', message: "Can't parse null as String." });
  assert.throws(() => asString(null), { code: 'CANNOT_PARSE' });
  const props = new Map<string, unknown>([['name', 'marko'], ['age', 29]]);
  assert.equal(formatString('%{name} is %{age} years old', (n) => props.get(n)), 'marko is 29 years old');
  assert.equal(formatString('%{name} %{missing}', (n) => props.get(n)), undefined);
});

test('reverse follows the Reverse feature', () => {
  assert.equal(reverse('feature'), 'erutaef');
  assert.equal(reverse('test one'), 'eno tset');
  assert.equal(reverse(null), null);
  assert.equal(reverse(29), 29);
  assert.deepEqual(reverse([3, 'three']), ['three', 3]);
  assert.deepEqual(reverse(Path.EMPTY.extend('marko').extend('lop')), ['lop', 'marko']);
});
