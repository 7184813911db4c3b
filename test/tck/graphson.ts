/**
 * Loads TinkerPop's GraphSON 3.0 adjacency-list files (one vertex a line, with its `outE`,
 * `inE` and `properties`) into a Quiver graph through the public write API, keeping the
 * original ids, their types, multi-properties and meta-properties (FORMAT.md §6). The reading
 * itself is the engine's io() reader (src/engine/io), so the suite's graphs and `io().read()`
 * go through one GraphSON implementation.
 * @module
 */
import type { GraphWriter } from '../../src/index.js';
import { writeDocument, type LoadCounts } from '../../src/engine/io/document.js';
import { parseGraphson } from '../../src/engine/io/graphson.js';

/**
 * Anything with an atomic write batch, such as a Quiver `Graph`.
 *
 * @example
 * ```ts
 * const target: WriteTarget = await db.createGraph('modern', { 'schema.auto_create': true });
 * ```
 */
export interface WriteTarget {
  write<T>(fn: (writer: GraphWriter) => T): Promise<T>;
}

/**
 * Loads GraphSON 3.0 text into a graph in one atomic batch: vertices first (in file order, with
 * their ids, multi-properties and meta-properties), then the edges from `outE`.
 *
 * @example
 * ```ts
 * const graph = await db.createGraph('modern', { 'schema.auto_create': true });
 * await loadGraphson(graph, readFileSync('tinkerpop-modern-v3.json', 'utf8'));   // { vertices: 6, edges: 6 }
 * ```
 */
export async function loadGraphson(target: WriteTarget, text: string): Promise<LoadCounts> {
  const document = parseGraphson(text);
  return target.write((w) => writeDocument(w, document));
}
