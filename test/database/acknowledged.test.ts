/**
 * Acknowledged writes survive a crash: fluent traversal writes are durable when their terminal
 * Promise resolves, and a reopened store keeps the graph's configured name rules.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QuiverError, open } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'quiver-ack-'));
}

async function names(graph: Graph): Promise<string[]> {
  return (await graph
    .vertices({ label: 'person' })).vertices
    .map((v) => String(v.properties.name))
    .sort();
}

test('fluent terminal methods resolve only once the traversal writes are in the WAL (crash image taken right after)', async () => {
  const dir = tempDir();
  const image = tempDir();
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('g', { 'schema.auto_create': true });
    const g = graph.traversal();
    await g.addV('person').property('name', 'iterate').iterate();
    await g.addV('person').property('name', 'toList').toList();
    await g.addV('person').property('name', 'next').next();
    await g.addV('person').property('name', 'hasNext').hasNext();
    await g.addV('person').property('name', 'toSet').toSet();
    await g.V().has('person', 'name', 'next').property('age', 30).iterate();
    cpSync(dir, image, { recursive: true });
    await db.close();
    const recovered = await open({ path: image });
    const again = recovered.graph('g');
    assert.deepEqual(await names(again), ['hasNext', 'iterate', 'next', 'toList', 'toSet']);
    assert.deepEqual((await again.vertices({ label: 'person', properties: { name: 'next' } })).vertices[0]?.properties.age, [30], 'auto-created keys are LIST keys');
    await recovered.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { recursive: true, force: true });
  }
});

test('a read-only fluent traversal of a durable graph still resolves with its results', async () => {
  const dir = tempDir();
  try {
    const db = await open({ path: dir });
    const graph = await db.createGraph('g', { 'schema.auto_create': true });
    await graph.traversal().addV('person').property('name', 'marko').iterate();
    assert.deepEqual(await graph.traversal().V().values('name').toList(), ['marko']);
    assert.equal(await graph.traversal().V().hasNext(), true);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function rejectsAsSchemaName(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (error: unknown) => error instanceof QuiverError && error.code === 'SCHEMA_NAME_ILLEGAL');
}

test('after a reopen from a snapshot, auto-created names follow the graph schema.illegal_name_regex', async () => {
  const dir = tempDir();
  try {
    let db = await open({ path: dir });
    let graph = await db.createGraph('g', { 'schema.auto_create': true, 'schema.illegal_name_regex': 'bad.*' });
    await graph.addVertex('person', { name: 'a' });
    await rejectsAsSchemaName(graph.addVertex('badLabel'));
    await graph.addVertex('~tilde');
    await graph.snapshot();
    await db.close();
    db = await open({ path: dir });
    graph = db.graph('g');
    await rejectsAsSchemaName(graph.addVertex('badAgain'));
    await rejectsAsSchemaName(graph.addVertex('person', { badKey: 1 }));
    const added = await graph.addVertex('~another', { 'ok ': 1 });
    assert.equal(added.label, '~another');
    assert.deepEqual(graph.catalog().vertexLabels().map((l) => l.name).sort(), ['person', '~another', '~tilde']);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
