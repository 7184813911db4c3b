/**
 * Route tests (fastify inject) of Part B rules found by the audit of issue 9 that need more
 * schema than the conformance table's fixture: dates and UUID sets under batch update
 * strategies, and the batch update of an AUTOMATIC vertex label.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataServer } from './fixture.js';
import type { DataServer } from './fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

async function auditServer(): Promise<DataServer> {
  const server = await dataServer();
  const s = () => server.graph.schema();
  await s().propertyKey('born').asDate().ifNotExist().create();
  await s().propertyKey('badges').asUUID().valueSet().ifNotExist().create();
  await s().vertexLabel('member').properties('name', 'born', 'badges').primaryKeys('name').nullableKeys('born', 'badges').ifNotExist().create();
  await s().vertexLabel('event').properties('name').nullableKeys('name').ifNotExist().create();
  await s().edgeLabel('follows').sourceLabel('member').targetLabel('member').properties('born').nullableKeys('born').ifNotExist().create();
  return server;
}

const member = (name: string, properties: Record<string, unknown> = {}): Record<string, unknown> => ({ label: 'member', properties: { name, ...properties } });

test('batch update: BIGGER and SMALLER compare dates given as text with stored dates (spec Part B 2.5)', async () => {
  const server = await auditServer();
  try {
    assert.equal((await server.call('POST', `${G}/graph/vertices`, member('ann', { born: '2000-01-01 00:00:00.000' }))).status, 201);
    const later = await server.call('PUT', `${G}/graph/vertices/batch`, { vertices: [member('ann', { born: '2010-06-01 00:00:00.000' })], update_strategies: { born: 'BIGGER' } });
    assert.equal(later.status, 200, later.text);
    assert.equal(later.json.vertices[0].properties.born, '2010-06-01 00:00:00.000');
    const earlier = await server.call('PUT', `${G}/graph/vertices/batch`, { vertices: [member('ann', { born: '2005-01-01 00:00:00.000' })], update_strategies: { born: 'BIGGER' } });
    assert.equal(earlier.json.vertices[0].properties.born, '2010-06-01 00:00:00.000');
    const smaller = await server.call('PUT', `${G}/graph/vertices/batch`, { vertices: [member('ann', { born: '1999-12-31' })], update_strategies: { born: 'SMALLER' } });
    assert.equal(smaller.json.vertices[0].properties.born, '1999-12-31 00:00:00.000');
    const bob = await server.call('POST', `${G}/graph/vertices`, member('bob'));
    assert.equal(bob.status, 201);
    const follows = { label: 'follows', outV: later.json.vertices[0].id, inV: bob.json.id, outVLabel: 'member', inVLabel: 'member' };
    const created = await server.call('POST', `${G}/graph/edges`, { ...follows, properties: { born: '2001-01-01' } });
    assert.equal(created.status, 201, created.text);
    const edge = await server.call('PUT', `${G}/graph/edges/batch`, { edges: [{ ...follows, properties: { born: '2002-02-02' } }], update_strategies: { born: 'BIGGER' } });
    assert.equal(edge.status, 200, edge.text);
    assert.equal(edge.json.edges[0].properties.born, '2002-02-02 00:00:00.000');
    const bad = await server.call('PUT', `${G}/graph/vertices/batch`, { vertices: [member('ann', { born: 'not a date' })], update_strategies: { born: 'BIGGER' } });
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /^Invalid property value 'not a date' for key 'born'/);
  } finally {
    await server.close();
  }
});

test('batch update: ELIMINATE and INTERSECTION match UUIDs given as text with stored UUIDs', async () => {
  const server = await auditServer();
  const [a, b, c] = ['0a1b2c3d-0000-4000-8000-000000000001', '0a1b2c3d-0000-4000-8000-000000000002', '0a1b2c3d-0000-4000-8000-000000000003'];
  try {
    assert.equal((await server.call('POST', `${G}/graph/vertices`, member('cat', { badges: [a, b, c] }))).status, 201);
    const eliminated = await server.call('PUT', `${G}/graph/vertices/batch`, { vertices: [member('cat', { badges: [a] })], update_strategies: { badges: 'ELIMINATE' } });
    assert.equal(eliminated.status, 200, eliminated.text);
    assert.deepEqual([...eliminated.json.vertices[0].properties.badges].sort(), [b, c]);
    const intersected = await server.call('PUT', `${G}/graph/vertices/batch`, { vertices: [member('cat', { badges: [c.toUpperCase()] })], update_strategies: { badges: 'INTERSECTION' } });
    assert.deepEqual(intersected.json.vertices[0].properties.badges, [c]);
  } finally {
    await server.close();
  }
});

test('vertex batch update: an AUTOMATIC vertex label is 400 and creates nothing, as HugeGraph answers', async () => {
  const server = await auditServer();
  try {
    const before = (await server.call('GET', `${G}/graph/vertices?label=event`)).json.vertices.length;
    const res = await server.call('PUT', `${G}/graph/vertices/batch`, { vertices: [{ label: 'event', properties: { name: 'x' } }], update_strategies: { name: 'OVERRIDE' } });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(res.json, { exception: 'class java.lang.IllegalArgumentException', message: 'Automatic Id strategy is not supported now', cause: '' });
    assert.equal((await server.call('GET', `${G}/graph/vertices?label=event`)).json.vertices.length, before);
  } finally {
    await server.close();
  }
});
