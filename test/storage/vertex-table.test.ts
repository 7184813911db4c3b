import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { VertexTable } from '../../src/storage/vertex-table.js';
import { TypedNumber, Uuid } from '../../src/values/index.js';
import type { ElementId } from '../../src/values/index.js';

const UUID = '123e4567-e89b-12d3-a456-426614174000';

test('id lookups keep string, number, long and uuid ids apart, through unmap, release and rebuild', () => {
  const table = new VertexTable();
  const ids: ElementId[] = ['5', 5, 'S5', 'D1.5', `U${UUID}`, new Uuid(UUID), 'L9007199254740993', new TypedNumber('long', 9007199254740993n)];
  const slots = ids.map((id) => table.allocate(0, id));
  assert.deepEqual(slots, ids.map((_, i) => i));
  ids.forEach((id, i) => assert.equal(table.slotOf(id), i, `slot of ${String(id)}`));
  assert.equal(table.slotOf('6'), -1);
  table.unmapId(0);
  assert.equal(table.slotOf('5'), -1, 'unmapped string id');
  assert.equal(table.slotOf(5), 1, 'the number 5 stays');
  table.alive.set(0, false);
  table.rebuildIdMaps();
  assert.equal(table.slotOf('5'), -1, 'a dead slot is not mapped again');
  ids.slice(1).forEach((id, i) => assert.equal(table.slotOf(id), i + 1, `after rebuild: ${String(id)}`));
  table.release();
  assert.equal(table.slotOf(new TypedNumber('long', 9007199254740993n)), -1, 'released');
  assert.equal(table.slotOf('L9007199254740993'), 6);
});

test('string ids that name Object members or look like indexes are ordinary keys of the string id table', () => {
  const table = new VertexTable();
  const ids = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '0', '4294967295', '-1', '01'];
  for (const id of ids) assert.equal(table.slotOf(id), -1, `absent before: ${id}`);
  ids.forEach((id) => table.allocate(0, id));
  ids.forEach((id, i) => assert.equal(table.slotOf(id), i, `slot of ${id}`));
  assert.equal(table.slotOf(0), -1, 'the number 0 is not the string 0');
  table.release();
  assert.equal(table.slotOf('01'), -1, 'released');
  table.unmapId(0);
  assert.equal(table.slotOf('__proto__'), -1, 'unmapped');
  assert.equal(table.slotOf('constructor'), 1);
});

test('number ids read back exactly across the whole safe range, after growth and after the id column is replaced', () => {
  fc.assert(
    fc.property(fc.array(fc.maxSafeInteger(), { minLength: 1, maxLength: 80 }), (raw) => {
      const ids = [...new Set(raw)];
      const table = new VertexTable();
      for (const id of ids) table.allocate(0, id);
      assert.deepEqual(ids.map((_id, slot) => table.idOf(slot)), ids, 'after growth');
      // A snapshot load installs a new column in place of the old one.
      table.idNumber = BigInt64Array.from(table.idNumber, (v) => v);
      assert.deepEqual(ids.map((_id, slot) => table.idOf(slot)), ids, 'after replacement');
    }),
    { numRuns: 100 },
  );
});
