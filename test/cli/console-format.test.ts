import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TypedNumber, Uuid } from '../../src/index.js';
import { Edge, Property, Vertex, VertexProperty } from '../../src/engine/elements.js';
import { Path, Tree } from '../../src/engine/path-tree.js';
import { formatResults } from '../../src/cli/console/console-format.js';
import { classify, javaDouble, valueText } from '../../src/cli/console/console-values.js';

const marko = new Vertex(1, 'person', 0);
const vadas = new Vertex(2, 'person', 1);
const knows = new Edge(7, 'knows', 0, { outV: marko, inV: vadas });

test('classify tells the engine result classes apart by shape', () => {
  assert.equal(classify(marko).kind, 'vertex');
  assert.equal(classify(knows).kind, 'edge');
  assert.equal(classify(new VertexProperty(0, 'name', 'marko', { element: marko })).kind, 'property');
  assert.equal(classify(new Property('weight', 0.5, knows)).kind, 'property');
  assert.equal(classify(Path.EMPTY.extend(marko, ['a'])).kind, 'path');
  assert.equal(classify(new Tree()).kind, 'tree');
  assert.equal(classify(new Map()).kind, 'map');
  assert.equal(classify(new Set([1])).kind, 'list');
  assert.equal(classify(new TypedNumber('long', 1n)).kind, 'scalar');
  assert.equal(classify(new Uuid('a')).kind, 'scalar');
});

test('valueText prints values as the Gremlin console does', () => {
  assert.equal(valueText(marko), 'v[1]');
  assert.equal(valueText(knows), 'e[7][1-knows->2]');
  assert.equal(valueText([1, new TypedNumber('double', 2), 'x']), '[1, 2.0, x]');
  assert.equal(valueText(new Map<unknown, unknown>([['name', ['marko']], [marko, 3]])), '{name=[marko], v[1]=3}');
  assert.equal(valueText(new TypedNumber('long', 2n ** 62n)), '4611686018427387904');
  assert.equal(valueText(new Date(Date.UTC(2023, 7, 2))), '2023-08-02T00:00Z');
  assert.equal(valueText(null), 'null');
});

test('javaDouble round-trips every finite double and always shows a decimal point or exponent', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
      const text = javaDouble(d);
      assert.equal(Object.is(Number(text), d) || (d === 0 && Number(text) === 0), true);
      assert.match(text, /[.E]/);
    }),
  );
  assert.equal(javaDouble(1e21), '1.0E21');
  assert.equal(javaDouble(0.0001), '1.0E-4');
});

/** What `:json` mode prints for one result. */
function jsonLine(value: unknown): unknown {
  return JSON.parse(formatResults([value], { json: true })[0]!);
}

test(':json keeps plain JSON values unchanged', () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 })),
  })).value;
  fc.assert(fc.property(json, (v) => assert.deepEqual(jsonLine(v), v)));
});

test(':json writes longs as numbers when safe and as exact strings otherwise', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (b) => {
      const encoded = jsonLine(new TypedNumber('long', b));
      if (typeof encoded === 'number') {
        assert.equal(Number.isSafeInteger(encoded), true);
        assert.equal(BigInt(encoded), b);
      } else assert.equal(encoded, b.toString());
    }),
  );
  assert.equal(jsonLine(new TypedNumber('double', 1.5)), 1.5);
  assert.equal(jsonLine(new TypedNumber('double', Number.NaN)), null);
  assert.equal(jsonLine(new TypedNumber('bigdecimal', '1.10')), 1.1);
  assert.equal(jsonLine(new TypedNumber('bigdecimal', '0.1000000000000000000001')), '0.1000000000000000000001');
});

test(':json writes elements, maps, paths, trees, dates and uuids in the library\'s one JSON shape', () => {
  const markoJson = { id: 1, label: 'person', type: 'vertex', properties: {} };
  assert.deepEqual(jsonLine(marko), markoJson);
  assert.deepEqual(jsonLine(knows), { id: 7, label: 'knows', type: 'edge', outV: 1, outVLabel: 'person', inV: 2, inVLabel: 'person', properties: {} });
  assert.deepEqual(jsonLine(new Map<unknown, unknown>([[marko, new TypedNumber('long', 2n)], ['k', [1]]])), { 'v[1]': 2, k: [1] });
  assert.deepEqual(jsonLine(Path.EMPTY.extend(marko, ['a']).extend('x')), { labels: [['a'], []], objects: [markoJson, 'x'] });
  assert.equal(jsonLine(new Date(Date.UTC(2020, 0, 1))), '2020-01-01T00:00:00.000Z');
  assert.equal(jsonLine(new Uuid('0a')), '0a');
  const tree = new Tree();
  tree.child(marko).child(vadas);
  assert.deepEqual(jsonLine(tree), [{ key: markoJson, value: [{ key: { ...markoJson, id: 2 }, value: [] }] }]);
  for (const value of [marko, knows, tree, Path.EMPTY.extend(marko, ['a'])]) assert.deepEqual(jsonLine(value), JSON.parse(JSON.stringify(value)));
});

test('formatResults prints scalars and mixed results one per line with ==>', () => {
  assert.deepEqual(formatResults([]), []);
  assert.deepEqual(formatResults([6, 'x']), ['==>6', '==>x']);
  assert.deepEqual(formatResults([marko, 3]), ['==>v[1]', '==>3']);
});

test('formatResults shows vertices as a table with their looked-up properties', () => {
  const props = new Map<unknown, Record<string, unknown>>([[1, { name: 'marko', age: 29 }], [2, { name: 'vadas' }]]);
  const lines = formatResults([marko, vadas], { properties: (e) => props.get(e.id) });
  assert.deepEqual(lines, ['id | label  | name  | age', '---+--------+-------+----', '1  | person | marko | 29', '2  | person | vadas |']);
});

test('formatResults shows edges with their ends and properties', () => {
  const lines = formatResults([knows], { properties: () => ({ weight: new TypedNumber('double', 0.5) }) });
  assert.deepEqual(lines, ['id | label | outV | inV | weight', '---+-------+------+-----+-------', '7  | knows | 1    | 2   | 0.5']);
});

test('formatResults shows one map as key/value rows and several maps as columns', () => {
  assert.deepEqual(formatResults([new Map([['person', 4], ['software', 2]])]), ['key      | value', '---------+------', 'person   | 4', 'software | 2']);
  const rows = formatResults([new Map([['name', ['marko']]]), new Map<string, unknown>([['name', ['lop']], ['lang', ['java']]])]);
  assert.deepEqual(rows, ['name    | lang', '--------+-------', '[marko] |', '[lop]   | [java]']);
});

test('formatResults shows paths with step labels as column headers', () => {
  const path = Path.EMPTY.extend(marko, ['a']).extend(knows).extend(vadas, ['b']);
  assert.deepEqual(formatResults([path]), ['a    | 2                | b', '-----+------------------+-----', 'v[1] | e[7][1-knows->2] | v[2]']);
});

test('formatResults in JSON mode prints one document per result, elements with the properties they carry', () => {
  const withName = new Vertex(1, 'person', 0, { name: [new VertexProperty(0, 'name', 'marko', { element: marko })] });
  const lines = formatResults([withName, new TypedNumber('long', 3n)], { json: true });
  assert.deepEqual(lines.map((l) => JSON.parse(l) as unknown), [{ id: 1, label: 'person', type: 'vertex', properties: { name: 'marko' } }, 3]);
});

test('valueText prints plain records, such as schema records, as maps', () => {
  assert.equal(valueText({ name: 'age', dataType: 'INT', userData: { owner: 'ops' } }), '{name=age, dataType=INT, userData={owner=ops}}');
  assert.equal(valueText(Object.assign(Object.create(null) as object, { a: 1 })), '{a=1}');
});
