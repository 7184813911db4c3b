/**
 * profile() and profile(key) as TinkerPop's TraversalMetrics: one entry per step as it ran,
 * with the real traverser and object counts, its own time and its share of the total; the
 * JSON shape and the table TinkerPop writes; and the metrics in /gremlin's answer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraversalMetrics } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';
import { withServer } from '../../http/helpers.js';

function metricsOf(results: unknown[]): TraversalMetrics {
  assert.equal(results.length, 1);
  const [m] = results;
  assert.ok(m instanceof TraversalMetrics);
  return m;
}

test('profile() yields one TraversalMetrics with the count of each step as it ran', () =>
  withSmallGraph(async ({ run }) => {
    const m = metricsOf(await run("g.V().out('knows').values('name').profile()"));
    assert.deepEqual(m.metrics.map((s) => [s.id, s.name, s.count, s.traversers]), [
      ['0.0.0()', 'graph(V())', 5, 5],
      ['1.0.0()', 'vertex(OUT(knows))', 2, 2],
      ['2.0.0()', 'properties(values(name))', 2, 2],
    ]);
    const own = m.metrics.reduce((sum, s) => sum + s.durationMs, 0);
    assert.ok(Math.abs(own - m.durationMs) < 1e-6, 'the steps add up to the total');
    assert.ok(m.metrics.every((s) => s.durationMs >= 0 && s.percentDuration >= 0));
    assert.ok(Math.abs(m.metrics.reduce((sum, s) => sum + s.percentDuration, 0) - 100) < 1e-6 || m.durationMs === 0);
  }));

test('counts are real: a bulked traverser counts once as a traverser and by its bulk as objects', () =>
  withSmallGraph(async ({ run }) => {
    const m = metricsOf(await run('g.inject(1).repeat(union(identity(), identity())).times(3).profile()'));
    const repeat = m.metrics[1]!;
    assert.equal(repeat.count, 8);
    assert.ok(repeat.traversers < 8, `repeat() bulks its output: ${repeat.traversers} traversers`);
  }));

test('profile(key) passes every traverser on and stores the metrics for cap(key)', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual((await run("g.V().hasLabel('person').profile('m').values('name')")).sort(), ['josh', 'marko', 'vadas']);
    const m = metricsOf(await run("g.V().hasLabel('person').profile('m').cap('m')"));
    assert.deepEqual(m.metrics.map((s) => s.count), [3]);
  }));

test("the metrics write TinkerPop's JSON shape and table", () =>
  withSmallGraph(async ({ run, graph }) => {
    const m = metricsOf(await run("g.V().has('name', 'marko').out().profile()"));
    const json = JSON.parse(JSON.stringify(m)) as { dur: number; metrics: { id: string; name: string; counts: Record<string, number>; dur: number; annotations: Record<string, number> }[] };
    assert.equal(json.dur, m.durationMs);
    assert.deepEqual(json.metrics.map((s) => s.counts), m.metrics.map((s) => ({ traverserCount: s.traversers, elementCount: s.count })));
    assert.deepEqual(Object.keys(json.metrics[0]!), ['id', 'name', 'counts', 'dur', 'annotations']);
    assert.deepEqual(Object.keys(json.metrics[0]!.annotations), ['percentDur']);
    const [asJson] = await graph.gremlin("g.V().has('name', 'marko').out().profile()", { json: {} });
    assert.deepEqual(Object.keys(asJson as object), ['dur', 'metrics']);
    const table = String(m).split('\n');
    assert.equal(table[0], 'Traversal Metrics');
    assert.match(table[1]!, /^Step\s+Count\s+Traversers\s+Time \(ms\)\s+% Dur$/);
    assert.match(table.at(-1)!, /^\s+>TOTAL\s+-\s+-\s+\d+\.\d{3}\s+-$/);
  }));

test('/gremlin answers profile() with the metrics in their JSON shape', () =>
  withServer(async (server) => {
    const reply = await server.call('POST', '/gremlin', { gremlin: 'g.inject(1, 2, 3).is(gt(1)).profile()' });
    assert.equal(reply.status, 200, reply.text);
    const [metrics] = (JSON.parse(reply.text) as { result: { data: { dur: number; metrics: { counts: { elementCount: number } }[] }[] } }).result.data;
    assert.ok(typeof metrics?.dur === 'number');
    assert.deepEqual(metrics.metrics.map((s) => s.counts.elementCount), [3, 2]);
  }));
