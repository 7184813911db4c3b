/**
 * The adjacency port's contract (src/port/adjacency.ts), checked with one property suite
 * against every implementation: the live store, a read view, the filtered source (both
 * checkAdjacent modes), the CSR snapshot (shared and gathered) and the engine's reference graph.
 * Each is built from the same random graph and compared with a plain model of it.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEIGHBOUR_BATCH_SIZE, type AdjacencyRows, type AdjacencySource, type GraphWriter, type NeighbourBatch } from '../../src/port/index.js';
import type { Direction } from '../../src/values/index.js';
import { GraphStore } from '../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../src/storage/schema/catalog.js';
import { CsrAdjacency } from '../../src/storage/csr-adjacency.js';
import { FilteredSource } from '../../src/engine/run/filtered-source.js';
import { ReferenceGraph } from '../engine/reference-source.js';

interface ModelEdge {
  readonly label: string;
  readonly out: number;
  readonly in: number;
}

/** A random graph: vertices by label, edges, what is removed after loading, and what a filter hides. */
interface Model {
  readonly vertexLabels: readonly string[];
  readonly edges: readonly ModelEdge[];
  readonly removedEdges: ReadonlySet<number>;
  readonly removedVertices: ReadonlySet<number>;
  readonly hiddenVertices: ReadonlySet<number>;
  readonly hiddenEdges: ReadonlySet<number>;
  readonly compact: boolean;
}

/** What one implementation shows, in model terms. */
interface Shown {
  readonly vertex: (v: number) => boolean;
  readonly edge: (e: number) => boolean;
  /** Whether a visibleNeighbours scan may reach vertex v (false only for a filter that shows edges without their ends). */
  readonly neighbour: (v: number) => boolean;
}

/** An implementation under test, with the slot ↔ model index maps of its graph. */
interface Subject {
  readonly adjacency: AdjacencySource;
  readonly slotOf: readonly number[];
  readonly edgeOf: ReadonlyMap<number, number>;
  readonly shown: Shown;
}

const modelArb: fc.Arbitrary<Model> = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    vertexLabels: fc.array(fc.constantFrom('a', 'b'), { minLength: n, maxLength: n }),
    edges: fc.array(fc.record({ label: fc.constantFrom('x', 'y'), out: fc.nat(n - 1), in: fc.nat(n - 1) }), { maxLength: 40 }),
    removedEdges: fc.uniqueArray(fc.nat(39), { maxLength: 8 }).map((a) => new Set(a)),
    removedVertices: fc.uniqueArray(fc.nat(n - 1), { maxLength: 2 }).map((a) => new Set(a)),
    hiddenVertices: fc.uniqueArray(fc.nat(n - 1), { maxLength: 3 }).map((a) => new Set(a)),
    hiddenEdges: fc.uniqueArray(fc.nat(39), { maxLength: 6 }).map((a) => new Set(a)),
    compact: fc.boolean(),
  }),
);

function live(m: Model): Shown {
  const vertex = (v: number): boolean => v >= 0 && v < m.vertexLabels.length && !m.removedVertices.has(v);
  return { vertex, edge: (e) => !m.removedEdges.has(e) && vertex(m.edges[e]!.out) && vertex(m.edges[e]!.in), neighbour: vertex };
}

/** Loads the model into a writer; returns the slots of vertices and edges (before removals). */
function load(w: GraphWriter, m: Model): { slotOf: number[]; edgeOf: Map<number, number> } {
  const slotOf = m.vertexLabels.map((l) => w.addVertex(l));
  const edgeOf = new Map<number, number>();
  m.edges.forEach((e, i) => edgeOf.set(w.addEdge(e.label, { out: slotOf[e.out]!, in: slotOf[e.in]! }), i));
  return { slotOf, edgeOf };
}

function remove(w: GraphWriter, m: Model, loaded: { slotOf: number[]; edgeOf: Map<number, number> }): void {
  for (const [slot, i] of loaded.edgeOf) if (m.removedEdges.has(i)) w.removeEdge(slot);
  for (const v of m.removedVertices) w.removeVertex(loaded.slotOf[v]!);
}

function store(m: Model): { store: GraphStore; slotOf: number[]; edgeOf: Map<number, number> } {
  const s = new GraphStore(new SchemaCatalog(), { config: { autoCreate: true, vertexTxCapacity: 100000, edgeTxCapacity: 100000, checkCustomizedIdExist: false }, mode: () => 'NONE' });
  const { result } = s.batch((w) => load(w, m));
  s.batch((w) => remove(w, m, result));
  if (m.compact) s.compact();
  return { store: s, ...result };
}

/** Every implementation, built over the model. */
const SUBJECTS: Readonly<Record<string, (m: Model) => Subject>> = {
  store: (m) => {
    const s = store(m);
    return { adjacency: s.store, slotOf: s.slotOf, edgeOf: s.edgeOf, shown: live(m) };
  },
  'read view': (m) => {
    const s = store(m);
    const view = s.store.openReadView().source;
    // Writes after the view opened are invisible to it.
    s.store.batch((w) => {
      for (const e of [...w.edgeSlots()].slice(0, 3)) w.removeEdge(e);
      const extra = w.addVertex('a');
      w.addEdge('x', { out: extra, in: extra });
    });
    return { adjacency: view, slotOf: s.slotOf, edgeOf: s.edgeOf, shown: live(m) };
  },
  'filtered source': (m) => filtered(m, true),
  'filtered source without checkAdjacent': (m) => filtered(m, false),
  'CSR snapshot': (m) => {
    const s = store(m);
    return { adjacency: new CsrAdjacency(s.store.adjacencySnapshot()), slotOf: s.slotOf, edgeOf: s.edgeOf, shown: live(m) };
  },
  'reference graph': (m) => {
    const g = new ReferenceGraph();
    const loaded = load(g, m);
    remove(g, m, loaded);
    return { adjacency: g, ...loaded, shown: live(m) };
  },
};

function filtered(m: Model, checkAdjacent: boolean): Subject {
  const s = store(m);
  const base = live(m);
  const vertexOf = new Map(s.slotOf.map((slot, v) => [slot, v]));
  const adjacency = new FilteredSource(s.store, {
    vertex: (slot) => !m.hiddenVertices.has(vertexOf.get(slot)!),
    edge: (slot) => !m.hiddenEdges.has(s.edgeOf.get(slot)!),
    checkAdjacent,
  });
  const vertex = (v: number): boolean => base.vertex(v) && !m.hiddenVertices.has(v);
  const edge = (e: number): boolean => base.edge(e) && !m.hiddenEdges.has(e) && (!checkAdjacent || (vertex(m.edges[e]!.out) && vertex(m.edges[e]!.in)));
  return { adjacency, slotOf: s.slotOf, edgeOf: s.edgeOf, shown: { vertex, edge, neighbour: vertex } };
}

interface Entry {
  readonly source: number;
  readonly edge: number;
}

/** The entries of a scan in model terms, checking batch shape and reuse on the way. */
function collect(subject: Subject, batches: Iterable<NeighbourBatch>, m: Model): Entry[] {
  const vertexOf = new Map(subject.slotOf.map((slot, v) => [slot, v]));
  const entries: Entry[] = [];
  let first: NeighbourBatch | undefined;
  for (const b of batches) {
    first ??= b;
    assert.equal(b, first, 'a scan reuses one batch object');
    assert.ok(b.length > 0 && b.length <= NEIGHBOUR_BATCH_SIZE, `batch length ${b.length}`);
    for (let i = 0; i < b.length; i++) {
      const p = b.selection === undefined ? i : b.selection[i]!;
      const edge = subject.edgeOf.get(b.edges[p]!)!;
      const source = vertexOf.get(b.sources[p]!)!;
      const e = m.edges[edge]!;
      assert.ok(vertexOf.get(b.vertices[p]!) === (e.out === source ? e.in : e.out), 'the neighbour is the other end of the edge');
      entries.push({ source, edge });
    }
  }
  return entries;
}

const scanArb = fc.record({
  direction: fc.constantFrom<Direction>('OUT', 'IN', 'BOTH'),
  labels: fc.option(fc.subarray(['x', 'y', 'z']), { nil: undefined }),
  degreeLimit: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
  visibleNeighbours: fc.boolean(),
  pick: fc.array(fc.nat(), { maxLength: 6 }),
});

/** Whether each subject hands out rows for the suite's graphs (the read view goes stale: written after it opened). */
const HANDS_OUT_ROWS: Readonly<Record<string, boolean>> = {
  store: true,
  'read view': false,
  'filtered source': false,
  'filtered source without checkAdjacent': false,
  'CSR snapshot': true,
  'reference graph': false,
};

/** A vertex's entries as [edge, neighbour] pairs: from adjacency rows, and from a visible-neighbours scan. */
function rowEntries(rows: readonly AdjacencyRows[], slot: number): [number, number][] {
  return rows.flatMap((r) => (slot + 1 < r.offsets.length ? Array.from({ length: r.offsets[slot + 1]! - r.offsets[slot]! }, (_, i) => [r.edges[r.offsets[slot]! + i]!, r.targets[r.offsets[slot]! + i]!] as [number, number]) : []));
}

function scanEntries(a: AdjacencySource, slot: number, direction: Direction, labels?: string[]): [number, number][] {
  const out: [number, number][] = [];
  for (const b of a.scanNeighbours(Int32Array.of(slot), direction, { labels, visibleNeighbours: true })) {
    for (let i = 0; i < b.length; i++) {
      const p = b.selection === undefined ? i : b.selection[i]!;
      out.push([b.edges[p]!, b.vertices[p]!]);
    }
  }
  return out;
}

for (const [name, build] of Object.entries(SUBJECTS)) {
  test(`the ${name} hands out adjacency rows only when they show exactly what a visible-neighbours scan shows`, () => {
    fc.assert(
      fc.property(modelArb, fc.constantFrom<Direction>('OUT', 'IN', 'BOTH'), fc.option(fc.subarray(['x', 'y', 'z']), { nil: undefined }), (m, direction, labels) => {
        const subject = build(m);
        const a = subject.adjacency;
        const rows = a.adjacencyRows?.(direction, labels);
        // A subject that cannot share may still answer [] for labels without any adjacency.
        if (HANDS_OUT_ROWS[name] === true) assert.ok(rows !== undefined, 'rows are handed out');
        else assert.ok(rows === undefined || rows.length === 0, 'no rows that could hide something');
        if (rows === undefined) return;
        for (const slot of subject.slotOf) {
          if (!a.vertexVisible(slot)) continue;
          const entries = rowEntries(rows, slot);
          assert.deepEqual(entries, scanEntries(a, slot, direction, labels), 'a row is the scan of its vertex, in order');
          assert.ok(entries.every(([, w]) => a.vertexVisible(w)), 'every neighbour in a row is visible');
        }
      }),
      { numRuns: 60 },
    );
  });


  test(`the adjacency contract holds for the ${name}: scans, limits, degrees, counts and visibility match the model`, () => {
    fc.assert(
      fc.property(modelArb, scanArb, (m, scan) => {
        const subject = build(m);
        const { shown } = subject;
        const a = subject.adjacency;
        const visible = m.vertexLabels.map((_, v) => v).filter(shown.vertex);
        assert.equal(a.vertexCount(), visible.length);
        assert.equal(a.vertexCount('a'), visible.filter((v) => m.vertexLabels[v] === 'a').length);
        for (let v = 0; v < m.vertexLabels.length; v++) {
          assert.equal(a.vertexVisible(subject.slotOf[v]!), shown.vertex(v), `vertexVisible(${v})`);
          if (shown.vertex(v)) assert.ok(subject.slotOf[v]! < a.vertexSlotBound());
        }
        assert.equal(a.vertexVisible(-1), false);
        const sources = [...new Set(scan.pick.map((k) => visible[k % Math.max(1, visible.length)]).filter((v): v is number => v !== undefined))];
        const options = { labels: scan.labels, degreeLimit: scan.degreeLimit, visibleNeighbours: scan.visibleNeighbours };
        const got = collect(subject, a.scanNeighbours(Int32Array.from(sources, (v) => subject.slotOf[v]!), scan.direction, options), m);
        const wantLabel = (l: string): boolean => scan.labels === undefined || scan.labels.length === 0 || scan.labels.includes(l);
        const expectedOf = (v: number, out: boolean, neighbours: boolean): number[] =>
          m.edges.flatMap((e, i) =>
            shown.edge(i) && wantLabel(e.label) && (out ? e.out : e.in) === v && (!neighbours || shown.neighbour(out ? e.in : e.out)) ? [i] : [],
          );
        let at = 0;
        for (const v of sources) {
          const outs = scan.direction === 'IN' ? [] : expectedOf(v, true, scan.visibleNeighbours);
          const ins = scan.direction === 'OUT' ? [] : expectedOf(v, false, scan.visibleNeighbours);
          const limit = scan.degreeLimit ?? Infinity;
          const mine = got.slice(at, at + Math.min(limit, outs.length + ins.length));
          at += mine.length;
          assert.ok(mine.every((x) => x.source === v), `entries are grouped by source in the order of sources`);
          const outCount = Math.min(limit, outs.length);
          const byEdge = (x: number, y: number): number => x - y;
          assert.deepEqual(mine.slice(0, outCount).map((x) => x.edge).sort(byEdge).filter((e) => !outs.includes(e)), [], 'OUT entries come first');
          if (scan.degreeLimit === undefined) {
            assert.deepEqual(mine.map((x) => x.edge).sort(byEdge), [...outs, ...ins].sort(byEdge));
          } else {
            const left = [...outs, ...ins];
            for (const x of mine) {
              assert.ok(left.includes(x.edge), 'a limited scan yields visible entries, each at most as often as expected');
              left.splice(left.indexOf(x.edge), 1);
            }
          }
          if (!scan.visibleNeighbours) assert.equal(a.degree(subject.slotOf[v]!, scan.direction, scan.labels), outs.length + ins.length);
        }
        assert.equal(at, got.length, 'no entry beyond the sources');
      }),
      { numRuns: 60 },
    );
  });

  test(`the ${name} yields a hub's 2500 neighbours in batches of at most ${NEIGHBOUR_BATCH_SIZE}, one reused object per scan`, () => {
    const hub: Model = {
      vertexLabels: Array.from({ length: 51 }, () => 'a'),
      edges: Array.from({ length: 2500 }, (_, i) => ({ label: 'x', out: 0, in: 1 + (i % 50) })),
      removedEdges: new Set([5]),
      removedVertices: new Set(),
      hiddenVertices: new Set([7]),
      hiddenEdges: new Set([9]),
      compact: false,
    };
    const subject = build(hub);
    const batches: NeighbourBatch[] = [];
    const arrays = new Set<Int32Array>();
    let total = 0;
    for (const b of subject.adjacency.scanNeighbours(Int32Array.of(subject.slotOf[0]!), 'OUT')) {
      batches.push(b);
      arrays.add(b.edges);
      total += b.length;
    }
    assert.ok(batches.length >= 3);
    assert.ok(batches.every((b) => b === batches[0]));
    assert.equal(arrays.size, 1, 'the arrays are reused too; a filter passes its base arrays on with a selection');
    assert.equal(total, hub.edges.filter((_, i) => subject.shown.edge(i)).length);
    let limited = 0;
    for (const b of subject.adjacency.scanNeighbours(Int32Array.of(subject.slotOf[0]!), 'OUT', { degreeLimit: 2000 })) limited += b.length;
    assert.equal(limited, 2000, 'degreeLimit counts visible neighbours');
  });
}

test('a filter answers with a selection over its base batch, not with copied arrays', () => {
  const s = new GraphStore(new SchemaCatalog(), { config: { autoCreate: true, vertexTxCapacity: 100000, edgeTxCapacity: 100000, checkCustomizedIdExist: false }, mode: () => 'NONE' });
  const { result } = s.batch((w) => {
    const a = w.addVertex('a');
    return [a, ...Array.from({ length: 10 }, () => w.addEdge('x', { out: a, in: w.addVertex('a') }))];
  });
  const base = [...s.scanNeighbours(Int32Array.of(result[0]!), 'OUT')][0]!;
  const baseEdges = base.edges;
  const view = new FilteredSource(s, { edge: (e) => e % 2 === 0 });
  const [b] = [...view.scanNeighbours(Int32Array.of(result[0]!), 'OUT')];
  assert.ok(b !== undefined && b.selection !== undefined);
  assert.equal(b.length, 5);
  assert.equal(b.edges.length, baseEdges.length, 'the base batch arrays are passed on, not a copy of the five kept entries');
  assert.deepEqual(Array.from(b.selection.subarray(0, b.length), (p) => b.edges[p]! % 2), [0, 0, 0, 0, 0]);
});

test('no step imports the filtered source or tests a source with instanceof: decorators are seen only through the port', () => {
  const steps = fileURLToPath(new URL('../../../src/engine/steps', import.meta.url));
  const offending = readdirSync(steps, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => /filtered-source|instanceof\s+(FilteredSource|StoreReader|EpochReader|GraphStore|CsrAdjacency)/.test(readFileSync(join(steps, f), 'utf8')));
  assert.deepEqual(offending, []);
});

test('rows merged on demand leave an older read view on its own generation, and a view hands out rows only while nothing was written since it opened', () => {
  const s = new GraphStore(new SchemaCatalog(), { config: { autoCreate: true, vertexTxCapacity: 100000, edgeTxCapacity: 100000, checkCustomizedIdExist: false }, mode: () => 'NONE' });
  const { result: vs } = s.batch((w) => {
    const v = Array.from({ length: 4 }, () => w.addVertex('a'));
    w.addEdge('x', { out: v[0]!, in: v[1]! });
    return v;
  });
  const old = s.openReadView().source;
  const before = scanEntries(old, vs[0]!, 'BOTH');
  s.batch((w) => {
    w.addEdge('x', { out: vs[0]!, in: vs[2]! });
    w.removeEdge([...w.edgeSlots()][0]!);
  });
  const live = s.adjacencyRows('BOTH');
  assert.ok(live !== undefined, 'the live store merges its buffer on demand');
  assert.equal(old.adjacencyRows?.('BOTH'), undefined, 'a stale view hands out no rows');
  assert.deepEqual(scanEntries(old, vs[0]!, 'BOTH'), before, 'the older view still reads its own generation after the merge');
  const fresh = s.openReadView().source;
  const rows = fresh.adjacencyRows?.('BOTH');
  assert.ok(rows !== undefined, 'a view with nothing written since it opened shares the merged rows');
  const shown = scanEntries(fresh, vs[0]!, 'BOTH');
  assert.deepEqual(rowEntries(rows, vs[0]!), shown);
  s.batch((w) => w.addEdge('x', { out: vs[0]!, in: vs[3]! }));
  assert.equal(fresh.adjacencyRows?.('BOTH'), undefined);
  assert.deepEqual(rowEntries(rows, vs[0]!), scanEntries(fresh, vs[0]!, 'BOTH'), 'rows handed out earlier still show the view\'s state');
});

test('no merge on demand runs inside an open batch, so that a rollback finds the buffer it wrote', () => {
  const s = new GraphStore(new SchemaCatalog(), { config: { autoCreate: true, vertexTxCapacity: 100000, edgeTxCapacity: 100000, checkCustomizedIdExist: false }, mode: () => 'NONE' });
  const { result: vs } = s.batch((w) => Array.from({ length: 3 }, () => w.addVertex('a')));
  s.batch((w) => w.addEdge('x', { out: vs[0]!, in: vs[1]! }));
  assert.throws(() =>
    s.batch((w) => {
      w.addEdge('x', { out: vs[0]!, in: vs[2]! });
      assert.equal(s.adjacencyRows('OUT'), undefined, 'inside a batch the buffer is not merged');
      throw new Error('roll back');
    }),
  );
  const rows = s.adjacencyRows('OUT');
  assert.ok(rows !== undefined);
  assert.deepEqual(rowEntries(rows, vs[0]!).map(([, w]) => w), [vs[1]!], 'the rolled-back edge is gone');
  assert.deepEqual(scanEntries(s, vs[0]!, 'OUT').map(([, w]) => w), [vs[1]!]);
});
