import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { open } from '../../../src/index.js';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../../src/storage/schema/catalog.js';
import type { GraphWriter } from '../../../src/engine/index.js';
import { STRICT } from './fixtures.js';
import { readGraph } from '../../read-graph.js';

function catalog(): SchemaCatalog {
  const c = new SchemaCatalog();
  c.createVertexLabel({ name: 'v', idStrategy: 'CUSTOMIZE_NUMBER' });
  c.createVertexLabel({ name: 'w', idStrategy: 'CUSTOMIZE_NUMBER' });
  c.createEdgeLabel({ name: 'single', sourceLabel: 'v', targetLabel: 'v' });
  c.createEdgeLabel({ name: 'other', sourceLabel: 'v', targetLabel: 'v' });
  c.createPropertyKey({ name: 'weight', dataType: 'DOUBLE' });
  c.createEdgeLabel({ name: 'weighted', sourceLabel: 'v', targetLabel: 'v', properties: ['weight'], nullableKeys: ['weight'] });
  return c;
}

function store(edgeTxCapacity = 10_000): GraphStore {
  const s = new GraphStore(catalog(), { config: { ...STRICT, edgeTxCapacity }, mode: () => 'NONE' });
  s.batch((w) => {
    for (let i = 0; i < 8; i++) w.addVertex('v', { id: i });
    w.addVertex('w', { id: 100 });
  });
  return s;
}

function bulk(w: GraphWriter, label: string, outs: readonly number[], ins: readonly number[]): Int32Array {
  assert.ok(w.addEdgesBulk !== undefined, 'the store writer implements addEdgesBulk');
  return w.addEdgesBulk(label, Int32Array.from(outs), Int32Array.from(ins));
}

/** Every live edge as [label, out, in], in slot order, plus each vertex's OUT and IN neighbours. */
function contents(s: GraphStore): unknown {
  const edges = [...s.edgeSlots()].map((e) => [s.edgeLabel(e), s.edgeOutVertex(e), s.edgeInVertex(e)]);
  const all = Int32Array.from({ length: 9 }, (_, i) => i);
  const neighbours = (direction: 'OUT' | 'IN'): number[][] => {
    const rows: number[][] = [];
    for (const b of s.scanNeighbours(all, direction)) for (let i = 0; i < b.length; i++) rows.push([b.sources[i]!, b.edges[i]!, b.vertices[i]!]);
    return rows;
  };
  return { edges, out: neighbours('OUT'), in: neighbours('IN') };
}

test('addEdgesBulk gives the same slots and adjacency as addEdge per pair, pairs deduplicated', () => {
  const pairs = fc.array(fc.tuple(fc.nat(7), fc.nat(7), fc.boolean()), { maxLength: 60 });
  fc.assert(
    fc.property(pairs, fc.nat(60), (list, cut) => {
      const one = store();
      const many = store();
      const chunks = [list.slice(0, cut), list.slice(cut)];
      for (const chunk of chunks) {
        const expected = one.batch((w) => chunk.map(([o, i, single]) => w.addEdge(single ? 'single' : 'other', { out: o, in: i }))).result;
        const got: number[] = new Array<number>(chunk.length);
        many.batch((w) => {
          for (const label of ['single', 'other']) {
            const idx = chunk.map((p, k) => ((p[2] ? 'single' : 'other') === label ? k : -1)).filter((k) => k >= 0);
            const slots = bulk(w, label, idx.map((k) => chunk[k]![0]), idx.map((k) => chunk[k]![1]));
            idx.forEach((k, n) => (got[k] = slots[n]!));
          }
        });
        const live = new Set(got);
        assert.equal(live.size, new Set(expected).size);
      }
      const key = (s: GraphStore): string[] => [...s.edgeSlots()].map((e) => `${s.edgeLabel(e)} ${s.edgeOutVertex(e)} ${s.edgeInVertex(e)}`).sort();
      assert.deepEqual(key(many), key(one));
      assert.equal(new Set(key(many)).size, many.edgeCount(), 'no duplicate SINGLE pair');
    }),
    { numRuns: 150 },
  );
});

test('a SINGLE pair already present, or repeated within the call, returns the existing edge slot', () => {
  const s = store();
  const first = s.batch((w) => w.addEdge('single', { out: 1, in: 2 })).result;
  const { result } = s.batch((w) => bulk(w, 'single', [1, 3, 3, 1], [2, 4, 4, 5]));
  assert.equal(result[0], first);
  assert.equal(result[1], result[2]);
  assert.notEqual(result[3], result[1]);
  assert.equal(s.edgeCount(), 3);
  const removed = s.batch((w) => w.removeEdge(first)).result;
  assert.equal(removed, undefined);
  const again = s.batch((w) => bulk(w, 'single', [1], [2])).result;
  assert.notEqual(again[0], first, 'a removed pair is added again');
  assert.equal(s.edgeCount(), 3);
});

test('a bulk call that outgrows the pair filter mid-call keeps deduplicating and counting', () => {
  const many = (): GraphStore => {
    const s = new GraphStore(catalog(), { config: { ...STRICT, edgeTxCapacity: 20_000 }, mode: () => 'NONE' });
    s.batch((w) => {
      for (let i = 0; i < 60; i++) w.addVertex('v', { id: i });
    });
    return s;
  };
  const outs: number[] = [];
  const ins: number[] = [];
  for (let i = 0; i < 6000; i++) {
    outs.push((i * 7) % 60);
    ins.push((i * 13 + (i >> 6)) % 60);
  }
  const one = many();
  const expected = one.batch((w) => outs.map((o, i) => w.addEdge('single', { out: o, in: ins[i]! }))).result;
  const s = many();
  const got = s.batch((w) => bulk(w, 'single', outs, ins)).result;
  assert.deepEqual([...got], expected);
  assert.equal(s.edgeCount(), new Set(expected).size);
  const again = s.batch((w) => bulk(w, 'single', outs, ins)).result;
  assert.deepEqual([...again], expected, 'every pair now exists');
  assert.equal(s.edgeCount(), new Set(expected).size);
});

test('a bulk append replays to the same state from its batch log', () => {
  const s = store();
  const replica = store();
  for (const [outs, ins] of [
    [[0, 1, 2, 2], [1, 2, 3, 3]],
    [[2, 5, 6], [3, 6, 7]],
  ] as const) {
    const { log } = s.batch((w) => {
      bulk(w, 'single', outs, ins);
      bulk(w, 'other', outs, ins);
    });
    assert.ok(log !== undefined);
    replica.replay(log);
  }
  assert.deepEqual(contents(replica), contents(s));
});

test('a failed batch undoes its bulk appends as a whole', () => {
  const s = store();
  s.batch((w) => bulk(w, 'single', [0], [1]));
  const before = contents(s);
  assert.throws(() =>
    s.batch((w) => {
      bulk(w, 'single', [1, 2, 3], [2, 3, 4]);
      bulk(w, 'other', [1, 1], [2, 2]);
      throw new Error('abort');
    }),
  );
  assert.deepEqual(contents(s), before);
  const { result } = s.batch((w) => bulk(w, 'single', [1, 2, 3], [2, 3, 4]));
  assert.equal(new Set(result).size, 3, 'the undone pairs are not seen as existing');
  assert.equal(s.edgeCount(), 4);
});

test('addEdgesBulk enforces the per-edge rules with their error codes', () => {
  const s = store(4);
  const code = (fn: (w: GraphWriter) => unknown): string | undefined => {
    try {
      s.batch(fn);
    } catch (error) {
      return (error as { code?: string }).code;
    }
    return undefined;
  };
  assert.equal(code((w) => w.addEdgesBulk?.('single', Int32Array.of(0, 1), Int32Array.of(1))), 'BULK_LENGTH_MISMATCH');
  assert.equal(code((w) => bulk(w, 'single', [0, 42], [1, 2])), 'VERTEX_NOT_FOUND');
  assert.equal(code((w) => bulk(w, 'single', [0, 8], [1, 2])), 'EDGE_ENDPOINT_LABEL');
  assert.equal(code((w) => bulk(w, 'single', [0, 1, 2, 3, 4], [1, 2, 3, 4, 5])), 'TX_CAPACITY');
  assert.equal(code((w) => bulk(w, 'nope', [0], [1])), 'UNDEFINED_EDGE_LABEL');
  assert.equal(s.edgeCount(), 0);
});

test('labels with properties take the per-edge path and behave as addEdge', () => {
  const s = store();
  const { result } = s.batch((w) => bulk(w, 'weighted', [0, 0, 1], [1, 1, 2]));
  assert.equal(result[0], result[1]);
  assert.equal(s.edgeCount('weighted'), 2);
  assert.equal(s.edgeProperty(result[2]!, 'weight'), undefined);
});

test('bulk appends of a durable graph survive a crash (WAL replay), then keep deduplicating', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-bulk-'));
  const image = mkdtempSync(join(tmpdir(), 'quiver-bulk-image-'));
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('g');
    await graph.schema().vertexLabel('n').useCustomizeNumberId().create();
    await graph.schema().edgeLabel('l').sourceLabel('n').targetLabel('n').create();
    const slots = await graph.write((w) => Int32Array.from({ length: 4 }, (_, i) => w.addVertex('n', { id: i })));
    await graph.write((w) => bulk(w, 'l', [slots[0]!, slots[1]!, slots[0]!], [slots[1]!, slots[2]!, slots[1]!]));
    cpSync(dir, image, { recursive: true });
    await db.close();
    const again = await open({ path: image });
    const reopened = again.graph('g');
    assert.equal(readGraph(reopened, (s) => s.edgeCount()), 2);
    const added = await reopened.write((w) => bulk(w, 'l', [slots[0]!, slots[2]!], [slots[1]!, slots[3]!]));
    assert.equal(readGraph(reopened, (s) => s.edgeCount()), 3);
    assert.equal(readGraph(reopened, (s) => s.edgeOutVertex(added[0]!)), slots[0]);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});
