import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { __ } from '../../../src/engine/fluent/anonymous.js';
import { NEVER_PAUSE, TRAVERSERS, runFrontier } from '../../../src/engine/index.js';
import { allShortestPaths, pathEdges, shortestPath } from '../../../src/engine/frontier/index.js';
import type { Direction } from '../../../src/values/index.js';
import { plain, source } from '../helpers.js';
import { load, loadWithRows, naiveNeighbours } from './random-graph.js';
import type { RandomGraph } from './random-graph.js';

const DIRECTIONS: Direction[] = ['OUT', 'IN', 'BOTH'];
const LABELS: (readonly string[])[] = [[], ['a'], ['b', 'a']];

/**
 * Graphs of a random density, from sparse (long paths) to eight edges per vertex (many shortest
 * paths of the same length, multi-edges, hubs).
 */
function denseGraph(maxVertices: number): fc.Arbitrary<RandomGraph> {
  return fc.tuple(fc.integer({ min: 2, max: maxVertices }), fc.integer({ min: 1, max: 8 })).chain(([n, density]) =>
    fc.record({
      n: fc.constant(n),
      edges: fc.array(fc.record({ out: fc.nat(n - 1), in: fc.nat(n - 1), label: fc.constantFrom('a' as const, 'b' as const), weight: fc.constant(1) }), { minLength: Math.floor((n * density) / 2), maxLength: n * density }),
    }),
  );
}

/** Hop distance from `s` to `t` by a plain queue BFS over the edge list, undefined when unreachable. */
function distance(rg: RandomGraph, s: number, t: number, direction: Direction, labels: readonly string[]): number | undefined {
  const d = new Map([[s, 0]]);
  const queue = [s];
  while (queue.length > 0) {
    const v = queue.shift() as number;
    for (const [, w] of naiveNeighbours(rg, v, direction, labels)) if (!d.has(w)) (d.set(w, (d.get(v) as number) + 1), queue.push(w));
  }
  return d.get(t);
}

/** Whether every step of `path` follows an edge of the hop. */
function isPath(rg: RandomGraph, path: readonly number[], direction: Direction, labels: readonly string[]): boolean {
  return path.every((v, i) => i === 0 || naiveNeighbours(rg, path[i - 1] as number, direction, labels).some(([, w]) => w === v));
}

test('shortestpath returns a real path of the naive BFS distance on random graphs, with labels and direction, on the row and batched paths', () => {
  fc.assert(
    fc.property(denseGraph(50), fc.constantFrom(...DIRECTIONS), fc.constantFrom(...LABELS), fc.nat(49), fc.nat(49), fc.integer({ min: 1, max: 8 }), fc.boolean(), (rg, direction, labels, a, b, maxDepth, rows) => {
      const [s, t] = [a % rg.n, b % rg.n];
      const run = { source: rows ? loadWithRows(rg) : load(rg), ctx: NEVER_PAUSE };
      const label = labels.length === 1 ? labels[0] : undefined;
      const want = labels.length > 1 ? [] : labels;
      const r = runFrontier(TRAVERSERS.shortestPath(run, { source: s, target: t, direction, label, maxDepth, maxDegree: -1, capacity: -1 }));
      const path = r.path as number[];
      const d = distance(rg, s, t, direction, want);
      assert.equal(path.length === 0 ? undefined : path.length - 1, d !== undefined && d <= maxDepth ? d : undefined);
      if (path.length > 0) {
        assert.equal(path[0], s);
        assert.equal(path[path.length - 1], t);
        assert.ok(isPath(rg, path, direction, want), `not a path: ${path.join(',')}`);
        assert.equal(new Set(path).size, path.length);
        assert.equal((r.edges as unknown[]).length, new Set((r.edges as unknown[]).map(String)).size);
      }
    }),
    { numRuns: 300 },
  );
});

test('shortestpath with a degree limit returns a real path no shorter than the naive distance, and the naive distance when the limit holds every row', () => {
  fc.assert(
    fc.property(denseGraph(40), fc.constantFrom(...DIRECTIONS), fc.nat(39), fc.nat(39), fc.constantFrom(1, 2, 3, 1000), fc.boolean(), (rg, direction, a, b, maxDegree, rows) => {
      const [s, t] = [a % rg.n, b % rg.n];
      const run = { source: rows ? loadWithRows(rg) : load(rg), ctx: NEVER_PAUSE };
      const maxDepth = 10;
      const path = runFrontier(TRAVERSERS.shortestPath(run, { source: s, target: t, direction, maxDepth, maxDegree, capacity: -1 })).path as number[];
      const d = distance(rg, s, t, direction, []);
      if (maxDegree === 1000) assert.equal(path.length === 0 ? undefined : path.length - 1, d !== undefined && d <= maxDepth ? d : undefined);
      if (path.length > 0) {
        assert.ok(isPath(rg, path, direction, []), `not a path: ${path.join(',')}`);
        assert.ok(d !== undefined && path.length - 1 >= d);
      }
    }),
    { numRuns: 300 },
  );
});

test('shortestPath returns the edge of every step, over the hop\'s direction and labels, and stops at the naive distance, on the row and batched paths, with and without a degree limit', () => {
  fc.assert(
    fc.property(denseGraph(50), fc.constantFrom(...DIRECTIONS), fc.constantFrom(...LABELS), fc.nat(49), fc.nat(49), fc.constantFrom(-1, 1, 2, 1000), fc.boolean(), (rg, direction, labels, a, b, maxDegree, rows) => {
      const [s, t] = [a % rg.n, b % rg.n];
      const graph = rows ? loadWithRows(rg) : load(rg);
      const maxDepth = 12;
      const found = runFrontier(shortestPath(graph, s, t, { hop: { direction, labels, maxDegree }, maxDepth }, NEVER_PAUSE));
      const d = distance(rg, s, t, direction, labels);
      if (maxDegree < 0 || maxDegree === 1000) assert.equal(found === undefined ? undefined : found.vertices.length - 1, d !== undefined && d <= maxDepth ? d : undefined);
      if (found === undefined) return;
      const { vertices, edges } = found;
      assert.ok(d !== undefined && vertices.length - 1 >= d && vertices.length - 1 <= maxDepth);
      assert.equal(vertices[0], s);
      assert.equal(vertices[vertices.length - 1], t);
      assert.equal(edges.length, vertices.length - 1);
      for (let i = 0; i < edges.length; i++) {
        const step = naiveNeighbours(rg, vertices[i] as number, direction, labels).filter(([e]) => e === edges[i]);
        assert.ok(step.some(([, w]) => w === vertices[i + 1]), `edge ${edges[i]} does not lead from ${vertices[i]} to ${vertices[i + 1]}`);
      }
    }),
    { numRuns: 400 },
  );
});

test('pathEdges gives, for every step of every shortest path, an edge of the hop between its ends, the same on the row and batched paths', () => {
  fc.assert(
    fc.property(denseGraph(40), fc.constantFrom(...DIRECTIONS), fc.constantFrom(...LABELS), fc.nat(39), fc.nat(39), (rg, direction, labels, a, b) => {
      const [s, t] = [a % rg.n, b % rg.n];
      const hop = { direction, labels };
      const [rows, batched] = [loadWithRows(rg), load(rg)];
      for (const path of runFrontier(allShortestPaths(rows, s, t, { hop, maxDepth: 8 }, NEVER_PAUSE))) {
        const edges = runFrontier(pathEdges(rows, path, hop, NEVER_PAUSE));
        assert.deepEqual(edges, runFrontier(pathEdges(batched, path, hop, NEVER_PAUSE)));
        assert.equal(edges.length, path.length - 1);
        for (let i = 0; i < edges.length; i++) {
          assert.ok(naiveNeighbours(rg, path[i] as number, direction, labels).some(([e, w]) => e === edges[i] && w === path[i + 1]), `edge ${edges[i]} does not lead from ${path[i]} to ${path[i + 1]}`);
        }
      }
    }),
    { numRuns: 300 },
  );
});

test('the Gremlin shortest-path shape from one vertex to another gives the step-by-step path with the frontier strategy on, on the row and batched paths', async () => {
  const hops = { OUT: (l: readonly string[]) => __.out(...l), IN: (l: readonly string[]) => __.in(...l), BOTH: (l: readonly string[]) => __.both(...l) };
  await fc.assert(
    fc.asyncProperty(denseGraph(40), fc.constantFrom(...DIRECTIONS), fc.constantFrom(...LABELS), fc.nat(39), fc.nat(39), fc.boolean(), fc.constantFrom('path', 'limit path', 'vertex'), async (rg, direction, labels, a, b, rows, tail) => {
      const [s, t] = [a % rg.n, b % rg.n];
      const graph = rows ? loadWithRows(rg) : load(rg);
      const ask = (optimise: boolean) => {
        const q = source(graph, optimise).V(s).repeat(hops[direction](labels).dedup()).until(__.hasId(t));
        return tail === 'path' ? q.path() : tail === 'limit path' ? q.limit(1).path() : q;
      };
      assert.deepEqual(plain(await ask(true).toList()), plain(await ask(false).toList()));
    }),
    { numRuns: 600 },
  );
});
