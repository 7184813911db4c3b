import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FilteredSource, P } from '../../../src/index.js';
import type { Graph } from '../../../src/index.js';
import { ADULTS_POLICY, rejection, withPeople } from './people.js';

/** The error a call fails with, or `ok` and its answer. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await call() };
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

/** `call` on a hidden id and on a missing one answers the same, once the ids are taken out of the answers. */
async function sameAsMissing(call: (id: string) => Promise<unknown>, ids: { readonly hidden: string; readonly missing: string }): Promise<void> {
  const text = (answer: unknown): string => JSON.stringify(answer).replaceAll(ids.hidden, 'X').replaceAll(ids.missing, 'X');
  assert.equal(text(await outcome(() => call(ids.hidden))), text(await outcome(() => call(ids.missing))));
}

test('withPolicy: element lists, property queries, edge lists of a vertex, scans and read views show only what READ covers', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    const ids = (list: readonly { readonly id: unknown }[]): string[] => list.map((e) => String(e.id)).sort();
    assert.deepEqual(ids((await h.vertices({ label: 'person' })).vertices), ['1:josh', '1:marko', '1:peter', '1:vadas']);
    assert.deepEqual(ids((await h.vertices({ label: 'person', properties: { age: P.lt(30) } })).vertices), ['1:marko', '1:vadas'], 'an index answer is filtered');
    assert.deepEqual((await h.edges({ vertexId: '1:josh', direction: 'BOTH' })).edges.map((e) => e.label).sort(), ['created', 'knows']);
    assert.deepEqual((await h.edges({ vertexId: '1:kid' })).edges, []);
    assert.equal((await h.edges({ label: 'knows', properties: { weight: P.gte(0) } })).edges.length, 2);
    const scanned = [];
    for (const shard of await h.edgeShards(2)) scanned.push(...(await h.scanEdges({ start: shard.start, end: shard.end })).edges);
    assert.equal(scanned.length, 5, 'every edge but josh -> kid');
    const view = h.openReadView();
    try {
      assert.equal(view.source.vertexCount(), 6);
      assert.equal(view.source.vertexCount('person'), 4);
      assert.equal(view.source.edgeCount('knows'), 2);
      assert.equal(view.source.vertexSlot('1:kid'), -1);
    } finally {
      view.release();
    }
    const [groups] = (await h.gremlin('g.E().groupCount().by(label)')) as [Map<string, number>];
    assert.deepEqual([...groups].sort(), [['created', 3], ['knows', 2]], 'a column scan');
    assert.deepEqual(await h.gremlin("g.V().hasLabel('person').values('age').sum()"), [123]);
    assert.deepEqual(await h.gremlin("g.V().has('age', lt(18)).count()"), [0]);
  }));

test('withPolicy: a traverser never crosses a hidden vertex, counts only what it sees, and treats a hidden source as a missing one', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    await graph.addEdge('knows', { out: '1:kid', in: '1:peter' });
    assert.deepEqual((await graph.traversers.shortestPath({ source: '1:vadas', target: '1:peter', maxDepth: 4, direction: 'BOTH' })).path.length > 0, true);
    const path = (await h.traversers.shortestPath({ source: '1:josh', target: '1:peter', maxDepth: 4, direction: 'BOTH' })).path;
    assert.ok(!path.includes('1:kid'), `the path ${JSON.stringify(path)} goes round kid`);
    assert.deepEqual((await h.traversers.kneighbor({ source: '1:josh', maxDepth: 1 })).ids.sort(), ['1:marko', '2:ripple']);
    const counted = await h.traversers.kout({ source: '1:josh', maxDepth: 1, countOnly: true });
    assert.equal(counted.size, 2);
    const measured = (await h.traversers.kneighbor({ source: '1:josh', maxDepth: 1 })).measure;
    assert.ok(measured.edgeIterations <= 2, `edges scanned: ${measured.edgeIterations}`);
    await sameAsMissing((id) => h.traversers.kneighbor({ source: id, maxDepth: 1 }), { hidden: '1:kid', missing: '1:nobody' });
    await sameAsMissing((id) => h.traversers.shortestPath({ source: '1:josh', target: id, maxDepth: 3 }), { hidden: '1:kid', missing: '1:nobody' });
    await sameAsMissing((id) => h.gremlin(`g.V('${id}').out()`), { hidden: '1:kid', missing: '1:nobody' });
    await sameAsMissing((id) => h.getVertex(id), { hidden: '1:kid', missing: '1:nobody' });
    await sameAsMissing((id) => h.vertices({ label: 'person', properties: { name: id.slice(2) } }), { hidden: '1:kid', missing: '1:nobody' });
  }));

test('withPolicy: a read-only policy reads but may not write, and a handle from withSourceDecorator keeps its decorator under a policy', () =>
  withPeople(async ({ graph }) => {
    const reader = graph.withPolicy({ grants: { READ: ADULTS_POLICY.grants.READ ?? [] } });
    assert.equal((await reader.vertices()).vertices.length, 6);
    await rejection(reader.addVertex('person', { name: 'ann', age: 40 }), 'PERMISSION_DENIED');
    await rejection(reader.removeEdge((await reader.edges()).edges[0]!.id), 'PERMISSION_DENIED');
    const noSoftware: Graph = graph.withSourceDecorator((source) => new FilteredSource(source, { vertex: (slot) => source.vertexLabel(slot) !== 'software' })).withPolicy(ADULTS_POLICY);
    assert.deepEqual((await noSoftware.vertices()).vertices.map((v) => v.label), ['person', 'person', 'person', 'person']);
    assert.deepEqual(await noSoftware.gremlin('g.E().count()'), [2], 'marko knows vadas and josh; created edges end at hidden software');
  }));
