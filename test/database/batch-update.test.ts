/**
 * Graph.updateVertices and vertex labels of id strategy AUTOMATIC: such a vertex has no id or
 * key values to be matched by, so the library refuses the whole batch instead of creating a new
 * vertex on every call.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError, open } from '../../src/index.js';
import type { Graph, VertexInputLike } from '../../src/index.js';

async function graphWithLabels(): Promise<Graph> {
  const db = await open();
  const graph = await db.createGraph('g');
  const schema = graph.schema();
  await schema.propertyKey('name').asText().create();
  await schema.propertyKey('n').asInt().create();
  await schema.vertexLabel('event').properties('name', 'n').nullableKeys('name', 'n').create();
  await schema.vertexLabel('item').properties('name', 'n').primaryKeys('name').nullableKeys('n').create();
  return graph;
}

const isAutomaticRefusal = (e: unknown): boolean =>
  e instanceof QuiverError && e.code === 'AUTOMATIC_ID_UPDATE' && e.kind === 'argument' && e.message === 'Automatic Id strategy is not supported now' && e.details['label'] === 'event';

test('Graph.updateVertices refuses a vertex label of id strategy AUTOMATIC and creates nothing', async () => {
  const graph = await graphWithLabels();
  const update = { items: [{ label: 'event', properties: { name: 'launch', n: 1 } }], strategies: { n: 'SUM' as const } };
  await assert.rejects(graph.updateVertices(update), isAutomaticRefusal);
  await assert.rejects(graph.updateVertices(update), isAutomaticRefusal);
  assert.equal((await graph.vertices({ label: 'event' })).vertices.length, 0);
});

test('Graph.updateVertices refuses a whole batch in which one item has an AUTOMATIC label', async () => {
  const graph = await graphWithLabels();
  const stored = await graph.addVertex('item', { name: 'a', n: 1 });
  const items: VertexInputLike[] = [{ label: 'item', properties: { name: 'a', n: 5 } }, { label: 'event', properties: { name: 'x' } }];
  await assert.rejects(graph.updateVertices({ items, strategies: { n: 'SUM' } }), isAutomaticRefusal);
  assert.equal((await graph.getVertex(stored.id))?.properties['n'], 1);
  const updated = await graph.updateVertices({ items: items.slice(0, 1), strategies: { n: 'SUM' } });
  assert.equal(updated[0]?.properties['n'], 6);
});
