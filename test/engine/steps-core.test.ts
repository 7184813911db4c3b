import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EnumValue } from '../../src/engine/bytecode.js';
import { P, TextP } from '../../src/engine/fluent/predicates.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { modern } from './reference-source.js';
import { plain, sorted, source } from './helpers.js';

const g = source(modern());
const desc = new EnumValue('Order', 'desc');
const keys = new EnumValue('Column', 'keys');
const values = new EnumValue('Column', 'values');
const local = new EnumValue('Scope', 'local');
const TLabel = new EnumValue('T', 'label');

test('has() filters by label, property value and predicate', async () => {
  assert.deepEqual(await g.V().has('person', 'name', 'marko').values('age').toList(), [29]);
  assert.deepEqual((await g.V().has('age', P.gt(30)).values('name').toList()).sort(), ['josh', 'peter']);
  assert.deepEqual((await g.V().has('age', P.between(27, 32)).values('name').toList()).sort(), ['marko', 'vadas']);
  assert.deepEqual((await g.V().hasLabel('software').values('name').toList()).sort(), ['lop', 'ripple']);
  assert.deepEqual((await g.V().hasNot('age').values('name').toList()).sort(), ['lop', 'ripple']);
  assert.deepEqual(await g.V().has('name', TextP.startingWith('ma')).values('name').toList(), ['marko']);
  assert.deepEqual((await g.V().has(TLabel, P.within('software')).count().toList()).map(plain), ['2l']);
  assert.deepEqual(await g.V().hasId(P.within(1, 2)).values('name').toList(), ['marko', 'vadas']);
});

test('is() compares numbers across types', async () => {
  assert.deepEqual(await g.V().values('age').is(P.lte(new (await import('../../src/values/index.js')).TypedNumber('long', 27n))).toList(), [27]);
});

test('where() with labels and by()', async () => {
  const r = await g.V(1).as_('a').out('created').in_('created').where(P.neq('a')).values('name').toList();
  assert.deepEqual(r.sort(), ['josh', 'peter']);
  const r2 = await g.V().as_('a').out('created').as_('b').where(__.as_('b').in_('created').count().is(P.gt(2))).select('a').values('name').toList();
  assert.deepEqual(r2.sort(), ['josh', 'marko', 'peter']);
});

test('order().by() sorts with Order tokens', async () => {
  assert.deepEqual(await g.V().hasLabel('person').order().by('age', desc).values('name').toList(), ['peter', 'josh', 'marko', 'vadas']);
  assert.deepEqual(await g.V().values('name').order().toList(), ['josh', 'lop', 'marko', 'peter', 'ripple', 'vadas']);
});

test('select() and project() build maps', async () => {
  const r = await g.V(1).as_('a').out('knows').as_('b').select('a', 'b').by('name').toList();
  assert.deepEqual(r.map(plain), [{ a: 'marko', b: 'vadas' }, { a: 'marko', b: 'josh' }]);
  const p = await g.V(1).project('n', 'c').by('name').by(__.out().count()).toList();
  assert.deepEqual(p.map(plain), [{ n: 'marko', c: '3l' }]);
});

test('group() and groupCount() aggregate by key', async () => {
  const gc = await g.V().groupCount().by(TLabel).toList();
  assert.deepEqual(plain(gc[0]), { person: '4l', software: '2l' });
  const gr = await g.V().group().by(TLabel).by('name').toList();
  assert.deepEqual(plain(gr[0]), { person: ['marko', 'vadas', 'josh', 'peter'], software: ['lop', 'ripple'] });
  const sorted2 = await g.V().groupCount().by(TLabel).order(local).by(values, desc).select(keys).toList();
  assert.deepEqual(sorted2, [new Set(['person', 'software'])], 'keys of a map are a set, as Java\'s Column.keys gives');
});

test('path() tracks objects and by() projects them', async () => {
  const r = await g.V(1).out().out().path().by('name').toList();
  assert.deepEqual(sorted(r), sorted([{ objects: ['marko', 'josh', 'ripple'] }, { objects: ['marko', 'josh', 'lop'] }].map((o) => ({ objects: o.objects, labels: [] }))));
});

test('repeat() with times, emit and until', async () => {
  assert.deepEqual((await g.V(1).repeat(__.out()).times(2).values('name').toList()).sort(), ['lop', 'ripple']);
  assert.equal((await g.V(1).repeat(__.out()).times(2).emit().toList()).length, 5);
  assert.deepEqual(await g.V(1).repeat(__.out()).until(__.has('name', 'ripple')).values('name').toList(), ['ripple']);
  assert.deepEqual((await g.V(1).emit().repeat(__.out()).times(1).values('name').toList()).sort(), ['josh', 'lop', 'marko', 'vadas']);
  assert.deepEqual(await g.V(1).repeat(__.out()).until(__.loops().is(2)).path().by('name').count().toList().then((x) => x.map(plain)), ['2l']);
});

test('choose(), coalesce(), optional() and union() branch', async () => {
  const r = await g.V().hasLabel('person').choose(__.values('age').is(P.gt(30)), __.constant('old'), __.constant('young')).toList();
  assert.deepEqual(r, ['young', 'young', 'old', 'old']);
  assert.deepEqual(await g.V(2).coalesce(__.out(), __.values('name')).toList(), ['vadas']);
  assert.deepEqual(plain((await g.V(2).optional(__.out()).toList())[0]), 'v[2]');
  assert.deepEqual(await g.V(1).union(__.values('name'), __.values('age')).toList(), ['marko', 29]);
  const opt = await g.V().hasLabel('person').choose(__.values('age')).option(29, __.constant('x')).option(new EnumValue('Pick', 'none'), __.constant('y')).toList();
  assert.deepEqual(opt, ['x', 'y', 'y', 'y']);
});

test('aggregate() and cap() collect side-effects', async () => {
  const r = await g.V().out('created').aggregate('x').cap('x').toList();
  assert.deepEqual(sorted(r[0] as unknown[]), sorted(['v[3]', 'v[3]', 'v[3]', 'v[5]']));
  const w = await g.V(1).out('created').aggregate('x').in_('created').where(P.without('x')).values('name').toList();
  assert.deepEqual(w.sort(), ['josh', 'marko', 'peter']);
});

test('sum, mean, min and max follow Java types', async () => {
  assert.deepEqual(await g.V().values('age').sum().toList(), [123]);
  assert.deepEqual((await g.V().values('age').mean().toList()).map(plain), ['30.75d']);
  assert.deepEqual(await g.V().values('age').min().toList(), [27]);
  assert.deepEqual(await g.V().values('age').fold().max(local).toList(), [35]);
  assert.deepEqual((await g.E().values('weight').sum().toList()).map(plain), ['3.5d']);
});

test('valueMap() and elementMap() shape element properties', async () => {
  const vm = await g.V(1).valueMap().toList();
  assert.deepEqual(plain(vm[0]), { name: ['marko'], age: [29] });
  const em = await g.V(1).elementMap().toList();
  assert.deepEqual(plain(em[0]), { 'T.id': 1, 'T.label': 'person', name: 'marko', age: 29 });
  const vt = await g.V(1).valueMap('name').with_('~tinkerpop.valueMap.tokens').toList();
  assert.deepEqual(plain(vt[0]), { 'T.id': 1, 'T.label': 'person', name: ['marko'] });
});

test('dedup() by a projection and local collections', async () => {
  assert.deepEqual((await g.V().dedup().by(TLabel).values('name').toList()), ['marko', 'lop']);
  assert.deepEqual(await g.inject([1, 1, 2]).dedup(local).toList(), [new Set([1, 2])]);
  assert.deepEqual(await g.inject([1, 2, 3]).limit(local, 2).toList(), [[1, 2]]);
});
