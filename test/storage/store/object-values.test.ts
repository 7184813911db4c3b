import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber, type PropertyValue } from '../../../src/engine/index.js';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { columnKind } from '../../../src/storage/columns/index.js';
import { coerceElements, inferKeyType } from '../../../src/storage/store/coerce.js';
import type { PropertyKeyRecord } from '../../../src/storage/schema/schema-types.js';
import { STRICT, autoStore, fixtureStore } from './fixtures.js';

const LIST: PropertyValue = ['a', 'b', 'c'];
const SET: PropertyValue = new Set<PropertyValue>([1, new TypedNumber('long', 2n)]);
const MAP: PropertyValue = new Map<PropertyValue, PropertyValue>([['city', 'NYC'], ['tags', ['x', 'y']], [1, new Map<PropertyValue, PropertyValue>([['deep', true]])]]);

function valuesOf(store: GraphStore, slot: number, key: string): PropertyValue[] {
  return store.vertexProperties(slot, [key]).map((p) => p.value);
}

/** Writes one vertex holding a list, a set and a map through addVertex and setVertexProperty, and an edge holding a map. */
function writeComposites(s: GraphStore): { logs: Uint8Array[]; v: number; u: number; e: number } {
  const logs: Uint8Array[] = [];
  const first = s.batch((w) => {
    const v = w.addVertex('data', { id: 1, properties: [['list', LIST], ['map', MAP]] });
    const u = w.addVertex('data', { id: 2 });
    w.setVertexProperty(u, 'set', SET);
    const e = w.addEdge('link', { out: v, in: u }, { properties: [['info', MAP]] });
    return { v, u, e };
  });
  logs.push(first.log!);
  logs.push(s.batch((w) => w.setVertexProperty(first.result.u, 'list', [1, 2], { cardinality: 'list' })).log!);
  return { logs, ...first.result };
}

describe('OBJECT property values in auto-create mode', () => {
  test('inferKeyType gives OBJECT for lists, sets and maps whatever the cardinality', () => {
    assert.deepEqual(inferKeyType(['a'], 'single'), { dataType: 'OBJECT', cardinality: 'SINGLE' });
    assert.deepEqual(inferKeyType(new Set<PropertyValue>([1]), 'list'), { dataType: 'OBJECT', cardinality: 'LIST' });
    assert.deepEqual(inferKeyType(new Map<PropertyValue, PropertyValue>(), undefined), { dataType: 'OBJECT', cardinality: 'SINGLE' });
    assert.deepEqual(inferKeyType('a', 'set'), { dataType: 'TEXT', cardinality: 'SET' });
  });

  test('coerceElements keeps a value of an OBJECT key whole and columnKind stores it aside', () => {
    const key: PropertyKeyRecord = { id: 1, name: 'o', dataType: 'OBJECT', cardinality: 'LIST', aggregateType: 'NONE', writeType: 'OLTP', status: 'CREATED', userData: {} };
    assert.deepEqual(coerceElements(key, ['a', 'b']), [['a', 'b']]);
    assert.equal(columnKind('OBJECT', false), 'side');
  });

  test('a written list, set or map is one property value of an OBJECT key', () => {
    const s = autoStore();
    const { v, u, e } = writeComposites(s);
    assert.equal(s.catalog.propertyKey('list')?.dataType, 'OBJECT');
    assert.equal(s.catalog.propertyKey('map')?.dataType, 'OBJECT');
    assert.equal(s.catalog.propertyKey('set')?.dataType, 'OBJECT');
    assert.deepEqual(valuesOf(s, v, 'list'), [LIST]);
    assert.deepEqual(valuesOf(s, v, 'map'), [MAP]);
    assert.deepEqual(valuesOf(s, u, 'set'), [SET]);
    assert.deepEqual(valuesOf(s, u, 'list'), [[1, 2]], 'a list cardinality appends the list as one more value');
    assert.deepEqual(s.edgeProperty(e, 'info'), MAP);
  });

  test('an OBJECT key also takes scalars, and list cardinality gives multi-properties of whole lists', () => {
    const s = autoStore();
    const { result: v } = s.batch((w) => {
      const v = w.addVertex('data', { properties: [['list', ['a']]] });
      w.setVertexProperty(v, 'list', ['b', 'c'], { cardinality: 'list' });
      w.setVertexProperty(v, 'list', 'd', { cardinality: 'list' });
      return v;
    });
    assert.deepEqual(valuesOf(s, v, 'list'), [['a'], ['b', 'c'], 'd']);
    s.batch((w) => w.setVertexProperty(v, 'list', ['z']));
    assert.deepEqual(valuesOf(s, v, 'list'), [['z']]);
  });

  test('a list written to an existing scalar key is not split into several values', () => {
    const s = autoStore();
    s.batch((w) => w.addVertex('data', { properties: [['name', 'x']] }));
    assert.throws(() => s.batch((w) => w.addVertex('data', { properties: [['name', ['a', 'b']]] })), { code: 'PROPERTY_VALUE_TYPE' });
  });

  test('OBJECT values round-trip through replay and snapshot', () => {
    const s = autoStore();
    const { logs, v, u, e } = writeComposites(s);
    const copy = autoStore();
    for (const log of logs) copy.replay(log);
    const loaded = GraphStore.decodeSnapshot(s.encodeSnapshot(), { config: { ...STRICT, autoCreate: true }, mode: () => 'NONE' });
    for (const other of [copy, loaded]) {
      assert.equal(other.catalog.propertyKey('map')?.dataType, 'OBJECT');
      assert.deepEqual(valuesOf(other, v, 'list'), [LIST]);
      assert.deepEqual(valuesOf(other, v, 'map'), [MAP]);
      assert.deepEqual(valuesOf(other, u, 'set'), [SET]);
      assert.deepEqual(valuesOf(other, u, 'list'), [[1, 2]]);
      assert.deepEqual(other.edgeProperty(e, 'info'), MAP);
    }
  });

  test('a rolled-back batch leaves no OBJECT key or value behind', () => {
    const s = autoStore();
    assert.throws(() =>
      s.batch((w) => {
        w.addVertex('data', { id: 1, properties: [['map', MAP]] });
        w.addVertex('data', { id: 1 });
      }),
    );
    assert.equal(s.catalog.propertyKey('map'), undefined);
    assert.deepEqual([...s.vertexSlots()], []);
  });
});

describe('OBJECT values in strict mode', () => {
  test('a list value of a LIST key still gives one value per element', () => {
    const s = fixtureStore();
    const { result: v } = s.batch((w) => w.addVertex('person', { properties: [['name', 'marko'], ['scores', [1, 2]]] }));
    assert.deepEqual(valuesOf(s, v, 'scores'), [1, 2]);
    assert.equal(s.catalog.propertyKeys().some((k) => k.dataType === 'OBJECT'), false);
  });
});
