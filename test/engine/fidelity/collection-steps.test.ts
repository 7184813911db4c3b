/**
 * TinkerPop 3.8's local-scope and side-effect collection steps beyond the shared sample:
 * tail(local) and sample(local) keep the kind of their collection, groupCount(key) and
 * group(key) are side-effect barriers, and two steps may share one side-effect key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';

test('tail(local, n) gives a collection of the last n items, also for n = 1, and keeps maps and sets', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run('g.inject([1, 2, 3], [4, 5, 6]).tail(local, 1)'), [[3], [6]]);
    assert.deepEqual(await run('g.inject([1, 2, 3, 4, 5]).tail(local, 2)'), [[4, 5]]);
    assert.deepEqual(await run('g.inject([]).tail(local, 1)'), [[]]);
    assert.deepEqual(await run('g.inject(7).tail(local, 1)'), [7]);
    const [map] = await run("g.V().has('name', 'marko').valueMap('name', 'age').tail(local, 1)");
    assert.ok(map instanceof Map && map.size === 1);
    const [set] = await run("g.V().valueMap().select(keys).tail(local, 1)");
    assert.ok(set instanceof Set && set.size === 1);
  }));

test('sample(local, n) leaves a collection of at most n items as it is and samples a map into a map', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().values('name').order().fold().sample(local, 5)"), [['josh', 'lop', 'marko', 'ripple', 'vadas']]);
    const [map] = await run("g.V().has('name', 'marko').valueMap().sample(local, 1)");
    assert.ok(map instanceof Map && map.size === 1);
    assert.deepEqual(await run("g.V().has('name', 'marko').path().sample(local, 1).count(local)"), [1], 'a path is no collection here');
    const seeded = "g.withStrategies(new SeedStrategy(seed: 999999)).V().values('name').order().fold().sample(local, 3)";
    const first = await run(seeded);
    assert.equal((first[0] as unknown[]).length, 3);
    assert.deepEqual(await run(seeded), first);
  }));

test('groupCount(key) and group(key) count every traverser before any passes, so select(key) sees all', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().groupCount('a').select('a').count(local)"), [5, 5, 5, 5, 5]);
    assert.deepEqual(await run("g.V().group('a').by('name').by().select('a').count(local)"), [5, 5, 5, 5, 5]);
  }));

test('two groupCount() steps sharing a side-effect key each group by their own by()', () =>
  withSmallGraph(async ({ run }) => {
    const [m] = await run("g.V().union(repeat(out()).times(2).groupCount('m').by('lang'), repeat(__.in()).times(2).groupCount('m').by('name')).cap('m')");
    assert.deepEqual([...(m as Map<string, number>)].sort(), [['java', 2], ['marko', 2]]);
  }));

test("a second by() names the step as TinkerPop's messages do", () =>
  withSmallGraph(async ({ run }) => {
    const message = (text: string) => (e: unknown) => e instanceof QuiverError && e.code === 'BY_ALREADY_SET' && e.message.includes(text);
    await assert.rejects(run("g.V().groupCount('x').by('name').by('age')"), message('GroupCount step can only have one by modulator'));
    await assert.rejects(run("g.V().sample(1).by('age').by(id)"), message('Sample step can only have one by modulator'));
    await assert.rejects(run("g.V().group().by('name').by('age').by(id)"), message('The key and value traversals for group()-step have already been set'));
  }));
