import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GraphTraversal } from '../../../src/engine/fluent/graph-traversal.js';
import { __ } from '../../../src/engine/fluent/anonymous.js';
import { compile } from '../../../src/engine/compiler/compile.js';
import { explain } from '../../../src/engine/compiler/explain.js';
import { plain, source } from '../helpers.js';
import { load, randomGraph } from './random-graph.js';

type Source = ReturnType<typeof source>;
/** One hop in a chosen direction: appended to `t`, or anonymous when `t` is undefined. */
type Hop = (labels: readonly string[], t?: GraphTraversal) => GraphTraversal;

const HOPS: Record<string, Hop> = {
  out: (l, t) => (t === undefined ? __.out(...l) : t.out(...l)),
  in: (l, t) => (t === undefined ? __.in(...l) : t.in(...l)),
  both: (l, t) => (t === undefined ? __.both(...l) : t.both(...l)),
};

/** A multi-hop shape the frontier strategy rewrites, from start vertices `ids`. */
type Shape = (s: Source, ids: number[], hop: Hop, labels: readonly string[], k: number, target: number) => GraphTraversal;

const SHAPES: [string, Shape][] = [
  ['repeat(hop.dedup()).times(k)', (s, ids, hop, l, k) => s.V(...ids).repeat(hop(l).dedup()).times(k)],
  ['repeat(hop.dedup()).emit().times(k)', (s, ids, hop, l, k) => s.V(...ids).repeat(hop(l).dedup()).emit().times(k)],
  ['repeat(hop.dedup()).emit().times(k).path()', (s, ids, hop, l, k) => s.V(...ids).repeat(hop(l).dedup()).emit().times(k).path()],
  ['repeat(hop.dedup()).times(k).count()', (s, ids, hop, l, k) => s.V(...ids).repeat(hop(l).dedup()).times(k).count()],
  ['repeat(hop.dedup()).emit().times(k).count()', (s, ids, hop, l, k) => s.V(...ids).repeat(hop(l).dedup()).emit().times(k).count()],
  ['repeat(hop.dedup()).times(k).limit(3)', (s, ids, hop, l, k) => s.V(...ids).repeat(hop(l).dedup()).times(k).limit(3)],
  ['shortest path', (s, ids, hop, l, _k, t) => s.V(...ids).repeat(hop(l).dedup()).until(__.hasId(t)).limit(1).path()],
  ['simplePath shortest path', (s, ids, hop, l, _k, t) => s.V(...ids).repeat(hop(l).simplePath()).until(__.hasId(t)).limit(1).path()],
  ['chain.dedup()', (s, ids, hop, l) => hop(l, s.V(...ids)).both().out(...l).dedup()],
  ['chain.dedup().limit(2)', (s, ids, _hop, l) => s.V(...ids).out(...l).in().dedup().limit(2)],
  ['chain.count()', (s, ids, _hop, l) => s.V(...ids).both(...l).both().both(...l).count()],
];

test('every multi-hop shape gives the same results, in the same order, with the frontier strategy on and off', async () => {
  await fc.assert(
    fc.asyncProperty(
      randomGraph(30),
      fc.constantFrom(...SHAPES),
      fc.constantFrom(...Object.keys(HOPS)),
      fc.constantFrom([], ['a'], ['b', 'a']),
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.nat(29), { minLength: 1, maxLength: 3 }),
      fc.nat(29),
      async (rg, [, shape], hop, labels, k, starts, target) => {
        const graph = load(rg);
        const ids = starts.map((s) => s % rg.n);
        const on = shape(source(graph), ids, HOPS[hop] as Hop, labels, k, target % rg.n);
        const off = shape(source(graph, false), ids, HOPS[hop] as Hop, labels, k, target % rg.n);
        assert.deepEqual(plain(await on.toList()), plain(await off.toList()));
      },
    ),
    { numRuns: 300 },
  );
});

test('every shape of the property runs through a frontier step', () => {
  const s = source(load({ n: 2, edges: [] }));
  for (const [name, shape] of SHAPES) {
    assert.match(explain(compile(shape(s, [0], HOPS.out as Hop, [], 2, 1).bytecode)), /frontier/, name);
  }
});
