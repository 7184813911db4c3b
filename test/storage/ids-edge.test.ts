import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { outcome } from './outcome.js';
import { NotFoundError, QuiverError } from '../../src/errors.js';
import { TypedNumber, Uuid, type ElementId } from '../../src/engine/index.js';
import { formatEdgeId, formatSortValues, formatVertexIdForEdge, IDS_SEPARATOR, joinEscaped, parseEdgeId, vertexIdKey, type EdgeIdParts } from '../../src/storage/ids/index.js';

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
const markoKnowsLop: EdgeIdParts = { out: '1:marko', labelId: 2, subLabelId: 2, sortValues: '', in: '2:lop' };

test('formatEdgeId writes the spec example', () => {
  assert.equal(formatEdgeId(markoKnowsLop), 'S1:marko>2>2>>S2:lop');
});

test('formatEdgeId prefixes long and UUID vertex ids and escapes >', () => {
  assert.equal(
    formatEdgeId({ out: new TypedNumber('long', 123n), labelId: 5, subLabelId: 6, sortValues: '1T', in: new Uuid(UUID) }),
    `L123>5>6>1T>U${UUID}`,
  );
  assert.equal(formatEdgeId({ ...markoKnowsLop, out: 'a>b', in: 7 }), 'Sa`>b>2>2>>L7');
  assert.equal(formatEdgeId({ ...markoKnowsLop, out: 'a>b', in: 'c>d' }), 'Sa`>b>2>2>>Sc`>d', 'two string ends, both escaped');
  assert.equal(formatEdgeId({ ...markoKnowsLop, out: 'ab', in: 'c>d' }), 'Sab>2>2>>Sc`>d', 'a string target with a separator');
  assert.equal(formatEdgeId({ ...markoKnowsLop, in: 'x`' }), 'S1:marko>2>2>>Sx`', 'a trailing backquote ends only the last part');
  assert.equal(errorOf(() => formatEdgeId({ ...markoKnowsLop, out: 'a`', in: 'b' })).code, 'ID_PART_ESCAPE');
  const sortValues = formatSortValues([{ value: 'x>y', dataType: 'TEXT' }, { value: 20130220, dataType: 'INT' }]);
  assert.equal(formatEdgeId({ ...markoKnowsLop, sortValues }), `S1:marko>2>2>x\`>y!${sortValues.split('!')[1]}>S2:lop`);
  assert.equal(errorOf(() => formatEdgeId({ ...markoKnowsLop, out: 'a`' })).code, 'ID_PART_ESCAPE');
});

test('parseEdgeId reads the spec example', () => {
  assert.deepEqual(parseEdgeId('S1:marko>2>2>>S2:lop'), markoKnowsLop);
  assert.deepEqual(parseEdgeId('L123>2>2>>S2:lop').out, 123);
});

test('parseEdgeId normalises the 6-part directed form to out then in', () => {
  assert.deepEqual(parseEdgeId('S1:marko>O>2>2>>S2:lop'), markoKnowsLop);
  assert.deepEqual(parseEdgeId('S2:lop>I>2>2>>S1:marko'), markoKnowsLop);
  assert.deepEqual(parseEdgeId('S1:marko>130>2>2>>S2:lop'), markoKnowsLop);
  assert.deepEqual(parseEdgeId('S2:lop>140>2>2>>S1:marko'), markoKnowsLop);
});

test('parseEdgeId reads the documented 4-part form with the label as its sub-label', () => {
  assert.deepEqual(parseEdgeId('S1:marko>2>>S2:lop'), markoKnowsLop);
  assert.deepEqual(parseEdgeId('S1:marko>1>20130220>S1:josh'), { out: '1:marko', labelId: 1, subLabelId: 1, sortValues: '20130220', in: '1:josh' });
});

test('parseEdgeId fails with the HugeGraph messages', () => {
  const count = errorOf(() => parseEdgeId('S1:marko>2>S2:lop'));
  assert.ok(count instanceof NotFoundError);
  assert.equal(count.code, 'EDGE_ID_FORMAT');
  assert.equal(count.message, "Edge id must be formatted as 5~6 parts, but got 3 parts: 'S1:marko>2>S2:lop'");
  assert.equal(errorOf(() => parseEdgeId('abc')).message, "Edge id must be formatted as 5~6 parts, but got 1 parts: 'abc'");
  for (const bad of ['X1>2>2>>S2', 'S1>x>2>>S2', 'S1>2>2.5>>S2', 'S1>B>2>2>>S2', 'L1a>2>2>>S2', `S1>2>2>>Ubad`]) {
    const error = errorOf(() => parseEdgeId(bad));
    assert.ok(error instanceof NotFoundError, bad);
    assert.equal(error.code, 'EDGE_ID_FORMAT');
    assert.equal(error.message, `Invalid format of edge id '${bad}'`);
  }
});

const vertexIds: fc.Arbitrary<ElementId> = fc.oneof(
  fc.integer(),
  fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }).map((b) => new TypedNumber('long', b)),
  fc
    .array(fc.constantFrom('1', 'a', ':', '!', '`', '>', ' '), { maxLength: 8 })
    .map((chars) => chars.join('')),
  fc.string(),
  fc.uuid().map((u) => new Uuid(u)),
);
const sortValueTexts = fc.array(fc.constantFrom('a', '!', '`', '>', ':', '1'), { maxLength: 6 }).map((c) => c.join(''));

test('parseEdgeId inverts formatEdgeId for any ids and sort values', () => {
  fc.assert(
    fc.property(vertexIds, vertexIds, fc.nat(), fc.nat(), sortValueTexts, (out, target, labelId, subLabelId, sortValues) => {
      const parts: EdgeIdParts = { out, labelId, subLabelId, sortValues, in: target };
      const endsBadly = vertexIdKey(out).endsWith('`') || sortValues.endsWith('`');
      let id: string;
      try {
        id = formatEdgeId(parts);
      } catch (error) {
        assert.ok(endsBadly, `unexpected ${String(error)}`);
        assert.equal((error as QuiverError).code, 'ID_PART_ESCAPE');
        return;
      }
      assert.ok(!endsBadly);
      const parsed = parseEdgeId(id);
      assert.equal(vertexIdKey(parsed.out), vertexIdKey(out));
      assert.equal(vertexIdKey(parsed.in), vertexIdKey(target));
      assert.deepEqual([parsed.labelId, parsed.subLabelId, parsed.sortValues], [labelId, subLabelId, sortValues]);
    }),
    { numRuns: 3000 },
  );
});

test('formatEdgeId gives the escaped join of its five parts, with ordinary and child labels and cached middles', () => {
  const labels = fc.oneof(fc.nat(5), fc.nat(), fc.integer({ min: 65_530, max: 65_540 }));
  const reference = (p: EdgeIdParts): string =>
    joinEscaped([formatVertexIdForEdge(p.out), String(p.labelId), String(p.subLabelId), p.sortValues, formatVertexIdForEdge(p.in)], IDS_SEPARATOR);
  fc.assert(
    fc.property(vertexIds, vertexIds, labels, fc.boolean(), labels, fc.oneof(fc.constant(''), sortValueTexts), (out, target, labelId, child, other, sortValues) => {
      const parts: EdgeIdParts = { out, labelId, subLabelId: child ? other : labelId, sortValues, in: target };
      const expected = outcome(() => reference(parts));
      // Twice: the first call may fill the middle cache that the second one reads.
      assert.equal(outcome(() => formatEdgeId(parts)), expected);
      assert.equal(outcome(() => formatEdgeId(parts)), expected);
    }),
    { numRuns: 3000 },
  );
});
