import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { open, TypedNumber, Uuid, __ } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

type IdStrategy = 'number' | 'long' | 'string' | 'uuid';

/** The id of vertex `i` as it is given to addVertex, for each id strategy. */
function idOf(strategy: IdStrategy, i: number): number | string | TypedNumber | Uuid {
  if (strategy === 'number') return i;
  // Longs past 2^53 as well as small ones: the plain answer is a number or a bigint.
  if (strategy === 'long') return new TypedNumber('long', i % 2 === 0 ? BigInt(i) : 2n ** 60n + BigInt(i));
  if (strategy === 'string') return `v${i}`;
  return new Uuid(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
}

/** The plain id a result should hold for vertex `i`. */
function plainOf(strategy: IdStrategy, i: number): number | bigint | string {
  const id = idOf(strategy, i);
  if (id instanceof TypedNumber) return i % 2 === 0 ? i : (id.value as bigint);
  if (id instanceof Uuid) return id.text;
  return id;
}

async function graphOf(strategy: IdStrategy, n: number, edges: readonly (readonly [number, number])[]): Promise<{ close: () => Promise<void>; graph: Graph }> {
  const db = await open();
  const graph = await db.createGraph('ids');
  const label = graph.schema().vertexLabel('node');
  await (strategy === 'string' ? label.useCustomizeStringId() : strategy === 'uuid' ? label.useCustomizeUuidId() : label.useCustomizeNumberId()).create();
  await graph.schema().edgeLabel('link').sourceLabel('node').targetLabel('node').create();
  for (let i = 0; i < n; i++) await graph.addVertex('node', {}, { id: idOf(strategy, i) });
  for (const [a, b] of edges) await graph.addEdge('link', { out: idOf(strategy, a), in: idOf(strategy, b) });
  return { close: () => db.close(), graph };
}

const byText = (xs: readonly unknown[]): string[] => xs.map(String).sort();

test('traversers hand out plain ids: numbers for number and long ids (bigint past 2^53), text for string and UUID ids', async () => {
  for (const strategy of ['number', 'long', 'string', 'uuid'] as const) {
    const { close, graph } = await graphOf(strategy, 4, [[0, 1], [1, 2], [2, 3]]);
    try {
      const t = graph.traversers;
      const want = (is: readonly number[]): unknown[] => is.map((i) => plainOf(strategy, i));
      const source = plainOf(strategy, 0);
      assert.deepEqual((await t.kout({ source, maxDepth: 2, direction: 'OUT' })).ids, want([2]));
      assert.deepEqual(byText((await t.kneighbor({ source, maxDepth: 3, direction: 'OUT' })).ids), byText(want([1, 2, 3])));
      assert.deepEqual((await t.shortestPath({ source, target: plainOf(strategy, 3), maxDepth: 5, direction: 'OUT' })).path, want([0, 1, 2, 3]));
      const post = await t.kout({ source, steps: { direction: 'OUT' }, maxDepth: 1, withPath: true, withVertex: true, withEdge: true });
      assert.deepEqual(post.ids, want([1]));
      assert.deepEqual(post.paths, [{ objects: want([0, 1]) }]);
      assert.deepEqual(byText((post.vertices as { id: unknown }[]).map((v) => v.id)), byText(want([0, 1])));
      const [edge] = post.edges as { outV: unknown; inV: unknown }[];
      assert.deepEqual([edge?.outV, edge?.inV], want([0, 1]));
      assert.deepEqual((await t.sameNeighbors({ vertex: source, other: plainOf(strategy, 2) })).sameNeighbors, want([1]));
    } finally {
      await close();
    }
  }
});

test('a long id past 2^53 comes out as a bigint, and the bigint given back names the same vertex', async () => {
  const { close, graph } = await graphOf('long', 2, [[0, 1]]);
  try {
    const r = await graph.traversers.kout({ source: 0, maxDepth: 1, direction: 'OUT' });
    assert.deepEqual(r.ids, [2n ** 60n + 1n]);
    // Given back as the bigint the answer handed out, the id names the same vertex.
    assert.deepEqual((await graph.traversers.kout({ source: 2n ** 60n + 1n, maxDepth: 1, direction: 'IN' })).ids, [0]);
  } finally {
    await close();
  }
});

test('kout and kneighbor ids equal Gremlin ids for the same question on random graphs with long ids', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 2, max: 12 }).chain((n) =>
        fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 3 * n }), fc.integer({ min: 1, max: 3 })),
      ),
      async ([n, edges, depth]) => {
        const { close, graph } = await graphOf('long', n, edges);
        try {
          const g = graph.traversal();
          const source = plainOf('long', 0);
          const options = { source, maxDepth: depth, direction: 'BOTH', maxDegree: -1, capacity: -1, limit: -1 } as const;
          const kneighbor = (await graph.traversers.kneighbor(options)).ids;
          const reached = await g.V(idOf('long', 0)).repeat(__.both().dedup()).emit().times(depth).dedup().id().toList();
          assert.deepEqual(byText(kneighbor), byText(reached.filter((id) => id !== source)));
          for (const id of kneighbor) assert.ok(typeof id === 'number' || typeof id === 'bigint');
          const kout = (await graph.traversers.kout(options)).ids;
          const nearer = new Set(depth === 1 ? [] : (await g.V(idOf('long', 0)).repeat(__.both().dedup()).emit().times(depth - 1).dedup().id().toList()).map(String));
          nearer.add(String(source));
          assert.deepEqual(byText(kout), byText(reached.filter((id) => !nearer.has(String(id)))));
        } finally {
          await close();
        }
      },
    ),
    { numRuns: 25 },
  );
});
