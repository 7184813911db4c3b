import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GraphSource } from '../../../src/engine/index.js';
import type { StoreState } from '../../../src/storage/store/store-state.js';
import type { GraphStore } from '../../../src/storage/graph-store.js';
import { autoStore } from './fixtures.js';

function outOf(src: GraphSource, v: number): [number, number][] {
  const found: [number, number][] = [];
  for (const b of src.scanNeighbours(Int32Array.of(v), 'OUT')) for (let i = 0; i < b.length; i++) found.push([b.edges[i]!, b.vertices[i]!]);
  return found;
}

function history(store: GraphStore): number {
  const e = (store as unknown as { state: StoreState }).state.epochs;
  return e.vertexKills.size + e.edgeKills.size + e.vertexValues.size + e.edgeValues.size;
}

test('a read view keeps the state of its epoch through removals, new elements, property changes and a CSR merge', () => {
  const s = autoStore();
  const { result: r } = s.batch((w) => {
    const a = w.addVertex('p', { id: 1, properties: [['name', 'a']] });
    const b = w.addVertex('p', { id: 2, properties: [['name', 'b']] });
    const c = w.addVertex('p', { id: 3, properties: [['name', 'c']] });
    const ab = w.addEdge('knows', { out: a, in: b }, { id: 10, properties: [['w', 1]] });
    const ac = w.addEdge('knows', { out: a, in: c }, { id: 11 });
    return { a, b, c, ab, ac };
  });
  const view = s.openReadView();
  const src = view.source;
  const before = outOf(src, r.a);
  s.batch((w) => {
    w.removeEdge(r.ab);
    w.setEdgeProperty(r.ac, 'w', 5);
    w.addEdge('knows', { out: r.a, in: r.a });
    w.setVertexProperty(r.a, 'name', 'x');
    w.setVertexProperty(r.c, 'age', 7);
    w.removeVertex(r.b);
    w.addVertex('p', { id: 4 });
  });
  s.compact();
  assert.ok(history(s) > 0, 'pre-images are kept while the view is pinned');
  assert.deepEqual(outOf(src, r.a), before, 'the neighbours and their order are those of the epoch');
  assert.deepEqual(outOf(s, r.a).length, 2, 'the live store sees the change');
  assert.equal(src.vertexCount(), 3);
  assert.equal(src.vertexCount('p'), 3);
  assert.equal(src.edgeCount(), 2);
  assert.equal(src.degree(r.a, 'OUT'), 2);
  assert.equal(src.degree(r.b, 'IN'), 1);
  assert.deepEqual([...src.vertexSlots()], [r.a, r.b, r.c]);
  assert.deepEqual([...src.edgeSlots()], [r.ab, r.ac]);
  assert.equal(src.vertexSlot(2), r.b, 'a vertex removed later is found by its id');
  assert.equal(src.vertexSlot(4), -1, 'a vertex added later is not');
  assert.equal(src.edgeSlot(10), r.ab);
  assert.deepEqual(src.vertexProperties(r.a).map((p) => p.value), ['a']);
  assert.deepEqual(src.vertexPropertyKeys(r.c), ['name']);
  assert.equal(src.edgeProperty(r.ab, 'w'), 1);
  assert.equal(src.edgeProperty(r.ac, 'w'), undefined);
  assert.deepEqual(src.edgePropertyKeys(r.ac), []);
  view.release();
  assert.equal(history(s), 0, 'the history goes with the last pin');
  assert.equal(src.vertexCount(), 3, 'a released view reads the live store');
  assert.equal(src.vertexSlot(2), -1);
});

test('nothing is recorded while no view is pinned, and a rolled-back batch leaves no history', () => {
  const s = autoStore();
  const { result: a } = s.batch((w) => w.addVertex('p', { id: 1, properties: [['name', 'a']] }));
  s.batch((w) => w.setVertexProperty(a, 'name', 'b'));
  assert.equal(history(s), 0);
  const view = s.openReadView();
  assert.throws(() =>
    s.batch((w) => {
      w.setVertexProperty(a, 'name', 'c');
      w.removeVertex(a);
      throw new Error('boom');
    }),
  );
  assert.equal(history(s), 0);
  assert.deepEqual(view.source.vertexProperties(a).map((p) => p.value), ['b']);
  const other = s.openReadView();
  s.batch((w) => w.setVertexProperty(a, 'name', 'd'));
  view.release();
  assert.ok(history(s) > 0, 'the second view still needs the pre-image');
  assert.deepEqual(other.source.vertexProperties(a).map((p) => p.value), ['b']);
  other.release();
  assert.equal(history(s), 0);
});

test('views opened and released over and over at one epoch, then past a write: recording stops with the last release and history goes', () => {
  const s = autoStore();
  const { result: a } = s.batch((w) => w.addVertex('p', { id: 1, properties: [['name', 'a']] }));
  const epochs = (s as unknown as { state: StoreState }).state.epochs;
  for (let i = 0; i < 3; i++) {
    const view = s.openReadView();
    assert.equal(epochs.recording, true);
    view.release();
    assert.equal(epochs.recording, false, 'no view is open');
  }
  const stale = s.openReadView();
  s.batch((w) => w.setVertexProperty(a, 'name', 'b'));
  const fresh = s.openReadView();
  s.batch((w) => w.setVertexProperty(a, 'name', 'c'));
  stale.release();
  assert.deepEqual(fresh.source.vertexProperties(a).map((p) => p.value), ['b'], 'the fresh view keeps its epoch after the stale one goes');
  assert.throws(() => (stale as unknown as { share(now: number): unknown }).share(0), /released/);
  fresh.release();
  assert.equal(epochs.recording, false);
  assert.equal(history(s), 0);
  s.batch((w) => w.setVertexProperty(a, 'name', 'd'));
  assert.equal(history(s), 0, 'nothing is recorded once every view is gone');
});

test('a read view opened at the start of a batch shows the state before it while the batch runs, as a write check reads it', () => {
  const s = autoStore();
  const { result: r } = s.batch((w) => {
    const a = w.addVertex('p', { id: 1, properties: [['age', 12]] });
    const b = w.addVertex('p', { id: 2 });
    return { a, b, e: w.addEdge('knows', { out: a, in: b }, { id: 10, properties: [['w', 1]] }) };
  });
  s.batch((w) => {
    const view = s.openReadView();
    try {
      w.setVertexProperty(r.a, 'age', 50);
      w.setEdgeProperty(r.e, 'w', 2);
      const c = w.addVertex('p', { id: 3 });
      w.removeVertex(r.b);
      const src = view.source;
      assert.deepEqual(src.vertexProperties(r.a).map((p) => p.value), [12], 'the value before the batch');
      assert.equal(src.edgeProperty(r.e, 'w'), 1);
      assert.equal(src.vertexVisible(r.b), true, 'a vertex the batch removed');
      assert.equal(src.vertexVisible(c), false, 'a vertex the batch added');
      assert.equal(src.edgeSlot(10), r.e);
      assert.deepEqual(w.vertexProperties(r.a).map((p) => p.value), [50], 'the batch reads its own writes');
    } finally {
      view.release();
    }
  });
  assert.deepEqual(s.vertexProperties(r.a).map((p) => p.value), [50]);
});
