import { test } from 'node:test';
import assert from 'node:assert/strict';
import { __ } from '../../src/engine/fluent/anonymous.js';
import type { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { compile } from '../../src/engine/compiler/compile.js';
import { explain } from '../../src/engine/compiler/explain.js';
import { EnumValue } from '../../src/engine/bytecode.js';
import { modern } from './reference-source.js';
import { plain, source } from './helpers.js';
import { strategyTable } from './strategy-table.js';

const g = source(modern());

/** Plan text without optimisations, with or without PathRetractionStrategy (a semantic strategy, on even then). */
function planText(t: GraphTraversal, retract: boolean): string {
  const bytecode = retract ? t.bytecode : t.bytecode.addSource('withoutStrategies', 'PathRetractionStrategy');
  return explain(compile(bytecode, { strategies: false }));
}

strategyTable('PathRetractionStrategy', [
  { traversal: () => g.V().dedup().values('name'), before: 'graph(V())\ndedup\nproperties(values(name))', after: 'graph(V())\ndedup\ncontrol(barrier)\nproperties(values(name))' },
  { traversal: () => g.V().as('a').out().select('a'), before: 'graph(V()) @a\nvertex(OUT())\nselect(a)', after: 'graph(V()) @a\nvertex(OUT())\nselect(a)\ncontrol(barrier)' },
  { traversal: () => g.V().dedup().count(), before: 'graph(V())\ndedup\ncount', after: 'graph(V())\ndedup\ncount' },
  { traversal: () => g.V().dedup().path(), before: 'graph(V())\ndedup\npath', after: 'graph(V())\ndedup\npath' },
], (t) => ({ before: planText(t, false), after: planText(t, true) }));

test('PathRetractionStrategy lets steps after dedup() see a side-effect written by every input', async () => {
  const rows = await g
    .inject(10, 20, null, 20, 10, 10)
    .groupCount('x')
    .dedup()
    .as('y')
    .project('a', 'b')
    .by()
    .by(__.select('x').select(__.select('y')))
    .toList();
  assert.deepEqual(rows.map(plain), [{ a: 10, b: '3l' }, { a: 20, b: '2l' }, { a: null, b: '1l' }]);
});

test('withoutStrategies(PathRetractionStrategy) streams, so later steps see partial counts', async () => {
  const rows = await g
    .withoutStrategies('PathRetractionStrategy')
    .inject(10, 10)
    // groupCount('x') is a side-effect barrier in TinkerPop 3.8; inside local() it counts one traverser at a time.
    .local(__.groupCount('x'))
    .dedup()
    .as('y')
    .project('a', 'b')
    .by()
    .by(__.select('x').select(__.select('y')))
    .toList();
  assert.deepEqual(rows.map(plain), [{ a: 10, b: '1l' }]);
});

test('barrier(n) passes its input on in groups of at most n', async () => {
  // local(groupCount()) counts lazily, so select() shows how much each group of the barrier saw.
  const sizes = await g.inject('a', 'b', 'c').local(__.groupCount('x')).barrier(2).select('x').count(new EnumValue('Scope', 'local')).toList();
  assert.deepEqual(sizes.map(plain), ['2l', '2l', '3l']);
});
