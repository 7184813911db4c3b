import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open } from '../../src/index.js';

const SCHEMA = [
  "graph.schema().propertyKey('name').asText().ifNotExist().create()",
  "graph.schema().propertyKey('age').asInt().ifNotExist().create()",
  "graph.schema().propertyKey('since').asInt().ifNotExist().create()",
  "graph.schema().vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create()",
  "graph.schema().edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('since').nullableKeys('since').ifNotExist().create()",
].join('\n');

test('addV() on a primary-key label takes the key from the property() steps that follow it', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(SCHEMA);
  const [id] = await graph.gremlin("g.addV('person').property('name', 'marko').property('age', 29).id()");
  assert.equal(id, '1:marko');
  assert.deepEqual((await graph.getVertex('1:marko'))?.properties, { name: 'marko', age: 29 });
  await db.close();
});

test('addV() without its primary key still fails on a primary-key label', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(SCHEMA);
  await assert.rejects(graph.gremlin("g.addV('person').property('age', 29)"));
  await db.close();
});

test('addE() is created with the property() steps that follow it', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(SCHEMA);
  await graph.gremlin("g.addV('person').property('name', 'marko').as('m').addV('person').property('name', 'josh').as('j').addE('knows').from('m').to('j').property('since', 2010)");
  assert.deepEqual(await graph.gremlin("g.V('1:marko').outE('knows').values('since')"), [2010]);
  await db.close();
});

test('a property() value traversal folded into addV() reads the traverser entering addV()', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(SCHEMA);
  await graph.gremlin("g.addV('person').property('name', 'marko').property('age', 29)");
  await graph.gremlin("g.V('1:marko').addV('person').property('name', __.values('name').concat('-copy')).property('age', __.values('age'))");
  assert.deepEqual((await graph.getVertex('1:marko-copy'))?.properties, { name: 'marko-copy', age: 29 });
  await db.close();
});
