/**
 * TinkerPop's modern graph, loaded from the shared GraphSON file into a fresh in-memory
 * database, for API tests that want the graph every Gremlin user knows.
 * @module
 */
import { readFileSync } from 'node:fs';
import { open, type Database, type Graph } from '../../src/index.js';
import { loadGraphson } from '../tck/graphson.js';
import { sharedPath } from '../shared-dir.js';

/**
 * A new in-memory database holding the modern graph as `modern` (ids 1-6, edges 7-12).
 *
 * @example
 * ```ts
 * const { db, graph } = await openModern();
 * ```
 */
export async function openModern(): Promise<{ db: Database; graph: Graph }> {
  const db = await open();
  const graph = await db.createGraph('modern', { 'schema.auto_create': true });
  await loadGraphson(graph, readFileSync(sharedPath('tinkerpop', 'data', 'tinkerpop-modern-v3.json'), 'utf8'));
  return { db, graph };
}

/**
 * Queries on the modern graph whose results cover every result kind: vertices, edges, vertex
 * properties, properties, paths (of elements and of values), trees and maps.
 */
export const RESULT_KIND_QUERIES: readonly string[] = [
  'g.V()',
  'g.E()',
  'g.V().properties()',
  'g.E().properties()',
  "g.V().out('created').path()",
  "g.V().as('a').out().as('b').path().by('name')",
  'g.V().out().out().tree()',
  'g.V(1).outE().inV().path()',
  'g.V().group().by(label)',
];
