/**
 * GraphStore.captureSnapshot: the sections of a snapshot as parts, large arrays handed out as
 * views (or copies), and the capture told when the store changes under it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GraphStore, SchemaCatalog } from '../../../src/storage/index.js';

const ITEMS = 20_000;
const OPTIONS = { config: { autoCreate: true, vertexTxCapacity: 100_000, edgeTxCapacity: 100_000, checkCustomizedIdExist: false }, mode: () => 'NONE' as const };

test('GraphStore.captureSnapshot: parts concatenate to the encoded sections, a view capture stops being intact at the next change, a copied one stays as it was', async () => {
  const store = new GraphStore(new SchemaCatalog(), OPTIONS);
  store.batch((w) => {
    for (let i = 0; i < ITEMS; i++) w.addVertex('item', { id: i, properties: [['n', i]] });
  });
  const encoded = store.encodeSnapshot();
  const view = store.captureSnapshot();
  const copy = store.captureSnapshot({ copy: true });
  const bytes = (parts: readonly Uint8Array[]): Buffer => Buffer.concat(parts);
  const copiedBefore = new Map([...copy.sections].map(([name, parts]) => [name, bytes(parts)]));
  for (const capture of [view, copy]) {
    assert.deepEqual([...capture.sections.keys()], [...encoded.keys()]);
    for (const [name, parts] of capture.sections) assert.ok(bytes(parts).equals(encoded.get(name)!), `section ${name}`);
    assert.equal(capture.intact, true);
  }
  const decoded = GraphStore.decodeSnapshot(new Map([...view.sections].map(([name, parts]) => [name, bytes(parts)])), OPTIONS);
  assert.equal(decoded.vertexCount(), ITEMS);
  store.batch((w) => {
    w.removeVertex(w.vertexSlot(5));
    w.addVertex('item', { id: ITEMS, properties: [['n', 0]] });
  });
  assert.equal(view.intact, false, 'the store changed under the view capture');
  assert.equal(copy.intact, true);
  for (const [name, parts] of copy.sections) assert.ok(bytes(parts).equals(copiedBefore.get(name)!), `copied section ${name} unchanged`);
  view.release();
  copy.release();
  const later = store.captureSnapshot();
  later.release();
  store.batch((w) => w.addVertex('item', { id: ITEMS + 1, properties: [['n', 1]] }));
  assert.equal(later.intact, true, 'a released capture is no longer told about changes');
});

test('a capture keeps buffered adjacency entries as they are, and the decoded store has the same adjacency', () => {
  const store = new GraphStore(new SchemaCatalog(), OPTIONS);
  store.batch((w) => {
    for (let i = 0; i < ITEMS; i++) w.addVertex('item', { id: i, properties: [['n', i]] });
    for (let i = 1; i < ITEMS; i++) w.addEdge('next', { out: i - 1, in: i });
  });
  const addEdges = (from: number): void => {
    store.batch((w) => {
      for (let i = from; i < from + 300; i++) w.addEdge('next', { out: (i * 7) % ITEMS, in: (i * 13) % ITEMS });
    });
  };
  const decode = (capture: { sections: Map<string, Uint8Array[]> }): GraphStore =>
    GraphStore.decodeSnapshot(new Map([...capture.sections].map(([name, parts]) => [name, Buffer.concat(parts)])), OPTIONS);
  /** Sections of a compacted store: equal for equal contents. */
  const sameAs = (decoded: GraphStore, what: string): void => {
    const expected = store.encodeSnapshot();
    const actual = decoded.encodeSnapshot();
    for (const [name, section] of expected) assert.ok(Buffer.from(actual.get(name)!).equals(Buffer.from(section)), `section ${name} ${what}`);
  };
  addEdges(0);
  const buffered = store.captureSnapshot();
  const decoded = decode(buffered);
  buffered.release();
  assert.equal(decoded.edgeCount(), ITEMS - 1 + 300);
  assert.equal(decoded.degree(0, 'OUT', ['next']), store.degree(0, 'OUT', ['next']));
  sameAs(decoded, 'with buffered entries');
  addEdges(300);
  const dead = store.edgeSlots('next')[Symbol.iterator]().next().value as number;
  store.batch((w) => w.removeEdge(dead));
  const tombstoned = store.captureSnapshot();
  const decodedAfterRemoval = decode(tombstoned);
  tombstoned.release();
  assert.equal(decodedAfterRemoval.edgeCount(), ITEMS - 1 + 600 - 1);
  sameAs(decodedAfterRemoval, 'with buffered entries and a removal');
});
