/**
 * Loading an R-MAT graph into a Quiver graph: the `node`/`link` schema, vertices through
 * Graph.write in batches of 10k, and edges with one `addEdgesBulk` call per batch (the bulk
 * loading path). Shared by the storage and traverser benchmarks.
 * @module
 */
import type { Graph } from '../src/index.js';
import type { RmatGraph } from './rmat.js';

const BATCH = 10_000;

/**
 * Defines the `node` vertex label (customised number ids) and the `link` edge label.
 *
 * @example
 * ```ts
 * await defineSchema(graph);
 * ```
 */
export async function defineSchema(graph: Graph): Promise<void> {
  await graph.schema().vertexLabel('node').useCustomizeNumberId().create();
  await graph.schema().edgeLabel('link').sourceLabel('node').targetLabel('node').singleTime().create();
}

/**
 * Loads the R-MAT vertices through Graph.write in batches of 10k; returns their slots and the load time in ms.
 *
 * @example
 * ```ts
 * const { slots } = await loadVertices(graph, rmat);
 * ```
 */
export async function loadVertices(graph: Graph, rmat: RmatGraph): Promise<{ slots: Int32Array; vertexMs: number }> {
  const slots = new Int32Array(rmat.vertexCount);
  const start = performance.now();
  for (let first = 0; first < rmat.vertexCount; first += BATCH) {
    const last = Math.min(first + BATCH, rmat.vertexCount);
    await graph.write((w) => {
      for (let v = first; v < last; v++) slots[v] = w.addVertex('node', { id: v });
    });
  }
  return { slots, vertexMs: performance.now() - start };
}

/**
 * Loads the vertices through Graph.write, then the edges with one addEdgesBulk call per batch of 10k; returns the
 * vertex slots and load times in ms.
 *
 * @example
 * ```ts
 * const { vertexMs, edgeMs } = await loadGraphBulk(graph, generateRmat({ scale: 16 }));
 * ```
 */
export async function loadGraphBulk(graph: Graph, rmat: RmatGraph): Promise<{ slots: Int32Array; vertexMs: number; edgeMs: number }> {
  const { slots, vertexMs } = await loadVertices(graph, rmat);
  const outs = new Int32Array(BATCH);
  const ins = new Int32Array(BATCH);
  const start = performance.now();
  for (let first = 0; first < rmat.edgeCount; first += BATCH) {
    const n = Math.min(BATCH, rmat.edgeCount - first);
    for (let i = 0; i < n; i++) {
      outs[i] = slots[rmat.sources[first + i]!]!;
      ins[i] = slots[rmat.targets[first + i]!]!;
    }
    await graph.write((w) => {
      if (w.addEdgesBulk === undefined) throw new Error('The store writer lacks addEdgesBulk');
      w.addEdgesBulk('link', outs.subarray(0, n), ins.subarray(0, n));
    });
  }
  return { slots, vertexMs, edgeMs: performance.now() - start };
}

