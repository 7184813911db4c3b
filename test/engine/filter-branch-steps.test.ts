import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bytecode, EnumValue, StrategySpec } from '../../src/engine/bytecode.js';
import { compile } from '../../src/engine/compiler/compile.js';
import { traverse } from '../../src/engine/run/execute.js';
import { JavaRandom } from '../../src/engine/runtime/java-random.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { P } from '../../src/engine/fluent/predicates.js';
import { ReferenceGraph, modern } from './reference-source.js';
import { plain, source, sorted } from './helpers.js';

const g = source(modern());
const T = (name: string): EnumValue => new EnumValue('T', name);
const Column = (name: string): EnumValue => new EnumValue('Column', name);

test('JavaRandom reproduces java.util.Random for a seed', () => {
  assert.equal(new JavaRandom(42).nextInt(), -1170105035);
  assert.equal(new JavaRandom(0).nextInt(), -1155484576);
  assert.equal(new JavaRandom(42).nextDouble(), 0.7275636800328681);
});

test('coin() under SeedStrategy keeps what a Java server keeps', async () => {
  const seeded = g.withStrategies(new StrategySpec('SeedStrategy', new Map([['seed', 999999]])));
  assert.deepEqual(await seeded.V().order().by('name').coin(0.5).values('name').toList(), ['josh']);
  assert.deepEqual(await g.V().coin(0.0).toList(), []);
  assert.equal((await g.V().coin(1.0).toList()).length, 6);
});

test('dedup() inside repeat() remembers earlier rounds', async () => {
  assert.deepEqual((await g.V().repeat(__.dedup()).times(2).count().toList()).map(plain), ['0l']);
  assert.equal((await g.V().emit().repeat(__.dedup()).times(2).toList()).length, 12);
  assert.deepEqual(await g.V().repeat(__.dedup().both()).times(2).toList(), []);
});

test('limit() inside repeat() counts each round on its own', async () => {
  const r = await g.V().repeat(__.union(__.constant('y').limit(1), __.identity())).times(2).toList();
  assert.equal(r.length, 8);
  assert.equal(r.filter((x) => x === 'y').length, 2);
});

test('union() and choose() branches are global children', async () => {
  assert.equal((await g.V().union(__.out().limit(1)).toList()).length, 1);
  const chosen = g.V().choose(__.values('age').is(P.lte(30)), __.out().order().by('name').limit(1), __.out().order().by('name').limit(2));
  assert.deepEqual((await chosen.count().toList()).map(plain), ['3l']);
  assert.deepEqual((await g.V().union(__.count(), __.out().count()).toList()).map(plain), ['6l', '6l']);
});

test('branch() takes traversal option keys and choose() refuses them', async () => {
  const r = await g.V().branch(__.identity()).option(__.hasLabel('software'), __.in_('created').values('name').order().fold()).option(__.has('name', 'vadas'), __.values('age')).toList();
  assert.deepEqual(sorted(r), sorted([['josh', 'josh', 'marko', 'peter'], 27]));
  await assert.rejects(g.V().choose(__.values('name')).option(__.is('marko'), __.values('age')).toList(), { code: 'PICK_TOKEN' });
});

test('properties dedup by key and value, whatever their owner', async () => {
  assert.deepEqual((await g.V().bothE().properties().dedup().count().toList()).map(plain), ['4l']);
});

test('where() binds as() labels inside and(), or() and not()', async () => {
  const r = await g.V().as_('a').out('created').as_('b').where(__.and(__.as_('b').in_(), __.not(__.as_('a').out('created').has('name', 'ripple')))).select('a', 'b').by('name').toList();
  assert.deepEqual(sorted(r), sorted([new Map([['a', 'marko'], ['b', 'lop']]), new Map([['a', 'peter'], ['b', 'lop']])]));
  const ended = await g.V(4).repeat('b', __.both('knows')).until(__.loops('b').as_('b').where(__.constant(2).as_('b'))).values('name').toList();
  assert.deepEqual(ended.sort(), ['josh', 'vadas']);
});

test('where(predicate) applies its by() modulators round-robin over start and labels', async () => {
  const r = await g.V().as_('a').outE('created').as_('b').inV().as_('c').in_('created').as_('d')
    .where('a', P.lt('b').or(P.gt('c')).and(P.neq('d'))).by('age').by('weight').by(__.in_('created').values('age').min())
    .select('a', 'c', 'd').by('name').toList();
  assert.equal(r.length, 4);
});

test('has(T.id) with a string compares the id as text', async () => {
  assert.deepEqual((await g.E().has(T('id'), '10').toList()).map(plain), ['e[10]']);
});

test('cyclicPath().by() drops traversers the by() cannot project', async () => {
  assert.deepEqual((await g.V(1).both().both().cyclicPath().by('age').toList()).map(plain), ['v[1]', 'v[1]']);
});

test('select(Column.keys) gives the key of an unfolded map entry', async () => {
  const keys = await g.V().hasLabel('software').group().by('name').by(__.count()).unfold().select(Column('keys')).toList();
  assert.deepEqual(keys.sort(), ['lop', 'ripple']);
});

test('inject() directly inside repeat() is refused', async () => {
  await assert.rejects(g.V().repeat(__.inject('y')).times(2).toList(), { code: 'INJECT_IN_REPEAT' });
});

test('withBulk(false) keeps merged traversers at one and withPath() is accepted', async () => {
  const sum = new EnumValue('Operator', 'sum');
  assert.equal((await g.withSack(1, sum).V().out().barrier().sack().toList()).length, 6);
  assert.deepEqual((await g.withBulk(false).withSack(1, sum).V().out().barrier().sack().toList()).sort(), [1, 1, 1, 3]);
  assert.deepEqual((await g.withPath().V().count().toList()).map(plain), ['6l']);
});

test('without ConnectiveStrategy an infix or() has no children and passes nothing', async () => {
  const r = await g.withoutStrategies('ConnectiveStrategy').V().has('name', 'marko').or().where(__.in_('knows').has('name', 'marko')).toList();
  assert.deepEqual(r, []);
});

test('PartitionStrategy reads an edge by its own partition', async () => {
  const graph = new ReferenceGraph();
  const g0 = source(graph);
  await g0.addV('person').property('_p', 'a').property('name', 'alice').as_('a')
    .addV('person').property('_p', 'b').property('name', 'bob').as_('b')
    .addE('knows').from_('a').to('b').property('_p', 'a').property('weight', 1)
    .iterate();
  const part = new StrategySpec('PartitionStrategy', new Map<string, string | string[]>([['partitionKey', '_p'], ['writePartition', 'a'], ['readPartitions', ['a']]]));
  const pg = source(graph).withStrategies(part);
  assert.deepEqual(await pg.V().bothE().values('weight').toList(), [1]);
  assert.deepEqual(await pg.V().out().toList(), []);
  assert.deepEqual(await pg.V().outE().inV().toList(), []);
});

test('repeat() merges traversers into bulks when only labels are tracked', () => {
  const graph = modern();
  const bulks = (t: { bytecode: Bytecode }): number[] => [...traverse(compile(t.bytecode), { source: graph }, undefined)].map((x) => x.bulk);
  const labelled = bulks(source(graph).V().as_('x').repeat(__.both()).times(3));
  assert.ok(labelled.some((b) => b > 1));
  assert.equal(labelled.reduce((a, b) => a + b, 0), bulks(source(graph).V().repeat(__.both()).times(3)).reduce((a, b) => a + b, 0));
  assert.ok(bulks(source(graph).V().repeat(__.both()).times(3).path()).every((b) => b === 1));
});
