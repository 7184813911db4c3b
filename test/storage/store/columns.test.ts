import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TypedNumber, Uuid } from '../../../src/engine/index.js';
import { BitSet, Dictionary, PropertyColumn, columnKind } from '../../../src/storage/columns/index.js';

test('columnKind picks typed arrays, dictionaries and side storage', () => {
  assert.equal(columnKind('INT', false), 'int32');
  assert.equal(columnKind('BYTE', false), 'int32');
  assert.equal(columnKind('DOUBLE', false), 'float64');
  assert.equal(columnKind('LONG', false), 'int64');
  assert.equal(columnKind('TEXT', false), 'dict');
  assert.equal(columnKind('UUID', false), 'dict');
  assert.equal(columnKind('BLOB', false), 'side');
  assert.equal(columnKind('INT', true), 'side');
});

test('PropertyColumn stores typed values, tracks nulls and grows', () => {
  const ints = new PropertyColumn('INT', false);
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.nat(5000), fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }))), { maxLength: 200 }), (writes) => {
      const model = new Map<number, number>();
      for (const [row, v] of writes) {
        if (v === null) {
          ints.delete(row);
          model.delete(row);
        } else {
          ints.set(row, v);
          model.set(row, v);
        }
      }
      for (const [row] of writes) assert.equal(ints.get(row), model.get(row));
    }),
  );
  const longs = new PropertyColumn('LONG', false);
  longs.set(3, new TypedNumber('long', 2n ** 60n));
  assert.deepEqual(longs.get(3), new TypedNumber('long', 2n ** 60n));
  assert.equal(longs.get(2), undefined);
  const dates = new PropertyColumn('DATE', false);
  dates.set(0, new Date(86400000));
  assert.deepEqual(dates.get(0), new Date(86400000));
  const texts = new PropertyColumn('TEXT', false);
  texts.set(0, 'a');
  texts.set(1, 'a');
  texts.set(100, 'b');
  assert.equal(texts.dictionary?.size, 2);
  assert.equal(texts.get(100), 'b');
  const uuids = new PropertyColumn('UUID', false);
  uuids.set(0, new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11'));
  assert.ok(uuids.get(0) instanceof Uuid);
  const bools = new PropertyColumn('BOOLEAN', false);
  bools.set(0, false);
  assert.equal(bools.get(0), false);
  assert.equal(bools.has(0), true);
  const lists = new PropertyColumn('INT', true);
  lists.set(7, [1, 2]);
  assert.deepEqual(lists.get(7), [1, 2]);
  const bytes = new PropertyColumn('BYTE', false);
  bytes.set(0, new TypedNumber('byte', -3));
  assert.deepEqual(bytes.get(0), new TypedNumber('byte', -3));
});

test('PropertyColumn.fromRaw restores a column', () => {
  const c = new PropertyColumn('TEXT', false);
  c.set(1, 'x');
  c.set(40, 'y');
  const copy = PropertyColumn.fromRaw('TEXT', false, c.raw(), c.dictionary!.entries());
  assert.equal(copy.get(1), 'x');
  assert.equal(copy.get(40), 'y');
  assert.equal(copy.get(2), undefined);
});

test('Dictionary gives dense codes and BitSet grows on demand', () => {
  const d = new Dictionary();
  assert.deepEqual([d.encode('a'), d.encode('b'), d.encode('a')], [0, 1, 0]);
  assert.equal(d.find('zz'), -1);
  assert.equal(Dictionary.from(d.entries()).decode(1), 'b');
  const b = new BitSet(1);
  b.set(1000, true);
  assert.equal(b.get(1000), true);
  assert.equal(b.get(999), false);
  b.set(5000, false);
  assert.equal(b.get(5000), false);
});
