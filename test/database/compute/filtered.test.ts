/**
 * rings-with-filter and links on worker threads: HugeGraph-Computer's LinksTest graph and its
 * expected walks, rings filtered by vertex and edge rules (with `$message`) against a brute
 * force, and the safe filter language refusing everything outside it at submission.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { open, QuiverError } from '../../../src/index.js';
import type { Graph } from '../../../src/index.js';
import { evaluateFilter, parseFilter } from '../../../src/engine/compute/filter-language.js';

/** LinksTest's graph: users A–F, pay and know edges with a weight. */
async function linksGraph(): Promise<{ graph: Graph; edge: (from: string, label: string, to: string) => string; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('links');
  const s = graph.schema();
  await s.propertyKey('weight').asDouble().create();
  await s.vertexLabel('user').useCustomizeStringId().create();
  await s.edgeLabel('pay').sourceLabel('user').targetLabel('user').properties('weight').create();
  await s.edgeLabel('know').sourceLabel('user').targetLabel('user').properties('weight').create();
  for (const id of ['A', 'B', 'C', 'D', 'E', 'F']) await graph.addVertex('user', {}, { id });
  const list: [string, string, string, number][] = [
    ['A', 'know', 'C', 1], ['A', 'pay', 'C', 1], ['A', 'pay', 'B', 4], ['B', 'pay', 'D', 0.5], ['D', 'know', 'B', 5], ['D', 'pay', 'A', 1],
    ['E', 'pay', 'D', 4], ['E', 'know', 'D', 4], ['C', 'pay', 'E', 3], ['C', 'know', 'E', 2], ['F', 'pay', 'E', 5],
  ];
  const ids = new Map<string, string>();
  for (const [from, label, to, weight] of list) ids.set(`${from}-${label}-${to}`, String((await graph.addEdge(label, { out: from, in: to, properties: { weight } })).id));
  return { graph, edge: (from, label, to) => ids.get(`${from}-${label}-${to}`)!, close: () => db.close() };
}

test("links follows HugeGraph-Computer's LinksTest: walks end on an edge-end match, spread along rising pay weights", async () => {
  const { graph, edge, close } = await linksGraph();
  try {
    const analyzeConfig = JSON.stringify({
      start_vertexes: ['A', 'B', 'C', 'D', 'E'],
      edge_end_condition: { label: 'pay', property_filter: '$out.weight >= 4' },
      edge_compare_condition: { label: 'pay', property_filter: '$out.weight > $in.weight' },
    });
    const { values } = await graph.compute('links', { analyzeConfig }, { workers: 2 }).result;
    const e = edge;
    assert.deepEqual(
      [...(values.get('A') ?? [])].sort(),
      [`{A, ${e('A', 'pay', 'B')}, B}`, `{B, ${e('B', 'pay', 'D')}, D, ${e('D', 'pay', 'A')}, A, ${e('A', 'pay', 'B')}, B}`, `{D, ${e('D', 'pay', 'A')}, A, ${e('A', 'pay', 'B')}, B}`].sort(),
    );
    assert.deepEqual(
      [...(values.get('E') ?? [])].sort(),
      [`{E, ${e('E', 'pay', 'D')}, D}`, `{A, ${e('A', 'pay', 'C')}, C, ${e('C', 'pay', 'E')}, E, ${e('E', 'pay', 'D')}, D}`, `{C, ${e('C', 'pay', 'E')}, E, ${e('E', 'pay', 'D')}, D}`].sort(),
    );
    assert.deepEqual([...values.keys()].sort(), ['A', 'E']);
    await graph.setReadMode('ALL');
    assert.equal((await graph.gremlin("g.V('A').values('links')")).length, 3);
    const ended = await graph.compute('links', {
      analyzeConfig: JSON.stringify({ start_vertexes: ['C'], vertex_end_condition: { label: 'user', property_filter: 'true' }, edge_compare_condition: { label: 'pay' } }),
    }).result;
    assert.deepEqual([...ended.values], [['C', ['{C}']]], 'a start vertex matching the vertex end records itself');
  } finally {
    await close();
  }
});

test('rings-with-filter keeps the cycles whose vertices and edges pass their rules; $message is the previous edge', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('rf', { 'schema.auto_create': true });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(4), fc.nat(4), fc.integer({ min: 1, max: 3 })), { maxLength: 14 }), fc.boolean(), async (pairs, withMessage) => {
        await graph.gremlin('g.V().drop()');
        await graph.addVertices([0, 1, 2, 3, 4].map((i) => ({ label: i === 4 ? 'hub' : 'node', properties: { rank: i }, id: i })));
        for (const [s, t, w] of pairs) await graph.addEdge('link', { out: s, in: t, properties: { w } });
        const edgeRule = withMessage ? '$element.w >= $message.w' : '$element.w >= 2';
        const propertyFilter = JSON.stringify({ vertex_filter: [{ label: 'hub', property_filter: '$element.rank < 0' }], edge_filter: [{ label: '*', property_filter: edgeRule }] });
        const { values } = await graph.compute('ringsWithFilter', { propertyFilter, maxSuperStep: 5 }).result;
        const found = [...values.values()].flat().sort();
        const out = new Map<number, [number, number][]>();
        for (const [s, t, w] of pairs) out.set(s, [...(out.get(s) ?? []), [t, w]]);
        const expected = new Set<string>();
        const walk = (path: number[], weights: number[]): void => {
          for (const [u, w] of out.get(path[path.length - 1]!) ?? []) {
            const ok = withMessage ? weights.length === 0 || w >= weights[weights.length - 1]! : w >= 2;
            if (!ok || u === 4) continue;
            if (u === path[0] && path.length >= 2) expected.add(`[${[...path, u].join(', ')}]`);
            else if (u > path[0]! && !path.includes(u) && path.length < 5) walk([...path, u], [...weights, w]);
          }
        };
        for (let s = 0; s < 4; s++) walk([s], []);
        assert.deepEqual(found, [...expected].sort());
      }),
      { numRuns: 25 },
    );
  } finally {
    await db.close();
  }
});

test('the filter language refuses method calls, assignments, new, class names, arithmetic and unknown variables', () => {
  const allowed = { allowed: ['$element', '$message'], where: 'test' };
  for (const text of ['$element.name.length()', '$element.x = 1', 'new java.io.File("x")', 'Runtime.getRuntime()', '$element.w + 1 > 2', '$other.w > 1', 'System.exit(0)', '$element.w > 1;', '$element', '1 > ']) {
    assert.throws(() => parseFilter(text, allowed), (e: QuiverError) => e.code === 'COMPUTE_PARAM', text);
  }
  const values: Readonly<Record<string, number | string | boolean>> = { '$element.w': 1, '$element.s': 'b', '$element.f': true, '$message.w': 2 };
  const read = (variable: string, key: string): number | string | boolean | undefined => values[`${variable}.${key}`];
  const holds = (text: string): boolean => evaluateFilter(parseFilter(text, allowed), read);
  assert.equal(holds('$element.w == 1.0'), true, '1 equals 1.0');
  assert.equal(holds("$element.s > 'a' && $element.f"), true);
  assert.equal(holds('!($element.w >= $message.w) || $element.missing == 1'), true);
  assert.equal(holds('$element.missing != 1'), false, 'a comparison with an absent value is false');
  assert.equal(holds('$element.f > false'), false, 'booleans are not ordered');
});

test('bad filter configurations are refused at submission', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('bad', { 'schema.auto_create': true });
    for (const params of [
      { propertyFilter: '{"vertex_filter":[{"label":"x","property_filter":"$element.a()"}]}' },
      { propertyFilter: '{"vertex_filter":[{"label":"x","property_filter":"$message.a > 1"}]}' },
      { propertyFilter: '{"edges":[]}' },
      { propertyFilter: 'not json' },
    ]) {
      assert.throws(() => graph.compute('ringsWithFilter', params), (e: QuiverError) => e.code === 'COMPUTE_PARAM', params.propertyFilter);
    }
    for (const analyzeConfig of ['', '{"start_vertexes":[],"edge_end_condition":{"label":"p"},"edge_compare_condition":{"label":"p"}}', '{"start_vertexes":["A"],"edge_compare_condition":{"label":"p"}}', '{"start_vertexes":["A"],"edge_end_condition":{"label":"p","property_filter":"$element.w > 1"},"edge_compare_condition":{"label":"p"}}']) {
      assert.throws(() => graph.compute('links', { analyzeConfig }), (e: QuiverError) => e.code === 'COMPUTE_PARAM', analyzeConfig);
    }
  } finally {
    await db.close();
  }
});
