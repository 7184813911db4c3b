import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TypedNumber, Uuid, type GraphWriter, type PropertyValue } from '../../src/index.js';
import { withSideEffects } from './execute.js';
import { graphsonValue } from '../../src/engine/io/graphson.js';
import { loadGraphson } from './graphson.js';
import { parseNotation } from './notation.js';
import { defaultSuiteDir, reportLine, runSuite } from './runner.js';
import { repoRoot } from '../repo-root.js';

test('withSideEffects inserts withSideEffect calls right after the leading g', () => {
  const text = withSideEffects('  g.V().cap("a")', [['a', parseNotation('s[]')], ['m', parseNotation('m[{"x":"d[1].l"}]')]]);
  assert.equal(text, 'g.withSideEffect("a", {}).withSideEffect("m", ["x": 1l]).V().cap("a")');
  assert.equal(withSideEffects('g.V()', []), 'g.V()');
});

test('reportLine prints FAIL with file:line, name and reason', () => {
  assert.equal(reportLine({ id: 'map/Count.feature:21', name: 'g_V_count', status: 'failed', reason: 'engine unavailable' }), 'FAIL map/Count.feature:21 g_V_count — engine unavailable');
  assert.equal(reportLine({ id: 'a:1', name: 'n', status: 'failed', reason: 'r', line: 30 }), 'FAIL a:1 n — r (step at line 30)');
  assert.equal(reportLine({ id: 'a:1', name: 'n', status: 'passed' }), 'PASS a:1 n');
});

test('defaultSuiteDir resolves beside the clone in ../shared/tinkerpop', () => {
  assert.match(defaultSuiteDir('features'), /shared[/\\]tinkerpop[/\\]features$/);
  assert.equal(existsSync(defaultSuiteDir('data')), existsSync(defaultSuiteDir('features')));
});

test('GraphSON values read for the suite keep their Java type', () => {
  assert.equal(graphsonValue({ '@type': 'g:Int32', '@value': 29 }), 29);
  assert.deepEqual(graphsonValue({ '@type': 'g:Int64', '@value': 3 }), new TypedNumber('long', 3n));
  assert.deepEqual(graphsonValue({ '@type': 'g:Double', '@value': 0.5 }), new TypedNumber('double', 0.5));
  assert.deepEqual(graphsonValue({ '@type': 'g:Float', '@value': 0.5 }), new TypedNumber('float', 0.5));
  assert.deepEqual(graphsonValue({ '@type': 'g:UUID', '@value': 'AB7A2E8F-0000-4000-8000-000000000000' }), new Uuid('ab7a2e8f-0000-4000-8000-000000000000'));
  assert.deepEqual(graphsonValue({ '@type': 'g:List', '@value': ['a', { '@type': 'g:Int32', '@value': 1 }] }), ['a', 1]);
  assert.equal(graphsonValue('marko'), 'marko');
  assert.throws(() => graphsonValue({ '@type': 'g:Nope', '@value': 1 }), /unsupported type 'g:Nope'/);
});

const CREW_LIKE = [
  '{"id":{"@type":"g:Int32","@value":1},"label":"person","outE":{"uses":[{"id":{"@type":"g:Int32","@value":16},"inV":{"@type":"g:Int32","@value":2},"properties":{"skill":{"@type":"g:Int32","@value":5}}}]},"properties":{"name":[{"id":{"@type":"g:Int64","@value":0},"value":"marko"}],"location":[{"id":{"@type":"g:Int64","@value":6},"value":"san diego","properties":{"startTime":{"@type":"g:Int32","@value":1997}}},{"id":{"@type":"g:Int64","@value":7},"value":"santa cruz"}]}}',
  '{"id":{"@type":"g:Int32","@value":2},"label":"software","inE":{"uses":[{"id":{"@type":"g:Int32","@value":16},"outV":{"@type":"g:Int32","@value":1}}]},"properties":{"location":[{"id":{"@type":"g:Int64","@value":8},"value":"x"}]}}',
].join('\n');

test('loadGraphson writes vertices with ids, list properties and meta-properties, then edges once', async () => {
  const calls: string[] = [];
  const slots = new Map<unknown, number>();
  const writer = {
    addVertex: (label: string, o: { id: unknown }) => {
      slots.set(o.id, slots.size);
      calls.push(`V ${String(o.id)} ${label}`);
      return slots.size - 1;
    },
    setVertexProperty: (slot: number, key: string, value: PropertyValue, o: { cardinality: string; meta: ReadonlyArray<readonly [string, unknown]> }) => {
      calls.push(`P ${slot} ${key}=${String(value)} ${o.cardinality} ${o.meta.map(([k, v]) => `${k}:${String(v)}`).join(',')}`);
    },
    vertexSlot: (id: unknown) => slots.get(id) ?? -1,
    addEdge: (label: string, ends: { out: number; in: number }, o: { id: unknown; properties?: ReadonlyArray<readonly [string, unknown]> }) => {
      calls.push(`E ${String(o.id)} ${label} ${ends.out}->${ends.in} ${(o.properties ?? []).map(([k, v]) => `${k}:${String(v)}`).join(',')}`);
      return 0;
    },
  } as unknown as GraphWriter;
  const counts = await loadGraphson({ write: async (fn) => fn(writer) }, CREW_LIKE);
  assert.deepEqual(counts, { vertices: 2, edges: 1 });
  assert.deepEqual(calls, [
    'V 1 person',
    'P 0 name=marko single ',
    'P 0 location=san diego list startTime:1997',
    'P 0 location=santa cruz list ',
    'V 2 software',
    'P 1 location=x list ',
    'E 16 uses 0->1 skill:5',
  ]);
  assert.deepEqual(await loadGraphson({ write: async (fn) => fn(writer) }, CREW_LIKE + '\n\n'), { vertices: 2, edges: 1 });
});

test('runSuite reports passes, failures and skips of a fixture folder through the worker', { timeout: 120_000 }, async () => {
  const seen: string[] = [];
  const summary = await runSuite({
    featuresDir: join(repoRoot(), 'test', 'tck', 'fixtures'),
    dataDir: defaultSuiteDir('data'),
    onResult: (r) => seen.push(r.name),
  });
  const status = Object.fromEntries(summary.reports.map((r) => [r.name, r.status]));
  assert.deepEqual(status, {
    passes_count: 'passed',
    fails_on_purpose_count: 'failed',
    skipped_by_tag: 'skipped',
    passes_with_parameter: 'passed',
    passes_on_empty_graph_with_created_vertex: 'passed',
    passes_with_expected_error: 'passed',
  });
  const failure = summary.reports.find((r) => r.status === 'failed');
  assert.match(failure?.reason ?? '', /d\[7\]\.l/);
  assert.equal(summary.passRate, 4 / 5);
  assert.equal(seen.length, 6);
});
