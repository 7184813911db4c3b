/**
 * The graph the limit tests run on: three vertices a → b → c → a in an auto-create graph, a
 * cycle on which repeat() never ends by itself.
 * @module
 */
import { open } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

/**
 * Opens an in-memory database with the cycle graph `g`.
 *
 * @example
 * ```ts
 * const { graph, close } = await cycleGraph({ queryTimeoutMs: 200 });
 * ```
 */
export async function cycleGraph(options: Parameters<typeof open>[0] = {}): Promise<{ graph: Graph; close: () => Promise<void> }> {
  const db = await open(options);
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  await graph.gremlin(
    "g.addV('n').property('name','a').as('a').addV('n').property('name','b').as('b').addV('n').property('name','c').as('c')" +
      ".addE('next').from('a').to('b').addE('next').from('b').to('c').addE('next').from('c').to('a').iterate()",
    { timeoutMs: 0 },
  );
  return { graph, close: () => db.close() };
}
