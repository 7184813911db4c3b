import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EnumValue, StrategySpec } from '../../src/engine/bytecode.js';
import { P } from '../../src/engine/fluent/predicates.js';
import { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { compile } from '../../src/engine/compiler/compile.js';
import { explain } from '../../src/engine/compiler/explain.js';
import { strategyTable } from './strategy-table.js';
import { modern } from './reference-source.js';
import { plain, source } from './helpers.js';

const graph = modern();
graph.indexedKeys.add('name');
const g = source(graph);
const gOff = source(graph, false);
const label = new EnumValue('T', 'label');

function planText(t: GraphTraversal, strategies = true): string {
  return explain(compile(t.bytecode, { strategies }));
}

strategyTable('ColumnScanStrategy', [
  { traversal: () => g.E().groupCount().by(label), before: 'graph(E())\ngroup(count)\n  label', after: 'columnScan(E labelCounts)' },
  { traversal: () => g.E().label().groupCount(), before: 'graph(E())\nlabel\ngroup(count)', after: 'columnScan(E labelCounts)' },
  { traversal: () => g.E().has('weight', P.gt(0.5)).count(), before: 'graph(E())\nhas(weight gt(0.5))\ncount', after: 'columnScan(E count key weight index weight gt where weight gt(0.5))' },
  { traversal: () => g.V().values('name').dedup().count(), before: 'graph(V())\nproperties(values(name))\ndedup\ncount', after: 'columnScan(V distinctValues key name)' },
  { traversal: () => g.V().hasLabel('person').has('age').groupCount().by(label), before: "graph(V())\nhas(~label 'person')\nhas(age)\ngroup(count)\n  label", after: 'columnScan(V labelCounts key age labels person where age)' },
  { traversal: () => g.V().hasLabel('person').count(), before: "graph(V())\nhas(~label 'person')\ncount", after: 'degreeCount(vertexCount person)' },
  // Negative rows: nothing may change.
  { traversal: () => g.V().as('a').groupCount().by(label), before: 'graph(V()) @a\ngroup(count)\n  label', after: 'graph(V()) @a\ngroup(count)\n  label' },
  { traversal: () => g.V(1).values('name').dedup().count(), before: 'graph(V(1))\nproperties(values(name))\ndedup\ncount', after: 'graph(V(1))\nproperties(values(name))\ndedup\ncount' },
  { traversal: () => g.E().has('weight').has('date').count(), before: 'graph(E())\nhas(weight)\nhas(date)\ncount', after: 'graph(E())\nhas(weight)\nhas(date)\ncount' },
  { traversal: () => g.V().groupCount().by('name'), before: 'graph(V())\ngroup(count)\n  properties(values(name))', after: 'graph(V())\ngroup(count)\n  properties(values(name))' },
  { traversal: () => g.V().out().groupCount().by(label), before: 'graph(V())\nvertex(OUT())\ngroup(count)\n  label', after: 'graph(V())\nvertex(OUT())\ngroup(count)\n  label' },
  { traversal: () => g.V().groupCount('m').by(label), before: 'graph(V())\ngroup(count m)\n  label', after: 'graph(V())\ngroup(count m)\n  label' },
], (t) => ({ before: planText(t, false), after: planText(t) }));

test('a column scan is not used in a child traversal or when the path is tracked', () => {
  assert.match(planText(g.V().local(__.outE().label().groupCount())), /label\n\s*group/);
  assert.doesNotMatch(planText(g.E().as('e').label().groupCount().select('e')), /columnScan/);
  assert.doesNotMatch(planText(g.withPath().E().label().groupCount()), /columnScan/);
});

type Source = typeof g;

const SAME: ((s: Source) => GraphTraversal)[] = [
  (s) => s.E().groupCount().by(label),
  (s) => s.V().groupCount().by(label),
  (s) => s.E().label().groupCount(),
  (s) => s.E().has('weight', P.gt(0.5)).count(),
  (s) => s.E().has('weight', P.lte(0.5)).count(),
  (s) => s.E().hasNot('weight').count(),
  (s) => s.V().has('age').count(),
  (s) => s.V().values('name').dedup().count(),
  (s) => s.V().values('age').dedup().count(),
  (s) => s.V().hasLabel('person').values('name').dedup().count(),
  (s) => s.V().has('name', P.within('marko', 'lop')).values('name').dedup().count(),
  (s) => s.V().hasLabel('person', 'software').groupCount().by(label),
  (s) => s.V().hasLabel(P.neq('person')).count(),
  (s) => s.E().hasLabel('knows').has('weight', P.gt(0.4)).label().groupCount(),
];

const VIEWS: [string, (s: Source) => Source][] = [
  ['the whole graph', (s) => s],
  ['a SubgraphStrategy view', (s) => s.withStrategies(new StrategySpec('SubgraphStrategy', new Map([['vertices', __.has('name', P.within('marko', 'josh', 'lop')).bytecode], ['edges', __.has('weight', P.gt(0.3)).bytecode]])))],
  ['a PartitionStrategy view', (s) => s.withStrategies(new StrategySpec('PartitionStrategy', new Map<string, string | string[]>([['partitionKey', 'name'], ['readPartitions', ['marko', 'lop']]])))],
];

for (const [view, over] of VIEWS) {
  SAME.forEach((make, i) => {
    test(`a column scan gives the step-by-step result over ${view} (case ${i + 1})`, async () => {
      const on = make(over(g));
      assert.match(planText(on), /columnScan/, 'the row uses a column scan');
      assert.deepEqual(plain(await on.toList()), plain(await make(over(gOff)).toList()));
    });
  });
}

test('a label group count keeps the order in which labels are first met', async () => {
  const [counts] = await g.V().groupCount().by(label).toList();
  assert.deepEqual([...(counts as Map<string, unknown>).keys()], ['person', 'software']);
  assert.deepEqual(plain(await g.E().has('weight', P.gt(0.5)).count().toList()), ['2l']);
});
