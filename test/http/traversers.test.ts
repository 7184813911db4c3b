/**
 * Traverser routes through fastify inject on HugeGraph's test fixture (notes §8), in both path
 * families: GET forms with JSON-literal ids, POST forms with snake_case bodies, and HugeGraph's
 * 400s for bad ids, missing vertices, bad directions and exceeded capacity.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber } from '../../src/index.js';
import { testServer } from './helpers.js';
import { withFixture } from './traverser-fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph/traversers';
const LEGACY = '/graphs/hugegraph/traversers';
const id = (v: string): string => encodeURIComponent(JSON.stringify(v));

test('GET traversers in both path families give the reference results of notes §5', () =>
  withFixture(async (server) => {
    const kout = await server.call('GET', `${G}/kout?source=${id('1:marko')}&max_depth=2`);
    assert.equal(kout.status, 200);
    assert.deepEqual(kout.json.vertices, ['1:josh']);
    assert.deepEqual(Object.keys(kout.json.measure), ['edge_iterations', 'vertice_iterations', 'cost(ns)']);
    const any = await server.call('GET', `${LEGACY}/kout?source=${id('1:marko')}&max_depth=2&nearest=false`);
    assert.deepEqual([...any.json.vertices].sort(), ['1:josh', '1:peter', '2:ripple']);
    assert.deepEqual((await server.call('GET', `${LEGACY}/shortestpath?source=${id('1:marko')}&target=${id('1:josh')}&max_depth=3`)).json.path, ['1:marko', '1:peter', '1:josh']);
    assert.equal((await server.call('GET', `${G}/jaccardsimilarity?vertex=${id('1:marko')}&other=${id('1:peter')}`)).json.jaccard_similarity, 0.25);
    assert.equal((await server.call('GET', `${G}/rays?source=${id('1:marko')}&max_depth=10`)).json.rays.length, 2);
    assert.equal((await server.call('GET', `${LEGACY}/rings?source=${id('1:marko')}&max_depth=10`)).json.rings.length, 1);
    assert.equal((await server.call('GET', `${G}/crosspoints?source=${id('1:marko')}&target=${id('1:vadas')}&max_depth=10`)).json.crosspoints.length, 2);
    const edges = await server.call('GET', `${G}/edgeexist?source=${id('1:marko')}&target=${id('1:peter')}&label=knows`);
    assert.deepEqual(edges.json.edges.map((e: { label: string }) => e.label), ['knows']);
    const sorted = (values: string): string => `${G}/edgeexist?source=${id('1:marko')}&target=${id('1:peter')}&label=knows&sort_values=${values}`;
    assert.equal((await server.call('GET', sorted('2021-01-01'))).json.edges.length, 1);
    assert.equal((await server.call('GET', sorted('2020-01-01'))).json.edges.length, 0);
  }));

test('POST traversers take snake_case bodies with steps, selectors and property filters', () =>
  withFixture(async (server) => {
    const steps = Array.from({ length: 3 }, () => ({ labels: [], degree: 100, skip_degree: 100 }));
    assert.deepEqual((await server.call('POST', `${G}/count`, { source: '1:marko', steps })).json, { count: 3 });
    const kout = await server.call('POST', `${LEGACY}/kout`, { source: '1:marko', steps: { direction: 'OUT', edge_steps: [{ label: 'knows', properties: { weight: 'P.gt(0.3)' } }] }, max_depth: 2, with_path: true });
    assert.equal(kout.status, 200);
    assert.deepEqual(kout.json.kout, ['1:josh']);
    assert.deepEqual(kout.json.paths, [{ objects: ['1:marko', '1:peter', '1:josh'] }]);
    const multi = await server.call('POST', `${G}/multinodeshortestpath`, { vertices: { ids: ['1:marko', '1:josh', '1:vadas', '1:peter'] }, step: { direction: 'BOTH' }, max_depth: 10 });
    assert.equal(multi.json.paths.length, 6);
    const template = await server.call('POST', `${G}/templatepaths`, { sources: { ids: ['1:marko'] }, targets: { ids: ['1:vadas'] }, steps: [{ direction: 'OUT', labels: ['knows'], max_times: 3 }] });
    assert.deepEqual(template.json.paths, [{ objects: ['1:marko', '1:peter', '1:josh', '1:vadas'] }]);
  }));

test('the routes write the typed answers back in HugeGraph\'s shapes: field names, key order, the forms\' differences', () =>
  withFixture(async (server) => {
    const keys = async (method: string, url: string, body?: unknown): Promise<string[]> => Object.keys((await server.call(method, url, body)).json);
    assert.deepEqual(await keys('GET', `${G}/kout?source=${id('1:marko')}&max_depth=2&count_only=true`), ['vertices_size', 'measure']);
    assert.deepEqual(await keys('POST', `${G}/kout`, { source: '1:marko', steps: {}, max_depth: 1 }), ['kout', 'size', 'paths', 'vertices', 'edges', 'measure']);
    // KneighborAPI lists the neighbours' ids under vertices too, not only with with_vertex.
    const kneighbor = await server.call('POST', `${G}/kneighbor`, { source: '1:marko', steps: { direction: 'OUT', edge_steps: [{ label: 'created' }] }, max_depth: 3 });
    assert.deepEqual([kneighbor.json.kneighbor, kneighbor.json.vertices], [['2:ripple'], ['2:ripple']]);
    assert.deepEqual((await server.call('GET', `${G}/egonet?source=${id('1:vadas')}&max_depth=1`)).json, { vertices: ['1:vadas', '1:josh'] });
    assert.deepEqual(await keys('POST', `${G}/egonet`, { sources: ['1:vadas'], steps: {}, max_depth: 1 }), ['egonet', 'size', 'paths', 'vertices', 'edges']);
    assert.deepEqual(await keys('GET', `${G}/paths?source=${id('1:marko')}&target=${id('1:vadas')}&max_depth=10`), ['paths', 'measure']);
    assert.deepEqual(await keys('GET', `${G}/sameneighbors?vertex=${id('1:marko')}&other=${id('1:josh')}`), ['same_neighbors', 'measure']);
    assert.deepEqual(await keys('POST', `${G}/sameneighbors`, { vertex_list: ['1:marko', '1:josh'] }), ['same_neighbors', 'vertices', 'measure']);
    const unreachable = await server.call('GET', `${G}/weightedshortestpath?source=${id('1:marko')}&target=${id('2:lop')}&weight=weight`);
    assert.deepEqual(unreachable.json.path, {});
    assert.deepEqual((await server.call('GET', `${G}/adamicadar?vertex=${id('1:marko')}&other=${id('1:josh')}`)).json, { adamic_adar: 1 / Math.log(3) });
    assert.deepEqual((await server.call('POST', `${G}/personalrank`, { source: '1:marko', label: 'created', max_depth: 2 })).json, { '1:peter': (0.85 * 0.85) / 2 });
    assert.deepEqual(Object.keys((await server.call('POST', `${G}/neighborrank`, { source: '1:marko', steps: [{}], alpha: 0.9 })).json), ['ranks']);
    // REST aliases: degree for max_degree in a step, traverse_mode for algorithm.
    const aliased = await server.call('POST', `${G}/kout`, { source: '1:marko', steps: { degree: 1 }, max_depth: 1, traverse_mode: 'depth_first_search' });
    assert.deepEqual(aliased.json.kout, ['2:ripple']);
  }));

test('traverser routes answer 400 with HugeGraph\'s messages for a bad id, a missing vertex, a bad direction, exceeded capacity and a POST without steps', () =>
  withFixture(async (server) => {
    const bad = async (method: string, url: string, message: RegExp, body?: unknown): Promise<void> => {
      const r = await server.call(method, url, body);
      assert.equal(r.status, 400, url);
      assert.match(r.json.message, message);
    };
    await bad('GET', `${G}/kout?source=marko&max_depth=2`, /^The vertex id must be formatted as Number\/String\/UUID, but got 'marko'$/);
    await bad('GET', `${G}/kout?source=${id('1:nobody')}&max_depth=2`, /^The source vertex with id '1:nobody' does not exist$/);
    await bad('GET', `${G}/kneighbor?source=${id('1:marko')}&max_depth=2&direction=out`, /^Direction value must be in \[OUT, IN, BOTH\]$/);
    await bad('GET', `${G}/kneighbor?source=${id('1:marko')}&max_depth=3&capacity=2&limit=-1`, /^Exceed capacity '2' while finding kneighbor$/);
    await bad('GET', `${G}/kout?source=${id('1:marko')}&max_depth=two`, /^Invalid request: querystring\/max_depth must be integer$/);
    await bad('POST', `${G}/kout`, /steps parameter can't be null/, { source: '1:marko', max_depth: 2 });
  }));

test('GET /openapi.json lists every traverser parameter of notes §5.1 with its type', () =>
  withFixture(async (server) => {
    const doc = (await server.call('GET', '/openapi.json', undefined, { authorization: '' })).json;
    const kout = doc.paths['/graphs/{graph}/traversers/kout'];
    const params = new Map<string, any>(kout.get.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.schema]));
    for (const name of ['source', 'direction', 'label', 'max_depth', 'nearest', 'count_only', 'max_degree', 'capacity', 'limit']) assert.ok(params.has(name), name);
    assert.equal(params.get('max_depth').type, 'integer');
    assert.equal(params.get('nearest').type, 'boolean');
    const body = kout.post.requestBody.content['application/json'].schema.properties;
    for (const name of ['source', 'steps', 'max_depth', 'nearest', 'count_only', 'capacity', 'limit', 'with_vertex', 'with_path', 'with_edge', 'traverse_mode']) assert.ok(name in body, name);
    assert.equal(body.steps.type, 'object');
    assert.ok('edge_steps' in body.steps.properties);
    const rank = doc.paths['/graphspaces/{graphspace}/graphs/{graph}/traversers/personalrank'].post.requestBody.content['application/json'].schema.properties;
    assert.equal(rank.alpha.type, 'number');
    assert.equal(rank.with_label.type, 'string');
  }));

test('traverser routes write long ids past 2^53 as exact JSON numbers (hugegraph-notes 7.1) and safe longs as numbers', async () => {
  const server = await testServer();
  try {
    const schema = '/graphspaces/DEFAULT/graphs/hugegraph/schema';
    assert.equal((await server.call('POST', `${schema}/vertexlabels`, { name: 'node', id_strategy: 'CUSTOMIZE_NUMBER' })).status, 201);
    assert.equal((await server.call('POST', `${schema}/edgelabels`, { name: 'link', source_label: 'node', target_label: 'node' })).status, 201);
    const graph = server.state.graph('DEFAULT', 'hugegraph');
    const big = new TypedNumber('long', 2n ** 60n + 1n);
    await graph.addVertex('node', {}, { id: new TypedNumber('long', 7n) });
    await graph.addVertex('node', {}, { id: big });
    await graph.addEdge('link', { out: new TypedNumber('long', 7n), in: big });
    const r = await server.call('GET', `${G}/kout?source=7&max_depth=1&direction=OUT`);
    assert.equal(r.status, 200);
    assert.match(r.text, /^\{"vertices":\[1152921504606846977\],"measure":/);
    const path = await server.call('POST', `${G}/kout`, { source: 7, steps: { direction: 'OUT' }, max_depth: 1, with_path: true });
    assert.match(path.text, /"paths":\[\{"objects":\[7,1152921504606846977\]\}\]/);
  } finally {
    await server.close();
  }
});

test('traverser replies write DATE values as HugeGraph does (yyyy-MM-dd HH:mm:ss.SSS), as the element routes do', async () => {
  const server = await testServer();
  try {
    const schema = '/graphspaces/DEFAULT/graphs/hugegraph/schema';
    assert.equal((await server.call('POST', `${schema}/propertykeys`, { name: 'born', data_type: 'DATE' })).status, 202);
    assert.equal((await server.call('POST', `${schema}/vertexlabels`, { name: 'node', id_strategy: 'CUSTOMIZE_STRING', properties: ['born'] })).status, 201);
    assert.equal((await server.call('POST', `${schema}/edgelabels`, { name: 'link', source_label: 'node', target_label: 'node' })).status, 201);
    const graph = server.state.graph('DEFAULT', 'hugegraph');
    await graph.addVertex('node', { born: new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 6)) }, { id: 'a' });
    await graph.addVertex('node', { born: new Date(Date.UTC(2021, 0, 1)) }, { id: 'b' });
    await graph.addEdge('link', { out: 'a', in: 'b' });
    const element = await server.call('GET', `/graphspaces/DEFAULT/graphs/hugegraph/graph/vertices/${id('b')}`);
    const born = element.json.properties.born as string;
    assert.match(born, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    const kout = await server.call('POST', `${G}/kout`, { source: 'a', steps: { direction: 'OUT' }, max_depth: 1, with_vertex: true });
    assert.equal(kout.status, 200, kout.text);
    assert.deepEqual(kout.json.vertices.map((v: { properties: { born: string } }) => v.properties.born), [born]);
  } finally {
    await server.close();
  }
});
