import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStore } from './fixtures.js';

test('GraphStore adds and reads a small graph', () => {
  const store = fixtureStore();
  const { result, log } = store.batch((w) => {
    const marko = w.addVertex('person', { properties: [['name', 'marko'], ['age', 29], ['city', 'Beijing']] });
    const lop = w.addVertex('software', { properties: [['name', 'lop'], ['lang', 'java']] });
    const e = w.addEdge('created', { out: marko, in: lop }, { properties: [['weight', 0.4]] });
    return { marko, lop, e };
  });
  assert.ok(log !== undefined);
  assert.equal(store.vertexId(result.marko), '1:marko');
  assert.equal(store.edgeId(result.e), 'S1:marko>2>2>>S2:lop');
  assert.equal(store.edgeSlot('S1:marko>2>2>>S2:lop'), result.e);
  assert.equal(store.vertexCount(), 2);
  assert.equal(store.degree(result.marko, 'OUT'), 1);
  assert.deepEqual([...store.lookup('vertex', { label: 'person', key: 'city', predicate: { op: 'eq', values: ['Beijing'] } })!], [result.marko]);
});
