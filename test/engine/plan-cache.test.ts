import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { __ } from '../../src/engine/fluent/anonymous.js';
import type { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { compile } from '../../src/engine/compiler/compile.js';
import { explain } from '../../src/engine/compiler/explain.js';
import { PlanCache } from '../../src/engine/compiler/plan-cache.js';
import { execute } from '../../src/engine/run/execute.js';
import type { Bytecode } from '../../src/engine/bytecode.js';
import { modern } from './reference-source.js';
import { plain, source } from './helpers.js';

const graph = modern();
const g = source(graph);

/** Results of a plan on the modern graph, in a comparable form. */
function results(plan: ReturnType<typeof compile>): unknown[] {
  return [...execute(plan, { source: graph })].map(plain);
}

/** Query shapes whose constants the property varies: start ids, labels, depths, limits and hasId targets. */
const SHAPES: readonly ((id: number, other: number, label: string, k: number) => GraphTraversal)[] = [
  (id) => g.V(id).out().count(),
  (id, _o, label) => g.V(id).both(label).dedup(),
  (id, _o, _l, k) => g.V(id).repeat(__.both().dedup()).times(k).count(),
  (id, _o, _l, k) => g.V(id).repeat(__.both().dedup()).emit().times(k),
  (id, other) => g.V(id).repeat(__.both().dedup()).until(__.hasId(other)).limit(1).path(),
  (id, other, label) => g.V(id, other).out(label).values('name'),
  (id, _o, _l, k) => g.V(id).out().out().limit(k),
  (id) => g.E(id).inV(),
  (id, _o, label) => g.V(id).outE(label).inV().count(),
  (_i, other, _l, k) => g.V().has('age', k * 10).out().hasId(other),
];

test('PlanCache.compile gives the plan and results of a fresh compile for every shape, id and constant', () => {
  const cache = new PlanCache(8);
  fc.assert(
    fc.property(
      fc.nat(SHAPES.length - 1),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 7 }),
      fc.constantFrom('knows', 'created', 'nothing'),
      fc.integer({ min: 0, max: 4 }),
      fc.boolean(),
      (shape, id, other, label, k, optimise) => {
        const bytecode: Bytecode = (SHAPES[shape] as (typeof SHAPES)[number])(id, other, label, k).bytecode;
        const cached = cache.compile(bytecode, { strategies: optimise });
        const fresh = compile(bytecode, { strategies: optimise });
        assert.equal(explain(cached), explain(fresh));
        assert.deepEqual(results(cached), results(fresh));
      },
    ),
    { numRuns: 400, seed: 10 },
  );
  assert.ok(cache.stats().hits > 0);
  assert.ok(cache.stats().size <= 8);
});

test('PlanCache.compile returns the cached plan for a repeated traversal and puts new start ids into it', () => {
  const cache = new PlanCache(16);
  const first = cache.compile(g.V(1).out('knows').count().bytecode);
  assert.equal(cache.compile(g.V(1).out('knows').count().bytecode), first);
  cache.compile(g.V(4).out('knows').count().bytecode);
  assert.deepEqual(cache.stats(), { hits: 1, misses: 2, size: 1 });
  const third = cache.compile(g.V(6).out('knows').count().bytecode);
  assert.deepEqual(cache.stats(), { hits: 2, misses: 2, size: 1 });
  assert.deepEqual(results(third), results(compile(g.V(6).out('knows').count().bytecode)));
  assert.notEqual(third, first);
});

test('PlanCache.compile keys other constants, id types and the strategies option apart', () => {
  const cache = new PlanCache(16);
  cache.compile(g.V(1).out('knows').bytecode);
  cache.compile(g.V(1).out('created').bytecode);
  cache.compile(g.V('1').out('knows').bytecode);
  cache.compile(g.V(1).out('knows').bytecode, { strategies: false });
  assert.deepEqual(cache.stats(), { hits: 0, misses: 4, size: 4 });
});

test('PlanCache.compile does not keep traversals with mutable constants', () => {
  const cache = new PlanCache(16);
  const list = cache.compile(g.inject([1, 2]).unfold().bytecode);
  assert.notEqual(cache.compile(g.inject([1, 2]).unfold().bytecode), list);
  assert.deepEqual(cache.stats(), { hits: 0, misses: 2, size: 0 });
});

test('PlanCache keeps at most its capacity, least recently used out first', () => {
  const cache = new PlanCache(2);
  cache.compile(g.V().out('a').bytecode);
  cache.compile(g.V().out('b').bytecode);
  cache.compile(g.V().out('a').bytecode);
  cache.compile(g.V().out('c').bytecode);
  assert.equal(cache.stats().size, 2);
  cache.compile(g.V().out('a').bytecode);
  cache.compile(g.V().out('b').bytecode);
  assert.deepEqual(cache.stats(), { hits: 2, misses: 4, size: 2 });
});

test('runs of one cached plan advanced in turn keep their own state: interleaved next() calls give each run its fresh results', async () => {
  const shapes: readonly ((id: number) => GraphTraversal)[] = [
    (id) => g.V(id).both().both().dedup().values('name'),
    (id) => g.V(id).repeat(__.both().dedup()).emit().times(2).path(),
    (id) => g.V(id).both().order().by('name').limit(2).values('name'),
  ];
  for (const shape of shapes) {
    const expected = await Promise.all([1, 4, 6].map(async (id) => (await shape(id).toList()).map(plain)));
    const runs = [1, 4, 6].map((id) => ({ traversal: shape(id), got: [] as unknown[] }));
    for (let round = 0; runs.some((r) => r.got.length < expected[runs.indexOf(r)]!.length); round++) {
      for (const [i, run] of runs.entries()) {
        if (run.got.length < expected[i]!.length) run.got.push(plain((await run.traversal.next()).value));
      }
      assert.ok(round < 100, 'runs ended');
    }
    runs.forEach((run, i) => assert.deepEqual(run.got, expected[i]));
    for (const run of runs) assert.equal(await run.traversal.hasNext(), false);
  }
});
