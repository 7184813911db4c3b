import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EnumValue } from '../../src/engine/bytecode.js';
import { compile } from '../../src/engine/compiler/compile.js';
import type { Plan } from '../../src/engine/plan/plan.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { P } from '../../src/engine/fluent/predicates.js';
import { modern } from './reference-source.js';
import { plain, source, sorted } from './helpers.js';
import type { TraversalFilterParams } from '../../src/engine/plan/params/filter.js';

const g = source(modern());
const T = (name: string): EnumValue => new EnumValue('T', name);

/** Solutions with each variable shown by name (numbers as they are), order-insensitive. */
async function named(results: Promise<unknown[]>): Promise<string[]> {
  return sorted(
    (await results).map((m) => {
      const out = new Map<string, unknown>();
      for (const [k, v] of m as Map<string, unknown>) out.set(k, typeof v === 'object' && v !== null && 'id' in v ? (plain(v) as string) : v);
      return out;
    }),
  );
}

const rows = (...maps: Record<string, unknown>[]): string[] => sorted(maps.map((m) => new Map(Object.entries(m))));

test('match() runs a not() pattern once both of its variables are bound', async () => {
  const r = named(g.V().match(__.as_('a').out().as_('b'), __.not(__.as_('a').out('created').as_('b'))).toList());
  assert.deepEqual(await r, rows({ a: 'v[1]', b: 'v[2]' }, { a: 'v[1]', b: 'v[4]' }));
});

test('match() binds the variables of nested and() patterns, counts included', async () => {
  const r = await g
    .V()
    .match(
      __.as_('a').out('knows').as_('b'),
      __.and(__.as_('a').out('created').as_('c'), __.as_('b').out('created').as_('c'), __.and(__.as_('b').out('created').count().as_('d'), __.as_('a').out('knows').count().as_('d'))),
    )
    .toList();
  assert.deepEqual(r.map(plain), [{ a: 'v[1]', b: 'v[4]', c: 'v[3]', d: '2l' }]);
});

test('match() solves or() branches, an infix and() and a where() predicate pattern', async () => {
  const r = named(
    g
      .V()
      .match(
        __.where('a', P.neq('c')),
        __.as_('a').out('created').as_('b'),
        __.or(__.as_('a').out('knows').has('name', 'vadas'), __.as_('a').in_('knows').and().as_('a').has(T('label'), 'person')),
        __.as_('b').in_('created').as_('c'),
        __.as_('b').in_('created').count().is(P.gt(1)),
      )
      .select('a', 'b', 'c')
      .by(T('id'))
      .toList(),
  );
  assert.deepEqual(await r, rows({ a: 1, b: 3, c: 4 }, { a: 1, b: 3, c: 6 }, { a: 4, b: 3, c: 1 }, { a: 4, b: 3, c: 6 }));
});

test('match() starts a where(and()) pattern from its variables, not from the incoming object', async () => {
  const r = named(g.V().match(__.where(__.and(__.as_('a').out('created').as_('b'), __.as_('b').in_('created').count().is(P.eq(3)))), __.as_('a').both().as_('b'), __.where(__.as_('b').in_())).toList());
  assert.deepEqual(await r, rows({ a: 'v[1]', b: 'v[3]' }, { a: 'v[4]', b: 'v[3]' }, { a: 'v[6]', b: 'v[3]' }));
});

test('match() takes variables the path bound before it', async () => {
  const r = named(
    g
      .V()
      .as_('a')
      .out()
      .as_('b')
      .match(__.as_('a').out().count().as_('c'), __.or(__.as_('a').out('knows').as_('b'), __.as_('b').in_().count().as_('c').and().as_('c').is(P.gt(2))))
      .toList(),
  );
  assert.deepEqual(await r, rows({ a: 'v[1]', b: 'v[3]', c: '3l' }, { a: 'v[1]', b: 'v[2]', c: '3l' }, { a: 'v[1]', b: 'v[4]', c: '3l' }));
});

test('match() passes on every result of a pattern without an end variable', async () => {
  assert.deepEqual(await g.V().match(__.as_('a').out('knows')).count().toList().then((r) => r.map(plain)), ['2l']);
});

test('match() rejects a pattern without a start variable', async () => {
  await assert.rejects(g.V().match(__.out()).toList(), { code: 'MATCH_PATTERN' });
});

test('match() fails when no pattern can run with the bound variables', async () => {
  await assert.rejects(g.V().match(__.as_('a').out().as_('b'), __.as_('c').out().as_('d')).toList(), { code: 'MATCH_UNSOLVABLE' });
});

test('an infix and() hands its as() labels to the start of its right-hand traversal', () => {
  const plan = compile(g.V().out().and().as_('x').in_().bytecode);
  const and = plan.steps[1]?.params as TraversalFilterParams<Plan>;
  const right = and.plans[1] as Plan;
  assert.equal(right.steps[0]?.kind, 'identity');
  assert.deepEqual(right.steps[0]?.labels, ['x']);
});
