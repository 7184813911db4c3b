import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError } from '../../src/index.js';
import type { CustomizedPathStep, EdgeStep, FusiformSimilarityOptions, TemplatePathsOptions } from '../../src/index.js';
import { openFixture } from './traversers-fixture.js';

const objects = (r: { paths?: unknown; rings?: unknown; rays?: unknown }, key: 'paths' | 'rings' | 'rays' = 'paths'): unknown[][] =>
  (r[key] as { objects: unknown[] }[]).map((p) => p.objects);

test('rays, rings, crosspoints and count give the reference results of notes §5 and §8', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const rays = await t.rays({ source: '1:marko', maxDepth: 10 });
    assert.deepEqual(objects(rays, 'rays'), [
      ['1:marko', '1:peter', '1:josh', '1:vadas'],
      ['1:marko', '2:ripple', '1:peter', '1:josh', '1:vadas'],
    ]);
    assert.deepEqual(Object.keys(rays.measure), ['edgeIterations', 'vertexIterations', 'costNs']);
    const rings = await t.rings({ source: '1:marko', maxDepth: 10 });
    assert.deepEqual(objects(rings, 'rings'), [['1:marko', '2:ripple', '1:peter', '1:marko']]);
    assert.equal((rings.edges as unknown[]).length, 3);
    const cross = await t.crosspoints({ source: '1:marko', target: '1:vadas', maxDepth: 10 });
    assert.deepEqual(cross.crosspoints, [
      { crosspoint: '1:josh', objects: ['1:marko', '1:peter', '1:josh', '1:vadas'] },
      { crosspoint: '1:peter', objects: ['1:marko', '2:ripple', '1:peter', '1:josh', '1:vadas'] },
    ]);
    const steps = Array.from({ length: 3 }, () => ({ labels: [], maxDegree: 100, skipDegree: 100 }));
    assert.deepEqual(await t.count({ source: '1:marko', steps }), { count: 3 });
  } finally {
    await db.close();
  }
});

test('crosspoints with a one-way direction turn once: along it from the source, against it to the target', async () => {
  const { db, graph } = await openFixture();
  try {
    const r = await graph.traversers.crosspoints({ source: '1:marko', target: '1:peter', direction: 'OUT', maxDepth: 3 });
    assert.deepEqual(r.crosspoints, [
      { crosspoint: '1:peter', objects: ['1:marko', '1:peter'] },
      { crosspoint: '2:ripple', objects: ['1:marko', '2:ripple', '1:peter'] },
    ]);
  } finally {
    await db.close();
  }
});

test('rings away from the source and rays cut at max depth', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const away = await t.rings({ source: '1:vadas', maxDepth: 10, sourceInRing: false });
    // SubGraphTraverser's RingPath counts a ring twice only when one vertex list is the other reversed:
    // these two close on peter from opposite sides and are both listed.
    assert.deepEqual(objects(away, 'rings'), [
      ['1:vadas', '1:josh', '1:peter', '2:ripple', '1:marko', '1:peter'],
      ['1:vadas', '1:josh', '1:peter', '1:marko', '2:ripple', '1:peter'],
    ]);
    assert.deepEqual(objects(await t.rings({ source: '1:vadas', maxDepth: 10 }), 'rings'), []);
    assert.deepEqual(objects(await t.rays({ source: '1:marko', maxDepth: 1 }), 'rays'), [['1:marko', '2:ripple'], ['1:marko', '1:peter']]);
    assert.deepEqual(objects(await t.rays({ source: '2:lop', maxDepth: 3 }), 'rays'), [['2:lop']]);
    assert.equal((await t.rays({ source: '1:marko', maxDepth: 10, limit: 1 })).rays.length, 1);
  } finally {
    await db.close();
  }
});

test('paths GET and POST list simple paths shortest first, within max depth and limit', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const both = await t.paths({ source: '1:marko', target: '1:vadas', maxDepth: 10 });
    assert.deepEqual(objects(both), [['1:marko', '1:peter', '1:josh', '1:vadas'], ['1:marko', '2:ripple', '1:peter', '1:josh', '1:vadas']]);
    assert.deepEqual(Object.keys(both), ['paths', 'vertices', 'edges', 'measure']);
    assert.deepEqual(objects(await t.paths({ source: '1:marko', target: '1:vadas', maxDepth: 3 })), [['1:marko', '1:peter', '1:josh', '1:vadas']]);
    assert.deepEqual(objects(await t.paths({ source: '1:marko', target: '1:vadas', direction: 'IN', maxDepth: 10 })), []);
    assert.equal((await t.paths({ source: '1:marko', target: '1:vadas', maxDepth: 10, limit: 1 })).paths.length, 1);
    const post = await t.paths({ sources: { ids: ['1:marko'] }, targets: { label: 'software' }, step: { direction: 'OUT' }, maxDepth: 3, withVertex: true });
    assert.deepEqual(objects(post), [['1:marko', '2:ripple'], ['1:marko', '1:peter', '2:ripple']]);
    assert.deepEqual((post.vertices as { id: unknown }[]).map((v) => v.id), ['1:marko', '2:ripple', '1:peter']);
    assert.equal((post.edges as unknown[]).length, 3);
  } finally {
    await db.close();
  }
});

test('customizedpaths weighs, samples and sorts; templatepaths repeats steps up to max_times', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const steps: CustomizedPathStep[] = [{ direction: 'OUT', labels: ['knows'], weightBy: 'weight' }, { direction: 'OUT', weightBy: 'weight' }];
    // CustomizePathsTraverser: unsorted paths carry no weights.
    const plain = await t.customizedPaths({ sources: { ids: ['1:marko'] }, steps });
    assert.deepEqual(plain.paths, [{ objects: ['1:marko', '1:peter', '2:ripple'] }, { objects: ['1:marko', '1:peter', '1:josh'] }]);
    const decr = await t.customizedPaths({ sources: { ids: ['1:marko'] }, steps, sortBy: 'DECR', limit: 1 });
    assert.deepEqual(decr.paths, [{ objects: ['1:marko', '1:peter', '1:josh'], weights: [0.5, 0.4] }]);
    const knows: EdgeStep = { direction: 'OUT', labels: ['knows'] };
    const template = { sources: { ids: ['1:marko'] }, targets: { ids: ['1:vadas'] } };
    assert.deepEqual(objects(await t.templatePaths({ ...template, steps: [{ ...knows, maxTimes: 3 }] })), [['1:marko', '1:peter', '1:josh', '1:vadas']]);
    assert.deepEqual(objects(await t.templatePaths({ ...template, steps: [knows] })), []);
    const ring: TemplatePathsOptions = { sources: { ids: ['1:marko'] }, targets: { ids: ['1:marko'] }, steps: [{ direction: 'BOTH', maxTimes: 3 }] };
    assert.deepEqual(objects(await t.templatePaths(ring)), []);
    assert.ok(objects(await t.templatePaths({ ...ring, withRing: true })).some((p) => p.join() === '1:marko,2:ripple,1:peter,1:marko'));
    await assert.rejects(t.templatePaths({ ...template, steps: [] }), (e: unknown) => e instanceof QuiverError && e.code === 'TRAVERSER_ARGUMENT');
  } finally {
    await db.close();
  }
});

test('customizedcrosspoints keeps the ends every source reaches', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const r = await t.customizedCrosspoints({ sources: { ids: ['1:marko', '1:josh'] }, pathPatterns: [{ steps: [{ direction: 'BOTH' }] }], withPath: true });
    assert.deepEqual(r.crosspoints, ['1:peter']);
    assert.deepEqual(objects(r), [['1:marko', '1:peter'], ['1:josh', '1:peter']]);
    const none = await t.customizedCrosspoints({ sources: { ids: ['1:marko', '2:lop'] }, pathPatterns: [{ steps: [{ direction: 'BOTH' }] }] });
    assert.deepEqual(none.crosspoints, []);
  } finally {
    await db.close();
  }
});

test('fusiformsimilarity, neighborrank, personalrank and edgeexist on the fixture graph', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const fusi = await t.fusiformSimilarity({ sources: { ids: ['1:marko'] }, label: 'created', direction: 'OUT', minNeighbors: 1, alpha: 1, withIntermediary: true });
    assert.deepEqual(fusi.similars, { '1:marko': [{ id: '1:peter', score: 1, intermediaries: ['2:ripple'] }] });
    assert.deepEqual(fusi.vertices, ['1:marko', '1:peter', '2:ripple']);
    const none = await t.fusiformSimilarity({ sources: { ids: ['1:marko'] }, label: 'created', direction: 'OUT', minNeighbors: 2, alpha: 1 });
    assert.deepEqual(none.similars, {});
    const ranks = await t.neighborRank({ source: '1:marko', steps: [{ direction: 'BOTH' }, { direction: 'BOTH' }], alpha: 0.9 });
    assert.deepEqual(ranks.ranks, neighborRankReference());
    const pr = await t.personalRank({ source: '1:marko', label: 'created', maxDepth: 2 });
    assert.deepEqual(pr.ranks, { '1:peter': (0.85 * 0.85) / 2 });
    const exist = await t.edgeExist({ source: '1:marko', target: '1:peter' });
    assert.deepEqual(exist.edges.map((e) => e.label), ['knows']);
    assert.deepEqual((await t.edgeExist({ source: '1:peter', target: '1:marko' })).edges, []);
    assert.deepEqual((await t.edgeExist({ source: '1:marko', target: '1:peter', label: 'created' })).edges, []);
  } finally {
    await db.close();
  }
});

/**
 * NeighborRankTraverser on the fixture, by hand, from marko with alpha 0.9, two BOTH steps.
 * Step 1: marko's degree is 2 (peter, ripple): 0.45 each. Step 2: peter's edges lead to josh (a
 * new node), ripple (same layer) and marko (already on the path: skipped), so its degree is 2;
 * ripple's lead to marko (skipped) and peter (same layer), degree 1. The same-layer increments
 * go into layer 1 first, then josh gets peter's updated rank × 0.9 / 2.
 */
function neighborRankReference(): Record<string, number>[] {
  const first = (1 * 0.9) / 2;
  const peter = first + (first * 0.9) / 1;
  const ripple = first + (first * 0.9) / 2;
  return [{ '1:marko': 1 }, { '1:peter': peter, '2:ripple': ripple }, { '1:josh': (peter * 0.9) / 2 }];
}

test('personalrank follows PersonalRankTraverser: side by edge direction, direct neighbours left out, with_label by side', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    // Round 3 from marko over `created`: marko and ripple are the root's adjacency and are left out.
    const three = await t.personalRank({ source: '1:marko', label: 'created', maxDepth: 3 });
    assert.deepEqual(three.ranks, { '1:peter': (0.15 * 0.85 * 0.85) / 2 });
    assert.deepEqual((await t.personalRank({ source: '1:marko', label: 'created', maxDepth: 3, withLabel: 'SAME_LABEL' })).ranks, three.ranks);
    assert.deepEqual((await t.personalRank({ source: '1:marko', label: 'created', maxDepth: 3, withLabel: 'OTHER_LABEL' })).ranks, {});
    // From the in side (ripple) the walk starts against the edges.
    assert.deepEqual(Object.keys((await t.personalRank({ source: '2:ripple', label: 'created', maxDepth: 4 })).ranks), []);
    const bad = (e: unknown): boolean => e instanceof QuiverError && e.code === 'TRAVERSER_ARGUMENT';
    await assert.rejects(t.personalRank({ source: '1:peter', label: 'knows' }), bad);
    await assert.rejects(t.personalRank({ source: '1:marko', label: 'created', maxDepth: 1 }), bad);
  } finally {
    await db.close();
  }
});

test('fusiformsimilarity group rules of FusiformSimilarityTraverser: the source\'s own group counts, and both settings go together', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const base: FusiformSimilarityOptions = { sources: { ids: ['1:marko'] }, label: 'created', direction: 'OUT', minNeighbors: 1, alpha: 1 };
    assert.deepEqual((await t.fusiformSimilarity({ ...base, groupProperty: 'name', minGroups: 2 })).similars, { '1:marko': [{ id: '1:peter', score: 1, intermediaries: [] }] });
    assert.deepEqual((await t.fusiformSimilarity({ ...base, groupProperty: 'name', minGroups: 3 })).similars, {});
    const bad = (e: unknown): boolean => e instanceof QuiverError && e.code === 'TRAVERSER_ARGUMENT';
    await assert.rejects(t.fusiformSimilarity({ ...base, groupProperty: 'name' }), bad);
    await assert.rejects(t.fusiformSimilarity({ ...base, minGroups: 1 }), bad);
  } finally {
    await db.close();
  }
});

test('customizedpaths (CustomizePathsTraverser): sort_by sums the weights, sample draws at random per vertex', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    await graph.addEdge('knows', { out: '1:marko', in: '1:vadas', properties: { weight: 3 } });
    await graph.addEdge('knows', { out: '1:vadas', in: '2:lop', properties: { weight: 0.05 } });
    const steps: [CustomizedPathStep, CustomizedPathStep] = [{ direction: 'OUT', labels: ['knows'], weightBy: 'weight' }, { direction: 'OUT', weightBy: 'weight' }];
    // By sum marko-vadas-lop (3.05) is heaviest; by product (0.15) it would come after marko-peter-josh (0.2).
    const decr = await t.customizedPaths({ sources: { ids: ['1:marko'] }, steps, sortBy: 'DECR' });
    assert.deepEqual(decr.paths.map((p) => p.objects), [['1:marko', '1:vadas', '2:lop'], ['1:marko', '1:peter', '1:josh'], ['1:marko', '1:peter', '2:ripple']]);
    assert.deepEqual(decr.paths[0]?.weights, [3, 0.05]);
    const incr = await t.customizedPaths({ sources: { ids: ['1:marko'] }, steps, sortBy: 'INCR', limit: 1 });
    assert.deepEqual(incr.paths.map((p) => p.objects), [['1:marko', '1:peter', '2:ripple']]);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const sampled = await t.customizedPaths({ sources: { ids: ['1:marko'] }, steps: [steps[0], { ...steps[1], sample: 1 }] });
      const ends = sampled.paths.filter((p) => p.objects[1] === '1:peter');
      assert.equal(ends.length, 1);
      seen.add(ends[0]?.objects.join() ?? '');
    }
    assert.deepEqual([...seen].sort(), ['1:marko,1:peter,1:josh', '1:marko,1:peter,2:ripple']);
  } finally {
    await db.close();
  }
});
