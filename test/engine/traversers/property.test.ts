import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { NEVER_PAUSE, TRAVERSERS, runFrontier } from '../../../src/engine/index.js';
import type { Direction } from '../../../src/values/index.js';
import { load, loadWithRows, naiveNeighbours, randomGraph } from '../frontier/random-graph.js';
import type { RandomGraph } from '../frontier/random-graph.js';

const DIRECTIONS: Direction[] = ['OUT', 'IN', 'BOTH'];

/** Hop distances from `s` by a plain queue BFS over the edge list. */
function distances(rg: RandomGraph, s: number, direction: Direction): Map<number, number> {
  const d = new Map([[s, 0]]);
  const queue = [s];
  while (queue.length > 0) {
    const v = queue.shift() as number;
    for (const [, w] of naiveNeighbours(rg, v, direction)) if (!d.has(w)) (d.set(w, (d.get(v) as number) + 1), queue.push(w));
  }
  return d;
}

const neighbourSet = (rg: RandomGraph, v: number, direction: Direction): Set<number> => new Set(naiveNeighbours(rg, v, direction).map(([, w]) => w));

test('kout, kneighbor, shortestpath and jaccardsimilarity agree with naive references on random graphs, on the batched and the row path alike', () => {
  fc.assert(
    fc.property(randomGraph(60), fc.constantFrom(...DIRECTIONS), fc.integer({ min: 1, max: 4 }), fc.boolean(), (rg, direction, depth, rows) => {
      const run = { source: rows ? loadWithRows(rg) : load(rg), ctx: NEVER_PAUSE };
      const [s, t] = [0, rg.n - 1];
      const d = distances(rg, s, direction);
      const within = [...d].filter(([v, k]) => v !== s && k <= depth).map(([v]) => v).sort((a, b) => a - b);
      const exactly = [...d].filter(([, k]) => k === depth).map(([v]) => v).sort((a, b) => a - b);
      const opts = { source: s, direction, maxDepth: depth, maxDegree: -1 };
      const kn = runFrontier(TRAVERSERS.kneighbor(run, opts)).ids as number[];
      assert.deepEqual([...kn].sort((a, b) => a - b), within);
      const ko = runFrontier(TRAVERSERS.kout(run, opts)).ids as number[];
      assert.deepEqual([...ko].sort((a, b) => a - b), exactly);
      const sp = runFrontier(TRAVERSERS.shortestPath(run, { source: s, target: t, direction, maxDepth: depth, maxDegree: -1 })).path as number[];
      const dt = d.get(t);
      assert.equal(sp.length === 0 ? undefined : sp.length - 1, dt !== undefined && dt <= depth ? dt : undefined);
      const [a, b] = [neighbourSet(rg, s, direction), neighbourSet(rg, t, direction)];
      const common = [...a].filter((v) => b.has(v)).length;
      const union = a.size + b.size - common;
      const j = runFrontier(TRAVERSERS.jaccardSimilarity(run, { vertex: s, other: t, direction, maxDegree: -1 })).jaccardSimilarity;
      assert.equal(j, union === 0 ? 0 : common / union);
    }),
    { numRuns: 100 },
  );
});

/** A response without the time it took. */
function timeless(r: unknown): unknown {
  return JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === 'costNs' ? 0 : v)));
}

test('kout, kneighbor, shortestpath, allshortestpaths and jaccardsimilarity answer the same on the row path as on the batched path, measure included', () => {
  fc.assert(
    fc.property(
      randomGraph(40),
      fc.record({ direction: fc.constantFrom(...DIRECTIONS), maxDepth: fc.integer({ min: 1, max: 4 }), maxDegree: fc.constantFrom(-1, 1, 2), label: fc.constantFrom(undefined, 'a') }),
      fc.record({ withPath: fc.boolean(), nearest: fc.boolean(), capacity: fc.constantFrom(-1, 3, 100) }),
      (rg, hop, o) => {
        const [s, t] = [0, rg.n - 1];
        const answer = (rows: boolean, name: keyof typeof TRAVERSERS, options: object): unknown => {
          const run = { source: rows ? loadWithRows(rg) : load(rg), ctx: NEVER_PAUSE };
          try {
            return timeless(runFrontier((TRAVERSERS[name] as (r: typeof run, x: unknown) => Parameters<typeof runFrontier>[0])(run, options)));
          } catch (e) {
            return (e as Error).message;
          }
        };
        const steps = { direction: hop.direction, maxDegree: hop.maxDegree, ...(hop.label === undefined ? {} : { labels: [hop.label] }) };
        const cases: [keyof typeof TRAVERSERS, object][] = [
          ['kout', { source: s, ...hop, nearest: o.nearest, capacity: o.capacity, limit: -1 }],
          ['kneighbor', { source: s, ...hop, capacity: o.capacity }],
          ['kneighbor', { source: s, steps, maxDepth: hop.maxDepth, withPath: o.withPath, capacity: o.capacity }],
          ['kout', { source: s, steps, maxDepth: hop.maxDepth, withPath: o.withPath, nearest: o.nearest, capacity: o.capacity, limit: -1 }],
          ['shortestPath', { source: s, target: t, ...hop, capacity: o.capacity }],
          ['allShortestPaths', { source: s, target: t, ...hop, capacity: o.capacity }],
          ['jaccardSimilarity', { vertex: s, other: t, direction: hop.direction, maxDegree: hop.maxDegree, label: hop.label }],
        ];
        for (const [name, options] of cases) assert.deepEqual(answer(true, name, options), answer(false, name, options), name);
      },
    ),
    { numRuns: 60 },
  );
});

/** Every shortest path from `s` to `t` (as vertex lists), by walking the distance layers. */
function naiveAllShortest(rg: RandomGraph, s: number, t: number, direction: Direction, maxDepth: number): string[] {
  const d = distances(rg, s, direction);
  const dt = d.get(t);
  if (dt === undefined || dt > maxDepth || s === t) return [];
  const out = new Set<string>();
  const walk = (path: number[]): void => {
    const v = path[path.length - 1] as number;
    if (v === t) return void out.add(path.join(','));
    for (const [, w] of naiveNeighbours(rg, v, direction)) if (d.get(w) === path.length && path.length <= dt) walk([...path, w]);
  };
  walk([s]);
  return [...out].sort();
}

/** Lightest distances from `s` by an O(n²) Dijkstra over the edge list. */
function naiveWeighted(rg: RandomGraph, s: number, direction: Direction): Map<number, number> {
  const dist = new Map([[s, 0]]);
  const done = new Set<number>();
  for (;;) {
    let v = -1;
    for (const [u, du] of dist) if (!done.has(u) && (v < 0 || du < (dist.get(v) as number))) v = u;
    if (v < 0) return dist;
    done.add(v);
    for (const [e, w] of naiveNeighbours(rg, v, direction)) {
      const dw = (dist.get(v) as number) + (rg.edges[e] as { weight: number }).weight;
      if (!dist.has(w) || dw < (dist.get(w) as number)) dist.set(w, dw);
    }
  }
}

test('allshortestpaths, weightedshortestpath and singlesourceshortestpath agree with naive references on random graphs', () => {
  fc.assert(
    fc.property(randomGraph(40), fc.constantFrom(...DIRECTIONS), fc.integer({ min: 1, max: 6 }), (rg, direction, depth) => {
      const run = { source: load(rg), ctx: NEVER_PAUSE };
      const [s, t] = [0, rg.n - 1];
      const all = runFrontier(TRAVERSERS.allShortestPaths(run, { source: s, target: t, direction, maxDepth: depth, maxDegree: -1 })).paths as { objects: number[] }[];
      assert.deepEqual(all.map((p) => p.objects.join(',')).sort(), naiveAllShortest(rg, s, t, direction, depth));
      const dist = naiveWeighted(rg, s, direction);
      const w = runFrontier(TRAVERSERS.weightedShortestPath(run, { source: s, target: t, direction, weight: 'weight', maxDegree: -1 })).path;
      assert.equal(w?.weight, dist.get(t));
      if (w !== undefined) assert.equal(w.vertices[0], s);
      const ss = runFrontier(TRAVERSERS.singleSourceShortestPath(run, { source: s, direction, weight: 'weight', maxDegree: -1, limit: -1 })).paths as Record<string, { weight: number }>;
      const want = [...dist].filter(([v]) => v !== s).map(([v, x]) => `${v}:${x}`).sort();
      assert.deepEqual(Object.entries(ss).map(([v, x]) => `${v}:${x.weight}`).sort(), want);
    }),
    { numRuns: 100 },
  );
});

const OPPOSITE: Record<Direction, Direction> = { OUT: 'IN', IN: 'OUT', BOTH: 'BOTH' };
const steps = (rg: RandomGraph, v: number, direction: Direction): number[] => naiveNeighbours(rg, v, direction).map(([, w]) => w);

/**
 * Every simple path from `s` to `t` (t only at the end) of at most `depth` edges whose first
 * ⌈L/2⌉ edges walk `direction` and whose others walk against it, with that crosspoint position:
 * PathsTraverser meets its two frontiers only at their newest layers, expanding them in turn.
 */
function naiveCrosspoints(rg: RandomGraph, s: number, t: number, direction: Direction, depth: number): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (path: number[]): void => {
    const v = path[path.length - 1] as number;
    if (v === t && path.length > 1) {
      const L = path.length - 1;
      const half = Math.ceil(L / 2);
      const forward = (i: number): boolean => steps(rg, path[i] as number, direction).includes(path[i + 1] as number);
      const backward = (i: number): boolean => steps(rg, path[i] as number, OPPOSITE[direction]).includes(path[i + 1] as number);
      if (path.slice(0, L).every((_, i) => (i < half ? forward(i) : backward(i)))) out.set(path.join(','), half);
      return;
    }
    if (path.length > depth) return;
    const next = new Set([...steps(rg, v, direction), ...steps(rg, v, OPPOSITE[direction])]);
    for (const w of next) if (!path.includes(w)) walk([...path, w]);
  };
  walk([s]);
  return out;
}

/** A cycle's key up to rotation and reversal (the closing repeat dropped). */
function cycleKey(vertices: readonly number[]): string {
  const cycle = vertices.slice(0, -1);
  const keys: string[] = [];
  for (const order of [cycle, [...cycle].reverse()]) for (let r = 0; r < order.length; r++) keys.push([...order.slice(r), ...order.slice(0, r)].join(','));
  return keys.sort()[0] as string;
}

/**
 * Rings through `s` of at most `depth` edges. Stepping straight back (BOTH) is a ring only when an
 * out edge and an in edge join the two vertices (SubGraphTraverser's hasMultiEdges), not for two
 * parallel edges of one direction.
 */
function naiveRings(rg: RandomGraph, s: number, direction: Direction, depth: number): string[] {
  const out = new Set<string>();
  const walk = (path: number[]): void => {
    if (path.length > depth) return;
    const v = path[path.length - 1] as number;
    const next = steps(rg, v, direction);
    for (const w of new Set(next)) {
      if (w === s) {
        const back = path.length === 2 && direction === 'BOTH';
        const joined = (a: number, b: number): boolean => rg.edges.some((e) => e.out === a && e.in === b);
        if (!back || (joined(v, s) && joined(s, v))) out.add(cycleKey([...path, s]));
      } else if (!path.includes(w)) walk([...path, w]);
    }
  };
  walk([s]);
  return [...out].sort();
}

test('crosspoints and rings agree with naive references on random graphs', () => {
  fc.assert(
    fc.property(randomGraph(14), fc.constantFrom(...DIRECTIONS), fc.integer({ min: 1, max: 4 }), (rg, direction, depth) => {
      const run = { source: load(rg), ctx: NEVER_PAUSE };
      const [s, t] = [0, rg.n - 1];
      const unlimited = { maxDegree: -1, capacity: -1, limit: -1 };
      const cross = runFrontier(TRAVERSERS.crosspoints(run, { source: s, target: t, direction, maxDepth: depth, ...unlimited })).crosspoints;
      const want = naiveCrosspoints(rg, s, t, direction, depth);
      assert.deepEqual(cross.map((c) => c.objects.join(',')).sort(), [...want.keys()].sort());
      for (const c of cross) assert.equal(c.crosspoint, c.objects[want.get(c.objects.join(',')) as number]);
      for (let i = 1; i < cross.length; i++) assert.ok((cross[i - 1] as { objects: unknown[] }).objects.length <= (cross[i] as { objects: unknown[] }).objects.length);
      const rings = runFrontier(TRAVERSERS.rings(run, { source: s, direction, maxDepth: depth, ...unlimited })).rings.map((r) => cycleKey(r.objects as number[]));
      assert.equal(new Set(rings).size, rings.length);
      assert.deepEqual(rings.sort(), naiveRings(rg, s, direction, depth));
    }),
    { numRuns: 150 },
  );
});
