import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { outcome } from './outcome.js';
import { QuiverError } from '../../src/errors.js';
import { TypedNumber, Uuid, type ElementId } from '../../src/engine/index.js';
import {
  formatPrimaryKeyId,
  formatSortValues,
  formatVertexIdForEdge,
  ID_SEPARATOR,
  idTextToValue,
  joinEscaped,
  parsePrimaryKeyId,
  parseVertexIdFromEdge,
  parseVertexIdLiteral,
  vertexIdKey,
} from '../../src/storage/ids/index.js';

function errorOf(fn: () => unknown): QuiverError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof QuiverError, `expected a QuiverError, got ${String(error)}`);
    return error;
  }
  return assert.fail('expected an error');
}

const UUID = '4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11';
/** Strings rich in the separators and the escape char, never starting with a reserved char. */
const tricky = fc
  .array(fc.constantFrom('a', 'b', ':', '!', '`', '>', '\u0001', ' '), { maxLength: 8 })
  .map((chars) => chars.join(''))
  .filter((s) => s === '' || s.charAt(0) > '\u0003');
const anyText = fc.oneof(tricky, fc.string()).filter((s) => s === '' || s.charAt(0) > '\u0003');

test('formatPrimaryKeyId builds the ids of the spec examples', () => {
  assert.equal(formatPrimaryKeyId(1, [{ value: 'marko', dataType: 'TEXT' }]), '1:marko');
  assert.equal(formatPrimaryKeyId(2, [{ value: 'lop', dataType: 'TEXT' }]), '2:lop');
  assert.equal(formatPrimaryKeyId(1, [{ value: 29, dataType: 'INT' }]), '1:1T');
  assert.equal(formatPrimaryKeyId(1, [{ value: new TypedNumber('long', 29n), dataType: 'LONG' }]), '1:1T');
  assert.equal(
    formatPrimaryKeyId(3, [
      { value: 'marko', dataType: 'TEXT' },
      { value: 29, dataType: 'INT' },
    ]),
    '3:marko!1T',
  );
});

test('formatPrimaryKeyId escapes the separator of each level with a backquote', () => {
  assert.equal(formatPrimaryKeyId(1, [{ value: 'a!b', dataType: 'TEXT' }]), '1:a`!b');
  assert.equal(formatPrimaryKeyId(1, [{ value: 'a:b', dataType: 'TEXT' }]), '1:a`:b');
  assert.equal(formatPrimaryKeyId(1, [{ value: 'a>b', dataType: 'TEXT' }]), '1:a>b');
  assert.equal(formatPrimaryKeyId(1, [{ value: '', dataType: 'TEXT' }]), '1:\u0002');
  assert.equal(formatPrimaryKeyId(1, [{ value: ['x', 'y!z'], dataType: 'TEXT' }]), '1:x`!y``!z');
  assert.equal(formatPrimaryKeyId(1, [{ value: true, dataType: 'BOOLEAN' }]), '1:true');
  assert.equal(formatPrimaryKeyId(1, [{ value: new Uuid(UUID), dataType: 'UUID' }]), `1:${UUID}`);
});

test('formatPrimaryKeyId rejects values that cannot be part of an id', () => {
  const cases: [() => unknown, string][] = [
    [() => formatPrimaryKeyId(1, [{ value: '\u0001x', dataType: 'TEXT' }]), 'ID_VALUE'],
    [() => formatPrimaryKeyId(1, [{ value: null, dataType: 'TEXT' }]), 'ID_VALUE'],
    [() => formatPrimaryKeyId(1, [{ value: 'x', dataType: 'INT' }]), 'ID_VALUE'],
    [() => formatPrimaryKeyId(1, [{ value: new Uint8Array(2), dataType: 'BLOB' }]), 'ID_VALUE'],
    [() => formatPrimaryKeyId(1, [{ value: [], dataType: 'TEXT' }]), 'ID_VALUE'],
    [() => formatPrimaryKeyId(1, []), 'PRIMARY_KEY_ID_FORMAT'],
    [() => formatPrimaryKeyId(-1, [{ value: 'x', dataType: 'TEXT' }]), 'PRIMARY_KEY_ID_FORMAT'],
    [() => formatPrimaryKeyId(1, [{ value: 'a`', dataType: 'TEXT' }, { value: 'b', dataType: 'TEXT' }]), 'ID_PART_ESCAPE'],
  ];
  for (const [fn, code] of cases) {
    assert.equal(errorOf(fn).code, code);
  }
  assert.equal(
    errorOf(() => formatPrimaryKeyId(1, [{ value: '\u0001x', dataType: 'TEXT' }])).message,
    "Cannot use '\u0001x' as an id value: illegal leading char '\\u0001'",
  );
});

test('parsePrimaryKeyId splits the label id from the unescaped value texts', () => {
  assert.deepEqual(parsePrimaryKeyId('1:marko'), { labelId: 1, parts: ['marko'] });
  assert.deepEqual(parsePrimaryKeyId('1:1T'), { labelId: 1, parts: ['1T'] });
  assert.deepEqual(parsePrimaryKeyId('3:a`!b!1T'), { labelId: 3, parts: ['a!b', '1T'] });
  assert.deepEqual(parsePrimaryKeyId('1:a`:b'), { labelId: 1, parts: ['a:b'] });
  assert.equal(idTextToValue('1T', 'INT'), 29);
  assert.equal(idTextToValue('\u0002', 'TEXT'), '');
  for (const bad of ['marko', '1:a:b', 'x:marko', '1:', ':marko', '-1:x']) {
    assert.equal(errorOf(() => parsePrimaryKeyId(bad)).code, 'PRIMARY_KEY_ID_FORMAT', bad);
  }
});

test('parsePrimaryKeyId inverts formatPrimaryKeyId for any text values', () => {
  fc.assert(
    fc.property(fc.nat(1000), fc.array(anyText, { minLength: 1, maxLength: 4 }), (labelId, texts) => {
      const values = texts.map((value) => ({ value, dataType: 'TEXT' as const }));
      const endsBadly = texts.slice(0, -1).some((t) => t.endsWith('`'));
      let id: string;
      try {
        id = formatPrimaryKeyId(labelId, values);
      } catch (error) {
        assert.ok(endsBadly, `unexpected ${String(error)}`);
        assert.equal((error as QuiverError).code, 'ID_PART_ESCAPE');
        return;
      }
      assert.ok(!endsBadly);
      const parsed = parsePrimaryKeyId(id);
      assert.equal(parsed.labelId, labelId);
      assert.deepEqual(parsed.parts.map((p) => idTextToValue(p, 'TEXT')), texts);
    }),
    { numRuns: 3000 },
  );
});

test('formatSortValues sorts numbers like the values inside one label', () => {
  fc.assert(
    fc.property(fc.integer(), fc.integer(), (a, b) => {
      const ea = formatSortValues([{ value: a, dataType: 'INT' }]);
      const eb = formatSortValues([{ value: b, dataType: 'INT' }]);
      assert.equal(ea < eb, a < b);
    }),
  );
  assert.equal(formatSortValues([]), '');
});

test('parseVertexIdLiteral reads the JSON literal forms of REST paths', () => {
  assert.equal(parseVertexIdLiteral('"1:marko"'), '1:marko');
  assert.equal(parseVertexIdLiteral('123'), 123);
  assert.equal(parseVertexIdLiteral(' -7 '), -7);
  assert.equal(parseVertexIdLiteral('"a\\"b"'), 'a"b');
  assert.deepEqual(parseVertexIdLiteral('2147483648'), new TypedNumber('long', 2147483648n));
  assert.deepEqual(parseVertexIdLiteral('9223372036854775807'), new TypedNumber('long', 9223372036854775807n));
  assert.deepEqual(parseVertexIdLiteral('9007199254740993'), new TypedNumber('long', 9007199254740993n));
  assert.deepEqual(parseVertexIdLiteral(`U"${UUID.toUpperCase()}"`), new Uuid(UUID));
  assert.equal(parseVertexIdLiteral('1e3'), 1000);
});

test('parseVertexIdLiteral rejects anything but a number, a string or a UUID', () => {
  for (const bad of ['marko', '1:marko', '', 'true', 'null', '[1]', '{}', '1.5', '9223372036854775808', '"abc', '01', 'U"nope"', 'U123']) {
    const error = errorOf(() => parseVertexIdLiteral(bad));
    assert.equal(error.code, 'VERTEX_ID_FORMAT', bad);
    assert.equal(error.kind, 'argument');
  }
  assert.equal(
    errorOf(() => parseVertexIdLiteral('marko')).message,
    "The vertex id must be formatted as Number/String/UUID, but got 'marko'",
  );
});

test('parseVertexIdLiteral keeps every long exactly', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), (value) => {
      const id = parseVertexIdLiteral(String(value));
      assert.equal(vertexIdKey(id), `L${value}`);
      const fitsInt = value >= -2147483648n && value <= 2147483647n;
      assert.equal(typeof id === 'number', fitsInt);
    }),
  );
});

test('vertexIdKey gives equal ids one key and different kinds different keys', () => {
  assert.equal(vertexIdKey(1), vertexIdKey(new TypedNumber('long', 1n)));
  assert.equal(vertexIdKey(123), 'L123');
  assert.equal(vertexIdKey('1:marko'), 'S1:marko');
  assert.equal(vertexIdKey(new Uuid(UUID)), `U${UUID}`);
  assert.notEqual(vertexIdKey('1'), vertexIdKey(1));
  assert.equal(errorOf(() => vertexIdKey(1.5)).code, 'VERTEX_ID_TYPE');
  assert.equal(errorOf(() => vertexIdKey(new TypedNumber('double', 1))).code, 'VERTEX_ID_TYPE');
});

test('parseVertexIdFromEdge inverts formatVertexIdForEdge up to the key', () => {
  const ids: fc.Arbitrary<ElementId> = fc.oneof(
    fc.integer(),
    fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }).map((b) => new TypedNumber('long', b)),
    anyText,
    fc.uuid().map((u) => new Uuid(u)),
  );
  fc.assert(
    fc.property(ids, (id) => {
      const text = formatVertexIdForEdge(id);
      assert.equal(vertexIdKey(parseVertexIdFromEdge(text)), vertexIdKey(id));
    }),
  );
  for (const bad of ['X1', 'L', 'L1.5', 'L9223372036854775808', 'Unope', '']) {
    assert.equal(errorOf(() => parseVertexIdFromEdge(bad)).code, 'PREFIXED_VERTEX_ID', bad);
  }
});

test('formatPrimaryKeyId gives the escaped join of the label id and the values text for one key and for several', () => {
  const values = fc.oneof(
    anyText.map((value) => ({ value, dataType: 'TEXT' as const })),
    fc.integer().map((value) => ({ value, dataType: 'INT' as const })),
    fc.array(tricky, { minLength: 1, maxLength: 3 }).map((value) => ({ value, dataType: 'TEXT' as const })),
  );
  fc.assert(
    fc.property(fc.nat(1000), fc.array(values, { minLength: 1, maxLength: 3 }), (labelId, typed) => {
      const expected = outcome(() => joinEscaped([String(labelId), formatSortValues(typed)], ID_SEPARATOR));
      assert.equal(outcome(() => formatPrimaryKeyId(labelId, typed)), expected);
    }),
    { numRuns: 3000 },
  );
});
