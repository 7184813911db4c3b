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
