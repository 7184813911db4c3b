import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../../src/storage/schema/catalog.js';
import { Clock, STRICT, fixtureStore } from './fixtures.js';

function ttlStore(clock: Clock): GraphStore {
  const c = new SchemaCatalog();
  c.createPropertyKey({ name: 'name', dataType: 'TEXT' });
  c.createPropertyKey({ name: 'start', dataType: 'DATE' });
  c.createVertexLabel({ name: 'keep', properties: ['name'], primaryKeys: ['name'] });
  c.createVertexLabel({ name: 'temp', properties: ['name'], primaryKeys: ['name'], ttl: 1000 });
  c.createVertexLabel({ name: 'dated', properties: ['name', 'start'], primaryKeys: ['name'], ttl: 1000, ttlStartTime: 'start' });
  c.createEdgeLabel({ name: 'brief', sourceLabel: 'keep', targetLabel: 'keep', ttl: 500 });
  return new GraphStore(c, { config: STRICT, mode: () => 'NONE', now: clock.get });
}

describe('GraphStore TTL', () => {
  test('expired elements are invisible at once and removed by expire', () => {
    const clock = new Clock();
    const s = ttlStore(clock);
    const { result } = s.batch((w) => {
      const a = w.addVertex('keep', { properties: [['name', 'a']] });
      const b = w.addVertex('keep', { properties: [['name', 'b']] });
      w.addVertex('temp', { properties: [['name', 't']] });
      w.addVertex('dated', { properties: [['name', 'd'], ['start', new Date(clock.ms + 5000)]] });
      const e = w.addEdge('brief', { out: a, in: b });
      return { a, edgeId: w.edgeId(e) };
    });
    assert.equal(s.vertexCount(), 4);
    assert.equal(s.degree(result.a, 'OUT'), 1);
    assert.notEqual(s.edgeSlot(result.edgeId), -1);
    clock.ms += 600;
    assert.equal(s.edgeCount('brief'), 0);
    assert.equal(s.degree(result.a, 'OUT'), 0);
    assert.equal(s.edgeSlot(result.edgeId), -1);
    clock.ms += 500;
    assert.equal(s.vertexCount('temp'), 0);
    assert.equal(s.vertexSlot(`${s.catalog.vertexLabel('temp')!.id}:t`), -1);
    assert.equal(s.vertexCount('dated'), 1, 'the start property delays expiry');
    assert.equal(s.expire(clock.ms), 2);
    assert.equal(s.expire(clock.ms), 0);
    clock.ms += 6000;
    assert.equal(s.expire(clock.ms), 1);
    assert.equal(s.vertexCount(), 2);
  });
});

describe('GraphStore.applySchemaChange', () => {
  test('removing a vertex label removes its vertices and their edges', () => {
    const s = fixtureStore();
    s.batch((w) => {
      const a = w.addVertex('person', { properties: [['name', 'a'], ['city', 'P']] });
      const x = w.addVertex('software', { properties: [['name', 'x']] });
      w.addEdge('created', { out: a, in: x });
      w.addEdge('knows', { out: a, in: a }, { properties: [['date', 'd']] });
    });
    s.applySchemaChange({ op: 'removeEdgeLabel', name: 'knows' });
    assert.equal(s.edgeCount(), 1);
    s.applySchemaChange({ op: 'removeEdgeLabel', name: 'created' });
    s.applySchemaChange({ op: 'removeVertexLabel', name: 'person' });
    assert.equal(s.vertexCount(), 1);
    assert.equal(s.edgeCount(), 0);
    assert.equal(s.catalog.indexLabel('personByCity'), undefined);
  });
});

describe('GraphStore.scanNeighbours', () => {
  test('fills batches of at most 1024 entries, honours labels, direction and degree limits', () => {
    const s = fixtureStore();
    const { result } = s.batch((w) => {
      const hub = w.addVertex('node');
      const others = Array.from({ length: 1500 }, () => w.addVertex('node'));
      for (const o of others) w.addEdge('link', { out: hub, in: o });
      w.addEdge('link', { out: others[0]!, in: hub });
      return { hub, others };
    });
    const batches: { length: number; first: number | undefined }[] = [];
    for (const b of s.scanNeighbours(Int32Array.of(result.hub), 'OUT')) batches.push({ length: b.length, first: b.vertices[0] });
    assert.deepEqual(batches.map((b) => b.length), [1024, 476]);
    assert.equal(batches[0]!.first, result.others[0]);
    const both: number[] = [];
    for (const b of s.scanNeighbours(Int32Array.of(result.hub), 'BOTH', { degreeLimit: 2000 })) both.push(...b.vertices.subarray(0, b.length));
    assert.equal(both.length, 1501);
    assert.equal(both[1500], result.others[0]);
    let limited = 0;
    for (const b of s.scanNeighbours(Int32Array.of(result.hub, result.others[0]!), 'OUT', { degreeLimit: 3 })) limited += b.length;
    assert.equal(limited, 4);
    assert.equal([...s.scanNeighbours(Int32Array.of(result.hub), 'OUT', { labels: ['knows'] })].length, 0);
    assert.equal(s.degree(result.hub, 'BOTH'), 1501);
    assert.equal(s.degree(result.hub, 'IN', ['link']), 1);
    s.batch((w) => w.removeVertex(result.others[0]!));
    assert.equal(s.degree(result.hub, 'BOTH'), 1499);
    s.compact();
    let after = 0;
    for (const b of s.scanNeighbours(Int32Array.of(result.hub), 'BOTH')) after += b.length;
    assert.equal(after, 1499);
  });
});
