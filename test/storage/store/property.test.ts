import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GraphStore } from '../../../src/storage/graph-store.js';
import { fixtureCatalog, fixtureStore, STRICT } from './fixtures.js';
import { ReferenceStore, type SpecStore, type SpecWriter } from './reference-store.js';
import { canonical, StoreAdapter } from './store-adapter.js';

const person = fc.constantFrom('a', 'b', 'c', 'd');
const software = fc.constantFrom('x', 'y');
const city = fc.constantFrom('P', 'Q', 'R');
const date = fc.constantFrom('d1', 'd2');
const weight = fc.constantFrom(0.25, 0.5, 1.5);

const opArb = fc.oneof(
  fc.record({ k: fc.constant('addPerson' as const), n: person, age: fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }), city: fc.option(city, { nil: undefined }) }),
  fc.record({ k: fc.constant('addSoftware' as const), n: software }),
  fc.record({ k: fc.constant('addKnows' as const), o: person, i: person, date, w: fc.option(weight, { nil: undefined }) }),
  fc.record({ k: fc.constant('addCreated' as const), o: person, i: software, w: fc.option(weight, { nil: undefined }) }),
  fc.record({ k: fc.constant('setCity' as const), n: person, city }),
  fc.record({ k: fc.constant('removeCity' as const), n: person }),
  fc.record({ k: fc.constant('setWeight' as const), o: person, i: person, date, w: weight }),
  fc.record({ k: fc.constant('removePerson' as const), n: person }),
  fc.record({ k: fc.constant('removeKnows' as const), o: person, i: person, date }),
);
type OpT = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const batchArb = fc.record({ ops: fc.array(opArb, { minLength: 1, maxLength: 6 }), fail: fc.boolean() });

const knowsId = (o: string, i: string, d: string): string => `S1:${o}>1>1>${d}>S1:${i}`;

function apply(w: SpecWriter, op: OpT): void {
  switch (op.k) {
    case 'addPerson': {
      const props: Record<string, string | number> = { name: op.n };
      if (op.age !== undefined) props.age = op.age;
      if (op.city !== undefined) props.city = op.city;
      w.addVertex('person', props);
      return;
    }
    case 'addSoftware':
      w.addVertex('software', { name: op.n, lang: 'java' });
      return;
    case 'addKnows':
      w.addEdge('knows', `1:${op.o}`, `1:${op.i}`, op.w === undefined ? { date: op.date } : { date: op.date, weight: op.w });
      return;
    case 'addCreated':
      w.addEdge('created', `1:${op.o}`, `2:${op.i}`, op.w === undefined ? {} : { weight: op.w });
      return;
    case 'setCity':
      w.setProperty(`1:${op.n}`, 'city', op.city);
      return;
    case 'removeCity':
      w.removeProperty(`1:${op.n}`, 'city');
      return;
    case 'setWeight':
      w.setEdgeProperty(knowsId(op.o, op.i, op.date), 'weight', op.w);
      return;
    case 'removePerson':
      w.removeVertex(`1:${op.n}`);
      return;
    case 'removeKnows':
      w.removeEdge(knowsId(op.o, op.i, op.date));
      return;
  }
}

function run(s: SpecStore, batch: { ops: readonly OpT[]; fail: boolean }): boolean {
  try {
    s.batch((w) => {
      for (const op of batch.ops) apply(w, op);
      if (batch.fail) w.addVertex('undefined-label', { name: 'z' });
    });
    return true;
  } catch {
    return false;
  }
}

function slots(store: GraphStore): { v: number[]; e: number[]; ids: string[] } {
  const v = [...store.vertexSlots()];
  const e = [...store.edgeSlots()];
  return { v, e, ids: [...v.map((x) => String(store.vertexId(x))), ...e.map((x) => String(store.edgeId(x)))] };
}

test('GraphStore matches the reference store on random batches, failing ones included', () => {
  fc.assert(
    fc.property(fc.array(batchArb, { minLength: 1, maxLength: 12 }), (batches) => {
      const ref = new ReferenceStore(fixtureCatalog());
      const store = new StoreAdapter(fixtureStore());
      for (const b of batches) {
        assert.equal(run(store, b), run(ref, b));
        assert.deepEqual(store.state(), ref.state());
        for (const c of ['P', 'Q', 'R']) assert.deepEqual(store.find('city', c), ref.find('city', c));
      }
    }),
    { numRuns: 150 },
  );
});

test('GraphStore.replay of the batch logs reproduces state and slots', () => {
  fc.assert(
    fc.property(fc.array(batchArb, { minLength: 1, maxLength: 12 }), (batches) => {
      const store = new StoreAdapter(fixtureStore());
      for (const b of batches) run(store, b);
      const copy = fixtureStore();
      for (const log of store.logs) copy.replay(log);
      assert.deepEqual(canonical(copy), canonical(store.store));
      assert.deepEqual(slots(copy), slots(store.store));
    }),
    { numRuns: 100 },
  );
});

test('GraphStore.decodeSnapshot restores what encodeSnapshot saved, and keeps accepting writes', () => {
  fc.assert(
    fc.property(fc.array(batchArb, { minLength: 1, maxLength: 10 }), fc.array(batchArb, { maxLength: 4 }), (batches, more) => {
      const store = new StoreAdapter(fixtureStore());
      for (const b of batches) run(store, b);
      const loaded = GraphStore.decodeSnapshot(store.store.encodeSnapshot(), { config: STRICT, mode: () => 'NONE' });
      assert.deepEqual(canonical(loaded), canonical(store.store));
      assert.deepEqual(slots(loaded), slots(store.store));
      const again = new StoreAdapter(loaded);
      for (const b of more) assert.equal(run(again, b), run(store, b));
      assert.deepEqual(canonical(loaded), canonical(store.store));
      for (const c of ['P', 'Q', 'R']) assert.deepEqual(again.find('city', c), store.find('city', c));
    }),
    { numRuns: 100 },
  );
});
