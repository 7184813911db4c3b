import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EnumValue, TypedNumber, Uuid } from '../../src/engine/index.js';
import { checkTable, checkTree, javaEquals, normaliseResult, subgraphIds } from './compare.js';
import { parseNotation, type Notated } from './notation.js';

/** Stand-ins with the engine's class names and shapes (compare.ts recognises results by them). */
class Vertex {
  constructor(readonly id: unknown, readonly label: string) {}
  toString(): string {
    return `v[${String(this.id)}]`;
  }
}
class Edge {
  constructor(readonly id: unknown, readonly label: string) {}
}
class Path {
  constructor(readonly objects: readonly unknown[]) {}
}
class Property {
  constructor(readonly key: string, readonly value: unknown) {}
}
class Tree {
  constructor(readonly nodes: ReadonlyArray<[unknown, Tree]>) {}
  entries(): IterableIterator<[unknown, Tree]> {
    return this.nodes[Symbol.iterator]();
  }
}

const vertex = (id: number): Notated => ({ kind: 'element', type: 'vertex', id });

test('javaEquals is type-strict for numbers', () => {
  assert.ok(javaEquals(1, parseNotation('d[1].i')));
  assert.ok(!javaEquals(1, parseNotation('d[1].l')));
  assert.ok(!javaEquals(new TypedNumber('long', 1n), parseNotation('d[1].i')));
  assert.ok(!javaEquals(new TypedNumber('double', 1), parseNotation('d[1].f')));
  assert.ok(javaEquals(new TypedNumber('float', Math.fround(0.4)), parseNotation('d[0.4].f')));
  assert.ok(javaEquals(new TypedNumber('double', NaN), parseNotation('d[NaN]')));
  assert.ok(javaEquals(new TypedNumber('bigdecimal', '1.50'), parseNotation('d[1.5].m')));
  assert.ok(!javaEquals('1', parseNotation('d[1].i')));
});

test('javaEquals applies the double tolerance only when asked (top level)', () => {
  const near = new TypedNumber('double', 0.1 + 0.2);
  assert.ok(!javaEquals(near, parseNotation('d[0.3].d')));
  assert.ok(javaEquals(near, parseNotation('d[0.3].d'), { tolerant: true }));
  assert.ok(!javaEquals(new TypedNumber('double', 0.31), parseNotation('d[0.3].d'), { tolerant: true }));
  assert.equal(checkTable([[near]], [parseNotation('l[d[0.3].d]')], { mode: 'ordered' })?.startsWith('result 1'), true);
});

test('javaEquals compares elements by kind and id only', () => {
  assert.ok(javaEquals(new Vertex(1, 'person'), vertex(1)));
  assert.ok(javaEquals(new Vertex(new TypedNumber('long', 1n), 'x'), vertex(1)));
  assert.ok(!javaEquals(new Vertex(2, 'person'), vertex(1)));
  assert.ok(!javaEquals(new Edge(1, 'knows'), vertex(1)));
  assert.ok(!javaEquals(1, vertex(1)));
});

test('javaEquals compares maps and sets without order, lists and paths in order', () => {
  const map = new Map<unknown, unknown>([[new EnumValue('T', 'id'), 1], ['name', ['marko']]]);
  assert.ok(javaEquals(map, parseNotation('m[{"name":"l[marko]","t[id]":"d[1].i"}]')));
  assert.ok(!javaEquals(map, parseNotation('m[{"name":"l[marko]"}]')));
  assert.ok(javaEquals(new Set(['a', 'b']), parseNotation('s[b,a]')));
  assert.ok(!javaEquals(['a', 'b'], parseNotation('s[a,b]')));
  assert.ok(javaEquals(new Set(['a']), parseNotation('s[a,a]')));
  assert.ok(!javaEquals(new Set(['a', 'b']), parseNotation('s[a,a]')));
  assert.ok(!javaEquals(['a', 'b'], parseNotation('l[b,a]')));
  assert.ok(javaEquals(new Path([new Vertex(1, 'p'), 'lop']), { kind: 'path', items: [vertex(1), 'lop'] }));
  assert.ok(!javaEquals(new Path(['lop', new Vertex(1, 'p')]), { kind: 'path', items: [vertex(1), 'lop'] }));
  assert.ok(javaEquals(new Property('weight', new TypedNumber('double', 0.5)), parseNotation('prop[weight,d[0.5].d]')));
  assert.ok(javaEquals(new Uuid('f47af10b-58cc-4372-a567-0f02b2f3d479'), parseNotation('uuid[f47af10b-58cc-4372-a567-0f02b2f3d479]')));
});

test('checkTable compares unordered tables as multisets', () => {
  const rows = ['marko', 'marko', 'josh'].map((r) => parseNotation(r));
  assert.equal(checkTable(['josh', 'marko', 'marko'], rows, { mode: 'unordered' }), undefined);
  assert.match(checkTable(['josh', 'josh', 'marko'], rows, { mode: 'unordered' }) ?? '', /no result matches marko/);
  assert.match(checkTable(['josh'], rows, { mode: 'unordered' }) ?? '', /expected 3 results, got 1/);
  assert.match(checkTable(['marko', 'josh', 'marko'], rows, { mode: 'ordered' }) ?? '', /result 2 is josh/);
  assert.equal(checkTable([], rows, { mode: 'of' }), undefined);
  assert.match(checkTable(['peter'], rows, { mode: 'of' }) ?? '', /peter is not one of the rows/);
});

test('checkTable unordered agrees with a sorted-multiset reference model', () => {
  const item = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'));
  fc.assert(
    fc.property(fc.array(item, { maxLength: 6 }), fc.array(item, { maxLength: 6 }), (actual, expected) => {
      const key = (xs: ReadonlyArray<number | string>): string => xs.map((x) => typeof x + ':' + String(x)).sort().join('|');
      const same = actual.length === expected.length && key(actual) === key(expected);
      assert.equal(checkTable(actual, expected, { mode: 'unordered' }) === undefined, same);
    }),
  );
});

test('normaliseResult turns a next() map into single-entry maps and a path into its objects', () => {
  const out = normaliseResult(new Map([['a', 1], ['b', 2]]), { mode: 'next' });
  assert.deepEqual(out, [new Map([['a', 1]]), new Map([['b', 2]])]);
  assert.deepEqual(normaliseResult(new Path([1, 2]), { mode: 'next' }), [1, 2]);
  assert.deepEqual(normaliseResult(new Set([1]), { mode: 'next' }), [1]);
  assert.deepEqual(normaliseResult(7, { mode: 'next' }), [7]);
  assert.deepEqual(normaliseResult([[1, 2]], { mode: 'list' }), [[1, 2]]);
  assert.deepEqual(normaliseResult([{ key: 'a', value: 1 }], { mode: 'list' }), [new Map([['a', 1]])]);
});

test('checkTree compares each level as a set, with the children under each node', () => {
  const leaf = new Tree([]);
  const tree = new Tree([[new Vertex(1, 'p'), new Tree([[new Vertex(4, 'p'), new Tree([['lop', leaf], ['ripple', leaf]])]])]]);
  const spec = [{ value: vertex(1), children: [{ value: vertex(4), children: [{ value: 'ripple', children: [] }, { value: 'lop', children: [] }] }] }];
  assert.equal(checkTree(tree, spec), undefined);
  const wrong = [{ value: vertex(1), children: [{ value: vertex(4), children: [{ value: 'lop', children: [] }] }] }];
  assert.match(checkTree(tree, wrong) ?? '', /expected structure/);
  assert.match(checkTree('x', spec) ?? '', /expected a tree/);
});

test('subgraphIds reads element collections and GraphSource-like graphs', () => {
  assert.deepEqual(subgraphIds({ vertices: [new Vertex(1, 'p')], edges: [new Edge(7, 'k')] }), { vertices: [1], edges: [7] });
  const source = { vertexSlots: () => [0, 1], edgeSlots: () => [0], vertexId: (s: number) => s + 10, edgeId: (s: number) => s + 20 };
  assert.deepEqual(subgraphIds(source), { vertices: [10, 11], edges: [20] });
  assert.equal(subgraphIds(3), undefined);
});

const scalarArb: fc.Arbitrary<Notated> = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((b) => new TypedNumber('long', b)),
  fc.double({ noNaN: false }).map((d) => new TypedNumber('double', d)),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant(null),
);

const notatedArb: fc.Arbitrary<Notated> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalarArb,
    fc.array(tie('value') as fc.Arbitrary<Notated>, { maxLength: 3 }).map((items): Notated => ({ kind: 'list', items })),
    fc.array(tie('value') as fc.Arbitrary<Notated>, { maxLength: 3 }).map((items): Notated => ({ kind: 'set', items })),
    fc.array(fc.tuple(fc.string({ maxLength: 3 }), tie('value') as fc.Arbitrary<Notated>), { maxLength: 3 }).map((pairs): Notated => ({
      kind: 'map',
      entries: [...new Map(pairs)],
    })),
  ),
})).value as fc.Arbitrary<Notated>;

/** The reference model of how the engine represents a notated value. */
function toActual(n: Notated): unknown {
  if (n === null || typeof n !== 'object' || !('kind' in n)) return n;
  if (n.kind === 'list') return n.items.map(toActual);
  if (n.kind === 'set') return new Set(n.items.map(toActual));
  if (n.kind === 'map') return new Map(n.entries.map(([k, v]) => [toActual(k), toActual(v)]));
  return n;
}

test('javaEquals accepts the engine form of any notated value', () => {
  fc.assert(fc.property(notatedArb, (n) => assert.ok(javaEquals(toActual(n), n))));
});

test('javaEquals tells an Integer from a Long of the same value anywhere in a structure', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1000, max: 1000 }), fc.array(fc.string({ maxLength: 2 }), { maxLength: 3 }), (i, rest) => {
      const expected: Notated = { kind: 'list', items: [...rest, new TypedNumber('long', BigInt(i))] };
      assert.ok(!javaEquals([...rest, i], expected));
      assert.ok(javaEquals([...rest, new TypedNumber('long', BigInt(i))], expected));
    }),
  );
});
