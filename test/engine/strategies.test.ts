import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EnumValue } from '../../src/engine/bytecode.js';
import { P } from '../../src/engine/fluent/predicates.js';
import { __, GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { compile } from '../../src/engine/plan/compile.js';
import { explain } from '../../src/engine/plan/explain.js';
import { modern } from './reference-source.js';
import { sorted, source } from './helpers.js';

const graph = modern();
graph.indexedKeys.add('name');
const g = source(graph);
const gOff = source(graph, false);
const local = new EnumValue('Scope', 'local');

function kinds(t: GraphTraversal, strategies = true): string[] {
  return compile(t.bytecode, { strategies }).steps.map((s) => s.kind);
}

const TABLE: { name: string; build: () => GraphTraversal; before: string[]; after: string[] }[] = [
  { name: 'identity removal', build: () => g.V().identity().out(), before: ['graph', 'identity', 'vertex'], after: ['graph', 'vertex'] },
  { name: 'incident to adjacent', build: () => g.V().outE('knows').inV().values('name'), before: ['graph', 'vertex', 'edgeVertex', 'properties'], after: ['graph', 'vertex', 'properties'] },
  { name: 'count pushdown (degree)', build: () => g.V().out().count(), before: ['graph', 'vertex', 'count'], after: ['graph', 'degreeCount'] },
  { name: 'count pushdown (graph size)', build: () => g.V().hasLabel('person').count(), before: ['graph', 'has', 'count'], after: ['degreeCount'] },
  { name: 'index selection', build: () => g.V().has('person', 'name', 'marko'), before: ['graph', 'has'], after: ['graph', 'has'] },
  { name: 'filter ranking', build: () => g.V().where(__.out()).has('age'), before: ['graph', 'where', 'has'], after: ['graph', 'where', 'has'] },
  { name: 'filter ranking of traversal filters', build: () => g.V().filter(__.out()).has('age'), before: ['graph', 'filter', 'has'], after: ['graph', 'has', 'filter'] },
  { name: 'early limit', build: () => g.V().id().limit(2), before: ['graph', 'id', 'range'], after: ['graph', 'range', 'id'] },
];

for (const row of TABLE) {
  test(`strategy table: ${row.name} rewrites the plan`, () => {
    assert.deepEqual(kinds(row.build(), false), row.before);
    assert.deepEqual(kinds(row.build(), true), row.after);
  });
}

test('index selection hands the has() condition to GraphSource.lookup', async () => {
  const plan = compile(g.V().has('person', 'name', 'marko').bytecode);
  assert.match(explain(plan), /index person\.name eq/);
  const before = graph.lookups;
  assert.deepEqual(await g.V().has('person', 'name', 'marko').values('age').toList(), [29]);
  assert.equal(graph.lookups, before + 1);
});

test('incident-to-adjacent is skipped when the path is needed', () => {
  assert.deepEqual(kinds(g.V().outE().inV().path()), ['graph', 'vertex', 'edgeVertex', 'path']);
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

test('withoutStrategies() turns one strategy off by name', () => {
  assert.deepEqual(kinds(g.withoutStrategies('CountStrategy').V().out().count()), ['graph', 'vertex', 'count']);
});
