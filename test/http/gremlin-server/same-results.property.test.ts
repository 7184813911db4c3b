/**
 * Property: the same generated traversal on the modern graph gives equal results embedded
 * (Quiver's fluent API) and remote (the `gremlin` driver over the Gremlin Server socket, in
 * GraphBinary). Traversals are a start step and up to five steps from a vocabulary that spans
 * navigation, filters, maps, barriers and branches.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { GraphTraversal, GraphTraversalSource } from '../../../src/index.js';
import { useModernSides } from './fixture.js';
import { bothWays } from './same-traversal.js';
import type { Vocabulary } from './same-traversal.js';

type Step = (t: GraphTraversal, p: Vocabulary) => GraphTraversal;
type Start = (g: GraphTraversalSource) => GraphTraversal;

const STARTS: readonly Start[] = [(g) => g.V(), (g) => g.E(), (g) => g.V(1), (g) => g.V(1, 2, 4), (g) => g.V().hasLabel('person')];

const ELEMENT_STEPS: readonly Step[] = [
  (t) => t.out(),
  (t) => t.in_(),
  (t) => t.both(),
  (t) => t.out('knows'),
  (t) => t.outE(),
  (t) => t.bothE(),
  (t) => t.has('age'),
  (t, p) => t.has('age', p.P.gt(28)),
  (t) => t.hasLabel('software'),
  (t) => t.dedup(),
  (t) => t.limit(3),
  (t) => t.order().by('name'),
  (t, p) => t.where(p.statics.outE()),
  (t, p) => t.not(p.statics.has('lang')),
  (t, p) => t.union(p.statics.out(), p.statics.in_()),
  (t, p) => t.repeat(p.statics.both()).times(2),
  (t, p) => t.coalesce(p.statics.out('created'), p.statics.identity()),
];

const TERMINAL_STEPS: readonly Step[] = [
  (t) => t.id(),
  (t) => t.label(),
  (t) => t.count(),
  (t) => t.values('name'),
  (t) => t.valueMap(),
  (t) => t.path(),
  (t) => t.fold(),
  (t) => t.groupCount().by('name'),
  (t, p) => t.project('l', 'n').by(p.t.label).by(p.statics.both().count()),
  (t) => t.identity(),
];

const sides = useModernSides();

test('property: a generated traversal gives equal results embedded and through the driver', async () => {
  const traversal = fc.record({
    start: fc.integer({ min: 0, max: STARTS.length - 1 }),
    steps: fc.array(fc.integer({ min: 0, max: ELEMENT_STEPS.length - 1 }), { maxLength: 5 }),
    terminal: fc.integer({ min: 0, max: TERMINAL_STEPS.length - 1 }),
  });
  await fc.assert(
    fc.asyncProperty(traversal, async ({ start, steps, terminal }) => {
      const build = (g: GraphTraversalSource, p: Vocabulary): GraphTraversal => {
        let t = STARTS[start]!(g);
        for (const s of steps) t = ELEMENT_STEPS[s]!(t, p);
        return TERMINAL_STEPS[terminal]!(t, p);
      };
      const { embedded: here, remote: there } = await bothWays(build, sides);
      assert.deepEqual(there, here);
    }),
    { numRuns: 80, seed: 24 },
  );
});
