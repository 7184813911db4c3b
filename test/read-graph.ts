/**
 * Reads a graph through the GraphSource port on a view pinned now, released when done: what
 * tests check beside the public reads (counts, slots, index lookups).
 * @module
 */
import type { Graph, GraphSource } from '../src/index.js';

/**
 * `fn`'s answer on a view of `graph` as of now.
 *
 * @example
 * ```ts
 * const edges = readGraph(graph, (s) => s.edgeCount());
 * ```
 */
export function readGraph<T>(graph: Graph, fn: (source: GraphSource) => T): T {
  const view = graph.openReadView();
  try {
    return fn(view.source);
  } finally {
    view.release();
  }
}
