import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError } from '../../src/index.js';
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
    assert.deepEqual(Object.keys(rays.measure), ['edge_iterations', 'vertice_iterations', 'cost(ns)']);
    const rings = await t.rings({ source: '1:marko', maxDepth: 10 });
    assert.deepEqual(objects(rings, 'rings'), [['1:marko', '2:ripple', '1:peter', '1:marko']]);
    assert.equal((rings.edges as unknown[]).length, 3);
    const cross = await t.crosspoints({ source: '1:marko', target: '1:vadas', maxDepth: 10 });
    assert.deepEqual(cross.crosspoints, [
      { crosspoint: '1:josh', objects: ['1:marko', '1:peter', '1:josh', '1:vadas'] },
      { crosspoint: '1:peter', objects: ['1:marko', '2:ripple', '1:peter', '1:josh', '1:vadas'] },
    ]);
    const steps = Array.from({ length: 3 }, () => ({ labels: [], degree: 100, skipDegree: 100 }));
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
    assert.deepEqual(objects(away, 'rings'), [['1:vadas', '1:josh', '1:peter', '2:ripple', '1:marko', '1:peter']]);
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
    assert.deepEqual(Object.keys(both), ['paths', 'measure']);
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
    const steps = [{ direction: 'OUT', labels: ['knows'], weightBy: 'weight' }, { direction: 'OUT', weightBy: 'weight' }];
    const plain = await t.customizedpaths({ sources: { ids: ['1:marko'] }, steps });
    assert.deepEqual(plain.paths, [
      { objects: ['1:marko', '1:peter', '2:ripple'], weights: [0.5, 0.1] },
      { objects: ['1:marko', '1:peter', '1:josh'], weights: [0.5, 0.4] },
    ]);
    const decr = await t.customizedpaths({ sources: { ids: ['1:marko'] }, steps, sortBy: 'DECR', limit: 1 });
    assert.deepEqual(decr.paths, [{ objects: ['1:marko', '1:peter', '1:josh'], weights: [0.5, 0.4] }]);
    const sampled = await t.customizedpaths({ sources: { ids: ['1:marko'] }, steps: [steps[0], { ...steps[1], sample: 1 }] });
    assert.deepEqual(sampled.paths, [{ objects: ['1:marko', '1:peter', '1:josh'], weights: [0.5, 0.4] }]);
    const knows = { direction: 'OUT', labels: ['knows'] };
    const template = { sources: { ids: ['1:marko'] }, targets: { ids: ['1:vadas'] } };
    assert.deepEqual(objects(await t.templatepaths({ ...template, steps: [{ ...knows, maxTimes: 3 }] })), [['1:marko', '1:peter', '1:josh', '1:vadas']]);
    assert.deepEqual(objects(await t.templatepaths({ ...template, steps: [knows] })), []);
    const ring = { sources: { ids: ['1:marko'] }, targets: { ids: ['1:marko'] }, steps: [{ direction: 'BOTH', maxTimes: 3 }] };
    assert.deepEqual(objects(await t.templatepaths(ring)), []);
    assert.ok(objects(await t.templatepaths({ ...ring, withRing: true })).some((p) => p.join() === '1:marko,2:ripple,1:peter,1:marko'));
    await assert.rejects(t.templatepaths({ ...template, steps: [] }), (e: unknown) => e instanceof QuiverError && e.code === 'TRAVERSER_ARGUMENT');
  } finally {
    await db.close();
  }
});

test('customizedcrosspoints keeps the ends every source reaches', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const r = await t.customizedcrosspoints({ sources: { ids: ['1:marko', '1:josh'] }, pathPatterns: [{ steps: [{ direction: 'BOTH' }] }], withPath: true });
    assert.deepEqual(r.crosspoints, ['1:peter']);
    assert.deepEqual(objects(r), [['1:marko', '1:peter'], ['1:josh', '1:peter']]);
    const none = await t.customizedcrosspoints({ sources: { ids: ['1:marko', '2:lop'] }, pathPatterns: [{ steps: [{ direction: 'BOTH' }] }] });
    assert.deepEqual(none.crosspoints, []);
  } finally {
    await db.close();
  }
});

test('fusiformsimilarity, neighborrank, personalrank and edgeexist on the fixture graph', async () => {
  const { db, graph } = await openFixture();
  try {
    const t = graph.traversers;
    const fusi = await t.fusiformsimilarity({ sources: { ids: ['1:marko'] }, label: 'created', direction: 'OUT', minNeighbors: 1, alpha: 1, withIntermediary: true });
    assert.deepEqual(fusi.similars, { '1:marko': [{ id: '1:peter', score: 1, intermediaries: ['2:ripple'] }] });
    assert.deepEqual(fusi.vertices, ['1:marko', '1:peter', '2:ripple']);
    const none = await t.fusiformsimilarity({ sources: { ids: ['1:marko'] }, label: 'created', direction: 'OUT', minNeighbors: 2, alpha: 1 });
    assert.deepEqual(none.similars, {});
    const ranks = await t.neighborrank({ source: '1:marko', steps: [{ direction: 'BOTH' }, { direction: 'BOTH' }], alpha: 0.9 });
    assert.deepEqual(ranks.ranks, [{ '1:marko': 1 }, { '2:ripple': 0.45, '1:peter': 0.45 }, { '1:josh': 0.45 * 0.9 / 3 }]);
    const pr = await t.personalrank({ source: '1:marko', label: 'created', maxDepth: 2 });
    assert.deepEqual(Object.keys(pr), ['1:peter', '2:ripple']);
    assert.equal(pr['1:peter'], (0.85 * 0.85) / 2);
    assert.deepEqual(Object.keys(await t.personalrank({ source: '1:marko', label: 'created', maxDepth: 2, withLabel: 'SAME_LABEL' })), ['1:peter']);
    const exist = await t.edgeexist({ source: '1:marko', target: '1:peter' });
    assert.deepEqual(exist.edges.map((e) => e.label), ['knows']);
    assert.deepEqual((await t.edgeexist({ source: '1:peter', target: '1:marko' })).edges, []);
    assert.deepEqual((await t.edgeexist({ source: '1:marko', target: '1:peter', label: 'created' })).edges, []);
  } finally {
    await db.close();
  }
});
