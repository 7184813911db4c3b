/**
 * A small people-and-software graph built with Gremlin in a fresh in-memory database, for the
 * fidelity tests: they need no shared files, so they run on a bare clone.
 * @module
 */
import { open, type Database, type Graph } from '../../../src/index.js';

/** The graph: marko knows vadas and josh, marko and josh created lop, josh created ripple. */
const BUILD = `g.addV('person').property('name', 'marko').property('age', 29).as('marko').
  addV('person').property('name', 'vadas').property('age', 27).as('vadas').
  addV('person').property('name', 'josh').property('age', 32).as('josh').
  addV('software').property('name', 'lop').property('lang', 'java').as('lop').
  addV('software').property('name', 'ripple').property('lang', 'java').as('ripple').
  addE('knows').from('marko').to('vadas').property('weight', 0.5d).
  addE('knows').from('marko').to('josh').property('weight', 1.0d).
  addE('created').from('marko').to('lop').property('weight', 0.4d).
  addE('created').from('josh').to('lop').property('weight', 0.4d).
  addE('created').from('josh').to('ripple').property('weight', 1.0d)`;

/**
 * An open database with the small graph, and a shortcut to run Gremlin text on it.
 *
 * @example
 * ```ts
 * const s = await smallGraph();
 * await s.run("g.V().count()");   // [5]
 * await s.db.close();
 * ```
 */
export interface SmallGraph {
  readonly db: Database;
  readonly graph: Graph;
  run(text: string): Promise<unknown[]>;
}

/**
 * Opens an in-memory database holding the small graph (labels person and software, with
 * automatic schema).
 *
 * @example
 * ```ts
 * const { run, db } = await smallGraph();
 * ```
 */
export async function smallGraph(): Promise<SmallGraph> {
  const db = await open();
  const graph = await db.createGraph('fidelity', { 'schema.auto_create': true });
  await graph.gremlin(BUILD);
  return { db, graph, run: (text) => graph.gremlin(text) };
}

/**
 * Runs `fn` with a fresh small graph and closes its database afterwards.
 *
 * @example
 * ```ts
 * await withSmallGraph(async ({ run }) => assert.deepEqual(await run('g.V().count()'), [5]));
 * ```
 */
export async function withSmallGraph(fn: (s: SmallGraph) => Promise<void>): Promise<void> {
  const s = await smallGraph();
  try {
    await fn(s);
  } finally {
    await s.db.close();
  }
}
