import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { QuiverError } from '../../src/errors.js';
import { TypedNumber } from '../../src/engine/index.js';
import { joinEscaped, splitEscaped, valueToIdText, type Separator } from '../../src/storage/ids/index.js';

const separators: Separator[] = ['>', ':', '!'];
const part = fc.array(fc.constantFrom('a', '>', ':', '!', '`'), { maxLength: 6 }).map((c) => c.join(''));

test('joinEscaped escapes only the separator of its level', () => {
  assert.equal(joinEscaped(['a!b', 'c:d', 'e>f'], '!'), 'a`!b!c:d!e>f');
  assert.equal(joinEscaped(['a`b', 'c'], '>'), 'a`b>c');
  assert.equal(joinEscaped(['x'], ':'), 'x');
  assert.equal(joinEscaped(['', ''], '!'), '!');
});

test('splitEscaped splits at unescaped separators only', () => {
  assert.deepEqual(splitEscaped('a`!b!c', '!'), ['a!b', 'c']);
  assert.deepEqual(splitEscaped('a``!b', '!'), ['a`!b']);
  assert.deepEqual(splitEscaped('!', '!'), ['', '']);
  assert.deepEqual(splitEscaped('', '!'), ['']);
});

test('splitEscaped inverts joinEscaped unless a non-last part ends with a backquote', () => {
  fc.assert(
    fc.property(fc.array(part, { minLength: 1, maxLength: 5 }), fc.constantFrom(...separators), (parts, separator) => {
      const ambiguous = parts.slice(0, -1).some((p) => p.endsWith('`'));
      try {
        assert.deepEqual(splitEscaped(joinEscaped(parts, separator), separator), parts);
        assert.ok(!ambiguous);
      } catch (error) {
        assert.ok(ambiguous && error instanceof QuiverError && error.code === 'ID_PART_ESCAPE', String(error));
      }
    }),
    { numRuns: 3000 },
  );
});

test('valueToIdText recurses into lists and sets with !', () => {
  assert.equal(valueToIdText({ value: ['a', 'b!c'], dataType: 'TEXT' }), 'a!b`!c');
  assert.equal(valueToIdText({ value: new Set([1, 2]), dataType: 'INT' }), '11!12');
  assert.equal(valueToIdText({ value: new TypedNumber('double', 1.234), dataType: 'DOUBLE' }), 'B3~okcR8i3aO');
  assert.equal(valueToIdText({ value: new Date('2018-12-17T16:00:00Z'), dataType: 'DATE' }), '7MUxuK00');
  assert.throws(() => valueToIdText({ value: new Map(), dataType: 'TEXT' }), (e: unknown) => e instanceof QuiverError && e.code === 'ID_VALUE');
});
