import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QuiverError, TypedNumber, open } from '../../src/index.js';
import type { Graph } from '../../src/index.js';
import { readGraph } from '../read-graph.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'quiver-db-'));
}

async function itemSchema(graph: Graph): Promise<void> {
  await graph.schema().propertyKey('n').asInt().ifNotExist().create();
  await graph.schema().vertexLabel('item').useCustomizeNumberId().properties('n').ifNotExist().create();
  await graph.schema().edgeLabel('next').sourceLabel('item').targetLabel('item').ifNotExist().create();
  await graph.schema().indexLabel('itemByN').onV('item').by('n').range().ifNotExist().create();
}

async function addItems(graph: Graph, from: number, count: number): Promise<void> {
  await graph.addVertices(Array.from({ length: count }, (_, i) => ({ label: 'item', id: from + i, properties: { n: from + i } })));
}

async function ids(graph: Graph): Promise<number[]> {
  return (await graph.vertices({ label: 'item' })).vertices.map((v) => Number(v.id)).sort((a, b) => a - b);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

test('a durable database keeps graphs, config, schema, data and modes across close and reopen', async () => {
  const dir = tempDir();
  try {
    let db = await open({ path: dir });
    const graph = await db.createGraph('g', { 'vertex.tx_capacity': 2000, 'schema.auto_create': false });
    await db.createGraph('empty');
    await itemSchema(graph);
    await addItems(graph, 0, 50);
    await graph.addEdge('next', { out: 1, in: 2 });
    await graph.removeVertex(3);
    await graph.setMode('MERGING');
    await graph.setReadMode('ALL');
    await db.close();
    assert.ok(existsSync(join(dir, 'graphs', 'g', 'config.json')));
    assert.ok(existsSync(join(dir, 'graphs', 'g', 'wal')));
    assert.ok(readdirSync(join(dir, 'graphs', 'g', 'snapshots')).length > 0, 'close writes a snapshot');
    db = await open({ path: dir });
    assert.deepEqual(db.graphs().map((g) => g.name), ['empty', 'g']);
    const again = db.graph('g');
    assert.equal(again.config['vertex.tx_capacity'], 2000);
    assert.equal(again.mode, 'MERGING');
    assert.equal(again.readMode, 'ALL');
    assert.deepEqual(again.catalog().indexLabels().map((i) => i.name), ['itemByN']);
    assert.deepEqual(await ids(again), range(0, 50).filter((i) => i !== 3));
    assert.equal(readGraph(again, (s) => s.edgeCount('next')), 1);
    const slots = readGraph(again, (s) => s.lookup('vertex', { label: 'item', key: 'n', predicate: { op: 'between', values: [10, 20] } }));
    assert.equal(slots === undefined ? -1 : [...slots].length, 10, 'indexes are rebuilt on reopen');
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('recovery replays the WAL written after the newest snapshot (crash image copied while open)', async () => {
  const dir = tempDir();
  const image = tempDir();
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('g');
    await itemSchema(graph);
    await addItems(graph, 0, 100);
    await graph.snapshot();
    await addItems(graph, 100, 100);
    await graph.updateVertexProperties(5, { n: 500 });
    await graph.setMode('RESTORING');
    cpSync(dir, image, { recursive: true });
    await db.close();
    const recovered = await open({ path: image });
    const g = recovered.graph('g');
    assert.deepEqual(await ids(g), range(0, 200));
    assert.equal((await g.getVertex(5))?.properties.n, 500);
    assert.equal(g.mode, 'RESTORING');
    await recovered.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});

test('background snapshots follow snapshotEveryBytes and recovery still sees every write', async () => {
  const dir = tempDir();
  const image = tempDir();
  try {
    const db = await open({ path: dir, snapshotEveryBytes: 4096 });
    const graph = await db.createGraph('g');
    await itemSchema(graph);
    for (let i = 0; i < 30; i++) await addItems(graph, i * 50, 50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(readdirSync(join(dir, 'graphs', 'g', 'snapshots')).some((f) => f.startsWith('snapshot-')), 'a snapshot was written without being asked for');
    await addItems(graph, 1500, 10);
    cpSync(dir, image, { recursive: true });
    await db.close();
    const recovered = await open({ path: image });
    assert.deepEqual(await ids(recovered.graph('g')), range(0, 1510));
    await recovered.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});

test('a torn WAL tail is dropped and everything acknowledged before it survives', async () => {
  const dir = tempDir();
  const image = tempDir();
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('g');
    await itemSchema(graph);
    await addItems(graph, 0, 20);
    cpSync(dir, image, { recursive: true });
    await db.close();
    const walDir = join(image, 'graphs', 'g', 'wal');
    const last = readdirSync(walDir).sort().at(-1)!;
    appendFileSync(join(walDir, last), Buffer.from([0x40, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7]));
    const recovered = await open({ path: image });
    assert.deepEqual(await ids(recovered.graph('g')), range(0, 20));
    await addItems(recovered.graph('g'), 20, 5);
    await recovered.close();
    const reopened = await open({ path: image });
    assert.deepEqual(await ids(reopened.graph('g')), range(0, 25));
    await reopened.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});

test('a second opener of the same directory is refused', async () => {
  const dir = tempDir();
  try {
    const db = await open({ path: dir });
    await assert.rejects(open({ path: dir }), (e: unknown) => e instanceof QuiverError && e.code === 'DIRECTORY_LOCKED');
    await db.close();
    const again = await open({ path: dir });
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('dropGraph removes the graph directory and the name can be reused', async () => {
  const dir = tempDir();
  try {
    let db = await open({ path: dir });
    const graph = await db.createGraph('g');
    await itemSchema(graph);
    await addItems(graph, 0, 10);
    await db.dropGraph('g');
    assert.deepEqual(readdirSync(join(dir, 'graphs')), []);
    const fresh = await db.createGraph('g');
    assert.equal(fresh.catalog().vertexLabels().length, 0);
    await db.close();
    db = await open({ path: dir });
    assert.equal(readGraph(db.graph('g'), (s) => s.vertexCount()), 0);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a TTL sweep removes expired vertices and recovery replays the sweep at the same point', async () => {
  const dir = tempDir();
  const image = tempDir();
  try {
    const db = await open({ path: dir, ttlSweepMs: 0 });
    const graph = await db.createGraph('g');
    await graph.schema().propertyKey('n').asInt().create();
    await graph.schema().vertexLabel('temp').useCustomizeNumberId().properties('n').ttl(60_000).create();
    await graph.addVertices([{ label: 'temp', id: 1, properties: { n: 1 } }, { label: 'temp', id: 2, properties: { n: 2 } }]);
    assert.equal(await graph.expire(Date.now()), 0, 'nothing is due yet');
    assert.equal(await graph.expire(Date.now() + 61_000), 2);
    assert.equal(readGraph(graph, (s) => s.vertexCount('temp')), 0);
    await graph.addVertex('temp', { n: 3 }, { id: 1 });
    cpSync(dir, image, { recursive: true });
    await db.close();
    const recovered = await open({ path: image, ttlSweepMs: 0 });
    const g = recovered.graph('g');
    assert.equal(readGraph(g, (s) => s.vertexCount('temp')), 1);
    assert.equal((await g.getVertex(1))?.properties.n, 3);
    await recovered.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});
