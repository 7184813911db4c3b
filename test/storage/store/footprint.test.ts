import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../../src/storage/schema/catalog.js';
import { STRICT } from './fixtures.js';

test('GraphStore.footprint stays within 32 bytes per property-less edge, both directions and the SINGLE pair filter included', () => {
  const c = new SchemaCatalog();
  c.createVertexLabel({ name: 'v', idStrategy: 'CUSTOMIZE_NUMBER' });
  c.createEdgeLabel({ name: 'e', sourceLabel: 'v', targetLabel: 'v' });
  const store = new GraphStore(c, { config: { ...STRICT, vertexTxCapacity: 999_999, edgeTxCapacity: 999_999 }, mode: () => 'NONE' });
  const vertices = 1 << 12;
  const edges = 1 << 17;
  store.batch((w) => {
    for (let i = 0; i < vertices; i++) w.addVertex('v', { id: i });
  });
  let seed = 7;
  const next = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % vertices;
  };
  for (let b = 0; b < edges; b += 1 << 15) {
    store.batch((w) => {
      for (let i = 0; i < 1 << 15; i++) w.addEdge('e', { out: next(), in: next() });
    });
  }
  store.compact();
  const count = store.edgeCount();
  assert.ok(count > edges * 0.99, `few duplicates expected, got ${count}`);
  const { edgeBytes } = store.footprint();
  assert.ok(edgeBytes / count <= 32, `${(edgeBytes / count).toFixed(1)} bytes per edge`);
  let scanned = 0;
  for (const batch of store.scanNeighbours(Int32Array.from({ length: vertices }, (_, i) => i), 'BOTH')) scanned += batch.length;
  assert.equal(scanned, 2 * count);
});
