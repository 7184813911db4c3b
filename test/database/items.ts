/**
 * Helpers of the durability tests: numbered `item` vertices added in small batches, read back.
 * @module
 */
import { TypedNumber } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

/**
 * Adds `item` vertices with ids and `n` from `from` to `to` (exclusive), ten per batch, so
 * that every batch is one WAL record.
 *
 * @example
 * ```ts
 * await addItems(graph, 0, 100);
 * ```
 */
export async function addItems(graph: Graph, from: number, to: number): Promise<void> {
  for (let first = from; first < to; first += 10) {
    await graph.addVertices(Array.from({ length: 10 }, (_, i) => ({ label: 'item', id: first + i, properties: { n: first + i } })));
  }
}

/**
 * The ids of the `item` vertices, as sorted numbers.
 *
 * @example
 * ```ts
 * assert.deepEqual(await itemIds(graph), [0, 1, 2]);
 * ```
 */
export async function itemIds(graph: Graph): Promise<number[]> {
  return (await graph
    .vertices({ label: 'item' })).vertices
    .map((v) => Number(v.id))
    .sort((a, b) => a - b);
}
