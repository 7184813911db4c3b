/**
 * HugeGraph's REST test fixture (notes §8) on a test server: the schema through REST, then
 * persons marko, vadas, josh, peter and software ripple, lop with primary-key ids, and weighted
 * knows and created edges.
 * @module
 */
import assert from 'node:assert/strict';
import { testServer } from './helpers.js';
import type { TestServer } from './helpers.js';

async function fixture(server: TestServer): Promise<void> {
  const schema = '/graphspaces/DEFAULT/graphs/hugegraph/schema';
  for (const [name, type] of [['name', 'TEXT'], ['age', 'INT'], ['city', 'TEXT'], ['lang', 'TEXT'], ['price', 'INT'], ['date', 'TEXT'], ['weight', 'DOUBLE']]) {
    assert.equal((await server.call('POST', `${schema}/propertykeys`, { name, data_type: type })).status, 202);
  }
  for (const body of [
    { name: 'person', properties: ['name', 'age', 'city'], primary_keys: ['name'] },
    { name: 'software', properties: ['name', 'lang', 'price'], primary_keys: ['name'] },
  ]) assert.equal((await server.call('POST', `${schema}/vertexlabels`, body)).status, 201);
  for (const body of [
    { name: 'created', source_label: 'person', target_label: 'software', properties: ['date', 'weight'] },
    { name: 'knows', source_label: 'person', target_label: 'person', properties: ['date', 'weight'], frequency: 'MULTIPLE', sort_keys: ['date'] },
  ]) assert.equal((await server.call('POST', `${schema}/edgelabels`, body)).status, 201);
  const graph = server.state.graph('DEFAULT', 'hugegraph');
  for (const [name, age, city] of [['marko', 29, 'Beijing'], ['vadas', 27, 'HongKong'], ['josh', 32, 'Beijing'], ['peter', 35, 'Shanghai']] as const) {
    await graph.addVertex('person', { name, age, city });
  }
  for (const [name, price] of [['ripple', 199], ['lop', 328]] as const) await graph.addVertex('software', { name, lang: 'java', price });
  for (const [out, label, inV, weight] of [
    ['1:marko', 'knows', '1:peter', 0.5], ['1:peter', 'knows', '1:josh', 0.4], ['1:josh', 'knows', '1:vadas', 0.3],
    ['1:marko', 'created', '2:ripple', 0.2], ['1:peter', 'created', '2:ripple', 0.1],
  ] as const) await graph.addEdge(label, { out, in: inV, properties: { date: '2021-01-01', weight } });
}

/**
 * Runs `body` against a test server holding the fixture, closing it afterwards.
 *
 * @example
 * ```ts
 * await withFixture(async (server) => { await server.call('GET', url); });
 * ```
 */
export async function withFixture(body: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await testServer();
  try {
    await fixture(server);
    await body(server);
  } finally {
    await server.close();
  }
}
