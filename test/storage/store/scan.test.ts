import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Direction } from '../../../src/engine/index.js';
import { fixtureStore } from './fixtures.js';

test('GraphStore.scanNeighbours and degree agree with the edge list under interleaved adds, removes and merges', () => {
  const op = fc.oneof(
    fc.record({ k: fc.constant('add' as const), o: fc.nat(5), i: fc.nat(5) }),
    fc.record({ k: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ k: fc.constant('removeVertex' as const), v: fc.nat(5) }),
    fc.record({ k: fc.constant('compact' as const) }),
  );
  fc.assert(
    fc.property(fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { maxLength: 10 }), fc.constantFrom<Direction>('OUT', 'IN', 'BOTH'), fc.integer({ min: 1, max: 4 }), (batches, dir, limit) => {
      const s = fixtureStore();
      const { result: vs } = s.batch((w) => Array.from({ length: 6 }, () => w.addVertex('node')));
      for (const b of batches) {
        const compact = b.some((o) => o.k === 'compact');
        s.batch((w) => {
          for (const o of b) {
            const live = [...w.edgeSlots()];
            if (o.k === 'add' && [...w.vertexSlots()].includes(vs[o.o]!) && [...w.vertexSlots()].includes(vs[o.i]!)) {
              w.addEdge('link', { out: vs[o.o]!, in: vs[o.i]! });
            } else if (o.k === 'remove' && live.length > 0) w.removeEdge(live[o.pick % live.length]!);
            else if (o.k === 'removeVertex' && [...w.vertexSlots()].includes(vs[o.v]!)) w.removeVertex(vs[o.v]!);
          }
        });
        if (compact) s.compact();
      }
      const edges = [...s.edgeSlots()];
      for (const v of s.vertexSlots()) {
        const expected: [number, number][] = [];
        if (dir !== 'IN') for (const e of edges) if (s.edgeOutVertex(e) === v) expected.push([e, s.edgeInVertex(e)]);
        if (dir !== 'OUT') for (const e of edges) if (s.edgeInVertex(e) === v) expected.push([e, s.edgeOutVertex(e)]);
        const got: [number, number][] = [];
        for (const batch of s.scanNeighbours(Int32Array.of(v), dir)) for (let i = 0; i < batch.length; i++) got.push([batch.edges[i]!, batch.vertices[i]!]);
        const byEdge = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];
        assert.deepEqual([...got].sort(byEdge), [...expected].sort(byEdge));
        assert.equal(s.degree(v, dir), expected.length);
        let limited = 0;
        for (const batch of s.scanNeighbours(Int32Array.of(v), dir, { degreeLimit: limit })) limited += batch.length;
        assert.equal(limited, Math.min(limit, expected.length));
      }
    }),
    { numRuns: 150 },
  );
});
