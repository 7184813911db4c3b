/**
 * Removal of a label's elements in chunks, the work of a label deletion task: each chunk is one
 * atomic, durable write, and the task returns to the event loop between chunks, so reads and
 * writes of other requests go on, progress can be watched and a cancel stops it between chunks.
 * @module
 */
import { SchemaCatalog } from '../../storage/index.js';
import type { GraphCore } from './graph-core.js';

/**
 * How a chunked removal runs: `chunk` elements per write (default 1000), a `signal` checked
 * between chunks, and `progress` told the count removed so far.
 *
 * @example
 * ```ts
 * const options: ChunkedRemoval = { chunk: 500, progress: (n) => console.log(n) };
 * ```
 */
export interface ChunkedRemoval {
  readonly chunk?: number;
  readonly signal?: AbortSignal;
  readonly progress?: (removed: number) => void;
}

/**
 * Removes every vertex (with its edges) or every edge of a label, `chunk` elements per atomic
 * write, and resolves with the count removed. The label itself stays: remove it afterwards
 * through the schema, which then has nothing left to delete. Before the first chunk the label's
 * removal is tried on a copy of the schema, so a label that cannot be removed (an edge label
 * still links it, or it does not exist) fails with the schema's error before any element is
 * touched. A cancelled removal stops with the signal's reason, keeping the chunks already written.
 *
 * @example
 * ```ts
 * const removed = await removeLabelElements(graph, { kind: 'vertex', name: 'person' }, { chunk: 500 });
 * await graph.schemaOperations().removeVertexLabel('person');
 * ```
 */
export async function removeLabelElements(graph: GraphCore, label: { readonly kind: 'vertex' | 'edge'; readonly name: string }, options: ChunkedRemoval = {}): Promise<number> {
  const chunk = Math.max(1, options.chunk ?? 1000);
  const vertex = label.kind === 'vertex';
  const probe = SchemaCatalog.fromJSON(graph.catalog().toJSON());
  if (vertex) probe.removeVertexLabel(label.name);
  else probe.removeEdgeLabel(label.name);
  let removed = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const n = await graph.write((w) => {
      const slots: number[] = [];
      for (const slot of vertex ? w.vertexSlots(label.name) : w.edgeSlots(label.name)) {
        slots.push(slot);
        if (slots.length === chunk) break;
      }
      for (const slot of slots) {
        if (vertex) w.removeVertex(slot);
        else w.removeEdge(slot);
      }
      return slots.length;
    });
    removed += n;
    options.progress?.(removed);
    if (n < chunk) return removed;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
