import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TypedNumber, open, order } from '../../src/index.js';

test('the README quick start runs as written and its data survives a reopen', async () => {
  const path = mkdtempSync(join(tmpdir(), 'quiver-readme-'));
  try {
    const db = await open({ path });
    const graph = db.hasGraph('hugegraph') ? db.graph('hugegraph') : await db.createGraph('hugegraph');
    const schema = graph.schema();
    await schema.propertyKey('name').asText().ifNotExist().create();
    await schema.propertyKey('age').asInt().ifNotExist().create();
    await schema.propertyKey('weight').asDouble().ifNotExist().create();
    await schema.vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create();
    await schema.edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').ifNotExist().create();
    await schema.indexLabel('personByAge').onV('person').by('age').range().ifNotExist().create();
    const marko = await graph.addVertex('person', { name: 'marko', age: 29 });
    const vadas = await graph.addVertex('person', { name: 'vadas', age: 27 });
    assert.equal(marko.id, '1:marko');
    await graph.addEdge('knows', { out: marko.id, in: vadas.id, properties: { weight: 0.5 } });
    assert.deepEqual(graph.vertices({ label: 'person', properties: { age: 29 } }).map((v) => v.id), ['1:marko']);
    await graph.updateVertexProperties('1:marko', { age: 30 });
    await graph.addVertices([{ label: 'person', properties: { name: 'josh' } }, { label: 'person', properties: { name: 'peter' } }]);
    await graph.write((w) => {
      const a = w.vertexSlot('1:josh');
      const b = w.vertexSlot('1:peter');
      w.addEdge('knows', { out: a, in: b }, { properties: [['weight', 1]] });
    });
    const [n] = await graph.traversal().V().count().toList();
    assert.equal(n, 4);
    assert.deepEqual(await graph.traversal().V().order().by('age', order.desc).values('name').toList(), ['marko', 'vadas']);
    assert.equal(
      JSON.stringify(await graph.gremlin("g.V('1:marko')")),
      '[{"id":"1:marko","label":"person","type":"vertex","properties":{"name":"marko","age":30}}]',
    );
    await db.close();

    const again = await open({ path });
    const g = again.graph('hugegraph');
    assert.equal(g.getVertex('1:marko')?.properties.age, 30);
    const edges = g.edges({ label: 'knows' });
    assert.deepEqual(edges.map((e) => [e.outV, e.inV, (e.properties.weight as TypedNumber).toNumber()]).sort(), [['1:josh', '1:peter', 1], ['1:marko', '1:vadas', 0.5]]);
    await again.close();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
});
