import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NoIndexError } from '../../../src/errors.js';
import { TypedNumber } from '../../../src/engine/index.js';
import { tokenize } from '../../../src/storage/indexes/index.js';
import { noIndexError } from '../../../src/errors.js';
import { fixtureStore } from './fixtures.js';

function seeded() {
  const s = fixtureStore();
  const people = [
    ['marko', 29, 'Beijing', 'Graph databases are fun'],
    ['vadas', 27, 'HongKong', 'likes FUN, games'],
    ['josh', 32, 'Beijing', 'writes code'],
    ['peter', 35, 'Shanghai', 'graph theory'],
  ] as const;
  const { result } = s.batch((w) => {
    const slots = people.map(([name, age, city, bio]) => w.addVertex('person', { properties: [['name', name], ['age', age], ['city', city], ['bio', bio]] }));
    const lop = w.addVertex('software', { properties: [['name', 'lop']] });
    slots.forEach((p, i) => w.addEdge('created', { out: p, in: lop }, { properties: [['weight', i / 10]] }));
    return slots;
  });
  return { s, slots: result };
}

const find = (s: ReturnType<typeof fixtureStore>, key: string, op: 'eq' | 'gt' | 'lt' | 'between' | 'inside' | 'outside' | 'within' | 'textcontains' | 'neq' | 'gte' | 'lte', values: unknown[], label: string | null = 'person') => {
  const r = s.lookup('vertex', { label: label ?? undefined, key, predicate: { op, values: values as never[] } });
  return r === undefined ? undefined : [...r];
};

describe('GraphStore.lookup index selection', () => {
  test('equality on the only primary key is an id lookup', () => {
    const { s, slots } = seeded();
    assert.deepEqual(find(s, 'name', 'eq', ['josh']), [slots[2]]);
    assert.deepEqual(find(s, 'name', 'within', ['josh', 'marko', 'nobody']), [slots[0], slots[2]]);
  });

  test('secondary indexes answer equality, range indexes answer ranges', () => {
    const { s, slots } = seeded();
    assert.deepEqual(find(s, 'city', 'eq', ['Beijing']), [slots[0], slots[2]]);
    assert.deepEqual(find(s, 'age', 'gt', [29]), [slots[2], slots[3]]);
    assert.deepEqual(find(s, 'age', 'gte', [29]), [slots[0], slots[2], slots[3]]);
    assert.deepEqual(find(s, 'age', 'lt', [29]), [slots[1]]);
    assert.deepEqual(find(s, 'age', 'lte', [27]), [slots[1]]);
    assert.deepEqual(find(s, 'age', 'between', [27, 32]), [slots[0], slots[1]]);
    assert.deepEqual(find(s, 'age', 'inside', [27, 32]), [slots[0]]);
    assert.deepEqual(find(s, 'age', 'outside', [28, 33]), [slots[1], slots[3]]);
    assert.deepEqual(find(s, 'age', 'eq', [35]), [slots[3]]);
    assert.deepEqual(find(s, 'age', 'within', [35, 27]), [slots[1], slots[3]]);
  });

  test('a range on a key with only a secondary index, not-equal, and unindexed keys find no index', () => {
    const { s } = seeded();
    assert.equal(find(s, 'city', 'gt', ['A']), undefined);
    assert.equal(find(s, 'age', 'neq', [29]), undefined);
    assert.equal(find(s, 'big', 'eq', [1]), undefined);
    assert.equal(find(s, 'email', 'eq', ['x']), undefined, 'UNIQUE indexes never answer');
  });

  test('search indexes match all words, case and punctuation ignored', () => {
    const { s, slots } = seeded();
    assert.deepEqual(tokenize('Hello, World!'), ['hello', 'world']);
    assert.deepEqual(find(s, 'bio', 'textcontains', ['fun']), [slots[0], slots[1]]);
    assert.deepEqual(find(s, 'bio', 'textcontains', ['GRAPH fun']), [slots[0]]);
    assert.equal(find(s, 'bio', 'eq', ['graph theory']), undefined);
  });

  test('without a label every label owning the key must be indexed', () => {
    const { s, slots } = seeded();
    assert.deepEqual(find(s, 'city', 'eq', ['Shanghai'], null), [slots[3]]);
    assert.equal(find(s, 'lang', 'eq', ['java'], null), undefined);
    assert.equal(s.lookup('edge', { key: 'weight', predicate: { op: 'gte', values: [0.2] } }), undefined, 'knows.weight has no index');
    assert.equal([...s.lookup('edge', { label: 'created', key: 'weight', predicate: { op: 'gte', values: [0.2] } })!].length, 2);
  });

  test('edits and removals keep indexes in sync', () => {
    const { s, slots } = seeded();
    s.batch((w) => {
      w.setVertexProperty(slots[0]!, 'age', 40);
      w.removeVertex(slots[3]!);
      w.removeVertexProperty(slots[2]!, 'city');
    });
    assert.deepEqual(find(s, 'age', 'gt', [30]), [slots[0], slots[2]]);
    assert.deepEqual(find(s, 'city', 'eq', ['Beijing']), [slots[0]]);
    assert.deepEqual(find(s, 'name', 'eq', ['peter']), []);
  });

  test('a UNIQUE index refuses a duplicate value and the batch rolls back', () => {
    const { s, slots } = seeded();
    s.batch((w) => w.setVertexProperty(slots[0]!, 'email', 'm@x'));
    assert.throws(() => s.batch((w) => w.setVertexProperty(slots[1]!, 'email', 'm@x')), { code: 'UNIQUE_CONFLICT' });
    s.batch((w) => w.setVertexProperty(slots[0]!, 'email', 'm@x'));
    s.batch((w) => {
      w.removeVertexProperty(slots[0]!, 'email');
      w.setVertexProperty(slots[1]!, 'email', 'm@x');
    });
    assert.equal(s.vertexProperties(slots[1]!, ['email'])[0]?.value, 'm@x');
  });

  test('noIndexError carries HugeGraph message', () => {
    const e = noIndexError(['age', 'city'], { label: 'person', kinds: ['secondary', 'range'] });
    assert.ok(e instanceof NoIndexError);
    assert.equal(e.message, "Don't accept query based on properties [age, city] that are not indexed in label 'person', may not match secondary/range condition");
    assert.match(noIndexError(['x']).message, /in any label/);
  });

  test('index labels created later are built over existing data and dropped on removal', () => {
    const { s, slots } = seeded();
    assert.equal(find(s, 'big', 'eq', [5]), undefined);
    s.batch((w) => w.setVertexProperty(slots[1]!, 'big', new TypedNumber('long', 5n)));
    const { change } = s.catalog.createIndexLabel({ name: 'personByBig', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'SECONDARY', fields: ['big'] });
    s.catalog.removeIndexLabel('personByBig');
    s.applySchemaChange(change!);
    assert.deepEqual(find(s, 'big', 'eq', [5]), [slots[1]]);
    s.applySchemaChange({ op: 'removeIndexLabel', name: 'personByBig' });
    assert.equal(find(s, 'big', 'eq', [5]), undefined);
  });
});
