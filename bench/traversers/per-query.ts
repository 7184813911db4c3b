import { open } from '../../src/index.js';
import { __ } from '../../src/engine/index.js';
import { generateRmat } from '../rmat.js';
import { defineSchema, loadGraphBulk } from '../rmat-load.js';

const rmat = generateRmat({ scale: 10, edgeFactor: 16, seed: 1 });
const db = await open();
const graph = await db.createGraph('rmat', { 'vertex.tx_capacity': 20_000, 'edge.tx_capacity': 20_000 });
await defineSchema(graph);
await loadGraphBulk(graph, rmat);
const g = graph.traversal();
const api = graph.traversers;
const N = 3000;
for (const [name, f] of [
  ['gremlin k1', (s: number) => g.V(s).repeat(__.both().dedup()).times(1).count().next()],
  ['gremlin sp', (s: number) => g.V(s).repeat(__.both().dedup()).until(__.hasId(s + 1)).limit(1).path().toList()],
  ['api kneighbor1', (s: number) => api.kneighbor({ source: s, maxDepth: 1, direction: 'BOTH', maxDegree: -1, capacity: -1, limit: -1 })],
  ['api sp', (s: number) => api.shortestpath({ source: s, target: s + 1, maxDepth: 64, direction: 'BOTH', maxDegree: -1, capacity: -1 })],
] as const) {
  for (let i = 0; i < 300; i++) await f(i);
  const t = performance.now();
  for (let i = 0; i < N; i++) await f(i % 1000);
  console.log(name, (((performance.now() - t) / N) * 1000).toFixed(1), 'µs/query');
}
await db.close();
