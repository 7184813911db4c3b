/**
 * The schema work that runs as tasks of a graph (hugegraph-notes §3): building or rebuilding
 * index labels, and removing a schema element with its elements. The schema and rebuild routes
 * both submit them.
 * @module
 */
import { removeLabelElements } from '../../index.js';
import type { Graph, SchemaOperations, TaskRegistry } from '../../index.js';

/**
 * Submits a task that builds the given index labels' indexes one after another in yielding
 * chunks (`restart`: a rebuild, which empties each index first); progress counts slots visited
 * over all of them. Task type `rebuild_index`, as HugeGraph names both creation and rebuild.
 */
export async function indexBuildTask(tasks: TaskRegistry, graph: Graph, names: readonly string[], restart: boolean, creator: string): Promise<number> {
  const name = names.join(',');
  return tasks.submit({ type: 'rebuild_index', name, callable: 'RebuildIndexJob', input: name, creator }, async ({ progress, signal }) => {
    let before = 0;
    for (const index of names) {
      before += await graph.buildIndex(index, { restart, signal, progress: (done) => progress(before + done) });
    }
    return { index_labels: names, indexed: before };
  });
}

/**
 * What a removal task removes: a schema element of `kind` (HugeGraph's job name prefix), first
 * the vertices or edges of the label when `elements` is given, then the element itself.
 */
interface Removal {
  readonly kind: string;
  readonly elements?: 'vertex' | 'edge';
  readonly remove: (ops: SchemaOperations) => Promise<unknown>;
}

/**
 * Submits a task (type `remove_schema`) that removes the schema element `name` as `what` says;
 * its progress and result count the elements removed.
 */
export async function removalTask(tasks: TaskRegistry, graph: Graph, name: string, what: Removal, creator: string): Promise<number> {
  return tasks.submit({ type: 'remove_schema', name, callable: `${what.kind}RemoveJob`, input: name, creator }, async ({ progress, signal }) => {
    const removed = what.elements === undefined ? 1 : await removeLabelElements(graph, { kind: what.elements, name }, { signal, progress });
    signal.throwIfAborted();
    await what.remove(graph.schemaOperations());
    progress(removed);
    return { removed };
  });
}
