import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Direction } from '../../../src/values/index.js';
import {
  FRONTIER_PAUSE, Frontier, NEVER_PAUSE, SlotHeap, VisitedMarks, allShortestPaths, countDistinct, dijkstra, expand, intersect, kHop, pathTo,
  runFrontier, shortestPath, union, weightedPathTo,
} from '../../../src/engine/frontier/index.js';
import type { HopOptions } from '../../../src/engine/frontier/index.js';
import { chunked, load, naiveNeighbours, randomGraph } from './random-graph.js';
import type { RandomGraph } from './random-graph.js';

const DIRECTIONS: Direction[] = ['OUT', 'IN', 'BOTH'];

/** Neighbours kept by HugeGraph's degree rules, naively. */
function kept(rg: RandomGraph, v: number, hop: HopOptions): number[] {
  const all = naiveNeighbours(rg, v, hop.direction, hop.labels).map(([, w]) => w);
  if ((hop.skipDegree ?? 0) > 0 && all.length >= (hop.skipDegree as number)) return [];
  return hop.maxDegree === undefined || hop.maxDegree < 0 ? all : all.slice(0, hop.maxDegree);
}

/** Queue BFS with a visited set: the reference for kHop (order included). */
function naiveKHop(rg: RandomGraph, sources: number[], hop: HopOptions, depth: number, excludeSources: boolean): { slot: number; depth: number }[] {
  const seen = new Set<number>(excludeSources ? sources : []);
  const out: { slot: number; depth: number }[] = [];
  let level = [...new Set(sources)];
  for (let d = 1; d <= depth && level.length > 0; d++) {
    const next: number[] = [];
    for (const u of level) for (const w of kept(rg, u, hop)) if (!seen.has(w)) (seen.add(w), next.push(w), out.push({ slot: w, depth: d }));
    level = next;
  }
  return out;
}

function distances(rg: RandomGraph, from: number, direction: Direction): Map<number, number> {
  const dist = new Map([[from, 0]]);
  let level = [from];
  for (let d = 1; level.length > 0; d++) {
    const next: number[] = [];
    for (const u of level) for (const [, w] of naiveNeighbours(rg, u, direction)) if (!dist.has(w)) (dist.set(w, d), next.push(w));
    level = next;
  }
  return dist;
}

const OPPOSITE: Record<Direction, Direction> = { OUT: 'IN', IN: 'OUT', BOTH: 'BOTH' };

/** Whether `path` is a walk in `direction`; with `edges`, each step by its edge of the list. */
function isPath(rg: RandomGraph, path: ArrayLike<number>, direction: Direction, edges?: ArrayLike<number>): boolean {
  for (let i = 1; i < path.length; i++) {
    if (!naiveNeighbours(rg, path[i - 1] as number, direction).some(([e, w]) => w === path[i] && (edges === undefined || e === edges[i - 1]))) return false;
  }
  return edges === undefined || edges.length === Math.max(0, path.length - 1);
}

const hopArb = fc.record({
  direction: fc.constantFrom(...DIRECTIONS),
  labels: fc.constantFrom([], ['a'], ['b'], ['a', 'b']),
  maxDegree: fc.constantFrom(-1, 1, 2, 3),
  skipDegree: fc.constantFrom(0, 0, 3, 5),
}).map((h) => ({ ...h, skipDegree: h.skipDegree > 0 && h.maxDegree > h.skipDegree ? 0 : h.skipDegree }));

test('kHop reaches what a naive queue BFS reaches, in the same order, at the same depths', () => {
  fc.assert(
    fc.property(randomGraph(), hopArb, fc.integer({ min: 1, max: 4 }), fc.boolean(), fc.integer({ min: 1, max: 4 }), (rg, hop, depth, exclude, size) => {
      const graph = chunked(load(rg), size);
      const sources = [0, rg.n - 1, 0];
      const r = runFrontier(kHop(graph, Int32Array.from(sources), { hop, depth, excludeSources: exclude }, NEVER_PAUSE));
      const got = [...r.reached.view()].map((slot, i) => ({ slot, depth: (r.reached.depth as Int32Array)[i] as number }));
      assert.deepEqual(got, naiveKHop(rg, sources, hop, depth, exclude));
      for (let i = 0; i < r.reached.length; i++) {
        const path = pathTo(r, i);
        assert.equal(path.length, (r.reached.depth as Int32Array)[i]! + 1);
        assert.ok(sources.includes(path[0] as number) && isPath(rg, path, hop.direction));
      }
    }),
    { numRuns: 150 },
  );
});

test('shortestPath and allShortestPaths find exactly the shortest paths of a naive BFS', () => {
  fc.assert(
    fc.property(randomGraph(), fc.constantFrom(...DIRECTIONS), fc.integer({ min: 1, max: 6 }), (rg, direction, maxDepth) => {
      const graph = chunked(load(rg), 3);
      const [s, t] = [0, rg.n - 1];
      const fromS = distances(rg, s, direction);
      const toT = distances(rg, t, OPPOSITE[direction]);
      const d = fromS.get(t);
      const options = { hop: { direction }, maxDepth };
      const one = runFrontier(shortestPath(graph, s, t, options, NEVER_PAUSE));
      const all = runFrontier(allShortestPaths(graph, s, t, options, NEVER_PAUSE));
      if (d === undefined || d > maxDepth) {
        assert.equal(one, undefined);
        assert.deepEqual(all, []);
        return;
      }
      assert.ok(one !== undefined && one.vertices.length === d + 1 && isPath(rg, one.vertices, direction, one.edges) && one.vertices[0] === s && one.vertices[d] === t);
      // Every path of length d through vertices at the right distances from both ends.
      const expected: string[] = [];
      const stack: number[][] = [[s]];
      while (stack.length > 0) {
        const p = stack.pop() as number[];
        if (p.length === d + 1) {
          expected.push(p.join('-'));
          continue;
        }
        const next = new Set(naiveNeighbours(rg, p[p.length - 1] as number, direction).map(([, w]) => w));
        for (const w of next) if (fromS.get(w) === p.length && toT.get(w) === d - p.length) stack.push([...p, w]);
      }
      assert.deepEqual(all.map((p) => [...p].join('-')).sort(), [...new Set(expected)].sort());
    }),
    { numRuns: 150 },
  );
});

test('dijkstra settles every reachable vertex at its lightest distance, with a path of that weight', () => {
  fc.assert(
    fc.property(randomGraph(), fc.constantFrom(...DIRECTIONS), (rg, direction) => {
      const graph = chunked(load(rg), 2);
      const dist = new Map<number, number>([[0, 0]]);
      for (let round = 0; round < rg.n; round++) {
        for (const [u, du] of [...dist]) for (const [e, w] of naiveNeighbours(rg, u, direction)) if (du + rg.edges[e]!.weight < (dist.get(w) ?? Infinity)) dist.set(w, du + rg.edges[e]!.weight);
      }
      const r = runFrontier(dijkstra(graph, 0, { hop: { direction }, weight: (e) => rg.edges[e]!.weight }, NEVER_PAUSE));
      assert.equal(r.settled.length, dist.size);
      for (let i = 0; i < r.settled.length; i++) {
        const v = r.settled.slots[i] as number;
        assert.equal(r.distance[i], dist.get(v));
        const path = weightedPathTo(r, v) as Int32Array;
        assert.ok(path[0] === 0 && path[path.length - 1] === v && isPath(rg, path, direction));
      }
    }),
    { numRuns: 150 },
  );
});

test('expand without visited marks adds the bulks of the ways a vertex is reached', () => {
  const rg: RandomGraph = { n: 4, edges: [{ out: 0, in: 2, label: 'a', weight: 1 }, { out: 1, in: 2, label: 'a', weight: 1 }, { out: 1, in: 3, label: 'b', weight: 1 }] };
  const from = Frontier.of([0, 1], { bulk: true });
  (from.bulk as Float64Array)[1] = 5;
  const next = runFrontier(expand(load(rg), from, { hop: { direction: 'OUT' } }, NEVER_PAUSE));
  assert.deepEqual([...next.view()], [2, 3]);
  assert.deepEqual([...(next.bulk as Float64Array).subarray(0, 2)], [6, 5]);
  assert.equal(next.total(), 11);
  const visited = new VisitedMarks();
  visited.mark(3);
  assert.deepEqual([...runFrontier(expand(load(rg), from, { hop: { direction: 'OUT' }, visited }, NEVER_PAUSE)).view()], [2]);
});

test('a frontier past its capacity fails with FRONTIER_CAPACITY and HugeGraph\'s message', () => {
  const rg: RandomGraph = { n: 5, edges: [1, 2, 3, 4].map((v) => ({ out: 0, in: v, label: 'a' as const, weight: 1 })) };
  assert.throws(() => runFrontier(kHop(load(rg), Int32Array.of(0), { hop: { direction: 'OUT' }, depth: 1, capacity: 3, finding: 'kout' }, NEVER_PAUSE)), {
    code: 'FRONTIER_CAPACITY',
    kind: 'limit',
    message: "Exceed capacity '3' while finding kout",
  });
  assert.equal(runFrontier(kHop(load(rg), Int32Array.of(0), { hop: { direction: 'OUT' }, depth: 1, capacity: -1 }, NEVER_PAUSE)).reached.length, 4);
});

test('an operator pauses when its context says the time slice is over, and resumes to the same result', () => {
  const rg: RandomGraph = { n: 50, edges: Array.from({ length: 49 }, (_, i) => ({ out: i, in: i + 1, label: 'a' as const, weight: 1 })) };
  const op = kHop(chunked(load(rg), 1), Int32Array.of(0), { hop: { direction: 'OUT' }, depth: Infinity }, { tick: () => true });
  let pauses = 0;
  let r = op.next();
  for (; r.done !== true; r = op.next()) if (r.value === FRONTIER_PAUSE) pauses++;
  assert.equal(pauses, 49);
  assert.equal(r.value.reached.length, 49);
  assert.throws(() => runFrontier(kHop(load(rg), Int32Array.of(0), { hop: { direction: 'OUT' }, depth: 3 }, { tick: () => { throw new Error('cancelled'); } })), /cancelled/);
});

test('set operators keep first-occurrence order', () => {
  assert.equal(countDistinct(Int32Array.of(3, 1, 3, 7)), 3);
  assert.deepEqual([...intersect(Int32Array.of(5, 1, 2, 5, 3), Int32Array.of(3, 5))], [5, 3]);
  assert.deepEqual([...union(Int32Array.of(2, 1, 2), Int32Array.of(1, 9))], [2, 1, 9]);
});

test('the slot heap pops keys in ascending order', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0, max: 1000, noNaN: true })), (keys) => {
      const heap = new SlotHeap();
      keys.forEach((k, i) => heap.push(k, i));
      const popped: number[] = [];
      while (heap.size > 0) {
        heap.pop();
        popped.push(heap.lastKey);
      }
      assert.deepEqual(popped, [...keys].sort((a, b) => a - b));
      assert.equal(heap.pop(), -1);
    }),
  );
});
