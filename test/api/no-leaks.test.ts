/**
 * No public leaks (issue 20): the schema a graph hands out is a read-only snapshot, the live
 * store is not handed out (`source()` is retired for a pinned read view with a release), and
 * the slot-level writer goes through the handle's write guard.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilteredSource, NotFoundError, open } from '../../src/index.js';
import type { Graph, GraphSource } from '../../src/index.js';

/** The members of a value, read past its type (what a JavaScript caller could reach). */
function members(value: object): Record<string, unknown> {
  return value as Record<string, unknown>;
}

async function withSecret(graph: Graph): Promise<Graph> {
  await graph.schema().propertyKey('name').asText().ifNotExist().create();
  await graph.schema().vertexLabel('person').properties('name').primaryKeys('name').ifNotExist().create();
  await graph.schema().vertexLabel('secret').properties('name').primaryKeys('name').ifNotExist().create();
  await graph.addVertices([{ label: 'person', properties: { name: 'marko' } }, { label: 'secret', properties: { name: 'code' } }]);
  return graph.withSourceDecorator((source: GraphSource) => new FilteredSource(source, { vertex: (slot) => source.vertexLabel(slot) !== 'secret' }));
}

test('graph.catalog() is a read-only snapshot: the sneaky key cannot be created, and the schema API still changes the schema durably', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-no-leaks-'));
  try {
    let db = await open({ path: dir });
    const graph = await db.createGraph('g');
    const catalog = graph.catalog();
    assert.equal(members(catalog).createPropertyKey, undefined);
    assert.ok(Object.isFrozen(catalog));
    assert.throws(() => (members(catalog).createPropertyKey as (spec: object) => unknown)({ name: 'sneaky', dataType: 'int' }), TypeError);
    await graph.schema().propertyKey('age').asInt().create();
    assert.equal(catalog.propertyKey('age'), undefined, 'a view held before the change keeps its schema');
    const now = graph.catalog();
    assert.equal(now.propertyKey('age')?.dataType, 'INT');
    assert.equal(graph.catalog(), now, 'one snapshot is shared until the schema changes');
    assert.throws(() => {
      (now.propertyKey('age') as unknown as { dataType: string }).dataType = 'TEXT';
    }, TypeError);
    await db.close();
    db = await open({ path: dir });
    const reopened = db.graph('g').catalog();
    assert.equal(reopened.propertyKey('age')?.dataType, 'INT');
    assert.equal(reopened.propertyKey('sneaky'), undefined);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('graph.source() is retired: openReadView() hands out a view pinned now, through the handle, with a release', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  const hidden = await withSecret(graph);
  assert.equal(members(graph).source, undefined);
  assert.equal(members(graph).executionContext, undefined);
  const view = graph.openReadView();
  await graph.addVertex('person', { name: 'josh' });
  assert.equal(view.source.vertexCount(), 2, 'the view reads the graph as of its opening');
  view.release();
  const restricted = hidden.openReadView();
  try {
    assert.equal(restricted.source.vertexCount('secret'), 0);
    assert.equal(restricted.source.vertexSlot('2:code'), -1);
  } finally {
    restricted.release();
  }
  await db.close();
});

test("graph.write() goes through the handle's write guard: a decorated handle's writes do not find what it hides", async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  const hidden = await withSecret(graph);
  assert.ok((await graph.write((w) => w.vertexSlot('2:code'))) >= 0);
  assert.equal(await hidden.write((w) => w.vertexSlot('2:code')), -1);
  assert.equal(hidden.writeNow((w) => w.vertexSlot('2:code')), -1);
  await assert.rejects(hidden.removeVertex('2:code'), (e: unknown) => e instanceof NotFoundError && e.code === 'VERTEX_NOT_FOUND');
  await assert.rejects(hidden.updateVertexProperties('2:code', { name: 'code' }), (e: unknown) => e instanceof NotFoundError);
  assert.equal((await graph.getVertex('2:code'))?.label, 'secret');
  // What the handle sees, it writes as the graph does.
  await hidden.write((w) => w.removeVertex(w.vertexSlot('1:marko')));
  assert.equal(await graph.getVertex('1:marko'), undefined);
  await db.close();
});
