import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ColumnBatch, ColumnScanOptions, GraphSource } from '../../../src/engine/index.js';
import { scanColumnsBySlots } from '../../../src/engine/runtime/column-batches.js';
import { FilteredSource } from '../../../src/engine/run/filtered-source.js';
import { modern } from '../../engine/reference-source.js';
import { fixtureStore } from './fixtures.js';

/** Copies of every entry, since a batch is only valid until the next one is requested. */
function entries(batches: Iterable<ColumnBatch>): unknown[][] {
  const out: unknown[][] = [];
  for (const b of batches) {
    assert.ok(b.length <= 1024, 'a batch holds at most 1024 entries');
    for (let i = 0; i < b.length; i++) {
      const v = b.values[i];
      out.push([b.slots[i], b.labels[i], v === undefined ? undefined : b.lists ? [...(v as unknown[])] : [v]]);
    }
  }
  return out;
}

const OPTIONS: ColumnScanOptions[] = [{}, { key: 'name' }, { key: 'city' }, { key: 'tags' }, { key: 'weight' }, { key: 'nokey' }, { labels: ['knows'], key: 'weight' }, { labels: ['software', 'person'], key: 'name' }, { labels: ['created', 'knows'] }, { labels: ['nolabel'] }];

/** scanColumns agrees with slot reads (vertexSlots/edgeSlots, labels, properties) for every option. */
function assertMatchesSlotReads(src: GraphSource, what: string): void {
  for (const element of ['vertex', 'edge'] as const) {
    for (const o of OPTIONS) {
      assert.deepEqual(entries(src.scanColumns(element, o)), entries(scanColumnsBySlots(src, element, o)), `${what} ${element} ${JSON.stringify(o)}`);
    }
  }
}

function populated() {
  const s = fixtureStore();
  const { result: r } = s.batch((w) => {
    const people: number[] = [];
    for (let i = 0; i < 1500; i++) people.push(w.addVertex('person', { properties: [['name', `p${i}`], ['tags', i % 3 === 0 ? 'x' : 'y']] }));
    const lop = w.addVertex('software', { properties: [['name', 'lop']] });
    const edges: number[] = [];
    for (let i = 0; i + 1 < people.length; i++) edges.push(w.addEdge('knows', { out: people[i]!, in: people[i + 1]! }, { properties: [['date', `d${i}`], ...(i % 2 === 0 ? [['weight', i / 1500] as [string, number]] : [])] }));
    for (let i = 0; i < 700; i++) edges.push(w.addEdge('created', { out: people[i]!, in: lop }));
    return { people, lop, edges };
  });
  s.batch((w) => {
    w.removeVertex(r.people[5]!);
    w.removeEdge(r.edges[100]!);
  });
  return { s, r };
}

test('scanColumns of the store gives the elements, labels and values of slot reads, label by label, in batches of at most 1024', () => {
  const { s } = populated();
  assertMatchesSlotReads(s, 'store');
  const knows = entries(s.scanColumns('edge', { labels: ['knows'], key: 'weight' }));
  assert.equal(knows.length, s.edgeCount('knows'));
  assert.deepEqual(knows[0]?.slice(0, 2), [0, 'knows']);
  assert.notEqual(knows[0]?.[2], undefined, 'an edge with the key has its value');
  assert.deepEqual(knows[1]?.[2], undefined, 'an edge without the key has no value');
  assert.deepEqual(entries(s.scanColumns('vertex', { labels: ['person'], key: 'tags' }))[0]?.[2], ['x'], 'a set key gives the list of values');
});

test('scanColumns of a read view shows the graph as of the view: later elements, removals and values are invisible', () => {
  const { s, r } = populated();
  const view = s.openReadView();
  const before = { v: entries(view.source.scanColumns('vertex', { key: 'city' })), e: entries(view.source.scanColumns('edge', { key: 'weight' })) };
  s.batch((w) => {
    w.addVertex('person', { properties: [['name', 'late']] });
    w.addEdge('knows', { out: r.people[0]!, in: r.people[2]! }, { properties: [['date', 'late'], ['weight', 9]] });
    w.removeEdge(r.edges[0]!);
    w.removeVertex(r.people[10]!);
    w.setEdgeProperty(r.edges[2]!, 'weight', 42);
    w.setVertexProperty(r.people[1]!, 'city', 'rome');
  });
  try {
    assert.deepEqual(entries(view.source.scanColumns('vertex', { key: 'city' })), before.v);
    assert.deepEqual(entries(view.source.scanColumns('edge', { key: 'weight' })), before.e);
    assertMatchesSlotReads(view.source, 'read view');
    assert.notDeepEqual(entries(s.scanColumns('edge', { key: 'weight' })), before.e, 'the live store sees the writes');
  } finally {
    view.release();
  }
});

test('scanColumns of a filtered source hides filtered elements and hidden keys, as its slot reads do', () => {
  const { s } = populated();
  const even = new FilteredSource(s, { vertex: (v) => v % 2 === 0, hiddenKeys: new Set(['weight']) });
  assertMatchesSlotReads(even, 'filtered store');
  const loose = new FilteredSource(s, { edge: (e) => e % 3 !== 0, checkAdjacent: false, vertexProperty: (_v, p) => p.value !== 'x' });
  assertMatchesSlotReads(loose, 'filtered store with a vertex-property filter');
  const ref = modern();
  assertMatchesSlotReads(new FilteredSource(ref, { vertex: (v) => ref.vertexLabel(v) === 'person' }), 'filtered reference graph');
});

test('vertexSlots and edgeSlots from a slot give exactly the slots at or after it, live and in a read view', () => {
  const { s, r } = populated();
  const view = s.openReadView();
  s.batch((w) => {
    w.removeVertex(r.people[20]!);
    w.addVertex('person', { properties: [['name', 'late']] });
  });
  try {
    for (const src of [s, view.source] as GraphSource[]) {
      for (const label of [undefined, 'person', 'software', 'nolabel']) {
        const all = [...src.vertexSlots(label)];
        for (const from of [0, 1, 5, 6, 20, 21, 777, 1500, 1501, 1502, 9999]) {
          assert.deepEqual([...src.vertexSlots(label, from)], all.filter((v) => v >= from), `vertices ${label} from ${from}`);
        }
      }
      for (const label of [undefined, 'knows', 'created', 'nolabel']) {
        const all = [...src.edgeSlots(label)];
        for (const from of [0, 100, 101, 1498, 1499, 2500, 99999]) {
          assert.deepEqual([...src.edgeSlots(label, from)], all.filter((e) => e >= from), `edges ${label} from ${from}`);
        }
      }
    }
  } finally {
    view.release();
  }
});
