/**
 * Property values written with a new element (StoreState.initVertexValue / initEdgeValue): they
 * take no undo step of their own, so these tests check that a rolled-back batch leaves no value,
 * no index entry and no stale row behind, that the batch log replays to the same values, and that
 * a read view pinned before the insert does not see them.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureStore } from './fixtures.js';

const boom = (): never => {
  throw new Error('boom');
};

describe('StoreState insert values', () => {
  test('a rolled-back insert leaves no value behind in the rows the next insert reuses', () => {
    const s = fixtureStore();
    const { result: anchors } = s.batch((w) => ({ out: w.addVertex('person', { properties: [['name', 'a']] }), in: w.addVertex('person', { properties: [['name', 'b']] }) }));
    assert.throws(
      () =>
        s.batch((w) => {
          w.addVertex('software', { properties: [['name', 'x'], ['lang', 'java'], ['price', 3]] });
          w.addVertex('person', { properties: [['name', 'c'], ['city', 'P'], ['email', 'c@x']] });
          w.addEdge('knows', anchors, { properties: [['date', 'd1'], ['weight', 0.5]] });
          w.addEdge('created', { out: anchors.out, in: w.vertexSlot('2:x') }, { properties: [['weight', 1.5]] });
          boom();
        }),
      /boom/,
    );
    assert.equal(s.vertexCount(), 2);
    assert.equal(s.edgeCount(), 0);
    const { result } = s.batch((w) => {
      const x = w.addVertex('software', { properties: [['name', 'y']] });
      const d = w.addVertex('person', { properties: [['name', 'd'], ['email', 'c@x']] });
      const knows = w.addEdge('knows', anchors, { properties: [['date', 'd2']] });
      const created = w.addEdge('created', { out: anchors.out, in: x });
      return { x, d, knows, created };
    });
    assert.deepEqual(s.vertexPropertyKeys(result.x), ['name'], 'no lang or price left from the rolled-back vertex');
    assert.deepEqual(s.vertexPropertyKeys(result.d), ['name', 'email'], 'the unique email index entry was rolled back too');
    assert.deepEqual(s.edgePropertyKeys(result.knows), ['date']);
    assert.deepEqual(s.edgePropertyKeys(result.created), [], 'no weight left from the rolled-back edge');
  });

  test('the batch log of inserted values replays to the same values', () => {
    const s = fixtureStore();
    const { log, result } = s.batch((w) => {
      const a = w.addVertex('person', { properties: [['name', 'a'], ['age', 30], ['tags', ['t1', 't2']]] });
      const x = w.addVertex('software', { properties: [['name', 'x'], ['lang', 'java']] });
      const knows = w.addEdge('knows', { out: a, in: a }, { properties: [['date', 'd'], ['weight', 0.25]] });
      const created = w.addEdge('created', { out: a, in: x }, { properties: [['weight', 2]] });
      return { a, x, knows, created };
    });
    const copy = fixtureStore();
    copy.replay(log!);
    for (const slot of [result.a, result.x]) assert.deepEqual(copy.vertexProperties(slot), s.vertexProperties(slot));
    for (const e of [result.knows, result.created]) {
      assert.deepEqual(copy.edgePropertyKeys(e), s.edgePropertyKeys(e));
      assert.deepEqual(copy.edgeProperty(e, 'weight'), s.edgeProperty(e, 'weight'));
    }
    assert.equal(copy.edgeProperty(result.knows, 'date'), 'd');
  });

  test('a read view pinned before an insert does not see the new elements or their values', () => {
    const s = fixtureStore();
    const { result: a } = s.batch((w) => w.addVertex('person', { properties: [['name', 'a']] }));
    const view = s.openReadView();
    const { result } = s.batch((w) => {
      const x = w.addVertex('software', { properties: [['name', 'x'], ['lang', 'go']] });
      return { x, e: w.addEdge('knows', { out: a, in: a }, { properties: [['date', 'd'], ['weight', 1]] }) };
    });
    assert.equal(view.source.vertexSlot('2:x'), -1);
    assert.equal(view.source.edgeCount(), 0);
    assert.equal(s.vertexProperties(result.x).find((p) => p.key === 'lang')?.value, 'go');
    assert.equal(s.edgeProperty(result.e, 'date'), 'd');
    assert.equal(view.source.edgeProperty(result.e, 'date'), undefined);
    view.release();
  });
});
