/**
 * The public API exports the traversal result classes and the value formatter the console uses.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Edge, Path, Property, Tree, TypedNumber, Vertex, VertexProperty, formatValue, open } from '../../src/index.js';

test('traversal results are instances of the exported result classes and format like Java toString', async () => {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  const g = graph.traversal();
  await g.addV('person').property('name', 'marko').as('a').addV('person').property('name', 'vadas').addE('knows').from_('a').property('weight', 0.5).iterate();
  const [vertex] = await g.V().has('name', 'marko').toList();
  const [edge] = await g.E().toList();
  const [vertexProperty] = await g.V().has('name', 'marko').properties('name').toList();
  const [property] = await g.E().properties('weight').toList();
  const [path] = await g.V().has('name', 'marko').out().path().toList();
  const [tree] = await g.V().has('name', 'marko').out().tree().toList();
  assert.ok(vertex instanceof Vertex);
  assert.ok(edge instanceof Edge);
  assert.ok(vertexProperty instanceof VertexProperty);
  assert.ok(property instanceof Property);
  assert.ok(path instanceof Path);
  assert.ok(tree instanceof Tree);
  assert.equal(formatValue([1, new TypedNumber('double', 2), new Map([['a', 'b']])]), '[1, 2.0, {a=b}]');
  assert.equal(formatValue(null), 'null');
  await db.close();
});
