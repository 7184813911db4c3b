/**
 * `setVertexValuesBulk`, the write path of computation results: the same values, index entries,
 * rollback and replay as setVertexProperty / removeVertexProperty per vertex, on labels with and
 * without index labels, in strict and auto-create graphs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../../src/storage/schema/catalog.js';
import type { GraphWriter } from '../../../src/engine/index.js';
import { STRICT } from './fixtures.js';

const N = 12;

function catalog(): SchemaCatalog {
  const c = new SchemaCatalog();
  c.createPropertyKey({ name: 'rank', dataType: 'DOUBLE' });
  c.createVertexLabel({ name: 'plain', idStrategy: 'CUSTOMIZE_NUMBER', properties: ['rank'], nullableKeys: ['rank'] });
  c.createVertexLabel({ name: 'indexed', idStrategy: 'CUSTOMIZE_NUMBER', properties: ['rank'], nullableKeys: ['rank'] });
  c.createIndexLabel({ name: 'byRank', baseType: 'VERTEX_LABEL', baseValue: 'indexed', indexType: 'RANGE', fields: ['rank'] });
  return c;
}

function store(autoCreate: boolean): GraphStore {
  const s = new GraphStore(catalog(), { config: { ...STRICT, autoCreate }, mode: () => 'NONE' });
  s.batch((w) => {
    for (let i = 0; i < N; i++) w.addVertex(i % 3 === 0 ? 'indexed' : 'plain', { id: i });
  });
  return s;
}

/** Each vertex's rank and the vertices the range index finds at or above 0.5. */
function contents(s: GraphStore): unknown {
  const ranks = Array.from({ length: N }, (_, slot) => s.vertexProperties(slot, ['rank']).map((p) => p.value));
  const indexed = [...(s.lookup('vertex', { label: 'indexed', key: 'rank', predicate: { op: 'gte', values: [0.5] } }) ?? [])];
  return { ranks, indexed };
}

type Step = readonly (readonly [number, number | undefined])[];

function perVertex(w: GraphWriter, step: Step): void {
  for (const [slot, value] of step) {
    if (value === undefined) w.removeVertexProperty(slot, 'rank');
    else w.setVertexProperty(slot, 'rank', value);
  }
}

function bulk(w: GraphWriter, step: Step): void {
  assert.ok(w.setVertexValuesBulk !== undefined, 'the store writer implements setVertexValuesBulk');
  w.setVertexValuesBulk('rank', Int32Array.from(step, ([slot]) => slot), step.map(([, value]) => value));
}

const steps = fc.array(fc.array(fc.tuple(fc.nat(N - 1), fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined })), { maxLength: 20 }), { maxLength: 5 });

test('setVertexValuesBulk leaves the values and index entries that per-vertex writes leave, and replays the same', () => {
  for (const autoCreate of [false, true]) {
    fc.assert(
      fc.property(steps, (list) => {
        const one = store(autoCreate);
        const many = store(autoCreate);
        const logs: Uint8Array[] = [];
        for (const step of list) {
          one.batch((w) => perVertex(w, step));
          const { log } = many.batch((w) => bulk(w, step));
          if (log !== undefined) logs.push(log);
        }
        assert.deepEqual(contents(many), contents(one));
        const replayed = store(autoCreate);
        for (const log of logs) replayed.replay(log);
        assert.deepEqual(contents(replayed), contents(many));
      }),
      { numRuns: 60 },
    );
  }
});

test('a failed batch takes every bulk value back out, index entries included', () => {
  const s = store(false);
  s.batch((w) => bulk(w, [[0, 0.9], [1, 0.2]]));
  const before = contents(s);
  assert.throws(() =>
    s.batch((w) => {
      bulk(w, [[0, 0.1], [1, undefined], [2, 0.7], [3, 0.6]]);
      throw new Error('stop');
    }),
  /stop/);
  assert.deepEqual(contents(s), before);
});

test('setVertexValuesBulk refuses a removed vertex and a length mismatch, changing nothing', () => {
  const s = store(false);
  s.batch((w) => w.removeVertex(5));
  const before = contents(s);
  assert.throws(() => s.batch((w) => bulk(w, [[1, 0.5], [5, 0.5]])), (e: { code?: string }) => e.code === 'VERTEX_NOT_FOUND');
  assert.throws(() => s.batch((w) => w.setVertexValuesBulk?.('rank', Int32Array.of(1, 2), [0.5])), (e: { code?: string }) => e.code === 'BULK_LENGTH_MISMATCH');
  assert.deepEqual(contents(s), before);
});
