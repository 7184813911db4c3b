import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EnumValue } from '../../src/engine/bytecode.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { Vertex } from '../../src/engine/elements.js';
import { TypedNumber } from '../../src/values/index.js';
import { ReferenceGraph } from './reference-source.js';
import { source } from './helpers.js';

const LABELS = ['a', 'b'];

/** A random graph: n vertices with a 'w' integer property and labelled edges. */
const graphArb = fc
  .record({
    n: fc.integer({ min: 1, max: 8 }),
    edges: fc.array(fc.record({ from: fc.nat(7), to: fc.nat(7), label: fc.constantFrom(...LABELS) }), { maxLength: 20 }),
    weights: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 8, maxLength: 8 }),
  })
  .map(({ n, edges, weights }) => {
    const g = new ReferenceGraph();
    for (let i = 0; i < n; i++) g.addVertex(LABELS[i % 2] ?? 'a', { id: i, properties: [['w', weights[i] ?? 0]] });
    const kept = edges.filter((e) => e.from < n && e.to < n);
    for (const e of kept) g.addEdge(e.label, { out: e.from, in: e.to });
    return { g, n, edges: kept, weights: weights.slice(0, n) };
  });

const ids = (vs: unknown[]): number[] => vs.map((v) => (v as Vertex).id as number);
const count = (r: unknown[]): number => Number((r[0] as TypedNumber).value);

test('out().out() matches a naive nested loop over the edge list', async () => {
  await fc.assert(
    fc.asyncProperty(graphArb, async ({ g, n, edges }) => {
      const expected: number[] = [];
      for (let v = 0; v < n; v++) for (const e1 of edges) if (e1.from === v) for (const e2 of edges) if (e2.from === e1.to) expected.push(e2.to);
      const got = ids(await source(g).V().out().out().toList());
      assert.deepEqual(got.sort(), expected.sort());
    }),
    { numRuns: 60 },
  );
});

test('out(label).count() with and without strategies equals the naive count', async () => {
  await fc.assert(
    fc.asyncProperty(graphArb, fc.constantFrom(...LABELS), async ({ g, edges }, label) => {
      const expected = edges.filter((e) => e.label === label).length;
      assert.equal(count(await source(g).V().out(label).count().toList()), expected);
      assert.equal(count(await source(g, false).V().out(label).count().toList()), expected);
      assert.equal(count(await source(g).V().outE(label).inV().count().toList()), expected);
    }),
    { numRuns: 60 },
  );
});

test('dedup(), order() and groupCount() agree with plain JS', async () => {
  await fc.assert(
    fc.asyncProperty(graphArb, async ({ g, weights, edges }) => {
      const t = source(g);
      const ws = await t.V().values('w').toList();
      assert.deepEqual(ws, weights);
      assert.deepEqual((await t.V().values('w').dedup().toList()).sort(), [...new Set(weights)].sort());
      assert.deepEqual(await t.V().values('w').order().toList(), [...weights].sort((a, b) => a - b));
      assert.deepEqual(await t.V().values('w').order().by(new EnumValue('Order', 'desc')).toList(), [...weights].sort((a, b) => b - a));
      const groups = (await t.E().groupCount().by(new EnumValue('T', 'label')).toList())[0] as Map<string, TypedNumber>;
      for (const l of LABELS) {
        const n = edges.filter((e) => e.label === l).length;
        assert.equal(groups.get(l) === undefined ? 0 : Number(groups.get(l)?.value), n);
      }
      assert.deepEqual(await t.V().values('w').sum().toList(), weights.length === 0 ? [] : [weights.reduce((a, b) => a + b, 0)]);
    }),
    { numRuns: 60 },
  );
});

test('repeat(out()).times(k) equals k nested out() steps, with bulking', async () => {
  await fc.assert(
    fc.asyncProperty(graphArb, fc.integer({ min: 0, max: 3 }), async ({ g }, k) => {
      const t = source(g);
      let chained = t.V();
      for (let i = 0; i < k; i++) chained = chained.out();
      const expected = ids(await chained.toList()).sort();
      const got = ids(await source(g).V().repeat(__.out()).times(k).toList()).sort();
      assert.deepEqual(got, k === 0 ? ids(await source(g).V().repeat(__.out()).times(1).toList()).sort() : expected);
    }),
    { numRuns: 60 },
  );
});

test('limit(n) and range() take the first traversers counting bulk', async () => {
  await fc.assert(
    fc.asyncProperty(graphArb, fc.nat(10), fc.nat(10), async ({ g }, a, b) => {
      const all = await source(g).V().both().toList();
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      assert.deepEqual(ids(await source(g).V().both().range(lo, hi).toList()), ids(all.slice(lo, hi)));
      assert.deepEqual(ids(await source(g).V().both().limit(hi).toList()), ids(all.slice(0, hi)));
    }),
    { numRuns: 60 },
  );
});
