/**
 * parseVertexId (the JSON-literal vertex id of REST paths) against a reference model written
 * the obvious way: one regular expression per form, tried in turn.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TypedNumber, Uuid } from '../../src/index.js';
import type { ElementId } from '../../src/index.js';
import { parseVertexId } from '../../src/http/ids.js';

function reference(text: string): ElementId | 'invalid' {
  if (/^U"[0-9a-fA-F-]{36}"$/.test(text)) return new Uuid(text.slice(2, -1).toLowerCase());
  if (/^-?\d+$/.test(text)) return Number.isSafeInteger(Number(text)) ? Number(text) : new TypedNumber('long', BigInt(text));
  if (!/^".*"$/s.test(text)) return 'invalid';
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'string' && parsed !== '' ? parsed : 'invalid';
  } catch {
    return 'invalid';
  }
}

function actual(text: string): ElementId | 'invalid' {
  try {
    return parseVertexId(text);
  } catch (error) {
    assert.equal((error as { code?: string }).code, 'INVALID_VERTEX_ID');
    return 'invalid';
  }
}

test('parseVertexId reads each literal form and refuses the rest as the reference model does', () => {
  const text = fc.oneof(
    fc.string(),
    fc.string().map((s) => JSON.stringify(s)),
    fc.string().map((s) => `"${s}"`),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }).map((s) => `"${s}"`),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc.uuid().map((u) => `U"${u.toUpperCase()}"`),
    fc.uuid().map((u) => `U${u}`),
    fc.constantFrom('"', '""', 'U""', '-', '"1:marko', '1:marko"', '"a\\"b"', '-0', '007'),
  );
  fc.assert(fc.property(text, (t) => assert.deepEqual(actual(t), reference(t))), { numRuns: 3000 });
});

test('parseVertexId gives numbers, strings and UUIDs of the examples', () => {
  assert.equal(parseVertexId('42'), 42);
  assert.equal(parseVertexId('"1:marko"'), '1:marko');
  assert.deepEqual(parseVertexId('9007199254740993'), new TypedNumber('long', 9007199254740993n));
  assert.deepEqual(parseVertexId('U"A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"'), new Uuid('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'));
});
