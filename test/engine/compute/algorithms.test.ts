/**
 * Every algorithm of the computation jobs against its naive reference (references.ts) on random
 * small multigraphs, with supersteps split into 1 to 3 ranges (an in-thread pool, so the ranges
 * and the lock-free union-find are exercised deterministically).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ALGORITHMS, resolveParams } from '../../../src/engine/index.js';
import type { AlgorithmName, AlgorithmOutput, ComputeGraph } from '../../../src/engine/index.js';
import {
  betweennessReference, closenessReference, computeGraph, inThread, kcoreReference, localMovingReference, lpaReference, modularity, pageRankReference, ringsReference, smallGraphs,
  triangleReference, undirected, wccReference,
} from './references.js';
import type { SmallGraph } from './references.js';

const RUNS = { numRuns: 80 };
const workers = fc.integer({ min: 1, max: 3 });

async function run(name: AlgorithmName, graph: ComputeGraph, params: Record<string, unknown>, w: number): Promise<AlgorithmOutput> {
  let steps = 0;
  const output = await ALGORITHMS[name].run({ graph, pool: inThread(w), signal: new AbortController().signal, progress: (n) => (steps = n) }, resolveParams(name, params));
  assert.equal(steps, output.supersteps, 'progress reaches the supersteps run');
  return output;
}

function numbers(output: AlgorithmOutput): number[] {
  assert.notEqual(output.kind, 'cycles');
  return Array.from((output as { values: ArrayLike<number> }).values);
}

function close(actual: readonly number[], expected: readonly number[], tolerance: number): void {
  assert.equal(actual.length, expected.length);
  actual.forEach((x, i) => assert.ok(Math.abs(x - expected[i]!) <= tolerance, `vertex ${i}: ${x} vs ${expected[i]}`));
}

test('pageRank matches a power iteration within 1e-9 and its ranks sum to 1', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(), workers, fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.integer({ min: 1, max: 30 }), async (g, w, alpha, steps) => {
      const out = numbers(await run('pageRank', computeGraph(g), { alpha, maxSuperStep: steps }, w));
      close(out, pageRankReference(g, alpha, steps, 0.00001), 1e-9);
      assert.ok(Math.abs(out.reduce((a, b) => a + b, 0) - 1) < 1e-9);
    }),
    RUNS,
  );
});

test('degreeCentrality counts out-edges (parallel ones included), or sums their weights', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(), workers, fc.boolean(), async (g, w, weighted) => {
      const expected = new Array<number>(g.n).fill(0);
      for (const [s, , weight] of g.edges) expected[s]! += weighted ? weight : 1;
      assert.deepEqual(numbers(await run('degreeCentrality', computeGraph(g, weighted), {}, w)), expected);
    }),
    RUNS,
  );
});

test('wcc names each vertex by the smallest vertex of its weak component', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(12, 14), workers, async (g, w) => {
      assert.deepEqual(numbers(await run('wcc', computeGraph(g), {}, w)), wccReference(g));
    }),
    RUNS,
  );
});

test('triangleCount and clusteringCoefficient match a brute-force count on the undirected simple graph', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(9, 30), workers, async (g, w) => {
      const t = triangleReference(g);
      assert.deepEqual(numbers(await run('triangleCount', computeGraph(g), {}, w)), t);
      const degree = undirected(g).map((s) => s.size);
      const cc = t.map((x, v) => (degree[v]! < 2 ? 0 : (2 * x) / (degree[v]! * (degree[v]! - 1))));
      close(numbers(await run('clusteringCoefficient', computeGraph(g), {}, w)), cc, 1e-12);
    }),
    RUNS,
  );
});

test('kcore gives core numbers of the undirected simple graph, 0 below k', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(9, 30), fc.integer({ min: 0, max: 4 }), async (g, k) => {
      assert.deepEqual(numbers(await run('kcore', computeGraph(g), { k }, 2)), kcoreReference(g, k));
    }),
    RUNS,
  );
});

test('lpa follows LDBC CDLP: synchronous, in and out edges counted, ties to the smallest label', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(), workers, fc.integer({ min: 1, max: 6 }), async (g, w, steps) => {
      const out = await run('lpa', computeGraph(g), { maxSuperStep: steps }, w);
      assert.equal(out.supersteps, steps);
      assert.deepEqual(numbers(out), lpaReference(g, steps));
    }),
    RUNS,
  );
});

test('closenessCentrality is harmonic over both directions, weighted by the weight property when asked', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(), workers, fc.boolean(), async (g, w, weighted) => {
      close(numbers(await run('closenessCentrality', computeGraph(g, weighted), {}, w)), closenessReference(g, weighted), 1e-9);
    }),
    RUNS,
  );
});

test('betweennessCentrality is exact Brandes on the undirected simple graph, each pair once', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(), workers, async (g, w) => {
      close(numbers(await run('betweennessCentrality', computeGraph(g), {}, w)), betweennessReference(g), 1e-9);
    }),
    RUNS,
  );
});

test('sampled sources: a rate below 1 takes fewer sources, the same ones for the same seed', async () => {
  const g: SmallGraph = { n: 40, edges: Array.from({ length: 39 }, (_, i) => [i, i + 1, 1] as const) };
  const a = numbers(await run('closenessCentrality', computeGraph(g), { sampleRate: 0.3, seed: 7 }, 2));
  const b = numbers(await run('closenessCentrality', computeGraph(g), { sampleRate: 0.3, seed: 7 }, 1));
  close(a, b, 1e-12);
  assert.ok(a.reduce((x, y) => x + y) < closenessReference(g, false).reduce((x, y) => x + y));
});

test('rings lists every simple directed cycle of 2 to maxSuperStep edges once, from its smallest vertex', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(7, 16), workers, fc.integer({ min: 1, max: 7 }), async (g, w, max) => {
      const out = await run('rings', computeGraph(g), { maxSuperStep: max }, w);
      assert.equal(out.kind, 'cycles');
      const found: string[] = [];
      const items = (out as { items: Int32Array }).items;
      for (let at = 0; at < items.length; at += items[at]! + 1) {
        const cycle = Array.from(items.subarray(at + 1, at + 1 + items[at]!));
        found.push(`[${[...cycle, cycle[0]].join(', ')}]`);
      }
      assert.deepEqual(found.sort(), ringsReference(g, max));
    }),
    RUNS,
  );
});

test('louvain finds communities of at least the modularity of one level of local moving, named by their smallest vertex', async () => {
  await fc.assert(
    fc.asyncProperty(smallGraphs(12, 30), async (g) => {
      const community = numbers(await run('louvain', computeGraph(g), {}, 2));
      assert.ok(modularity(g, community) >= modularity(g, localMovingReference(g)) - 1e-9, `${modularity(g, community)} vs ${modularity(g, localMovingReference(g))}`);
      community.forEach((c, v) => assert.ok(c <= v && community[c] === c, `vertex ${v} in community ${c}`));
    }),
    RUNS,
  );
  const cliques: SmallGraph = { n: 8, edges: [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3], [4, 5], [4, 6], [4, 7], [5, 6], [5, 7], [6, 7], [3, 4]].map(([s, t]) => [s!, t!, 1] as const) };
  assert.deepEqual(numbers(await run('louvain', computeGraph(cliques), {}, 1)), [0, 0, 0, 0, 4, 4, 4, 4]);
});

test('resolveParams fills defaults and refuses unknown keys, wrong types and values out of range', () => {
  assert.deepEqual(resolveParams('pageRank', {}), { alpha: 0.15, l1DiffThreshold: 0.00001, maxSuperStep: 10 });
  assert.deepEqual(resolveParams('kcore', {}), { k: 3 });
  for (const [name, params] of [
    ['pageRank', { alpha: 0 }], ['pageRank', { alpha: 1 }], ['pageRank', { maxSuperStep: 0 }], ['pageRank', { maxSuperStep: 2001 }],
    ['pageRank', { maxSuperStep: 2.5 }], ['pageRank', { alpha: '0.1' }], ['pageRank', { beta: 1 }], ['wcc', { maxSuperStep: 3 }],
    ['closenessCentrality', { sampleRate: 0 }], ['closenessCentrality', { sampleRate: 1.5 }], ['degreeCentrality', { weightProperty: 3 }],
  ] as const) {
    assert.throws(() => resolveParams(name, params), (e: Error & { code?: string }) => e.code === 'COMPUTE_PARAM', `${name} ${JSON.stringify(params)}`);
  }
});
