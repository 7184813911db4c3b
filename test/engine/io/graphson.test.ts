import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGraphson, graphsonValue } from '../../../src/engine/io/graphson.js';
import { TypedNumber, Uuid } from '../../../src/values/index.js';
import { ArgumentError, UnsupportedError } from '../../../src/errors.js';

const MARKO =
  '{"id":{"@type":"g:Int32","@value":1},"label":"person",' +
  '"outE":{"knows":[{"id":{"@type":"g:Int32","@value":7},"inV":{"@type":"g:Int32","@value":2},"properties":{"weight":{"@type":"g:Double","@value":0.5}}}]},' +
  '"properties":{"name":[{"id":{"@type":"g:Int64","@value":0},"value":"marko"}],' +
  '"location":[{"id":{"@type":"g:Int64","@value":6},"value":"san diego","properties":{"startTime":{"@type":"g:Int32","@value":1997}}},' +
  '{"id":{"@type":"g:Int64","@value":7},"value":"santa cruz"}]}}';
const VADAS =
  '{"id":{"@type":"g:Int32","@value":2},"label":"person",' +
  '"inE":{"knows":[{"id":{"@type":"g:Int32","@value":7},"outV":{"@type":"g:Int32","@value":1}}]},' +
  '"properties":{"age":[{"id":{"@type":"g:Int64","@value":3},"value":{"@type":"g:Int32","@value":27}}]}}';

test('parseGraphson reads vertices with typed ids, multi-properties and meta-properties', () => {
  const doc = parseGraphson(`${MARKO}\n${VADAS}\n`);
  assert.deepEqual(doc.vertices.map((v) => [v.id, v.label]), [[1, 'person'], [2, 'person']]);
  const marko = doc.vertices[0];
  assert.deepEqual(marko?.properties.map((p) => [p.key, p.value]), [['name', 'marko'], ['location', 'san diego'], ['location', 'santa cruz']]);
  assert.deepEqual(marko?.properties[1]?.meta, [['startTime', 1997]]);
  assert.deepEqual(marko?.properties[0]?.id, new TypedNumber('long', 0n));
  assert.deepEqual(doc.vertices[1]?.properties[0]?.value, 27);
});

test('parseGraphson takes each edge once, from the outE of its tail', () => {
  const doc = parseGraphson(`${MARKO}\n${VADAS}`);
  assert.equal(doc.edges.length, 1);
  assert.deepEqual(doc.edges[0], { id: 7, label: 'knows', out: 1, in: 2, properties: [['weight', new TypedNumber('double', 0.5)]] });
});

test('graphsonValue converts the GraphSON 3.0 types', () => {
  assert.deepEqual(graphsonValue({ '@type': 'g:Int64', '@value': 3 }), new TypedNumber('long', 3n));
  assert.deepEqual(graphsonValue({ '@type': 'g:Float', '@value': 1.5 }), new TypedNumber('float', 1.5));
  assert.deepEqual(graphsonValue({ '@type': 'g:UUID', '@value': 'AB0C5A4E-0000-0000-0000-000000000001' }), new Uuid('ab0c5a4e-0000-0000-0000-000000000001'));
  assert.deepEqual(graphsonValue({ '@type': 'g:List', '@value': ['a', { '@type': 'g:Int32', '@value': 1 }] }), ['a', 1]);
  assert.deepEqual(graphsonValue({ '@type': 'g:Map', '@value': ['k', true] }), new Map([['k', true]]));
  assert.deepEqual(graphsonValue({ '@type': 'g:Date', '@value': 0 }), new Date(0));
  assert.equal(graphsonValue(null), null);
});

test('parseGraphson refuses untyped numbers, unknown types and broken lines with their line number', () => {
  assert.throws(() => graphsonValue(5), (e: unknown) => e instanceof ArgumentError && e.code === 'IO_FORMAT');
  assert.throws(() => graphsonValue({ '@type': 'g:Tree', '@value': [] }), (e: unknown) => e instanceof UnsupportedError && e.code === 'IO_GRAPHSON_TYPE');
  assert.throws(() => parseGraphson(`${MARKO}\n{not json`), (e: unknown) => e instanceof ArgumentError && /line 2/.test(e.message));
  assert.throws(() => parseGraphson('{"id":{"@type":"g:Int32","@value":1},"label":["a","b"]}'), (e: unknown) => e instanceof UnsupportedError && e.code === 'IO_MULTI_LABEL');
});
