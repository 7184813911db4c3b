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

test('graph.buildIndex builds a deferred index in chunks, unused by queries until done, and right despite writes between chunks', async () => {
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

test('graph.buildIndex stops on abort and leaves the index unused until a later build finishes it', async () => {
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

async function uniqueAges(graph: Graph): Promise<void> {
  await graph.schemaOperations({ deferIndexBuild: true }).createIndexLabel({ name: 'uniqueAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'], indexType: 'UNIQUE' });
}

test('graph.buildIndex of a UNIQUE index fails with UNIQUE_CONFLICT when a write during the build duplicates an element not yet visited, and leaves the index INVALID', async () => {
  const { graph, close } = await people(100, (i) => i);
  await uniqueAges(graph);
  assert.equal(graph.indexStatus('uniqueAge'), 'CREATING');
  let wrote = false;
  await assert.rejects(
    graph.buildIndex('uniqueAge', {
      chunk: 10,
      progress: () => {
        if (wrote) return;
        wrote = true;
        // p99 (age 99) is not visited yet: the partial index cannot see the clash, the build does.
        graph.writeNow((w) => w.addVertex('person', { properties: [['name', 'late'], ['age', 99]] }));
      },
    }),
    { code: 'UNIQUE_CONFLICT', message: /^Unique constraint uniqueAge conflict is found for age=99$/ },
  );
  assert.equal(graph.indexStatus('uniqueAge'), 'INVALID');
  assert.equal(graph.indexBuilding('uniqueAge'), false);
  // An INVALID index neither refuses nor records writes until a rebuild succeeds.
  await graph.addVertex('person', { name: 'later', age: 5 });
  await assert.rejects(graph.buildIndex('uniqueAge', { restart: true }), { code: 'UNIQUE_CONFLICT' });
  await graph.gremlin("g.V().has('person', 'name', within('late', 'later')).drop()");
  assert.equal(await graph.buildIndex('uniqueAge', { restart: true, chunk: 7 }), 102, 'slots visited, the two dropped vertices included');
  assert.equal(graph.indexStatus('uniqueAge'), undefined);
  await assert.rejects(graph.addVertex('person', { name: 'again', age: 42 }), { code: 'UNIQUE_CONFLICT' });
  await close();
});

test('graph.buildIndex of a UNIQUE index refuses a write that duplicates an element already visited', async () => {
  const { graph, close } = await people(100, (i) => i);
  await uniqueAges(graph);
  const refused: string[] = [];
  await graph.buildIndex('uniqueAge', {
    chunk: 50,
    progress: (done) => {
      if (done !== 50) return;
      try {
        graph.writeNow((w) => w.addVertex('person', { properties: [['name', 'early'], ['age', 3]] }));
      } catch (error) {
        refused.push((error as { code: string }).code);
      }
    },
  });
  assert.deepEqual(refused, ['UNIQUE_CONFLICT']);
  assert.equal(graph.indexStatus('uniqueAge'), undefined);
  assert.deepEqual(await graph.gremlin("g.V().has('person', 'name', 'early').count()"), [0]);
  await close();
});

test('createIndexLabel of a UNIQUE index over duplicated stored values is refused with UNIQUE_CONFLICT and changes nothing', async () => {
  const { graph, close } = await people(10, (i) => i % 5);
  await assert.rejects(
    graph.schemaOperations().createIndexLabel({ name: 'uniqueAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'], indexType: 'UNIQUE' }),
    { code: 'UNIQUE_CONFLICT' },
  );
  assert.equal(graph.catalog().indexLabel('uniqueAge'), undefined);
  await graph.gremlin("g.V().has('person', 'age', within(0, 1, 2, 3, 4)).limit(5).drop()");
  await graph.schemaOperations().createIndexLabel({ name: 'uniqueAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'], indexType: 'UNIQUE' });
  assert.equal(graph.indexStatus('uniqueAge'), undefined);
  await assert.rejects(graph.addVertex('person', { name: 'p99', age: 4 }), { code: 'UNIQUE_CONFLICT' });
  await close();
});
