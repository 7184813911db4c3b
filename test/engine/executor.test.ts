import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bytecode, StrategySpec } from '../../src/engine/bytecode.js';
import { compile, compileChild } from '../../src/engine/compiler/compile.js';
import { Plan } from '../../src/engine/plan/plan.js';
import { execute, executeAsync } from '../../src/engine/run/execute.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { P } from '../../src/engine/fluent/predicates.js';
import { modern, ReferenceGraph } from './reference-source.js';
import { plain, sorted, source } from './helpers.js';

test('execute stops with CancelledError when the signal fires', () => {
  const graph = modern();
  const controller = new AbortController();
  const plan = compile(source(graph).V().repeat(__.both()).times(30).bytecode);
  const results = execute(plan, { source: graph, signal: controller.signal });
  controller.abort();
  assert.throws(() => [...results], { code: 'CANCELLED' });
});

test('execute stops with CancelledError after the deadline', () => {
  const graph = modern();
  const plan = compile(new Bytecode([], [{ op: 'V', args: [] }]));
  assert.throws(() => [...execute(plan, { source: graph, deadline: Date.now() - 1 })], { code: 'TIMEOUT' });
});

test('results are pulled lazily: limit(1) reads one traverser of an endless repeat', () => {
  const graph = modern();
  const plan = compile(source(graph).V(1).repeat(__.both()).emit().limit(1).bytecode);
  const it = execute(plan, { source: graph, deadline: Date.now() + 5000 })[Symbol.iterator]();
  assert.equal(it.next().done, false);
});

test('bulk is counted, not copied: both().both().both() on a clique grows bulk', async () => {
  const graph = new ReferenceGraph();
  for (let i = 0; i < 4; i++) graph.addVertex('v', { id: i });
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (i !== j) graph.addEdge('e', { out: i, in: j });
  const n = await source(graph).V().repeat(__.both()).times(6).count().toList();
  assert.deepEqual(n.map(plain), [`${4 * 6 ** 6}l`]);
});

test('unknown steps and wrong overloads fail with PlanError', () => {
  assert.throws(() => compile(new Bytecode([], [{ op: 'V', args: [] }, { op: 'frobnicate', args: [] }])), { code: 'UNKNOWN_STEP', message: 'Unknown step: frobnicate()' });
  assert.throws(() => compile(new Bytecode([], [{ op: 'V', args: [] }, { op: 'range', args: [3, 2] }])), { message: 'Not a legal range: [3, 2]' });
  assert.throws(() => compile(new Bytecode([], [{ op: 'V', args: [] }, { op: 'times', args: [2] }])), { message: 'The repeat()-traversal was not defined' });
});

test('ReadOnlyStrategy refuses mutating traversals', () => {
  const graph = modern();
  const b = new Bytecode([{ op: 'withStrategies', args: [new StrategySpec('ReadOnlyStrategy', new Map())] }], [{ op: 'addV', args: ['x'] }]);
  assert.throws(() => execute(compile(b), { source: graph, write: (fn) => fn(graph) }), { code: 'READ_ONLY_STRATEGY' });
});

test('SubgraphStrategy and PartitionStrategy filter what the traversal sees', async () => {
  const graph = modern();
  const sub = new StrategySpec('SubgraphStrategy', new Map([['vertices', __.has('name', P.within('josh', 'lop', 'ripple')).bytecode]]));
  const g = source(graph).withStrategies(sub);
  assert.deepEqual((await g.V().values('name').toList()).sort(), ['josh', 'lop', 'ripple']);
  assert.deepEqual((await g.V().outE().count().toList()).map(plain), ['2l']);
  const empty = new ReferenceGraph();
  const part = new StrategySpec('PartitionStrategy', new Map<string, string | string[]>([['partitionKey', '_p'], ['writePartition', 'a'], ['readPartitions', ['a']]]));
  await source(empty).withStrategies(part).addV('person').property('name', 'alice').iterate();
  assert.deepEqual(await source(empty).withStrategies(part).V().values('name').toList(), ['alice']);
  assert.deepEqual(await source(empty).V().values('_p').toList(), ['a']);
});

test('compile() compiles SubgraphStrategy filters into the plan, so running it twice compiles nothing', () => {
  const graph = modern();
  const vertices = __.has('name', P.within('josh', 'lop', 'ripple')).bytecode;
  const edges = __.has('weight', P.gt(0.5)).bytecode;
  const sub = new StrategySpec('SubgraphStrategy', new Map([['vertices', vertices], ['edges', edges], ['vertexProperties', __.hasKey('name').bytecode]]));
  const plan = compile(source(graph).withStrategies(sub).V().outE().inV().values('name').bytecode);
  const config = plan.settings.strategies[0]!.config;
  const children = ['vertices', 'edges', 'vertexProperties'].map((key) => config.get(key));
  assert.ok(children.every((c) => c instanceof Plan));
  assert.deepEqual(children[0], compileChild(vertices));
  assert.ok(![...config.values()].some((v) => v instanceof Bytecode), 'no traversal is left to compile when the plan runs');
  const run = (): unknown[] => [...execute(plan, { source: graph })];
  assert.deepEqual(run(), ['ripple']);
  assert.deepEqual(run(), ['ripple']);
  const broken = new StrategySpec('SubgraphStrategy', new Map([['vertices', new Bytecode([], [{ op: 'noSuchStep', args: [] }])]]));
  assert.throws(() => compile(source(graph).withStrategies(broken).V().bytecode), { code: 'UNKNOWN_STEP' });
});

test('match() binds pattern labels', async () => {
  const g = source(modern());
  const r = await g.V().match(__.as_('a').out('created').as_('b'), __.as_('b').has('name', 'lop'), __.as_('b').in_('created').as_('c')).select('a', 'c').by('name').toList();
  assert.deepEqual(sorted(r), sorted(['marko', 'josh', 'peter'].flatMap((a) => ['marko', 'josh', 'peter'].map((c) => new Map([['a', a], ['c', c]])))));
});

test('sack() carries a value per traverser', async () => {
  const g = source(modern());
  const r = await g.withSack(1).V(1).outE('knows').sack(new (await import('../../src/engine/bytecode.js')).EnumValue('Operator', 'mult')).by('weight').inV().sack().toList();
  assert.deepEqual(r.map(plain), ['0.5d', '1d']);
});

test('executeAsync ends a query that yields one count as it hands the count out, releasing its read view', async () => {
  let released = 0;
  const graph = modern();
  const context = { source: graph, openReadView: () => ({ source: graph, release: () => void released++ }) };
  const counted = executeAsync(compile(source(graph).V(1).out().count().bytecode), context);
  assert.deepEqual(plain((await counted.next()).value), '3l');
  assert.equal(released, 1);
  assert.equal((await counted.next()).done, true);
  const listed = executeAsync(compile(source(graph).V(1).out().bytecode), context);
  await listed.next();
  assert.equal(released, 1, 'a query with more results to come keeps its view');
  await listed.return();
  assert.equal(released, 2);
});
