import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GremlinSyntaxError, TypedNumber, open } from '../../src/index.js';

const SCHEMA = [
  "graph.schema().propertyKey('name').asText().ifNotExist().create()",
  "graph.schema().propertyKey('age').asInt().ifNotExist().create()",
  "graph.schema().vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create()",
  "graph.schema().edgeLabel('knows').sourceLabel('person').targetLabel('person').ifNotExist().create()",
].join('\n');

test('Graph.gremlin runs schema, writes and traversals with bindings', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(SCHEMA);
  await graph.gremlin("def m = graph.addVertex(T.label, 'person', 'name', 'marko', 'age', 29)\ndef v = graph.addVertex(T.label, 'person', 'name', 'vadas', 'age', 27)\nm.addEdge('knows', v)");
  assert.deepEqual(await graph.gremlin("g.V().has('age', P.gt(minAge)).values('name')", { bindings: { minAge: 28 } }), ['marko']);
  const [count] = await graph.gremlin("g.V('1:marko').out('knows').count()");
  assert.equal(count, 1);
  const [typed] = await graph.gremlin("g.V('1:marko').out('knows').count()", { types: 'java' });
  assert.ok(typed instanceof TypedNumber && typed.type === 'long' && typed.toNumber() === 1);
  assert.equal((await graph.getVertex('1:vadas'))?.properties.age, 27);
  await assert.rejects(graph.gremlin('g.V(.count()'), (e: unknown) => e instanceof GremlinSyntaxError && e.line === 1);
  await db.close();
});

test('Graph.traversal reads the graph through the fluent API', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(SCHEMA);
  await graph.addVertices([{ label: 'person', properties: { name: 'marko', age: 29 } }, { label: 'person', properties: { name: 'josh', age: 32 } }]);
  await graph.addEdge('knows', { out: '1:marko', in: '1:josh' });
  const names = await graph.traversal().V().has('person', 'name', 'marko').out('knows').values('name').toList();
  assert.deepEqual(names, ['josh']);
  await db.close();
});

test('writes made by Graph.gremlin are durable when it resolves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-gremlin-'));
  const image = mkdtempSync(join(tmpdir(), 'quiver-gremlin-image-'));
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('g');
    await graph.gremlin(SCHEMA);
    await graph.gremlin("graph.addVertex(T.label, 'person', 'name', 'marko', 'age', 29)");
    cpSync(dir, image, { recursive: true });
    await db.close();
    const recovered = await open({ path: image });
    assert.deepEqual(await recovered.graph('g').gremlin("g.V().values('name')"), ['marko']);
    await recovered.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});
