/**
 * Storage spec suite: scenarios run unchanged against GraphStore and the reference store.
 * @module
 */
import assert from 'node:assert/strict';
import type { SpecStore } from './reference-store.js';

/** A named scenario. */
export interface Scenario {
  readonly name: string;
  run(store: SpecStore): void;
}

function seed(s: SpecStore): void {
  s.batch((w) => {
    for (const [name, age, city] of [['marko', 29, 'Beijing'], ['vadas', 27, 'HongKong'], ['josh', 32, 'Beijing'], ['peter', 35, 'Shanghai']] as const) {
      w.addVertex('person', { name, age, city });
    }
    w.addVertex('software', { name: 'lop', lang: 'java' });
    w.addVertex('software', { name: 'ripple', lang: 'java' });
    w.addEdge('knows', '1:marko', '1:peter', { date: '2021-01-01', weight: 0.5 });
    w.addEdge('knows', '1:peter', '1:josh', { date: '2021-01-01', weight: 0.4 });
    w.addEdge('created', '1:marko', '2:ripple', { weight: 0.2 });
  });
}

/** The scenarios. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'a seeded graph reads back with primary-key ids and derived edge ids',
    run(s) {
      seed(s);
      const st = s.state();
      assert.deepEqual(Object.keys(st.vertices).sort(), ['1:josh', '1:marko', '1:peter', '1:vadas', '2:lop', '2:ripple']);
      assert.ok(st.edges['S1:marko>1>1>2021-01-01>S1:peter'] !== undefined);
      assert.equal(st.edges['S1:marko>2>2>>S2:ripple']?.props.weight, '0.2');
    },
  },
  {
    name: 'adding a vertex with an existing primary key replaces its properties',
    run(s) {
      seed(s);
      s.batch((w) => w.addVertex('person', { name: 'marko', age: 30 }));
      assert.deepEqual(s.state().vertices['1:marko']?.props, { age: '30', name: 'marko' });
    },
  },
  {
    name: 'adding the same edge again replaces its properties, another sort value adds one',
    run(s) {
      seed(s);
      s.batch((w) => {
        w.addEdge('created', '1:marko', '2:ripple', { weight: 0.9 });
        w.addEdge('knows', '1:marko', '1:peter', { date: '2022-02-02' });
      });
      const st = s.state();
      assert.equal(st.edges['S1:marko>2>2>>S2:ripple']?.props.weight, '0.9');
      assert.equal(Object.keys(st.edges).length, 4);
    },
  },
  {
    name: 'a failing batch leaves no trace',
    run(s) {
      seed(s);
      const before = s.state();
      assert.throws(() =>
        s.batch((w) => {
          w.addVertex('person', { name: 'zed', city: 'Paris' });
          w.addEdge('knows', '1:zed', '1:marko', { date: 'x' });
          w.removeVertex('1:peter');
          w.setProperty('1:josh', 'city', 'Rome');
          w.addVertex('nope', { name: 'x' });
        }),
      );
      assert.deepEqual(s.state(), before);
      assert.deepEqual(s.find('city', 'Beijing'), ['1:josh', '1:marko']);
      assert.deepEqual(s.find('city', 'Paris'), []);
    },
  },
  {
    name: 'removing a vertex removes its incident edges',
    run(s) {
      seed(s);
      s.batch((w) => w.removeVertex('1:peter'));
      const st = s.state();
      assert.equal(st.vertices['1:peter'], undefined);
      assert.deepEqual(Object.keys(st.edges), ['S1:marko>2>2>>S2:ripple']);
    },
  },
  {
    name: 'property updates move index entries',
    run(s) {
      seed(s);
      s.batch((w) => {
        w.setProperty('1:marko', 'city', 'Shanghai');
        w.removeProperty('1:josh', 'city');
      });
      assert.deepEqual(s.find('city', 'Beijing'), []);
      assert.deepEqual(s.find('city', 'Shanghai'), ['1:marko', '1:peter']);
    },
  },
  {
    name: 'edges to a missing or wrongly labelled vertex are refused',
    run(s) {
      seed(s);
      assert.throws(() => s.batch((w) => w.addEdge('created', '1:marko', '1:josh', {})));
      assert.throws(() => s.batch((w) => w.addEdge('created', '1:marko', '2:nothing', {})));
      assert.equal(Object.keys(s.state().edges).length, 3);
    },
  },
];
