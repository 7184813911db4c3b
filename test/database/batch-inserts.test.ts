/**
 * Batch inserts of a durable graph: concurrent batches share group commits and every one that
 * resolved survives a crash with its property values; a rejected batch changes nothing, in memory
 * or on disk.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QuiverError, open } from '../../src/index.js';
import type { Database, Graph } from '../../src/index.js';

/** Runs `body` with a data directory and an empty directory for its crash image, both removed afterwards. */
async function withDirs(body: (dir: string, image: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-batch-'));
  const image = mkdtempSync(join(tmpdir(), 'quiver-batch-image-'));
  try {
    await body(dir, image);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
}

/** Copies the open database's directory (a crash image), closes it and opens the image. */
async function crashAndReopen(db: Database, dir: string, image: string): Promise<Database> {
  cpSync(dir, image, { recursive: true });
  await db.close();
  return open({ path: image });
}

async function itemGraph(dir: string): Promise<{ db: Database; graph: Graph }> {
  const db = await open({ path: dir });
  const graph = await db.createGraph('g');
  const schema = graph.schema();
  await schema.propertyKey('name').asText().create();
  await schema.propertyKey('n').asInt().create();
  await schema.vertexLabel('item').properties('name', 'n').primaryKeys('name').nullableKeys('n').create();
  await schema.edgeLabel('link').sourceLabel('item').targetLabel('item').properties('n').nullableKeys('n').create();
  return { db, graph };
}

async function edgeNs(graph: Graph): Promise<Map<string, unknown>> {
  const { edges } = await graph.edges({ label: 'link', limit: 100_000 });
  return new Map(edges.map((e) => [String(e.id), e.properties.n]));
}

test('concurrent vertex and edge batches that resolved survive a crash with their values (crash image taken right after)', async () => {
  await withDirs(async (dir, image) => {
    const { db, graph } = await itemGraph(dir);
    const vertexBatches = await Promise.all(
      Array.from({ length: 8 }, (_, b) => graph.addVertexIds(Array.from({ length: 50 }, (_, i) => ({ label: 'item', properties: { name: `v${b}-${i}`, n: b * 50 + i } })))),
    );
    const vertexIds = vertexBatches.flat();
    const edgeBatches = await Promise.all(
      Array.from({ length: 8 }, (_, b) =>
        graph.addEdgeIds(Array.from({ length: 50 }, (_, i) => ({ label: 'link', out: vertexIds[(b * 50 + i) % 400]!, in: vertexIds[(b * 31 + i * 7 + 1) % 400]!, properties: { n: b * 1000 + i } }))),
      ),
    );
    const expected = await edgeNs(graph);
    const recovered = await crashAndReopen(db, dir, image);
    const again = recovered.graph('g');
    for (const id of vertexIds) assert.notEqual(await again.getVertex(id), undefined, `vertex ${String(id)} lost`);
    assert.equal((await again.getVertex('1:v7-49'))?.properties.n, 399);
    const found = await edgeNs(again);
    for (const id of edgeBatches.flat()) assert.equal(found.get(String(id)), expected.get(String(id)), `edge ${String(id)} lost or changed`);
    assert.equal(found.size, expected.size);
    await recovered.close();
  });
});

test('an edge batch with a missing end vertex is rejected and changes nothing, in memory or on disk', async () => {
  await withDirs(async (dir, image) => {
    const { db, graph } = await itemGraph(dir);
    const ids = await graph.addVertexIds(Array.from({ length: 20 }, (_, i) => ({ label: 'item', properties: { name: `v${i}` } })));
    await graph.addEdgeIds([{ label: 'link', out: ids[0]!, in: ids[1]!, properties: { n: 1 } }]);
    const before = await edgeNs(graph);
    const edges = Array.from({ length: 19 }, (_, i) => ({ label: 'link', out: ids[i]!, in: ids[i + 1]!, properties: { n: 100 + i } }));
    await assert.rejects(graph.addEdgeIds([...edges, { label: 'link', out: ids[0]!, in: '1:missing', properties: { n: 0 } }]), (error: unknown) => {
      assert.ok(error instanceof QuiverError);
      assert.equal(error.code, 'VERTEX_NOT_FOUND');
      return true;
    });
    await assert.rejects(graph.addVertexIds([{ label: 'item', properties: { name: 'fresh', n: 1 } }, { label: 'item', properties: { n: 2 } }]));
    assert.deepEqual(await edgeNs(graph), before, 'the edge (0 → 1) keeps n = 1 and no edge was added');
    assert.equal(await graph.getVertex('1:fresh'), undefined);
    const recovered = await crashAndReopen(db, dir, image);
    assert.deepEqual(await edgeNs(recovered.graph('g')), before);
    assert.equal(await recovered.graph('g').getVertex('1:fresh'), undefined);
    await recovered.close();
  });
});

test('an edge batch with a bad value in its middle rolls back its columnar rows, in memory and on disk', async () => {
  await withDirs(async (dir, image) => {
    const { db, graph } = await itemGraph(dir);
    const ids = await graph.addVertexIds(Array.from({ length: 40 }, (_, i) => ({ label: 'item', properties: { name: `v${i}` } })));
    await graph.addEdgeIds([{ label: 'link', out: ids[0]!, in: ids[1]!, properties: { n: 1 } }]);
    const before = await edgeNs(graph);
    const edges = Array.from({ length: 200 }, (_, i) => ({ label: 'link', out: ids[i % 40]!, in: ids[(i * 7 + 3) % 40]!, properties: { n: i } as Record<string, unknown> }));
    edges[0] = { label: 'link', out: ids[0]!, in: ids[1]!, properties: { n: 2 } };
    edges[100] = { ...edges[100]!, properties: { n: 'not a number' } };
    await assert.rejects(graph.addEdgeIds(edges as Parameters<Graph['addEdgeIds']>[0]), (error: unknown) => {
      assert.ok(error instanceof QuiverError);
      assert.match(error.message, /not a number/);
      return true;
    });
    assert.deepEqual(await edgeNs(graph), before, 'the edge (0 → 1) keeps n = 1 and no edge was added');
    const recovered = await crashAndReopen(db, dir, image);
    assert.deepEqual(await edgeNs(recovered.graph('g')), before);
    await recovered.close();
  });
});

test('an acknowledged edge batch that meets its own and earlier pairs keeps the last values of each pair after a crash', async () => {
  await withDirs(async (dir, image) => {
    const { db, graph } = await itemGraph(dir);
    const ids = await graph.addVertexIds(Array.from({ length: 10 }, (_, i) => ({ label: 'item', properties: { name: `v${i}` } })));
    const [first] = await graph.addEdgeIds([{ label: 'link', out: ids[0]!, in: ids[1]!, properties: { n: 1 } }]);
    const batch = Array.from({ length: 30 }, (_, i) => ({ label: 'link', out: ids[i % 10]!, in: ids[(i + 1) % 10]!, ...(i === 25 ? {} : { properties: { n: 100 + i } }) }));
    const written = await graph.addEdgeIds(batch);
    assert.equal(written[0], first, 'a SINGLE pair keeps its edge id');
    const expected = new Map<string, unknown>();
    batch.forEach((e, i) => expected.set(String(written[i]), e.properties?.n));
    const found = await edgeNs(graph);
    assert.equal(found.size, 10);
    for (const [id, n] of expected) assert.equal(found.get(id), n, `edge ${id}`);
    const recovered = await crashAndReopen(db, dir, image);
    assert.deepEqual(await edgeNs(recovered.graph('g')), found);
    await recovered.close();
  });
});
