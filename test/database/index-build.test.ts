import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { open, P } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

const SCHEMA = [
  "graph.schema().propertyKey('name').asText().ifNotExist().create()",
  "graph.schema().propertyKey('age').asInt().ifNotExist().create()",
  "graph.schema().vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create()",
].join('\n');

async function people(n: number, ageOf: (i: number) => number): Promise<{ graph: Graph; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.gremlin(SCHEMA);
  await graph.addVertices(Array.from({ length: n }, (_, i) => ({ label: 'person', properties: { name: `p${i}`, age: ageOf(i) } })));
  return { graph, close: () => db.close() };
}

async function namesOlderThan(graph: Graph, age: number): Promise<string[]> {
  const { vertices } = await graph.vertices({ label: 'person', properties: { age: P.gt(age) }, limit: 1_000_000 });
  return vertices.map((v) => String(v.properties.name)).sort();
}

test('GraphCore.buildIndex builds a deferred index in chunks, unused by queries until done, and right despite writes between chunks', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 1, max: 9 }),
      fc.array(fc.tuple(fc.constantFrom('add', 'set', 'drop'), fc.nat(80), fc.nat(50)), { maxLength: 12 }),
      async (n, chunk, writes) => {
        const { graph, close } = await people(n, (i) => i % 50);
        await graph.schemaOperations({ deferIndexBuild: true }).createIndexLabel({ name: 'byAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'], indexType: 'RANGE' });
        assert.equal(graph.indexBuilding('byAge'), true);
        await assert.rejects(namesOlderThan(graph, 10), { code: 'NO_INDEX' });
        const model = new Map(Array.from({ length: n }, (_, i) => [`p${i}`, i % 50]));
        let step = 0;
        const steps: number[] = [];
        await graph.buildIndex('byAge', {
          chunk,
          progress: (done) => {
            steps.push(done);
            const write = writes[step++];
            if (write === undefined) return;
            const [op, who, age] = write;
            const name = `p${who}`;
            graph.writeNow((w) => {
              const slot = w.vertexSlot(`1:${name}`);
              if (op === 'add' && slot < 0) {
                w.addVertex('person', { properties: [['name', name], ['age', age]] });
                model.set(name, age);
              } else if (op === 'set' && slot >= 0) {
                w.setVertexProperty(slot, 'age', age);
                model.set(name, age);
              } else if (op === 'drop' && slot >= 0) {
                w.removeVertex(slot);
                model.delete(name);
              }
            });
          },
        });
        assert.equal(graph.indexBuilding('byAge'), false);
        if (n > chunk) assert.ok(steps.length > 1, 'built in more than one step');
        for (const age of [-1, 10, 30, 49]) {
          const expected = [...model].filter(([, a]) => a > age).map(([name]) => name).sort();
          assert.deepEqual(await namesOlderThan(graph, age), expected);
        }
        await close();
      },
    ),
    { numRuns: 40 },
  );
});

test('GraphCore.buildIndex stops on abort and leaves the index unused until a later build finishes it', async () => {
  const { graph, close } = await people(200, (i) => i);
  await graph.schemaOperations({ deferIndexBuild: true }).createIndexLabel({ name: 'byAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'], indexType: 'RANGE' });
  const controller = new AbortController();
  await assert.rejects(graph.buildIndex('byAge', { chunk: 10, signal: controller.signal, progress: (done) => { if (done >= 50) controller.abort(); } }));
  assert.equal(graph.indexBuilding('byAge'), true);
  await assert.rejects(namesOlderThan(graph, 190), { code: 'NO_INDEX' });
  assert.equal(await graph.buildIndex('byAge', { restart: true, chunk: 64 }), 200);
  assert.deepEqual(await namesOlderThan(graph, 196), ['p197', 'p198', 'p199']);
  await assert.rejects(graph.buildIndex('nope'), { code: 'SCHEMA_NOT_FOUND' });
  await close();
});
