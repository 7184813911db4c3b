import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber } from '../../../src/values/index.js';
import { Edge, Property, Vertex, VertexProperty, isElement, sameElement, elementIdKey } from '../../../src/engine/elements.js';
import { Path, Tree } from '../../../src/engine/path-tree.js';
import { typeOfValue, isOfType } from '../../../src/engine/semantics/index.js';
import { QuiverError } from '../../../src/errors.js';

const v1 = new Vertex(1, 'person', 0);
const v2 = new Vertex(2, 'person', 1);
const e7 = new Edge(7, 'knows', 0, { outV: v1, inV: v2 });

test('elements print like TinkerPop', () => {
  assert.equal(String(v1), 'v[1]');
  assert.equal(String(e7), 'e[7][1-knows->2]');
  const vp = new VertexProperty(0, 'name', 'marko', { element: v1 });
  assert.equal(String(vp), 'vp[name->marko]');
  assert.equal(vp.label, 'name');
  assert.equal(String(new Property('weight', new TypedNumber('double', 0.5), e7)), 'p[weight->0.5]');
  assert.equal(String(new Property('note', 'abcdefghijklmnopqrstuvwxyz', e7)), 'p[note->abcdefghijklmnopq...]');
  assert.equal(String(Path.EMPTY.extend(v1).extend(v2)), 'path[v[1], v[2]]');
});

test('elementIdKey and sameElement compare numeric ids by value', () => {
  assert.equal(elementIdKey(new TypedNumber('long', 1n)), 'L1');
  assert.equal(elementIdKey('1:marko'), 'S1:marko');
  assert.equal(sameElement(v1, new Vertex(new TypedNumber('long', 1n), 'person', 9)), true);
  assert.equal(sameElement(v1, v2), false);
  assert.equal(isElement(v1), true);
  assert.equal(isElement('v[1]'), false);
});

test('Path gets labelled objects', () => {
  const p = Path.EMPTY.extend(v1, ['a']).extend(v2, ['b']).addLabels(['c']).extend('x', ['a']);
  assert.equal(p.size, 3);
  assert.equal(p.get('b'), v2);
  assert.equal(p.get('c'), v2);
  assert.deepEqual(p.get('a'), [v1, 'x']);
  assert.equal(p.get('z'), undefined);
  assert.equal(p.hasLabel('c'), true);
});

test('Tree merges nodes by value equality', () => {
  const t = new Tree();
  t.child(v1).child(v2);
  t.child(new Vertex(1, 'person', 0)).child('lop');
  assert.equal(t.size, 1);
  assert.equal(String(t), '{v[1]={v[2]={}, lop={}}}');
  const other = new Tree();
  other.child(v2);
  t.addTree(other);
  assert.deepEqual(t.keys(), [v1, v2]);
  assert.deepEqual(t.getObjectsAtDepth(2), [v2, 'lop']);
  assert.deepEqual(t.getLeafObjects(), [v2, 'lop', v2]);
});

test('typeOfValue and isOfType follow GType', () => {
  assert.equal(typeOfValue(29), 'Integer');
  assert.equal(typeOfValue(new TypedNumber('double', 0.5)), 'Double');
  assert.equal(typeOfValue(v1), 'Vertex');
  assert.equal(typeOfValue(null), 'null');
  assert.equal(isOfType(29, 'INT'), true);
  assert.equal(isOfType(29, 'NUMBER'), true);
  assert.equal(isOfType(29, 'STRING'), false);
  assert.equal(isOfType('marko', 'String'), true);
  assert.equal(isOfType(null, 'NULL'), true);
  assert.equal(isOfType(new VertexProperty(0, 'a', 1, { element: v1 }), 'PROPERTY'), true);
  assert.throws(() => isOfType(1, 'non-registered-Name'), (e: unknown) => e instanceof QuiverError && e.code === 'UNKNOWN_TYPE');
});
