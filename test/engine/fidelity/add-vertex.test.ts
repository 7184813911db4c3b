/**
 * addV() and property() as TinkerPop 3.8 runs them beyond the shared sample: property() steps
 * fold into the addV() they follow (several values of one key kept, a null value removing the
 * earlier ones, a traversal as key), property(null) writes nothing, with() is accepted and
 * means nothing, a scan in a writing traversal does not chase its own writes, and a
 * TinkerGraph-compatible graph has no tx capacity unless one is configured.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, QuiverError } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';

const sortedEntries = (m: unknown): [string, unknown][] => [...(m as Map<string, unknown>)].sort(([a], [b]) => a.localeCompare(b));

test('several values of one key in addV() are all kept, as TinkerGraph attaches creation properties as a list', () =>
  withSmallGraph(async ({ run }) => {
    const [m] = await run("g.addV('animal').property('name', 'mateo').property('name', 'gateo').property('name', 'cateo').property('age', 5).valueMap()");
    assert.deepEqual(sortedEntries(m), [['age', [5]], ['name', ['mateo', 'gateo', 'cateo']]]);
    const [after] = await run("g.addV('animal').property(single, 'age', 1).property('name', 'a').property('name', 'b').valueMap()");
    assert.deepEqual(sortedEntries(after), [['age', [1]], ['name', ['a', 'b']]], 'folding walks back over a property() step that does not fold');
    assert.deepEqual(await run("g.V().has('name', 'marko').property('name', 'mark').values('name')"), ['mark'], 'on an existing vertex the default cardinality is single');
  }));

test('a null value in addV() removes the values of its key folded before it; property(null) writes nothing', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.addV('animal').property('name', 'a').property('name', null).property('age', 1).values('name')"), []);
    assert.deepEqual(await run("g.addV('animal').property('age', null).property('age', 2).values('age')"), [2]);
    assert.deepEqual(await run("g.addV('animal').property(null).property(set, null).values().count()"), [0]);
    assert.deepEqual(await run("g.addV('animal').property('name', 'n', 'since', null).properties('name').properties().count()"), [0]);
  }));

test('a traversal may give the key and the value, evaluated against the traverser entering addV()', () =>
  withSmallGraph(async ({ run }) => {
    await run("g.V().hasLabel('software').addV('copy').property(values('name'), label()).property('name', 'a copy')");
    const copies = await run("g.V().hasLabel('copy').valueMap()");
    assert.deepEqual(copies.map(sortedEntries).sort((a, b) => String(a[0]?.[0]).localeCompare(String(b[0]?.[0]))), [
      [['lop', ['software']], ['name', ['a copy']]],
      [['name', ['a copy']], ['ripple', ['software']]],
    ]);
    assert.deepEqual(await run("g.withSideEffect('a', 'name').addV().property(select('a'), 'zed').values('name')"), ['zed']);
    await assert.rejects(run("g.addV().property(constant(1), 'x')"), (e: unknown) => e instanceof QuiverError && e.code === 'PROPERTY_KEY');
  }));

test('with() on addV() and property() is accepted and changes nothing', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.addV().property('name', 'marko').with('key', 'value').values('name', 'key')"), ['marko']);
    assert.deepEqual(await run("g.addV().property('name', 'm', 'since', 2010).with('key', 'value').properties('name').values('since', 'key')"), [2010]);
    assert.deepEqual(await run("g.V().has('name', 'vadas').property(list, 'age', 28).with('k').values('age')"), [27, 28]);
    await assert.rejects(run("g.addV().by('name')"), (e: unknown) => e instanceof QuiverError && e.code === 'UNSUPPORTED_MODULATOR');
  }));

test('g.V().addV() adds one vertex per vertex there when the scan starts', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().addV('animal').property('age', 0).count()"), [5]);
    assert.deepEqual(await run("g.V().has('animal', 'age', 0).count()"), [5]);
    assert.deepEqual(await run("g.E().addE('again').from(outV()).to(inV()).count()"), [5]);
  }));

test('to(Direction, labels) is the vertex step it names', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual((await run("g.V().has('name', 'marko').to(Direction.OUT, 'knows').values('name')")).sort(), ['josh', 'vadas']);
    assert.deepEqual(await run("g.V().has('name', 'lop').toE(IN).count()"), [2]);
  }));

test('a TinkerGraph-compatible graph has no tx capacity unless one is given; a strict graph keeps 10000', async () => {
  const db = await open();
  try {
    const many = Array.from({ length: 10_001 }, (_, i) => i);
    const auto = await db.createGraph('auto', { 'schema.auto_create': true });
    assert.equal(auto.config['vertex.tx_capacity'], Number.POSITIVE_INFINITY);
    assert.deepEqual(await auto.traversal().inject(...many).addV('n').count().toList(), [10_001]);
    const bounded = await db.createGraph('bounded', { 'schema.auto_create': true, 'vertex.tx_capacity': 500 });
    await assert.rejects(bounded.traversal().inject(...many.slice(0, 501)).addV('n').iterate(), (e: unknown) => e instanceof QuiverError && e.code === 'TX_CAPACITY');
    const strict = await db.createGraph('strict');
    assert.equal(strict.config['vertex.tx_capacity'], 10_000);
  } finally {
    await db.close();
  }
});

test("a T key on an existing element is refused in TinkerPop's words", () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run("g.V().has('name', 'marko').property(T.id, 5)"), (e: unknown) => e instanceof QuiverError && e.code === 'HIDDEN_KEY' && e.message === 'T.id is immutable on existing elements');
    await assert.rejects(run("g.V().has('name', 'marko').property(T.label, 'x')"), (e: unknown) => e instanceof QuiverError && e.message === 'T.label is immutable on existing elements');
  }));
