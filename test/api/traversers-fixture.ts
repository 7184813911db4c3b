/**
 * HugeGraph's REST test fixture graph (spec notes §8): persons marko, vadas, josh, peter and
 * software ripple, lop, with primary-key ids ('1:marko'...), knows and created edges weighted.
 * @module
 */
import { open } from '../../src/index.js';
import type { Database, Graph } from '../../src/index.js';

/**
 * A new in-memory database holding the fixture as `hugegraph`.
 *
 * @example
 * ```ts
 * const { db, graph } = await openFixture();
 * ```
 */
export async function openFixture(): Promise<{ db: Database; graph: Graph }> {
  const db = await open();
  const graph = await db.createGraph('hugegraph', { 'schema.auto_create': true });
  const persons: [string, number, string][] = [['marko', 29, 'Beijing'], ['vadas', 27, 'HongKong'], ['josh', 32, 'Beijing'], ['peter', 35, 'Shanghai']];
  for (const [name, age, city] of persons) await graph.addVertex('person', { name, age, city }, { id: `1:${name}` });
  for (const [name, price] of [['ripple', 199], ['lop', 328]] as const) await graph.addVertex('software', { name, lang: 'java', price }, { id: `2:${name}` });
  // HugeGraph's test defines the edge label created before knows, so created has the lower
  // label id and comes first in every adjacency scan; adding a created edge first does the same
  // here, and the order-sensitive reference results (count marko 3 steps → 3) depend on it.
  const edges: [string, string, string, number][] = [
    ['1:marko', 'created', '2:ripple', 0.2],
    ['1:peter', 'created', '2:ripple', 0.1],
    ['1:marko', 'knows', '1:peter', 0.5],
    ['1:peter', 'knows', '1:josh', 0.4],
    ['1:josh', 'knows', '1:vadas', 0.3],
  ];
  for (const [out, label, inV, weight] of edges) await graph.addEdge(label, { out, in: inV, properties: { date: '2021-01-01', weight } });
  return { db, graph };
}
