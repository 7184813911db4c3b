/**
 * match() against a nested-loop model: on random graphs, patterns of edges and filters given in
 * a random order bind exactly the solutions (with their multiplicity) that trying every
 * assignment of the variables finds. pickNext runs filters as early as their variables allow,
 * so the order the patterns are written in must never change what match() answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { __ } from '../../src/engine/fluent/anonymous.js';
import type { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { ReferenceGraph } from './reference-source.js';
import { source, sorted } from './helpers.js';

const VARS = ['a', 'b', 'c', 'd'] as const;
type Var = (typeof VARS)[number];

/** `from -label-> to`, or `on.has('colour', colour)`. */
type Pattern = { readonly kind: 'edge'; readonly from: Var; readonly label: 'x' | 'y'; readonly to: Var } | { readonly kind: 'has'; readonly on: Var; readonly colour: 'red' | 'blue' };

interface Case {
  readonly colours: readonly ('red' | 'blue')[];
  readonly edges: readonly { readonly out: number; readonly in: number; readonly label: 'x' | 'y' }[];
  readonly patterns: readonly Pattern[];
}

/** A chain a -> b -> c -> d (each variable reached from an earlier one) plus filters, shuffled. */
const cases: fc.Arbitrary<Case> = fc
  .record({
    size: fc.integer({ min: 1, max: 6 }),
    chain: fc.array(fc.constantFrom<'x' | 'y'>('x', 'y'), { minLength: 1, maxLength: 3 }),
    filters: fc.array(fc.record({ on: fc.integer({ min: 0, max: 3 }), colour: fc.constantFrom<'red' | 'blue'>('red', 'blue') }), { maxLength: 3 }),
    seed: fc.integer(),
  })
  .chain(({ size, chain, filters }) =>
    fc.record({
      colours: fc.array(fc.constantFrom<'red' | 'blue'>('red', 'blue'), { minLength: size, maxLength: size }),
      edges: fc.array(fc.record({ out: fc.integer({ min: 0, max: size - 1 }), in: fc.integer({ min: 0, max: size - 1 }), label: fc.constantFrom<'x' | 'y'>('x', 'y') }), { maxLength: 14 }),
      patterns: fc.shuffledSubarray(
        [
          ...chain.map((label, i): Pattern => ({ kind: 'edge', from: VARS[i]!, label, to: VARS[i + 1]! })),
          ...filters.filter((f) => f.on <= chain.length).map((f): Pattern => ({ kind: 'has', on: VARS[f.on]!, colour: f.colour })),
        ],
        { minLength: chain.length + filters.filter((f) => f.on <= chain.length).length },
      ),
    }),
  );

/** Every assignment of the variables the patterns use, kept when every pattern holds, with the product of edge multiplicities. */
function model(c: Case): string[] {
  const used = VARS.filter((v) => c.patterns.some((p) => (p.kind === 'edge' ? p.from === v || p.to === v : p.on === v)));
  const out: Map<string, unknown>[] = [];
  const assign = (i: number, bound: Map<Var, number>): void => {
    if (i === used.length) {
      let multiplicity = 1;
      for (const p of c.patterns) {
        if (p.kind === 'has') multiplicity *= c.colours[bound.get(p.on)!] === p.colour ? 1 : 0;
        else multiplicity *= c.edges.filter((e) => e.label === p.label && e.out === bound.get(p.from) && e.in === bound.get(p.to)).length;
      }
      for (let k = 0; k < multiplicity; k++) out.push(new Map(used.map((v) => [v, `v${bound.get(v)!}`])));
      return;
    }
    for (let n = 0; n < c.colours.length; n++) assign(i + 1, new Map([...bound, [used[i]!, n]]));
  };
  assign(0, new Map());
  return sorted(out);
}

function traversal(p: Pattern): GraphTraversal {
  return p.kind === 'edge' ? __.as_(p.from).out(p.label).as_(p.to) : __.as_(p.on).has('colour', p.colour);
}

test('match() finds what a nested-loop model finds, whatever order its patterns are written in', async () => {
  await fc.assert(
    fc.asyncProperty(cases, async (c) => {
      const graph = new ReferenceGraph();
      const ids = c.colours.map((colour, n) => graph.addVertex('n', { id: `v${n}`, properties: [['colour', colour]] }));
      for (const e of c.edges) graph.addEdge(e.label, { out: ids[e.out]!, in: ids[e.in]! });
      const g = source(graph);
      const results = (await g.V().match(...c.patterns.map(traversal)).toList()) as Map<string, { id: unknown }>[];
      const shown = results.map((m) => new Map([...m].map(([k, v]) => [k, String(v.id)])));
      assert.deepEqual(sorted(shown), model(c));
    }),
    { numRuns: 300, seed: 20261129 },
  );
});
