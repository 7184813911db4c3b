import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber, Uuid } from '../../../src/engine/index.js';
import { fixtureStore, ModeBox } from './fixtures.js';

const code = (c: string) => (e: unknown) => (e as { code?: string }).code === c;

describe('GraphStore strict schema rules', () => {
  test('an undefined vertex label is refused with HugeGraph message', () => {
    const s = fixtureStore();
    assert.throws(() => s.batch((w) => w.addVertex('x')), { code: 'UNDEFINED_VERTEX_LABEL', message: "Undefined vertex label: 'x'" });
  });

  test('an undefined property key or one outside the label is refused', () => {
    const s = fixtureStore();
    assert.throws(() => s.batch((w) => w.addVertex('person', { properties: [['name', 'a'], ['nope', 1]] })), { message: "Undefined property key: 'nope'" });
    assert.throws(() => s.batch((w) => w.addVertex('person', { properties: [['name', 'a'], ['lang', 'x']] })), code('PROPERTY_NOT_IN_LABEL'));
  });

  test('values are coerced per data type and mismatches are refused', () => {
    const s = fixtureStore();
    const { result } = s.batch((w) => w.addVertex('person', { properties: [['name', 'a'], ['age', new TypedNumber('long', 5n)], ['big', 7], ['born', 1000]] }));
    const props = new Map(s.vertexProperties(result).map((p) => [p.key, p.value]));
    assert.equal(props.get('age'), 5);
    assert.deepEqual(props.get('big'), new TypedNumber('long', 7n));
    assert.deepEqual(props.get('born'), new Date(1000));
    assert.throws(() => s.batch((w) => w.addVertex('person', { properties: [['name', 'b'], ['age', 'old']] })), code('PROPERTY_VALUE_TYPE'));
    assert.throws(() => s.batch((w) => w.addVertex('person', { properties: [['name', 'b'], ['age', 2 ** 40]] })), code('PROPERTY_VALUE_TYPE'));
  });

  test('non-nullable properties are required except in LOADING mode, primary keys always', () => {
    const mode = new ModeBox();
    const s = fixtureStore({ mode: mode.get });
    const knows = (w: Parameters<Parameters<typeof s.batch>[0]>[0]) => w.addEdge('knows', { out: w.addVertex('person', { properties: [['name', 'a']] }), in: w.vertexSlot('1:a') });
    assert.throws(() => s.batch(knows), { code: 'MISSING_PROPERTY', message: "All non-null property keys [date] of edge label 'knows' must be set, missed keys [date]" });
    assert.throws(() => s.batch((w) => w.addVertex('software', { properties: [['lang', 'c']] })), code('MISSING_PROPERTY'));
    mode.mode = 'LOADING';
    assert.throws(() => s.batch(knows), code('MISSING_SORT_KEY'));
    assert.throws(() => s.batch((w) => w.addVertex('person', { properties: [['age', 3]] })), code('MISSING_PRIMARY_KEY'));
    s.batch((w) => w.addEdge('created', { out: w.addVertex('person', { properties: [['name', 'b']] }), in: w.addVertex('software', { properties: [['name', 'c']] }) }));
    assert.equal(s.edgeCount('created'), 1);
  });

  test('AUTOMATIC ids are generated, and explicit ones are accepted only in RESTORING or MERGING mode', () => {
    const mode = new ModeBox();
    const s = fixtureStore({ mode: mode.get });
    const { result } = s.batch((w) => w.addVertex('node'));
    assert.ok(s.vertexId(result) instanceof TypedNumber);
    assert.throws(() => s.batch((w) => w.addVertex('node', { id: 5 })), code('VERTEX_ID_NOT_ALLOWED'));
    mode.mode = 'RESTORING';
    const restored = s.batch((w) => w.addVertex('node', { id: 5 })).result;
    assert.deepEqual(s.vertexId(restored), new TypedNumber('long', 5n));
    mode.mode = 'MERGING';
    assert.equal(s.vertexSlot(5), restored);
    assert.equal(s.vertexSlot('5'), restored);
  });

  test('customized strategies require ids of their type and PRIMARY_KEY refuses ids', () => {
    const s = fixtureStore();
    assert.throws(() => s.batch((w) => w.addVertex('user')), code('VERTEX_ID_REQUIRED'));
    assert.throws(() => s.batch((w) => w.addVertex('item', { id: 'abc' })), code('VERTEX_ID_REQUIRED'));
    assert.throws(() => s.batch((w) => w.addVertex('person', { id: 'x', properties: [['name', 'a']] })), code('VERTEX_ID_NOT_ALLOWED'));
    const { result } = s.batch((w) => [w.addVertex('user', { id: 'u1' }), w.addVertex('item', { id: 42 })]);
    assert.equal(s.vertexId(result[0]!), 'u1');
    assert.deepEqual(s.vertexId(result[1]!), new TypedNumber('long', 42n));
    assert.equal(s.vertexSlot(new TypedNumber('long', 42n)), result[1]);
  });

  test('check_customized_id_exist turns an existing customized id into a conflict', () => {
    const lax = fixtureStore();
    lax.batch((w) => w.addVertex('user', { id: 'u', properties: [['name', 'one']] }));
    lax.batch((w) => w.addVertex('user', { id: 'u', properties: [['name', 'two']] }));
    assert.equal(lax.vertexCount('user'), 1);
    assert.equal(lax.vertexProperties(lax.vertexSlot('u'))[0]?.value, 'two');
    const strict = fixtureStore({ config: { checkCustomizedIdExist: true } });
    strict.batch((w) => w.addVertex('user', { id: 'u' }));
    assert.throws(() => strict.batch((w) => w.addVertex('user', { id: 'u' })), code('VERTEX_ID_EXISTS'));
  });

  test('edge endpoints must match the edge label and edge ids cannot be given', () => {
    const s = fixtureStore();
    const { result } = s.batch((w) => [w.addVertex('person', { properties: [['name', 'a']] }), w.addVertex('software', { properties: [['name', 'x']] })]);
    const [a, x] = result;
    assert.throws(() => s.batch((w) => w.addEdge('created', { out: x!, in: a! })), code('EDGE_ENDPOINT_LABEL'));
    assert.throws(() => s.batch((w) => w.addEdge('created', { out: a!, in: x! }, { id: 'e1' })), code('EDGE_ID_NOT_ALLOWED'));
    assert.throws(() => s.batch((w) => w.addEdge('nope', { out: a!, in: x! })), { message: "Undefined edge label: 'nope'" });
    assert.throws(() => s.batch((w) => w.addEdge('created', { out: a!, in: 99 })), code('VERTEX_NOT_FOUND'));
  });

  test('SINGLE frequency upserts while MULTIPLE distinguishes sort values', () => {
    const s = fixtureStore();
    s.batch((w) => {
      const a = w.addVertex('person', { properties: [['name', 'a']] });
      const b = w.addVertex('person', { properties: [['name', 'b']] });
      const x = w.addVertex('software', { properties: [['name', 'x']] });
      const e1 = w.addEdge('created', { out: a, in: x }, { properties: [['weight', 1]] });
      assert.equal(w.addEdge('created', { out: a, in: x }, { properties: [['weight', 2]] }), e1);
      const k1 = w.addEdge('knows', { out: a, in: b }, { properties: [['date', '2020']] });
      assert.equal(w.addEdge('knows', { out: a, in: b }, { properties: [['date', '2020'], ['weight', 3]] }), k1);
      assert.notEqual(w.addEdge('knows', { out: a, in: b }, { properties: [['date', '2021']] }), k1);
    });
    assert.equal(s.edgeCount('created'), 1);
    assert.equal(s.edgeCount('knows'), 2);
    assert.deepEqual(s.edgeProperty(s.edgeSlot('S1:a>2>2>>S2:x'), 'weight'), new TypedNumber('double', 2));
    assert.deepEqual(s.edgeProperty(s.edgeSlot('S1:a>1>1>2020>S1:b'), 'weight'), new TypedNumber('double', 3));
  });

  test('transactions are bounded by vertex and edge capacity', () => {
    const s = fixtureStore({ config: { vertexTxCapacity: 2, edgeTxCapacity: 1 } });
    assert.throws(() => s.batch((w) => ['a', 'b', 'c'].forEach((n) => w.addVertex('person', { properties: [['name', n]] }))), {
      code: 'TX_CAPACITY',
      message: 'Vertices size has reached tx capacity 2',
    });
    assert.equal(s.vertexCount(), 0);
    const { result } = s.batch((w) => [w.addVertex('node'), w.addVertex('node')]);
    assert.throws(() => s.batch((w) => [0, 1].forEach(() => w.addEdge('link', { out: result[0]!, in: result[1]! }))), { message: 'Edges size has reached tx capacity 1' });
  });

  test('primary keys and sort keys cannot be updated, non-null keys cannot be removed', () => {
    const s = fixtureStore();
    const { result } = s.batch((w) => {
      const a = w.addVertex('person', { properties: [['name', 'a']] });
      return { a, k: w.addEdge('knows', { out: a, in: a }, { properties: [['date', 'd']] }) };
    });
    assert.throws(() => s.batch((w) => w.setVertexProperty(result.a, 'name', 'b')), code('PRIMARY_KEY_UPDATE'));
    assert.throws(() => s.batch((w) => w.setEdgeProperty(result.k, 'date', 'e')), code('SORT_KEY_UPDATE'));
    assert.throws(() => s.batch((w) => w.removeVertexProperty(result.a, 'name')), code('PRIMARY_KEY_UPDATE'));
  });

  test('list and set keys append, and cardinality mismatches are refused', () => {
    const s = fixtureStore();
    const { result: a } = s.batch((w) => {
      const v = w.addVertex('person', { properties: [['name', 'a'], ['tags', ['x', 'y', 'x']], ['scores', [1, 1]]] });
      w.setVertexProperty(v, 'tags', 'y');
      w.setVertexProperty(v, 'tags', 'z');
      w.setVertexProperty(v, 'scores', 1);
      return v;
    });
    assert.deepEqual(s.vertexProperties(a, ['tags']).map((p) => p.value), ['x', 'y', 'z']);
    assert.deepEqual(s.vertexProperties(a, ['scores']).map((p) => p.value), [1, 1, 1]);
    assert.throws(() => s.batch((w) => w.setVertexProperty(a, 'city', 'x', { cardinality: 'list' })), code('PROPERTY_CARDINALITY'));
    s.batch((w) => w.setVertexProperty(a, 'scores', 9, { cardinality: 'single' }));
    assert.deepEqual(s.vertexProperties(a, ['scores']).map((p) => p.value), [9]);
  });

  test('UUID ids and values are canonical lower case', () => {
    const s = fixtureStore();
    const text = '4B8B1C2E-0D45-4F2A-9D8E-3C3C0C3B5A11';
    const { result } = s.batch((w) => w.addVertex('user', { id: 'x', properties: [['name', 'n']] }));
    assert.equal(s.vertexSlot(new Uuid(text)), -1);
    assert.equal(s.vertexSlot('x'), result);
  });

  test('a writer cannot be used after its batch and batches do not nest', () => {
    const s = fixtureStore();
    let kept: Parameters<Parameters<typeof s.batch>[0]>[0] | undefined;
    s.batch((w) => {
      kept = w;
      assert.throws(() => s.batch(() => 1), code('NESTED_BATCH'));
    });
    assert.throws(() => kept!.addVertex('node'), code('BATCH_CLOSED'));
    assert.equal(s.batch(() => 1).log, undefined);
  });
});
