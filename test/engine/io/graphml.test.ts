import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGraphml, graphmlValue } from '../../../src/engine/io/graphml.js';
import { xmlTokens } from '../../../src/engine/io/xml-tokens.js';
import { TypedNumber } from '../../../src/values/index.js';
import { ArgumentError, UnsupportedError } from '../../../src/errors.js';

const DOC = `<?xml version="1.0" ?>
<!-- two people -->
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="labelV" for="node" attr.name="labelV" attr.type="string"/>
  <key id="name" for="node" attr.name="name" attr.type="string"/>
  <key id="age" for="node" attr.name="age" attr.type="int"><default>0</default></key>
  <key id="labelE" for="edge" attr.name="labelE" attr.type="string"/>
  <key id="weight" for="edge" attr.name="weight" attr.type="double"/>
  <graph id="G" edgedefault="directed">
    <node id="1"><data key="labelV">person</data><data key="name">marko &amp; co</data><data key="age">29</data></node>
    <node id="2"><data key="name"><![CDATA[<vadas>]]></data></node>
    <edge id="7" source="1" target="2"><data key="labelE">knows</data><data key="weight">0.5</data></edge>
  </graph>
</graphml>`;

test('parseGraphml reads nodes with labels, typed data, defaults and entities', () => {
  const doc = parseGraphml(DOC);
  assert.deepEqual(doc.vertices.map((v) => [v.id, v.label]), [['1', 'person'], ['2', 'vertex']]);
  assert.deepEqual(doc.vertices[0]?.properties.map((p) => [p.key, p.value]), [['name', 'marko & co'], ['age', 29]]);
  assert.deepEqual(doc.vertices[1]?.properties.map((p) => [p.key, p.value]), [['name', '<vadas>'], ['age', 0]]);
});

test('parseGraphml reads edges with their id, label and properties', () => {
  const doc = parseGraphml(DOC);
  assert.deepEqual(doc.edges, [{ id: '7', label: 'knows', out: '1', in: '2', properties: [['weight', new TypedNumber('double', 0.5)]] }]);
});

test('graphmlValue converts by attr.type', () => {
  assert.deepEqual(graphmlValue('12', 'long'), new TypedNumber('long', 12n));
  assert.deepEqual(graphmlValue('1.5', 'float'), new TypedNumber('float', 1.5));
  assert.equal(graphmlValue('TRUE', 'boolean'), true);
  assert.throws(() => graphmlValue('x', 'int'), (e: unknown) => e instanceof ArgumentError && e.code === 'IO_FORMAT');
  assert.throws(() => graphmlValue('x', 'matrix'), (e: unknown) => e instanceof UnsupportedError && e.code === 'IO_GRAPHML_TYPE');
});

test('xmlTokens refuses mismatched tags, undeclared data keys and DOCTYPE declarations', () => {
  assert.throws(() => [...xmlTokens('<a><b></a>')], (e: unknown) => e instanceof ArgumentError && e.code === 'IO_FORMAT');
  assert.throws(() => [...xmlTokens('<a>')], (e: unknown) => e instanceof ArgumentError && /not closed/.test(e.message));
  assert.throws(() => [...xmlTokens('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>')], (e: unknown) => e instanceof UnsupportedError && e.code === 'IO_XML_DOCTYPE');
  assert.throws(() => parseGraphml('<graphml><graph><node id="1"><data key="nope">x</data></node></graph></graphml>'), (e: unknown) => e instanceof ArgumentError && /nope/.test(e.message));
});

test('xmlTokens yields a self-closing element as an open and a close token', () => {
  assert.deepEqual([...xmlTokens("<a x='1'/>")].map((t) => t.type), ['open', 'close']);
});
