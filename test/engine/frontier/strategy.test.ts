import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StrategySpec } from '../../../src/engine/bytecode.js';
import { P } from '../../../src/engine/fluent/predicates.js';
import { GraphTraversal } from '../../../src/engine/fluent/graph-traversal.js';
import { __ } from '../../../src/engine/fluent/anonymous.js';
import { compile } from '../../../src/engine/compiler/compile.js';
import { explain } from '../../../src/engine/compiler/explain.js';
import { modern } from '../reference-source.js';
import { plain, source } from '../helpers.js';

const graph = modern();
const g = source(graph);
const gOff = source(graph, false);

function planText(t: GraphTraversal, strategies = true): string {
  return explain(compile(t.bytecode, { strategies }));
}

/** Before (no strategies) and after (all strategies) plan texts; rows whose after equals before are negative cases. */
const TABLE: { build: () => GraphTraversal; before: string; after: string }[] = [
  {
    build: () => g.V(1).repeat(__.both().dedup()).emit().times(2),
    before: 'graph(V(1))\nrepeat( times 2)\n  vertex(BOTH())\n  dedup',
    after: 'graph(V(1))\nfrontier(repeat BOTH() times 2 emit)',
  },
  {
    build: () => g.V(1).repeat(__.out('knows', 'created').dedup()).times(3).count(),
    before: 'graph(V(1))\nrepeat( times 3)\n  vertex(OUT(knows, created))\n  dedup\ncount',
    after: 'graph(V(1))\nfrontier(repeat OUT(knows, created) times 3 count)',
  },
  {
    build: () => g.V(1).repeat(__.both().dedup()).until(__.hasId(6)).limit(1).path(),
    before: 'graph(V(1))\nrepeat\n  vertex(BOTH())\n  dedup\n  has(~id 6)\nrange(0, 1)\npath',
    after: 'graph(V(1))\nfrontier(repeat BOTH() until)\n  has(~id 6)\nrange(0, 1)\npath',
  },
  {
    build: () => g.V().out().in('created').dedup(),
    before: 'graph(V())\nvertex(OUT())\nvertex(IN(created))\ndedup\ncontrol(barrier)',
    after: 'graph(V())\nfrontier(chain OUT().IN(created) distinct)',
  },
  {
    build: () => g.V().out().out().count(),
    before: 'graph(V())\nvertex(OUT())\nvertex(OUT())\ncount',
    after: 'graph(V())\nfrontier(chain OUT().OUT() count)',
  },
  {
    build: () => g.V().both().both().dedup().limit(2),
    before: 'graph(V())\nvertex(BOTH())\nvertex(BOTH())\ndedup\ncontrol(barrier)\nrange(0, 2)',
    after: 'graph(V())\nfrontier(chain BOTH().BOTH() distinct)\nrange(0, 2)',
  },
  {
    build: () => g.V(1).repeat(__.out().simplePath()).until(__.hasId(5)).limit(1).path(),
    before: 'graph(V(1))\nrepeat\n  vertex(OUT())\n  pathFilter(simple)\n  has(~id 5)\nrange(0, 1)\npath',
    after: 'graph(V(1))\nfrontier(repeat OUT() until simple)\n  vertex(OUT())\n  pathFilter(simple)\n  has(~id 5)\n  has(~id 5)\nrange(0, 1)\npath',
  },
  // Negative rows: nothing may change.
  { build: () => g.V(1).repeat(__.out().simplePath()).until(__.hasId(5)).path(), before: 'graph(V(1))\nrepeat\n  vertex(OUT())\n  pathFilter(simple)\n  has(~id 5)\npath', after: 'graph(V(1))\nrepeat\n  vertex(OUT())\n  pathFilter(simple)\n  has(~id 5)\npath' },
  { build: () => g.V().out().dedup(), before: 'graph(V())\nvertex(OUT())\ndedup\ncontrol(barrier)', after: 'graph(V())\nvertex(OUT())\ndedup\ncontrol(barrier)' },
  { build: () => g.V().out().out().limit(2), before: 'graph(V())\nvertex(OUT())\nvertex(OUT())\nrange(0, 2)', after: 'graph(V())\nvertex(OUT())\nvertex(OUT())\nrange(0, 2)' },
  { build: () => g.V().out().as('a').out().dedup(), before: 'graph(V())\nvertex(OUT()) @a\nvertex(OUT())\ndedup\ncontrol(barrier)', after: 'graph(V())\nvertex(OUT()) @a\nvertex(OUT())\ndedup\ncontrol(barrier)' },
  { build: () => g.V().repeat(__.out()).times(2), before: 'graph(V())\nrepeat( times 2)\n  vertex(OUT())', after: 'graph(V())\nrepeat( times 2)\n  vertex(OUT())' },
  { build: () => g.V().repeat(__.out().dedup()).emit(__.hasLabel('person')).times(2), before: "graph(V())\nrepeat( times 2)\n  vertex(OUT())\n  dedup\n  has(~label 'person')", after: "graph(V())\nrepeat( times 2)\n  vertex(OUT())\n  dedup\n  has(~label 'person')" },
  { build: () => g.V().repeat(__.out().dedup()).until(__.has('name', 'lop')), before: "graph(V())\nrepeat\n  vertex(OUT())\n  dedup\n  has(name 'lop')", after: "graph(V())\nrepeat\n  vertex(OUT())\n  dedup\n  has(name 'lop')" },
  { build: () => g.V().outE().inV().dedup(), before: 'graph(V())\nvertex(OUTE())\nedgeVertex(inV())\ndedup\ncontrol(barrier)', after: 'graph(V())\nvertex(OUT())\ndedup\ncontrol(barrier)' },
];

TABLE.forEach((row, i) => {
  test(`frontier strategy table row ${i + 1}: ${row.before.split('\n').join(' ')} -> ${row.after.split('\n').join(' ')}`, () => {
    assert.equal(planText(row.build(), false), row.before);
    assert.equal(planText(row.build()), row.after);
  });
});

type Source = typeof g;

const SAME: ((s: Source) => GraphTraversal)[] = [
  (s) => s.V(1).repeat(__.both().dedup()).emit().times(2),
  (s) => s.V(1).repeat(__.both().dedup()).times(2),
  (s) => s.V(1, 4, 1).repeat(__.both().dedup()).emit().times(3),
  (s) => s.V().repeat(__.out().dedup()).times(1),
  (s) => s.V(1).repeat(__.both().dedup()).emit().times(2).count(),
  (s) => s.V(1, 2).repeat(__.both().dedup()).times(3).count(),
  (s) => s.V(99).repeat(__.both().dedup()).emit().times(2).count(),
  (s) => s.V(1).repeat(__.both().dedup()).emit().times(2).path(),
  (s) => s.V(1).as('a').repeat(__.both('knows', 'created').dedup()).times(2).select('a'),
  (s) => s.V(1).repeat(__.both().dedup()).until(__.hasId(6)).limit(1).path(),
  (s) => s.V(1).repeat(__.both().dedup()).until(__.hasId(1)).limit(1).path(),
  (s) => s.V(2, 3).repeat(__.in().dedup()).until(__.hasId(P.within(1, 4))).path(),
  (s) => s.V(1).repeat(__.out().dedup()).until(__.hasId(99)).path(),
  (s) => s.V(1).repeat(__.both().simplePath()).until(__.hasId(5)).limit(1).path(),
  (s) => s.V(1).repeat(__.both().simplePath()).until(__.hasId(1)).limit(1).path(),
  (s) => s.V(1, 2).repeat(__.both().simplePath()).until(__.hasId(3)).limit(1).path(),
  (s) => s.V(1).out().repeat(__.both().simplePath()).until(__.hasId(3)).limit(1).path(),
  (s) => s.V().out().in('created').dedup(),
  (s) => s.V().out().out().count(),
  (s) => s.V().both().both().dedup().limit(3),
  (s) => s.V().both().both().both().count(),
  (s) => s.V(1).out('knows').out().dedup().values('name'),
  (s) => s.V().hasLabel('software').in().out().dedup().count(),
];

const VIEWS: [string, (s: Source) => Source][] = [
  ['the whole graph', (s) => s],
  ['a SubgraphStrategy view', (s) => s.withStrategies(new StrategySpec('SubgraphStrategy', new Map([['vertices', __.has('name', P.within('marko', 'josh', 'lop', 'vadas')).bytecode], ['edges', __.has('weight', P.gt(0.3)).bytecode]])))],
];

for (const [view, over] of VIEWS) {
  SAME.forEach((make, i) => {
    test(`a frontier step gives the step-by-step result, order included, over ${view} (case ${i + 1})`, async () => {
      const on = make(over(g));
      assert.match(planText(on), /frontier/, 'the row uses a frontier step');
      assert.deepEqual(plain(await on.toList()), plain(await make(over(gOff)).toList()));
    });
  });
}

test('a frontier step is not used in a child traversal', () => {
  assert.doesNotMatch(planText(g.V().local(__.out().out().count())), /frontier/);
  assert.doesNotMatch(planText(g.V().where(__.repeat(__.out().dedup()).times(2).hasId(3))), /frontier/);
});

test('a frontier step over a non-vertex fails like the step-by-step plan', async () => {
  await assert.rejects(g.inject(1).out().out().count().toList(), { code: 'NOT_A_VERTEX' });
  await assert.rejects(gOff.inject(1).out().out().count().toList(), { code: 'NOT_A_VERTEX' });
});
