import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber, Uuid } from '../../../src/engine/index.js';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../../src/storage/schema/catalog.js';
import { STRICT, autoStore } from './fixtures.js';
import { canonical } from './store-adapter.js';

describe('GraphStore in auto-create mode', () => {
  test('creates labels and keys with inferred types and accepts any id', () => {
    const s = autoStore();
    const { result } = s.batch((w) => {
      const a = w.addVertex('person', { id: 1, properties: [['name', 'marko'], ['age', 29]] });
      const b = w.addVertex('person', { id: 'two', properties: [['weight', new TypedNumber('double', 0.5)]] });
      const c = w.addVertex('thing', { id: new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11') });
      const d = w.addVertex('thing');
      const e = w.addEdge('knows', { out: a, in: b }, { id: 7, properties: [['since', 2010]] });
      const f = w.addEdge('knows', { out: a, in: b });
      return { a, b, c, d, e, f };
    });
    assert.equal(s.catalog.propertyKey('age')?.dataType, 'INT');
    assert.equal(s.catalog.propertyKey('weight')?.dataType, 'DOUBLE');
    assert.equal(s.vertexId(result.a), 1);
    assert.equal(s.vertexSlot(1), result.a);
    assert.equal(s.vertexSlot('two'), result.b);
    assert.ok(s.vertexId(result.d) instanceof TypedNumber);
    assert.equal(s.edgeId(result.e), 7);
    assert.equal(s.edgeSlot(7), result.e);
    assert.notEqual(result.e, result.f, 'parallel edges are kept');
    assert.throws(() => s.batch((w) => w.addVertex('person', { id: 1 })), { code: 'VERTEX_ID_EXISTS' });
    assert.throws(() => s.batch((w) => w.addEdge('knows', { out: result.a, in: result.b }, { id: 7 })), { code: 'EDGE_ID_EXISTS' });
  });

  test('supports multi-properties with ids and meta-properties', () => {
    const s = autoStore();
    const { result: v } = s.batch((w) => {
      const v = w.addVertex('person', { id: 1 });
      w.setVertexProperty(v, 'location', 'santa fe', { cardinality: 'list', meta: [['startTime', 1997]] });
      const p = w.setVertexProperty(v, 'location', 'brussels', { cardinality: 'list', meta: [['startTime', 2004]] });
      w.setMetaProperty(v, p.id, 'endTime', 2005);
      return v;
    });
    const props = s.vertexProperties(v, ['location']);
    assert.deepEqual(props.map((p) => p.value), ['santa fe', 'brussels']);
    assert.notEqual(props[0]!.id, props[1]!.id);
    assert.deepEqual([...props[1]!.meta], [['startTime', 2004], ['endTime', 2005]]);
    s.batch((w) => {
      w.removeMetaProperty(v, props[1]!.id, 'startTime');
      w.removeVertexProperty(v, 'location', props[0]!.id);
    });
    const after = s.vertexProperties(v, ['location']);
    assert.deepEqual(after.map((p) => [p.value, [...p.meta]]), [['brussels', [['endTime', 2005]]]]);
  });

  test('follows TinkerGraph cardinality: single by default, list on request, edge values single', () => {
    const s = autoStore();
    const { result } = s.batch((w) => {
      const v = w.addVertex('person', { properties: [['name', 'marko'], ['age', 29]] });
      const u = w.addVertex('person', { properties: [['name', 'a'], ['name', 'b']] });
      w.setVertexProperty(v, 'name', 'm');
      w.setVertexProperty(v, 'age', 30, { cardinality: 'list' });
      w.setVertexProperty(v, 'age', 30, { cardinality: 'set' });
      const e = w.addEdge('knows', { out: v, in: u }, { properties: [['weight', 0.5]] });
      w.setEdgeProperty(e, 'age', 3);
      return { v, u, e };
    });
    assert.deepEqual(s.vertexProperties(result.v, ['name']).map((p) => p.value), ['m']);
    assert.deepEqual(s.vertexProperties(result.v, ['age']).map((p) => p.value), [29, 30]);
    assert.deepEqual(s.vertexProperties(result.u, ['name']).map((p) => p.value), ['a', 'b']);
    assert.deepEqual(s.edgeProperty(result.e, 'weight'), new TypedNumber('double', 0.5));
    assert.equal(s.edgeProperty(result.e, 'age'), 3);
  });

  test('a failed batch also undoes auto-created schema, and replay recreates it', () => {
    const s = autoStore();
    assert.throws(() =>
      s.batch((w) => {
        w.addVertex('person', { id: 1, properties: [['name', 'x']] });
        w.addVertex('person', { id: 1 });
      }),
    );
    assert.equal(s.catalog.vertexLabel('person'), undefined);
    assert.equal(s.catalog.propertyKey('name'), undefined);
    const { log } = s.batch((w) => w.addEdge('e', { out: w.addVertex('a', { id: 'p', properties: [['k', 1]] }), in: w.addVertex('b', { id: 'q' }) }, { properties: [['w', 'x']] }));
    const copy = new GraphStore(new SchemaCatalog(), { config: { ...STRICT, autoCreate: true }, mode: () => 'NONE' });
    copy.replay(log!);
    assert.deepEqual(canonical(copy), canonical(s));
    assert.deepEqual(copy.vertexProperties(0), s.vertexProperties(0));
  });
});

describe('GraphStore.replay with every id form', () => {
  test('reproduces int, long, string and UUID ids, list values and meta-properties', () => {
    const s = autoStore();
    const logs: Uint8Array[] = [];
    const run = (fn: Parameters<typeof s.batch>[0]) => logs.push(s.batch(fn).log!);
    run((w) => {
      const a = w.addVertex('p', { id: 1, properties: [['tags', 'x']] });
      const b = w.addVertex('p', { id: new TypedNumber('long', 2n ** 60n) });
      const c = w.addVertex('q', { id: new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11') });
      const d = w.addVertex('q', { id: 'd' });
      w.setVertexProperty(a, 'loc', 'x', { cardinality: 'list', meta: [['since', new Date(5)]] });
      w.setVertexProperty(a, 'loc', 'y', { cardinality: 'list' });
      w.addEdge('e', { out: a, in: b }, { properties: [['w', new TypedNumber('double', 0.5)]] });
      w.addEdge('e', { out: c, in: d }, { id: 'edge-1' });
    });
    run((w) => {
      w.removeVertex(w.vertexSlot(new TypedNumber('long', 2n ** 60n)));
      w.removeVertexProperty(w.vertexSlot(1), 'tags');
    });
    const copy = autoStore();
    for (const log of logs) copy.replay(log);
    assert.deepEqual(canonical(copy), canonical(s));
    for (const v of s.vertexSlots()) assert.deepEqual(copy.vertexProperties(v), s.vertexProperties(v));
    assert.equal(copy.edgeSlot('edge-1'), s.edgeSlot('edge-1'));
    const loaded = GraphStore.decodeSnapshot(s.encodeSnapshot(), { config: { ...STRICT, autoCreate: true }, mode: () => 'NONE' });
    assert.deepEqual(canonical(loaded), canonical(s));
    for (const v of s.vertexSlots()) assert.deepEqual(loaded.vertexProperties(v), s.vertexProperties(v));
    assert.equal(loaded.vertexSlot(new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11')), s.vertexSlot(new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11')));
    const next = loaded.batch((w) => w.addVertex('p')).result;
    assert.equal(s.batch((w) => w.addVertex('p')).result, next);
  });
});
