/**
 * One traversal, two ways to run it: Quiver's own fluent API on the graph (embedded) and the
 * `gremlin` npm driver over the Gremlin Server socket (remote). Quiver's `process` export
 * mirrors gremlin-javascript's `process`, so the same function builds the traversal on either
 * side; the results are compared as {@link canonical} values.
 * @module
 */
import gremlin from 'gremlin';
import { process as quiverProcess } from '../../../src/index.js';
import type { GraphTraversal, GraphTraversalSource } from '../../../src/index.js';
import { canonical } from './fixture.js';
import type { RemoteSource } from './fixture.js';

/** The Gremlin vocabulary a traversal is built from (Quiver's, or the driver's under the same names). */
export type Vocabulary = typeof quiverProcess;

/** Builds a traversal on a source with a vocabulary. */
export type Build = (g: GraphTraversalSource, p: Vocabulary) => GraphTraversal;

/** The driver's vocabulary, under Quiver's type: the names and shapes are the same. */
export const REMOTE_VOCABULARY = gremlin.process as unknown as Vocabulary;

/** The canonical results of a traversal, or `{ failed: true }` when it fails (the two sides word errors differently). */
async function outcome(run: () => Promise<unknown[]>): Promise<unknown> {
  try {
    return canonical(await run());
  } catch {
    return { failed: true };
  }
}

/** Runs `build` embedded and remote and returns both results, canonical. */
export async function bothWays(build: Build, sides: { readonly embedded: GraphTraversalSource; readonly remote: RemoteSource }): Promise<{ embedded: unknown; remote: unknown }> {
  const embedded = await outcome(() => build(sides.embedded, quiverProcess).toList());
  const remote = await outcome(() => build(sides.remote as unknown as GraphTraversalSource, REMOTE_VOCABULARY).toList());
  return { embedded, remote };
}
