import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EnumValue } from '../../src/engine/bytecode.js';
import { Tree } from '../../src/engine/path-tree.js';
import { Subgraph } from '../../src/engine/subgraph.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { modern } from './reference-source.js';
import { plain, source } from './helpers.js';

const g = source(modern());
const op = (name: string): EnumValue => new EnumValue('Operator', name);

test('aggregate() folds values with the reducer given to withSideEffect', async () => {
  assert.deepEqual(await g.withSideEffect('a', 1, op('sum')).V().aggregate('a').by('age').cap('a').toList(), [124]);
  assert.deepEqual(await g.withSideEffect('a', 100, op('min')).V().local(__.aggregate('a').by('age')).cap('a').toList(), [27]);
  assert.deepEqual(await g.withSideEffect('a', true, op('or')).V().constant(false).aggregate('a').cap('a').toList(), [true]);
});

test('aggregate() with Operator.assign keeps only the last batch', async () => {
  const [all] = await g.withSideEffect('a', [1, 2, 3], op('assign')).V().aggregate('a').by('age').cap('a').toList();
  assert.deepEqual([...(all as number[])].sort(), [27, 29, 32, 35]);
});

test('aggregate() into an initial set keeps a set', async () => {
  const [names] = await g.withSideEffect('a', new Set(['alice'])).V().both().values('name').local(__.aggregate('a')).cap('a').toList();
  assert.ok(names instanceof Set);
  assert.deepEqual([...(names as Set<string>)].sort(), ['alice', 'josh', 'lop', 'marko', 'peter', 'ripple', 'vadas']);
});

test('tree(key) is complete before the first traverser passes on', async () => {
  const counts = await g.V().out().tree('a').select('a').count(new EnumValue('Scope', 'local')).toList();
  assert.deepEqual(counts.map(plain), ['3l', '3l', '3l', '3l', '3l', '3l']);
});

test('tree().by() leaves out objects the by() cannot project', async () => {
  const [tree] = await g.V().out().tree().by('age').toList();
  assert.ok(tree instanceof Tree);
  assert.deepEqual(tree.keys().sort(), [29, 32, 35]);
  assert.deepEqual((tree.get(29) as Tree).keys().sort(), [27, 32]);
});

test('barrier(normSack) gives each sack its share of the total', async () => {
  const sacks = await g.withSack(1, op('sum')).V(1).local(__.out('knows').barrier(new EnumValue('Barrier', 'normSack'))).sack().toList();
  assert.deepEqual(sacks.map(plain), ['0.5d', '0.5d']);
});

test('subgraph() collects the edges that pass with their end vertices', async () => {
  const [sg] = await g.V(1).outE('knows').subgraph('sg').cap('sg').toList();
  assert.ok(sg instanceof Subgraph);
  assert.deepEqual(sg.edges.map((e) => e.id).sort(), [7, 8]);
  assert.deepEqual(sg.vertices.map((v) => v.id).sort(), [1, 2, 4]);
  assert.deepEqual(sg.properties(sg.vertices[0] as (typeof sg.vertices)[number])?.get('name'), ['marko']);
  await assert.rejects(g.V(1).subgraph('sg').toList(), { code: 'SUBGRAPH_EDGE' });
});
