import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EnumValue, TypedNumber, Uuid } from '../../src/engine/index.js';
import { QuiverError } from '../../src/errors.js';
import { parseNotation, resolveNotated, splitTopLevel, toGremlinLiteral, type ElementResolver, type Notated } from './notation.js';
import { parseJsonText } from './json-text.js';

test('parseNotation types numbers by suffix', () => {
  assert.equal(parseNotation('d[29].i'), 29);
  assert.deepEqual(parseNotation('d[6].l'), new TypedNumber('long', 6n));
  assert.deepEqual(parseNotation('d[0.4].d'), new TypedNumber('double', 0.4));
  assert.deepEqual(parseNotation('d[0.4].f'), new TypedNumber('float', 0.4));
  assert.deepEqual(parseNotation('d[1].b'), new TypedNumber('byte', 1));
  assert.deepEqual(parseNotation('d[1].s'), new TypedNumber('short', 1));
  assert.deepEqual(parseNotation('d[123456789012345678901].n'), new TypedNumber('biginteger', 123456789012345678901n));
  assert.deepEqual(parseNotation('d[1.50].m'), new TypedNumber('bigdecimal', '1.50'));
  assert.deepEqual(parseNotation('d[4.294967294e+09].d'), new TypedNumber('double', 4294967294));
  assert.ok(Number.isNaN((parseNotation('d[NaN]') as TypedNumber).toNumber()));
  assert.deepEqual(parseNotation('d[-Infinity]'), new TypedNumber('double', -Infinity));
});

test('parseNotation keeps plain text and str[] verbatim, and reads null/true/false', () => {
  assert.equal(parseNotation('  35 years old '), '35 years old');
  assert.equal(parseNotation('str[  feature]'), '  feature');
  assert.equal(parseNotation('str[v[1]]'), 'v[1]');
  assert.equal(parseNotation('str[]'), '');
  assert.equal(parseNotation('null'), null);
  assert.equal(parseNotation('true'), true);
  assert.equal(parseNotation('false'), false);
  assert.equal(parseNotation('nullable'), 'nullable');
});

test('parseNotation reads element references with their part', () => {
  assert.deepEqual(parseNotation('v[marko]'), { kind: 'vertexRef', name: 'marko', part: 'element' });
  assert.deepEqual(parseNotation('v[NOT FADE AWAY].id'), { kind: 'vertexRef', name: 'NOT FADE AWAY', part: 'id' });
  assert.deepEqual(parseNotation('e[marko-knows->vadas].sid'), { kind: 'edgeRef', out: 'marko', label: 'knows', in: 'vadas', part: 'sid' });
  assert.deepEqual(parseNotation('vp[marko-age->d[29].i]'), { kind: 'vertexPropertyRef', vertex: 'marko', key: 'age', value: 29 });
  assert.deepEqual(parseNotation('prop[weight,d[0.5].d]'), { kind: 'property', key: 'weight', value: new TypedNumber('double', 0.5) });
});

test('parseNotation reads enums, dates, UUIDs, chars, durations and binaries', () => {
  assert.deepEqual(parseNotation('t[label]'), new EnumValue('T', 'label'));
  assert.deepEqual(parseNotation('D[from]'), new EnumValue('Direction', 'OUT'));
  assert.deepEqual(parseNotation('M[onCreate]'), new EnumValue('Merge', 'onCreate'));
  assert.deepEqual(parseNotation('dt[2023-08-08T00:00:00Z]'), new Date(Date.UTC(2023, 7, 8)));
  assert.deepEqual(parseNotation('uuid[F47AF10B-58CC-4372-A567-0F02B2F3D479]'), new Uuid('f47af10b-58cc-4372-a567-0f02b2f3d479'));
  assert.deepEqual(parseNotation('char[a]'), { kind: 'char', value: 'a' });
  assert.deepEqual(parseNotation('dur[5,10,false]'), { kind: 'duration', seconds: 5n, nanos: 10, negative: true });
  assert.deepEqual(parseNotation('bin[AQI=]'), new Uint8Array([1, 2]));
  assert.throws(() => parseNotation('t[nope]'), (e: unknown) => e instanceof QuiverError && e.code === 'TCK_NOTATION');
});

test('parseNotation nests lists and sets and splits paths on every comma', () => {
  assert.deepEqual(parseNotation('l[a,l[d[1].i,b],s[]]'), {
    kind: 'list',
    items: ['a', { kind: 'list', items: [1, 'b'] }, { kind: 'set', items: [] }],
  });
  assert.deepEqual(parseNotation('p[v[marko],lop]'), { kind: 'path', items: [{ kind: 'vertexRef', name: 'marko', part: 'element' }, 'lop'] });
  assert.deepEqual(parseNotation('l[]'), { kind: 'list', items: [] });
});

test('parseNotation reads maps whose string keys and values are notation again', () => {
  const m = parseNotation('m[{"t[id]":"v[marko].id","a":1,"b":1.0,"c":[1,"d[2].l"],"n":"m[{\\"d[32].i\\":\\"d[1].l\\"}]","z":null}]');
  assert.deepEqual(m, {
    kind: 'map',
    entries: [
      [new EnumValue('T', 'id'), { kind: 'vertexRef', name: 'marko', part: 'id' }],
      ['a', 1],
      ['b', new TypedNumber('double', 1)],
      ['c', { kind: 'list', items: [1, new TypedNumber('long', 2n)] }],
      ['n', { kind: 'map', entries: [[32, new TypedNumber('long', 1n)]] }],
      ['z', null],
    ],
  });
  assert.deepEqual(parseNotation('m[{"big":4294967296}]'), { kind: 'map', entries: [['big', new TypedNumber('long', 4294967296n)]] });
});

test('parseJsonText keeps the text of numbers and rejects trailing text', () => {
  assert.deepEqual(parseJsonText('[1.0, -2e3]'), { kind: 'array', items: [{ kind: 'number', text: '1.0' }, { kind: 'number', text: '-2e3' }] });
  assert.throws(() => parseJsonText('{"a":1} x'), /trailing text/);
});

type Tree = number | string | Tree[];

const treeArb: fc.Arbitrary<Tree> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.integer({ min: -1000, max: 1000 }), fc.stringMatching(/^[a-z]{1,5}$/), fc.array(tie('node'), { maxLength: 4 })),
})).node as fc.Arbitrary<Tree>;

function writeTree(t: Tree): string {
  if (typeof t === 'number') return `d[${t}].i`;
  if (typeof t === 'string') return t;
  return `l[${t.map(writeTree).join(',')}]`;
}

function model(t: Tree): Notated {
  return Array.isArray(t) ? { kind: 'list', items: t.map(model) } : t;
}

test('parseNotation reads any nesting of lists like a reference model', () => {
  fc.assert(fc.property(treeArb, (t) => assert.deepEqual(parseNotation(writeTree(t)), model(t))));
});

test('splitTopLevel splits only on commas outside brackets', () => {
  assert.deepEqual(splitTopLevel('a, l[b,c] ,m[{"x":1,"y":2}]'), ['a', 'l[b,c]', 'm[{"x":1,"y":2}]']);
  assert.deepEqual(splitTopLevel('  '), []);
});

test('resolveNotated replaces references with elements, ids and string ids', () => {
  const resolver: ElementResolver = {
    vertexId: (name) => ({ marko: 1, vadas: 2 })[name] ?? -1,
    edgeId: (ref) => (ref.out === 'marko' && ref.in === 'vadas' ? 7 : -1),
    vertexPropertyId: (ref) => (ref.value === 29 ? new TypedNumber('long', 1n) : -1),
  };
  const value = resolveNotated(parseNotation('l[v[marko],v[vadas].id,v[marko].sid,e[marko-knows->vadas].id,vp[marko-age->d[29].i]]'), resolver);
  assert.deepEqual(value, {
    kind: 'list',
    items: [
      { kind: 'element', type: 'vertex', id: 1 },
      2,
      '1',
      7,
      { kind: 'element', type: 'vertexProperty', id: new TypedNumber('long', 1n) },
    ],
  });
});

test('toGremlinLiteral writes side-effect values as gremlin-lang literals', () => {
  const resolver: ElementResolver = { vertexId: () => 1, edgeId: () => 7, vertexPropertyId: () => 0 };
  const m = resolveNotated(parseNotation('m[{"t[label]": "knows", "D[OUT]":"v[marko].id", "w":"d[0.5].d", "n":"d[2].l"}]'), resolver);
  assert.equal(toGremlinLiteral(m), '[T.label: "knows", Direction.OUT: 1, "w": 0.5d, "n": 2l]');
  assert.equal(toGremlinLiteral(parseNotation('s[]')), '{}');
  assert.equal(toGremlinLiteral(parseNotation('m[{}]')), '[:]');
  assert.throws(() => toGremlinLiteral({ kind: 'element', type: 'vertex', id: 1 }), /no literal form/);
});
