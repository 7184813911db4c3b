/**
 * TinkerPop 3.8 branch and map steps beyond the shared sample: the children of g.union() are
 * start traversals, union() children are global (a count spans every input, also when a
 * strategy pushes it down), flatMap() keeps its child's steps out of the path, and select()
 * gives a side-effect as it is whatever the Pop.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSmallGraph } from './small-graph.js';

test('the children of g.union() start the traversal: inject() there gives only its values', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run('g.union(inject(1), inject(2))'), [1, 2]);
    assert.deepEqual((await run("g.union(V().has('name', 'lop').values('name'), inject('x'))")).sort(), ['lop', 'x']);
    assert.deepEqual(await run("g.V().has('name', 'lop').union(inject('x')).count()"), [2], 'mid-traversal, inject() passes its input on too');
  }));

test('a count inside union() counts every input once, with or without the count pushdown', () =>
  withSmallGraph(async ({ run }) => {
    const counts = await run('g.V().union(outE().count(), local(inE().count()))');
    assert.deepEqual(counts[0], 5);
    assert.deepEqual(counts.slice(1).map(Number).sort(), [0, 1, 1, 1, 2]);
    assert.deepEqual(await run("g.withoutStrategies(CountStrategy).V().union(outE().count())"), [5]);
  }));

test('flatMap() and map() add only the child result to the path', () =>
  withSmallGraph(async ({ run }) => {
    const lengths = async (text: string): Promise<number[]> => (await run(text)).map((p) => (p as { objects: unknown[] }).objects.length);
    assert.deepEqual(await lengths("g.V().has('name', 'marko').flatMap(out().out()).path()"), [2, 2]);
    assert.deepEqual(await lengths("g.V().has('name', 'marko').map(out('knows').out()).path()"), [2]);
    assert.deepEqual(await lengths("g.V().has('name', 'marko').local(out('knows').out()).path()"), [3, 3], 'local() keeps the child path');
  }));

test('select(Pop.all, key) gives a side-effect or a map value as it is', () =>
  withSmallGraph(async ({ run }) => {
    const [x] = await run("g.V().groupCount('x').by(label).select(Pop.all, 'x').limit(1)");
    assert.ok(x instanceof Map && x.size === 2);
    assert.deepEqual(await run("g.inject([a: 1]).select(Pop.all, 'a')"), [1]);
    assert.deepEqual(await run("g.V().has('name', 'marko').as('a').out('knows').as('a').select(Pop.all, 'a').count(local)"), [2, 2]);
  }));
