import { test } from 'node:test';
import assert from 'node:assert/strict';
import { __ } from '../../src/engine/fluent/graph-traversal.js';
import type { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { compile } from '../../src/engine/plan/compile.js';
import { EnumValue } from '../../src/engine/bytecode.js';
import { modern } from './reference-source.js';
import { plain, source } from './helpers.js';

const g = source(modern());

/** Step kinds after compiling, with or without PathRetractionStrategy (and no optimisations). */
function kinds(t: GraphTraversal, retract: boolean): string[] {
  const bytecode = retract ? t.bytecode : t.bytecode.addSource('withoutStrategies', 'PathRetractionStrategy');
  return compile(bytecode, { strategies: false }).steps.map((s) => s.kind);
}

const TABLE: { name: string; build: () => GraphTraversal; before: string[]; after: string[] }[] = [
  { name: 'a barrier follows dedup()', build: () => g.V().dedup().values('name'), before: ['graph', 'dedup', 'properties'], after: ['graph', 'dedup', 'control', 'properties'] },
  { name: 'a barrier follows select() by label', build: () => g.V().as('a').out().select('a'), before: ['graph', 'vertex', 'select'], after: ['graph', 'vertex', 'select', 'control'] },
  { name: 'no barrier before a barrier step', build: () => g.V().dedup().count(), before: ['graph', 'dedup', 'count'], after: ['graph', 'dedup', 'count'] },
  { name: 'no barrier when paths are tracked', build: () => g.V().dedup().path(), before: ['graph', 'dedup', 'path'], after: ['graph', 'dedup', 'path'] },
];

for (const row of TABLE) {
  test(`PathRetractionStrategy table: ${row.name}`, () => {
    assert.deepEqual(kinds(row.build(), false), row.before);
    assert.deepEqual(kinds(row.build(), true), row.after);
  });
}

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
    .groupCount('x')
    .dedup()
    .as('y')
    .project('a', 'b')
    .by()
    .by(__.select('x').select(__.select('y')))
    .toList();
  assert.deepEqual(rows.map(plain), [{ a: 10, b: '1l' }]);
});

test('barrier(n) passes its input on in groups of at most n', async () => {
  const sizes = await g.inject('a', 'b', 'c').groupCount('x').barrier(2).select('x').count(new EnumValue('Scope', 'local')).toList();
  assert.deepEqual(sizes.map(plain), ['2l', '2l', '3l']);
});
