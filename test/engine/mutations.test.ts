import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EnumValue, type Argument } from '../../src/engine/bytecode.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { ReferenceGraph, modern } from './reference-source.js';
import { plain, source } from './helpers.js';

const T = (n: string): EnumValue => new EnumValue('T', n);
const D = (n: string): EnumValue => new EnumValue('Direction', n);
const M = (n: string): EnumValue => new EnumValue('Merge', n);

test('addV() and property() create a vertex with properties', async () => {
  const graph = new ReferenceGraph();
  const g = source(graph);
  await g.addV('person').property('name', 'marko').property('age', 29).iterate();
  assert.deepEqual(await g.V().hasLabel('person').values('name', 'age').toList(), ['marko', 29]);
});

test('addE() links vertices selected by label and by traversal', async () => {
  const graph = new ReferenceGraph();
  const g = source(graph);
  await g.addV('person').property('name', 'a').as_('a').addV('person').property('name', 'b').addE('knows').from_('a').iterate();
  assert.deepEqual(await g.V().has('name', 'a').out('knows').values('name').toList(), ['b']);
  await g.V().has('name', 'b').addE('likes').to(__.V().has('name', 'a')).iterate();
  assert.deepEqual(await g.E().hasLabel('likes').outV().values('name').toList(), ['b']);
});

test('property() with list cardinality and meta-properties', async () => {
  const graph = new ReferenceGraph();
  const g = source(graph);
  await g.addV('p').property(new EnumValue('Cardinality', 'list'), 'x', 1, 'since', 2000).property(new EnumValue('Cardinality', 'list'), 'x', 2).iterate();
  assert.deepEqual(await g.V().values('x').toList(), [1, 2]);
  assert.deepEqual(await g.V().properties('x').has('since').values('since').toList(), [2000]);
});

test('drop() removes vertices with their edges, and properties', async () => {
  const graph = modern();
  const g = source(graph);
  await g.V(1).drop().iterate();
  assert.deepEqual((await g.V().count().toList()).map(plain), ['5l']);
  assert.deepEqual((await g.E().count().toList()).map(plain), ['3l']);
  await g.V().properties('age').drop().iterate();
  assert.deepEqual(await g.V().values('age').toList(), []);
});

test('mergeV() matches or creates', async () => {
  const graph = modern();
  const g = source(graph);
  const found = await g.mergeV(new Map<Argument, Argument>([[T('label'), 'person'], ['name', 'marko']])).toList();
  assert.deepEqual(found.map(plain), ['v[1]']);
  await g.mergeV(new Map<Argument, Argument>([[T('label'), 'person'], ['name', 'stephen']])).option(M('onCreate'), new Map([['age', 19]])).iterate();
  assert.deepEqual(await g.V().has('name', 'stephen').values('age').toList(), [19]);
  await g.mergeV(new Map<Argument, Argument>([['name', 'vadas']])).option(M('onMatch'), new Map([['age', 30]])).iterate();
  assert.deepEqual(await g.V(2).values('age').toList(), [30]);
});

test('mergeE() creates an edge once and rejects onCreate overrides', async () => {
  const graph = modern();
  const g = source(graph);
  const search = new Map<Argument, Argument>([[T('label'), 'knows'], [D('OUT'), 2], [D('IN'), 6]]);
  await g.mergeE(search).iterate();
  await g.mergeE(search).iterate();
  assert.deepEqual((await g.V(2).out('knows').toList()).map(plain), ['v[6]']);
  await assert.rejects(g.mergeE(new Map<Argument, Argument>([[T('label'), 'x'], [D('OUT'), 2], [D('IN'), 6]])).option(M('onCreate'), new Map([[T('label'), 'likes']])).toList(), /cannot override values from merge\(\) argument/);
  await assert.rejects(g.mergeE(new Map<Argument, Argument>([[T('label'), 'hates'], [D('IN'), 6]])).toList(), /Out Vertex not specified/);
});
