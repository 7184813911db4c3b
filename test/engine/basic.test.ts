import { test } from 'node:test';
import assert from 'node:assert/strict';
import { modern } from './reference-source.js';
import { plain, sorted, source } from './helpers.js';

const g = source(modern());

test('V() yields every vertex of the modern graph', async () => {
  assert.deepEqual(sorted(await g.V().toList()), sorted(['v[1]', 'v[2]', 'v[3]', 'v[4]', 'v[5]', 'v[6]']).map((s) => JSON.parse(s)).map((s) => JSON.stringify(s)));
});

test('out() follows out-edges, optionally by label', async () => {
  assert.deepEqual((await g.V(1).out('knows').values('name').toList()).sort(), ['josh', 'vadas']);
  assert.deepEqual((await g.V(1).out().toList()).length, 3);
  assert.deepEqual((await g.V(4).in_().values('name').toList()), ['marko']);
});

test('count() counts traversers as a long', async () => {
  assert.deepEqual(plain((await g.V().count().toList())[0]), '6l');
  assert.deepEqual(plain((await g.V().out().out().count().toList())[0]), '2l');
});

test('limit, skip and range select by position', async () => {
  assert.deepEqual(await g.V().values('name').limit(2).toList(), ['marko', 'vadas']);
  assert.deepEqual(await g.V().values('name').skip(4).toList(), ['ripple', 'peter']);
  assert.deepEqual(await g.V().values('name').range(1, 3).toList(), ['vadas', 'lop']);
  assert.deepEqual(await g.V().values('name').tail(2).toList(), ['ripple', 'peter']);
});

test('dedup() removes repeated values', async () => {
  assert.deepEqual((await g.V().out().values('name').dedup().toList()).sort(), ['josh', 'lop', 'ripple', 'vadas']);
});

test('fold() and unfold() round-trip', async () => {
  assert.deepEqual(await g.V(1).out('knows').values('name').fold().toList(), [['vadas', 'josh']]);
  assert.deepEqual(await g.inject([1, 2], 3).unfold().toList(), [1, 2, 3]);
});

test('outE().inV() and edge ends', async () => {
  assert.deepEqual((await g.V(1).outE('knows').inV().values('name').toList()).sort(), ['josh', 'vadas']);
  assert.deepEqual(await g.E(7).outV().values('name').toList(), ['marko']);
  assert.deepEqual(await g.V(1).outE('knows').otherV().values('name').toList(), ['vadas', 'josh']);
});
