import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Direction } from '../../../src/values/index.js';
import { FRONTIER_PAUSE, NEVER_PAUSE, Reached, Stamps, VisitedBits, allShortestPaths, kHop, pathTo, rowsOf, runFrontier, shortestPath } from '../../../src/engine/frontier/index.js';
import type { FrontierOperation, HopOptions, KHopResult } from '../../../src/engine/frontier/index.js';
import type { AdjacencySource } from '../../../src/port/index.js';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../../src/storage/schema/catalog.js';
import { CsrAdjacency } from '../../../src/storage/csr-adjacency.js';
import { LimitError } from '../../../src/errors.js';
import { loadWithRows, naiveNeighbours, randomGraph, withoutRows } from './random-graph.js';
import type { RandomGraph } from './random-graph.js';

const DIRECTIONS: Direction[] = ['OUT', 'IN', 'BOTH'];

/** A store holding the random graph (slot = index), merged or with its edges still buffered. */
function storeOf(rg: RandomGraph, compact: boolean): GraphStore {
  const s = new GraphStore(new SchemaCatalog(), { config: { autoCreate: true, vertexTxCapacity: 100000, edgeTxCapacity: 100000, checkCustomizedIdExist: false }, mode: () => 'NONE' });
  s.batch((w) => {
    for (let i = 0; i < rg.n; i++) w.addVertex('v');
    for (const e of rg.edges) w.addEdge(e.label, { out: e.out, in: e.in });
  });
  if (compact) s.compact();
  return s;
}

/** Every source with rows the suite runs, built over one random graph. */
function sourcesWithRows(rg: RandomGraph): Record<string, AdjacencySource> {
  const merged = storeOf(rg, true);
  return {
    'reference graph with rows': loadWithRows(rg),
    'store (merged)': merged,
    'store (buffered, merged on demand)': storeOf(rg, false),
    'CSR snapshot': new CsrAdjacency(merged.adjacencySnapshot()),
  };
}

const hopArb = fc.record({
  direction: fc.constantFrom(...DIRECTIONS),
  labels: fc.constantFrom([], ['a'], ['b'], ['a', 'b']),
  maxDegree: fc.constantFrom(-1, 0, 1, 2, 3),
});

/** Everything a kHop result says, as plain arrays. */
function plain(r: KHopResult): unknown {
  const n = r.reached.length;
  const slots = Array.from(r.reached.slots.subarray(0, n));
  return {
    slots,
    depth: Array.from((r.reached.depth as Int32Array).subarray(0, n)),
    predecessor: Array.from((r.reached.predecessor as Int32Array).subarray(0, n)),
    levels: r.levels,
    sources: Array.from(r.sources),
    positions: slots.map((s) => r.position(s)),
    paths: slots.map((_s, at) => Array.from(pathTo(r, at))),
    scanned: r.edgesScanned,
  };
}

test('every source with rows hands them out for plain hops, and none for a hop with a filter or a skip degree', () => {
  fc.assert(
    fc.property(randomGraph(20), (rg) => {
      for (const [name, source] of Object.entries(sourcesWithRows(rg))) {
        assert.ok(rowsOf(source, { direction: 'BOTH', maxDegree: 2 }) !== undefined, name);
        assert.equal(rowsOf(source, { direction: 'OUT', edgeFilter: () => true }), undefined, name);
        assert.equal(rowsOf(source, { direction: 'OUT', skipDegree: 3 }), undefined, name);
        assert.equal(rowsOf(withoutRows(source), { direction: 'OUT' }), undefined, name);
      }
    }),
    { numRuns: 20 },
  );
});

test('kHop on the row fast path equals the batched path entry for entry (order, depths, predecessors, positions, paths, scans)', () => {
  fc.assert(
    fc.property(randomGraph(40), hopArb, fc.integer({ min: 1, max: 5 }), fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), (rg, hop, depth, exclude, picks) => {
      const sources = picks.map((p) => p % rg.n);
      const options = { hop, depth, excludeSources: exclude };
      for (const [name, source] of Object.entries(sourcesWithRows(rg))) {
        const fast = runFrontier(kHop(source, sources, options, NEVER_PAUSE));
        const batched = runFrontier(kHop(withoutRows(source), sources, options, NEVER_PAUSE));
        assert.deepEqual(plain(fast), plain(batched), name);
      }
    }),
    { numRuns: 80 },
  );
});

test('kHop on the row fast path stops at the level its targets are reached, and fails past its capacity like the batched path', () => {
  fc.assert(
    fc.property(randomGraph(40), fc.constantFrom(...DIRECTIONS), fc.nat(), fc.array(fc.nat(), { maxLength: 3 }), fc.integer({ min: 0, max: 10 }), fc.boolean(), (rg, direction, pick, targetPicks, capacity, exclude) => {
      const source = loadWithRows(rg);
      const targets = Int32Array.from(targetPicks, (p) => p % rg.n);
      const run = (a: AdjacencySource, o: object): unknown => {
        try {
          return plain(runFrontier(kHop(a, [pick % rg.n], { hop: { direction }, depth: Infinity, excludeSources: exclude, ...o }, NEVER_PAUSE)));
        } catch (e) {
          assert.ok(e instanceof LimitError && e.code === 'FRONTIER_CAPACITY');
          return e.message;
        }
      };
      assert.deepEqual(run(source, { targets }), run(withoutRows(source), { targets }));
      assert.deepEqual(run(source, { capacity }), run(withoutRows(source), { capacity }));
    }),
    { numRuns: 80 },
  );
});

test('shortestPath and allShortestPaths on the row fast path equal the batched path, and their lengths the naive distance', () => {
  fc.assert(
    fc.property(randomGraph(40), hopArb, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 6 }), (rg, hop, a, b, maxDepth) => {
      const [s, t] = [a % rg.n, b % rg.n];
      for (const [name, source] of Object.entries(sourcesWithRows(rg))) {
        const meter = { vertices: 0, edges: 0 };
        const batchedMeter = { vertices: 0, edges: 0 };
        const one = runFrontier(shortestPath(source, s, t, { hop, maxDepth, meter }, NEVER_PAUSE));
        assert.deepEqual(one, runFrontier(shortestPath(withoutRows(source), s, t, { hop, maxDepth, meter: batchedMeter }, NEVER_PAUSE)), name);
        assert.deepEqual(meter, batchedMeter, `${name}: the meters count the same scans`);
        const all = runFrontier(allShortestPaths(source, s, t, { hop, maxDepth }, NEVER_PAUSE));
        assert.deepEqual(all, runFrontier(allShortestPaths(withoutRows(source), s, t, { hop, maxDepth }, NEVER_PAUSE)), name);
        if (hop.maxDegree < 0 && hop.labels.length === 0) {
          // Without limits, the length is the naive BFS distance.
          const dist = new Map([[s, 0]]);
          for (let level = [s], d = 1; level.length > 0 && d <= maxDepth; d++) {
            const next: number[] = [];
            for (const u of level) for (const [, w] of naiveNeighbours(rg, u, hop.direction)) if (!dist.has(w)) (dist.set(w, d), next.push(w));
            level = next;
          }
          assert.equal(one === undefined ? undefined : one.vertices.length - 1, dist.get(t), name);
        }
      }
    }),
    { numRuns: 60 },
  );
});

test('paused operators on the fast path keep their own stamps: interleaved searches give the results of searches run alone', () => {
  fc.assert(
    fc.property(randomGraph(40), fc.array(fc.nat(), { minLength: 2, maxLength: 5 }), (rg, picks) => {
      const source = loadWithRows(rg);
      const hop: HopOptions = { direction: 'BOTH' };
      let ticks = 0;
      const ctx = { tick: () => ++ticks % 2 === 0 };
      const ops: FrontierOperation<KHopResult>[] = picks.map((p) => kHop(source, [p % rg.n], { hop, depth: Infinity, excludeSources: true }, ctx));
      const results: (KHopResult | undefined)[] = ops.map(() => undefined);
      // Round robin: each operator runs to its next pause in turn.
      while (results.some((r) => r === undefined)) {
        ops.forEach((op, i) => {
          if (results[i] !== undefined) return;
          const r = op.next();
          if (r.done === true) results[i] = r.value;
          else assert.equal(r.value, FRONTIER_PAUSE);
        });
      }
      picks.forEach((p, i) => assert.deepEqual(plain(results[i] as KHopResult), plain(runFrontier(kHop(source, [p % rg.n], { hop, depth: Infinity, excludeSources: true }, NEVER_PAUSE)))));
    }),
    { numRuns: 40 },
  );
});

test('Stamps hand out fresh marks on every acquire, never share an array in use, and reuse released ones', () => {
  const a = Stamps.acquire(100, 3);
  a.set(5, 2);
  assert.equal(a.get(5), 2);
  assert.equal(a.has(6), false);
  const b = Stamps.acquire(100, 1);
  assert.notEqual(b.marks, a.marks, 'an array in use is never shared');
  a.release();
  b.release();
  const arrays = new Set<Int32Array>();
  for (let i = 0; i < 20; i++) {
    const s = Stamps.acquire(100, 2);
    arrays.add(s.marks);
    assert.equal(s.has(5), false, 'marks of an earlier query are not marks of this one');
    assert.equal(s.work.length, 0);
    s.set(5, 1);
    s.release();
  }
  assert.ok(arrays.size <= 4, `released arrays serve the next acquires (${arrays.size} arrays)`);
});

test('VisitedBits are clear at every acquire: a release clears what a search marked, whether it reached few slots, most of them, or failed past its capacity', () => {
  /** Acquires more bitmaps than the pool holds, so that every pooled one is looked at. */
  const allClear = (bound: number): boolean => {
    const held = Array.from({ length: 6 }, () => VisitedBits.acquire(bound));
    const clear = held.every((b) => b.words.every((w) => w === 0) && b.work.length === 0);
    for (const b of held) b.release();
    return clear;
  };
  fc.assert(
    fc.property(randomGraph(60), fc.nat(), fc.integer({ min: -1, max: 30 }), fc.integer({ min: 1, max: 4 }), (rg, pick, capacity, depth) => {
      const source = loadWithRows(rg);
      try {
        runFrontier(kHop(source, [pick % rg.n], { hop: { direction: 'BOTH' }, depth, excludeSources: true, capacity }, NEVER_PAUSE));
      } catch (e) {
        assert.ok(e instanceof LimitError && e.code === 'FRONTIER_CAPACITY');
      }
      assert.ok(allClear(source.vertexSlotBound()));
    }),
    { numRuns: 60 },
  );
  const bits = VisitedBits.acquire(5000);
  bits.set(4999);
  bits.set(33);
  assert.deepEqual([bits.has(4999), bits.has(33), bits.has(32), bits.has(0)], [true, true, false, false]);
  bits.release();
  assert.ok(allClear(5000), 'the slots set outside the work area are cleared too');
});

test('Reached grows and keeps its entries when reserve asks for more room than it has', () => {
  const r = new Reached(2);
  r.slots.set([7, 8]);
  r.from.set([0, 1]);
  r.edges.set([3, 4]);
  r.length = 2;
  r.reserve(5);
  assert.ok(r.slots.length >= 7);
  assert.deepEqual([Array.from(r.slots.subarray(0, 2)), Array.from(r.from.subarray(0, 2)), Array.from(r.edges.subarray(0, 2))], [[7, 8], [0, 1], [3, 4]]);
});
