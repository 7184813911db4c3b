import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EnumValue } from '../../src/engine/bytecode.js';
import { P } from '../../src/engine/fluent/predicates.js';
import { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { compile } from '../../src/engine/compiler/compile.js';
import { explain } from '../../src/engine/compiler/explain.js';
import { modern } from './reference-source.js';
import { sorted, source } from './helpers.js';
import { strategyTable } from './strategy-table.js';

const graph = modern();
graph.indexedKeys.add('name');
const g = source(graph);
const gOff = source(graph, false);
const local = new EnumValue('Scope', 'local');

function planText(t: GraphTraversal, strategies: boolean): string {
  return explain(compile(t.bytecode, { strategies }));
}

strategyTable('Optimisation strategies', [
  { traversal: () => g.V().identity().out(), before: 'graph(V())\nidentity\nvertex(OUT())', after: 'graph(V())\nvertex(OUT())' },
  { traversal: () => g.V().identity().as_('a').out().select('a'), before: 'graph(V())\nidentity @a\nvertex(OUT())\nselect(a)\ncontrol(barrier)', after: 'graph(V())\nidentity @a\nvertex(OUT())\nselect(a)\ncontrol(barrier)' },
  { traversal: () => g.V().outE('knows').inV().values('name'), before: 'graph(V())\nvertex(OUTE(knows))\nedgeVertex(inV())\nproperties(values(name))', after: 'graph(V())\nvertex(OUT(knows))\nproperties(values(name))' },
  { traversal: () => g.V().outE().inV().path(), before: 'graph(V())\nvertex(OUTE())\nedgeVertex(inV())\npath', after: 'graph(V())\nvertex(OUTE())\nedgeVertex(inV())\npath' },
  { traversal: () => g.V().out().count(), before: 'graph(V())\nvertex(OUT())\ncount', after: 'graph(V())\ndegreeCount(degree OUT )' },
  { traversal: () => g.V().out().as_('x').count(), before: 'graph(V())\nvertex(OUT()) @x\ncount', after: 'graph(V())\nvertex(OUT()) @x\ncount' },
  { traversal: () => g.withoutStrategies('CountStrategy').V().out().count(), before: 'graph(V())\nvertex(OUT())\ncount', after: 'graph(V())\nvertex(OUT())\ncount' },
  { traversal: () => g.V().hasLabel('person').count(), before: "graph(V())\nhas(~label 'person')\ncount", after: 'degreeCount(vertexCount person)' },
  { traversal: () => g.V().has('person', 'name', 'marko'), before: "graph(V())\nhas(~label 'person', name 'marko')", after: "graph(V() index person.name eq labels person)\nhas(name 'marko')" },
  { traversal: () => g.V().where(__.out()).has('age'), before: 'graph(V())\nwhere(traversal)\n  vertex(OUT())\nhas(age)', after: 'graph(V())\nwhere(traversal)\n  vertex(OUT())\nhas(age)' },
  { traversal: () => g.V().filter(__.out()).has('age'), before: 'graph(V())\nfilter(filter)\n  vertex(OUT())\nhas(age)', after: 'graph(V())\nhas(age)\nfilter(filter)\n  vertex(OUT())' },
  { traversal: () => g.V().has('age').filter(__.out()), before: 'graph(V())\nhas(age)\nfilter(filter)\n  vertex(OUT())', after: 'graph(V())\nhas(age)\nfilter(filter)\n  vertex(OUT())' },
  { traversal: () => g.V().id().limit(2), before: 'graph(V())\nid\nrange(0, 2)', after: 'graph(V())\nrange(0, 2)\nid' },
  { traversal: () => g.V().out().limit(2), before: 'graph(V())\nvertex(OUT())\nrange(0, 2)', after: 'graph(V())\nvertex(OUT())\nrange(0, 2)' },
], (t) => ({ before: planText(t, false), after: planText(t, true) }));

test('index selection hands the has() condition to GraphSource.lookup', async () => {
  const plan = compile(g.V().has('person', 'name', 'marko').bytecode);
  assert.match(explain(plan), /index person\.name eq/);
  const before = graph.lookups;
  assert.deepEqual(await g.V().has('person', 'name', 'marko').values('age').toList(), [29]);
  assert.equal(graph.lookups, before + 1);
});

const EQUIVALENCE: (() => [GraphTraversal, GraphTraversal])[] = [
  () => [g.V().out().count(), gOff.V().out().count()],
  () => [g.V().hasLabel('person').count(), gOff.V().hasLabel('person').count()],
  () => [g.V().outE('created').inV().values('name'), gOff.V().outE('created').inV().values('name')],
  () => [g.V().has('person', 'name', 'marko').out().values('name'), gOff.V().has('person', 'name', 'marko').out().values('name')],
  () => [g.V().filter(__.out()).has('age', P.gt(28)).values('name'), gOff.V().filter(__.out()).has('age', P.gt(28)).values('name')],
  () => [g.V().id().limit(3), gOff.V().id().limit(3)],
  () => [g.V().local(__.bothE().otherV().count()), gOff.V().local(__.bothE().otherV().count())],
  () => [g.V().project('n', 'd').by('name').by(__.inE().outV().count()), gOff.V().project('n', 'd').by('name').by(__.inE().outV().count())],
  () => [g.V().identity().as_('a').out().select('a').values('name'), gOff.V().identity().as_('a').out().select('a').values('name')],
  () => [g.V().hasLabel('software', 'person').count(), gOff.V().hasLabel('software', 'person').count()],
  () => [g.V().values('age').fold().count(local), gOff.V().values('age').fold().count(local)],
];

EQUIVALENCE.forEach((make, i) => {
  test(`turning strategies off does not change results (case ${i + 1})`, async () => {
    const [on, off] = make();
    assert.deepEqual(sorted(await on.toList()), sorted(await off.toList()));
  });
});
