import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError } from '../../src/index.js';
import type { KoutOptions, PlainId, TemplatePathsOptions } from '../../src/index.js';
import { openFixture } from './traversers-fixture.js';
import { cycleGraph } from './cycle-graph.js';

const sorted = (xs: readonly unknown[]): unknown[] => [...xs].map(String).sort();

async function rejectsWith(p: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => e instanceof QuiverError && e.code === code && message.test(e.message));
}

test('graph.traversers gives the reference results of notes §5 on the fixture graph', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    assert.deepEqual((await t.kout({ source: '1:marko', maxDepth: 2 })).ids, ['1:josh']);
    assert.deepEqual(sorted((await t.kout({ source: '1:marko', maxDepth: 2, nearest: false })).ids), ['1:josh', '1:peter', '2:ripple']);
    assert.deepEqual(sorted((await t.kneighbor({ source: '1:marko', maxDepth: 2 })).ids), ['1:josh', '1:peter', '2:ripple']);
    const sp = await t.shortestPath({ source: '1:marko', target: '1:josh', maxDepth: 3 });
    assert.deepEqual(sp.path, ['1:marko', '1:peter', '1:josh']);
    assert.deepEqual(sp.vertices, ['1:marko', '1:peter', '1:josh']);
    assert.equal(sp.edges.length, 2);
    assert.deepEqual(Object.keys(sp.measure), ['edgeIterations', 'vertexIterations', 'costNs']);
    assert.equal((await t.jaccardSimilarity({ vertex: '1:marko', other: '1:peter' })).jaccardSimilarity, 0.25);
    const multi = await t.multiNodeShortestPath({ vertices: { ids: ['1:marko', '1:josh', '1:vadas', '1:peter'] }, step: { direction: 'BOTH' }, maxDepth: 10 });
    assert.equal(multi.paths.length, 6);
  } finally {
    await db.close();
  }
});

test('kout and kneighbor with steps answer ids and size, with paths, vertices and edges on request', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const r = await t.kout({ source: '1:marko', steps: { direction: 'OUT', edgeSteps: [{ label: 'knows' }] }, maxDepth: 2, withPath: true, withVertex: true, withEdge: true });
    assert.deepEqual(r.ids, ['1:josh']);
    assert.equal(r.size, 1);
    assert.deepEqual(r.paths, [{ objects: ['1:marko', '1:peter', '1:josh'] }]);
    assert.deepEqual((r.vertices as { id: unknown }[]).map((v) => v.id), ['1:marko', '1:peter', '1:josh']);
    assert.deepEqual((r.edges as { label: string }[]).map((e) => e.label), ['knows', 'knows']);
    const n = await t.kneighbor({ source: '1:marko', steps: { direction: 'OUT', edgeSteps: [{ label: 'created', properties: { weight: 'P.gt(0.15)' } }] }, maxDepth: 3 });
    assert.deepEqual(n.ids, ['2:ripple']);
    // Without withPath or withVertex the answer lists no vertices besides the ids.
    assert.deepEqual(n.vertices, []);
    const c = await t.kneighbor({ source: '1:marko', steps: { direction: 'BOTH' }, maxDepth: 2, countOnly: true });
    assert.equal(c.size, 3);
    assert.deepEqual(c.ids, []);
    await rejectsWith(t.kout({ source: '1:marko', steps: {}, maxDepth: 1, countOnly: true, withPath: true }), 'TRAVERSER_ARGUMENT', /count only/);
  } finally {
    await db.close();
  }
});

test('deep_first kout follows simple paths: with nearest=false it returns the ends of simple paths, breadth_first the ends of any walk', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const bfs = await t.kout({ source: '1:marko', maxDepth: 3, nearest: false, algorithm: 'breadth_first' });
    const dfs = await t.kout({ source: '1:marko', maxDepth: 3, nearest: false, algorithm: 'deep_first' });
    assert.deepEqual(sorted(bfs.ids), ['1:josh', '1:peter', '1:vadas', '2:ripple']);
    assert.deepEqual(sorted(dfs.ids), ['1:josh', '1:vadas']);
    const post = await t.kout({ source: '1:marko', steps: { direction: 'BOTH' }, maxDepth: 3, nearest: false, algorithm: 'deep_first', withPath: true });
    assert.deepEqual(post.paths, [{ objects: ['1:marko', '2:ripple', '1:peter', '1:josh'] }, { objects: ['1:marko', '1:peter', '1:josh', '1:vadas'] }]);
    assert.deepEqual((await t.kout({ source: '1:marko', maxDepth: 2, algorithm: 'deep_first' })).ids, ['1:josh']);
  } finally {
    await db.close();
  }
});

test('traversers refuse a bad direction, a missing source, a malformed id, bad degrees and an exceeded capacity', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    // JavaScript callers can pass what the types forbid; the library checks every value.
    const untyped = (o: object): KoutOptions => o as KoutOptions;
    await rejectsWith(t.kout(untyped({ source: '1:marko', maxDepth: 1, direction: 'out' })), 'TRAVERSER_DIRECTION', /^Direction value must be in \[OUT, IN, BOTH\]$/);
    await rejectsWith(t.kout({ source: '1:nobody', maxDepth: 1 }), 'TRAVERSER_VERTEX_NOT_FOUND', /^The source vertex with id '1:nobody' does not exist$/);
    await rejectsWith(t.kout(untyped({ source: { a: 1 }, maxDepth: 1 })), 'TRAVERSER_VERTEX_ID', /must be formatted as Number\/String\/UUID/);
    await rejectsWith(t.kneighbor({ source: '1:marko', maxDepth: 1, maxDegree: 10, skipDegree: 5 }), 'TRAVERSER_ARGUMENT', /skipped degree must be >= max degree/);
    await rejectsWith(t.kneighbor({ source: '1:marko', maxDepth: 1, maxDegree: 0 }), 'TRAVERSER_ARGUMENT', /must be > 0 or == -1/);
    await rejectsWith(t.kout({ source: '1:marko', maxDepth: 1, capacity: 5, limit: 10 }), 'TRAVERSER_ARGUMENT', /Capacity can't be less than limit/);
    await rejectsWith(t.kneighbor({ source: '1:marko', maxDepth: 3, capacity: 2, limit: -1 }), 'FRONTIER_CAPACITY', /^Exceed capacity '2' while finding kneighbor$/);
    assert.equal((await t.kneighbor({ source: '1:marko', maxDepth: 3, capacity: -1, limit: -1 })).ids.length, 4);
    assert.deepEqual((await t.kneighbor({ source: '1:marko', maxDepth: 1, maxDegree: 1 })).ids, ['2:ripple']);
  } finally {
    await db.close();
  }
});

test('weighted, single-source, all-shortest, same-neighbour, link-prediction and count traversers on the fixture graph', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const w = await t.weightedShortestPath({ source: '1:marko', target: '1:josh', weight: 'weight' });
    assert.deepEqual(w.path, { weight: 0.7000000000000001, vertices: ['1:marko', '2:ripple', '1:peter', '1:josh'] });
    const ss = await t.singleSourceShortestPath({ source: '1:marko', weight: 'weight', limit: 2 });
    assert.deepEqual(Object.keys(ss.paths), ['2:ripple', '1:peter']);
    const all = await t.allShortestPaths({ source: '1:marko', target: '1:josh', maxDepth: 3 });
    assert.deepEqual(all.paths, [{ objects: ['1:marko', '1:peter', '1:josh'] }]);
    assert.deepEqual((await t.sameNeighbors({ vertex: '1:marko', other: '1:josh' })).sameNeighbors, ['1:peter']);
    assert.deepEqual((await t.sameNeighbors({ vertexList: ['1:marko', '1:josh', '2:ripple'] })).sameNeighbors, ['1:peter']);
    assert.deepEqual((await t.sameNeighborsBatch({ vertexList: [['1:marko', '1:josh'], ['1:peter', '1:vadas']] })).sameNeighbors, [['1:peter'], ['1:josh']]);
    assert.equal((await t.resourceAllocation({ vertex: '1:marko', other: '1:josh' })).resourceAllocation, 1 / 3);
    assert.equal((await t.adamicAdar({ vertex: '1:marko', other: '1:josh' })).adamicAdar, 1 / Math.log(3));
    const top = await t.jaccardSimilarity({ vertex: '1:marko', step: { direction: 'BOTH' }, top: 2 });
    assert.deepEqual(top.jaccardSimilarity, { '1:josh': 1 / 3, '2:ripple': 1 / 3 });
    // JaccardSimilarTraverser keeps the vertices it reaches with no shared neighbour, at 0.
    const zero = await t.jaccardSimilarity({ vertex: '1:vadas', step: { direction: 'BOTH' } });
    assert.deepEqual(zero.jaccardSimilarity, { '1:peter': 1 / 3, '1:josh': 0 });
    assert.deepEqual(await t.count({ source: '1:marko', steps: [{ direction: 'OUT' }, { direction: 'OUT' }] }), { count: 2 });
    assert.deepEqual(await t.count({ source: '1:marko', steps: [{ direction: 'OUT' }, { direction: 'OUT' }], containsTraversed: true }), { count: 5 });
    assert.deepEqual(sorted((await t.egonet({ source: '1:marko', maxDepth: 1 })).ids), ['1:marko', '1:peter', '2:ripple']);
  } finally {
    await db.close();
  }
});

test('a traverser honours cancellation and the time limit', async () => {
  const { db, graph } = await openFixture();
  try {
    const controller = new AbortController();
    controller.abort();
    await rejectsWith(graph.traversers.kneighbor({ source: '1:marko', maxDepth: 3 }, { signal: controller.signal }), 'CANCELLED', /cancelled/);
  } finally {
    await db.close();
  }
});

test('a traverser stops at its timeoutMs and at the graph\'s query time limit with CancelledError TIMEOUT; timeoutMs 0 lifts the limit', { timeout: 30_000 }, async () => {
  // On the cycle a → b → c → a, a template path with rings allowed grows by one hop at a time
  // towards a vertex it never reaches, for as many hops as maxTimes lets it.
  const endless = async (graph: Awaited<ReturnType<typeof cycleGraph>>['graph']): Promise<TemplatePathsOptions> => {
    const [a] = (await graph.gremlin("g.V().has('name','a').id()")) as PlainId[];
    const [z] = (await graph.gremlin("g.addV('n').property('name','z').id()")) as PlainId[];
    return { sources: { ids: [a as PlainId] }, targets: { ids: [z as PlainId] }, steps: [{ direction: 'OUT', maxTimes: 1_000_000_000 }], withRing: true };
  };
  const first = await cycleGraph();
  try {
    const started = Date.now();
    await rejectsWith(first.graph.traversers.templatePaths(await endless(first.graph), { timeoutMs: 100 }), 'TIMEOUT', /deadline/);
    assert.ok(Date.now() - started < 10_000);
  } finally {
    await first.close();
  }
  const limited = await cycleGraph({ queryTimeoutMs: 50 });
  try {
    await rejectsWith(limited.graph.traversers.templatePaths(await endless(limited.graph)), 'TIMEOUT', /deadline/);
    // Lifted, the same call runs past the graph's 50 ms until its own signal stops it.
    const started = Date.now();
    await rejectsWith(limited.graph.traversers.templatePaths(await endless(limited.graph), { timeoutMs: 0, signal: AbortSignal.timeout(300) }), 'CANCELLED', /cancelled/);
    assert.ok(Date.now() - started >= 250);
  } finally {
    await limited.close();
  }
});
