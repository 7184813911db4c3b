import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { IndexPredicate } from '../../../src/engine/index.js';
import { ElementIndex } from '../../../src/storage/indexes/index.js';
import type { IndexLabelRecord, IndexType } from '../../../src/storage/schema/schema-types.js';

const record = (indexType: IndexType, fields: string[] = ['age']): IndexLabelRecord => ({
  id: 1,
  name: 'idx',
  baseType: 'VERTEX_LABEL',
  baseValue: 'person',
  indexType,
  fields,
  status: 'CREATED',
  userData: {},
});

function naive(op: IndexPredicate['op'], x: number, vals: readonly number[]): boolean {
  const [a, b] = vals as [number, number];
  switch (op) {
    case 'eq':
      return x === a;
    case 'lt':
      return x < a;
    case 'lte':
      return x <= a;
    case 'gt':
      return x > a;
    case 'gte':
      return x >= a;
    case 'between':
      return x >= a && x < b;
    case 'inside':
      return x > a && x < b;
    case 'outside':
      return x < a || x > b;
    default:
      return vals.includes(x);
  }
}

test('ElementIndex range queries match a naive filter under adds and removes', () => {
  const ops = fc.array(fc.tuple(fc.nat(30), fc.option(fc.integer({ min: -5, max: 5 }))), { maxLength: 60 });
  const pred = fc.tuple(fc.constantFrom<IndexPredicate['op']>('eq', 'lt', 'lte', 'gt', 'gte', 'between', 'inside', 'outside', 'within'), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }));
  fc.assert(
    fc.property(ops, pred, fc.constantFrom<IndexType>('RANGE_INT', 'SHARD'), (writes, [op, a, b], type) => {
      const idx = new ElementIndex(record(type));
      const model = new Map<number, number>();
      for (const [slot, v] of writes) {
        if (model.has(slot)) idx.remove(slot, [model.get(slot)!]);
        if (v === null) model.delete(slot);
        else {
          model.set(slot, v);
          idx.add(slot, [v]);
        }
        const p: IndexPredicate = { op, values: [a, b] };
        assert.equal(idx.accepts('age', p), true);
        const expected = [...model].filter(([, x]) => naive(op, x, [a, b])).map(([s]) => s).sort((x, y) => x - y);
        assert.deepEqual(idx.query(p), expected);
        for (const from of [1, 15, 31]) assert.deepEqual(idx.query(p, from), expected.filter((slot) => slot >= from), `from ${from}`);
      }
    }),
    { numRuns: 200 },
  );
});

test('ElementIndex accepts only the predicates its type serves', () => {
  const eq: IndexPredicate = { op: 'eq', values: [1] };
  const gt: IndexPredicate = { op: 'gt', values: [1] };
  const text: IndexPredicate = { op: 'textcontains', values: ['a'] };
  assert.deepEqual([eq, gt, text].map((p) => new ElementIndex(record('SECONDARY')).accepts('age', p)), [true, false, false]);
  assert.deepEqual([eq, gt, text].map((p) => new ElementIndex(record('SEARCH')).accepts('age', p)), [false, false, true]);
  assert.deepEqual([eq, gt, text].map((p) => new ElementIndex(record('UNIQUE')).accepts('age', p)), [false, false, false]);
  assert.deepEqual([eq, gt].map((p) => new ElementIndex(record('SHARD', ['city', 'age'])).accepts('city', p)), [true, false]);
  assert.equal(new ElementIndex(record('SECONDARY', ['city', 'age'])).accepts('age', eq), false, 'only a prefix of the fields matches');
  assert.equal(new ElementIndex(record('RANGE_INT')).accepts('age', { op: 'neq', values: [1] }), false);
});

test('ElementIndex indexes each element of a list value', () => {
  const idx = new ElementIndex(record('SECONDARY', ['tags']));
  idx.add(3, [['a', 'b']]);
  idx.add(4, [['b']]);
  assert.deepEqual(idx.query({ op: 'eq', values: ['b'] }), [3, 4]);
  idx.remove(3, [['a', 'b']]);
  assert.deepEqual(idx.query({ op: 'within', values: ['a', 'b'] }), [4]);
});
