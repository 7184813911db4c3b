/**
 * Snapshots capture the store without copying its large arrays: writers that can wait are held
 * until the captured bytes are on disk, and a synchronous write during that time makes the
 * snapshot start over from copies, so that a snapshot file always holds exactly the state of its
 * LSN.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from '../../src/index.js';
import type { Database, Graph } from '../../src/index.js';
import { readGraph } from '../read-graph.js';

const ITEMS = 20_000;

/** Runs `fn` on a durable database in a fresh directory holding graph `g` with the item graph, removing the directory after. */
async function withItemGraph(fn: (dir: string, db: Database, graph: Graph) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-capture-'));
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('g', { 'vertex.tx_capacity': 100_000, 'edge.tx_capacity': 100_000 });
    await itemGraph(graph);
    await fn(dir, db, graph);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function itemGraph(graph: Graph): Promise<void> {
  await graph.schema().propertyKey('n').asInt().ifNotExist().create();
  await graph.schema().vertexLabel('item').useCustomizeNumberId().properties('n').ifNotExist().create();
  await graph.schema().edgeLabel('next').sourceLabel('item').targetLabel('item').ifNotExist().create();
  await graph.addVertices(Array.from({ length: ITEMS }, (_, i) => ({ label: 'item', id: i, properties: { n: i } })));
  await graph.write((w) => {
    for (let i = 1; i < ITEMS; i++) w.addEdge('next', { out: i - 1, in: i });
  });
}

function newestSnapshotLsn(dir: string): bigint {
  const lsns = readdirSync(join(dir, 'graphs', 'g', 'snapshots'))
    .map((name) => /^snapshot-(\d{20})\.qsnap$/.exec(name)?.[1])
    .filter((lsn): lsn is string => lsn !== undefined)
    .map((lsn) => BigInt(lsn));
  return lsns.reduce((a, b) => (a > b ? a : b), 0n);
}

test('a synchronous write while a snapshot is written makes it start over, at the LSN that includes the write', async () => {
  await withItemGraph(async (dir, db, graph) => {
    await graph.snapshot();
    const before = newestSnapshotLsn(dir);
    await graph.addVertex('item', { n: -1 }, { id: -1 });
    const snapshot = graph.snapshot();
    graph.writeNow((w) => w.addVertex('item', { id: -2, properties: [['n', -2]] }));
    const held = graph.addVertex('item', { n: -3 }, { id: -3 });
    await snapshot;
    await held;
    await graph.sync();
    assert.equal(newestSnapshotLsn(dir), before + 2n, 'the snapshot covers the synchronous write (its first try, at the LSN before it, was dropped)');
    await db.close();
    const reopened = await open({ path: dir });
    const again = reopened.graph('g');
    assert.equal(readGraph(again, (s) => s.vertexCount('item')), ITEMS + 3);
    assert.equal(readGraph(again, (s) => s.edgeCount('next')), ITEMS - 1);
    assert.deepEqual((await again.vertices({ label: 'item', limit: 3 })).vertices.map((v) => v.id), [0, 1, 2]);
    assert.equal((await again.getVertex(-2))?.properties.n, -2);
    await reopened.close();
  });
});

test('writers that can wait are held until the snapshot bytes are written, and then go on', async () => {
  await withItemGraph(async (dir, db, graph) => {
    await graph.addVertex('item', { n: -1 }, { id: -1 });
    const snapshots = join(dir, 'graphs', 'g', 'snapshots');
    const sizes = (): Map<string, number> => new Map(readdirSync(snapshots).map((name) => [name.replace(/\.tmp$/, ''), statSync(join(snapshots, name)).size]));
    let seenByWriter = new Map<string, number>();
    const snapshot = graph.snapshot();
    const write = graph.addVertex('item', { n: -2 }, { id: -2 }).then(() => {
      seenByWriter = sizes();
    });
    await Promise.all([snapshot, write]);
    const lsn = newestSnapshotLsn(dir);
    const name = `snapshot-${lsn.toString().padStart(20, '0')}.qsnap`;
    assert.equal(seenByWriter.get(name), statSync(join(snapshots, name)).size, 'when the held write went through, the snapshot file held all its bytes');
    assert.equal(readGraph(graph, (s) => s.vertexCount('item')), ITEMS + 2);
    await db.close();
  });
});
