import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BitSet } from '../../../src/storage/columns/index.js';
import { Csr } from '../../../src/storage/csr.js';

function neighbours(csr: Csr, v: number, live: BitSet): number[][] {
  const out: number[][] = [];
  csr.each(v, live, (t, e) => {
    out.push([t, e]);
    return true;
  });
  return out;
}

/** The source vertex of every edge slot of the model, as the edge table's out column would hold it. */
function sourcesOf(model: readonly { v: number; e: number }[]): Int32Array {
  const sources = new Int32Array(model.length + 1);
  for (const m of model) sources[m.e] = m.v;
  return sources;
}

test('Csr.find returns the first live entry to a target, merged or buffered, and -1 otherwise', () => {
  const csr = new Csr();
  const live = new BitSet();
  const add = (v: number, t: number, e: number): void => {
    csr.add(v, t, e);
    live.set(e, true);
  };
  add(0, 5, 0);
  add(0, 6, 1);
  csr.merge(2, live, Int32Array.of(0, 0, 0, 0, 0));
  add(0, 6, 2);
  add(0, 7, 3);
  add(1, 7, 4);
  assert.deepEqual([csr.find(0, 5, live), csr.find(0, 6, live), csr.find(0, 7, live), csr.find(1, 7, live), csr.find(0, 9, live), csr.find(3, 5, live)], [0, 1, 3, 4, -1, -1]);
  live.set(1, false);
  assert.equal(csr.find(0, 6, live), 2);
});

test('Csr keeps insertion order and degrees across merges, with tombstones compacted', () => {
  const ops = fc.array(
    fc.oneof(
      fc.record({ k: fc.constant('add' as const), v: fc.nat(7), t: fc.nat(7) }),
      fc.record({ k: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ k: fc.constant('merge' as const) }),
      fc.record({ k: fc.constant('pop' as const) }),
    ),
    { maxLength: 80 },
  );
  fc.assert(
    fc.property(ops, (list) => {
      const csr = new Csr();
      const live = new BitSet();
      const model: { v: number; t: number; e: number; alive: boolean }[] = [];
      let poppable = 0;
      for (const op of list) {
        if (op.k === 'add') {
          const e = model.length;
          csr.add(op.v, op.t, e);
          live.set(e, true);
          model.push({ v: op.v, t: op.t, e, alive: true });
          poppable++;
        } else if (op.k === 'remove') {
          const alive = model.filter((m) => m.alive);
          if (alive.length === 0) continue;
          const m = alive[op.pick % alive.length]!;
          m.alive = false;
          live.set(m.e, false);
          csr.tombstone(m.v);
          poppable = 0;
        } else if (op.k === 'merge') {
          csr.merge(8, live, sourcesOf(model));
          poppable = 0;
        } else if (poppable > 0) {
          const m = model.pop()!;
          live.set(m.e, false);
          csr.popLast(m.v);
          poppable--;
        }
      }
      for (let v = 0; v < 8; v++) {
        const expected = model.filter((m) => m.alive && m.v === v).map((m) => [m.t, m.e]);
        assert.deepEqual(neighbours(csr, v, live), expected);
        assert.equal(csr.degree(v), expected.length);
      }
      csr.merge(8, live, sourcesOf(model));
      const total = model.filter((m) => m.alive).length;
      assert.equal(csr.targets.length, total);
      assert.equal(csr.offsets[8], total);
    }),
    { numRuns: 300 },
  );
});

test('Csr.fromArrays rebuilds degrees from offsets', () => {
  const csr = Csr.fromArrays(Int32Array.of(0, 2, 2, 3), Int32Array.of(1, 2, 0), Int32Array.of(0, 1, 2));
  assert.deepEqual([csr.degree(0), csr.degree(1), csr.degree(2), csr.degree(9)], [2, 0, 1, 0]);
  csr.add(1, 0, 3);
  const live = new BitSet();
  for (let e = 0; e < 4; e++) live.set(e, true);
  assert.deepEqual(neighbours(csr, 1, live), [[0, 3]]);
});

test('Csr.needsMerge reports a large buffer', () => {
  const csr = new Csr();
  for (let i = 0; i < 5000; i++) csr.add(i % 10, 0, i);
  assert.equal(csr.needsMerge(), true);
  const live = new BitSet();
  for (let i = 0; i < 5000; i++) live.set(i, true);
  csr.merge(10, live, Int32Array.from({ length: 5000 }, (_, i) => i % 10));
  assert.equal(csr.needsMerge(), false);
  assert.equal(csr.degree(3), 500);
});

test('Csr.merge of a buffer past the partitioned-scatter size keeps insertion order, tombstones dropped', () => {
  const csr = new Csr();
  const live = new BitSet();
  const model: { v: number; t: number; e: number }[] = [];
  let seed = 7;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  const add = (): void => {
    const e = model.length;
    const m = { v: next() % 3000, t: next() % 3000, e };
    model.push(m);
    csr.add(m.v, m.t, e);
    live.set(e, true);
  };
  for (let i = 0; i < 1000; i++) add();
  csr.merge(3000, live, sourcesOf(model));
  for (let i = 0; i < 70_000; i++) add();
  for (let e = 0; e < model.length; e += 7) {
    live.set(e, false);
    csr.tombstone(model[e]!.v);
  }
  csr.merge(3000, live, sourcesOf(model));
  for (const v of [0, 1, 1234, 2999]) {
    const expected = model.filter((m) => m.v === v && live.get(m.e)).map((m) => [m.t, m.e]);
    assert.deepEqual(neighbours(csr, v, live), expected);
    assert.equal(csr.degree(v), expected.length);
  }
  assert.equal(csr.offsets[3000], model.filter((m) => live.get(m.e)).length);
});
