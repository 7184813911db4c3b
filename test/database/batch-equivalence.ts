/**
 * What the columnar-against-per-element batch property tests share: a batch call's outcome (ids
 * as text, or the QuiverError's code and message), a graph's stored elements in a stable order,
 * and the comparison of the two paths over random batch lists.
 * @module
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { QuiverError } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

/** The ids a batch call resolved with, or the error it failed with. */
export type Outcome = { ids: string[] } | { error: string };

/** Runs a batch call and returns its {@link Outcome}; an error other than a QuiverError is rethrown. */
export async function outcome(run: () => Promise<ReadonlyArray<{ toString(): string } | string | number | bigint>>): Promise<Outcome> {
  try {
    return { ids: (await run()).map(String) };
  } catch (error) {
    if (!(error instanceof QuiverError)) throw error;
    return { error: `${error.code}: ${error.message}` };
  }
}

/** Every stored edge as [id, label, out, in, properties], sorted by id. */
export async function storedEdges(graph: Graph): Promise<unknown[]> {
  const { edges } = await graph.edges({ limit: 100_000 });
  return edges.map((e) => [String(e.id), e.label, String(e.outV), String(e.inV), e.properties]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/** Every stored vertex as [id, label, properties], sorted by id. */
export async function storedVertices(graph: Graph): Promise<unknown[]> {
  const { vertices } = await graph.vertices({ limit: 100_000 });
  return vertices.map((v) => [String(v.id), v.label, v.properties]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/**
 * Runs random batch lists against two fresh graphs, one through the columnar call and one
 * through the per-element call, asserting after each batch the same outcome and at the end the
 * same stored elements; asserts that at least `minWritten` elements were written over all runs.
 */
export async function assertSameBatches<T>(
  batches: fc.Arbitrary<T[][]>,
  paths: {
    readonly graph: () => Promise<Graph>;
    readonly columnar: (graph: Graph, batch: T[]) => Promise<ReadonlyArray<{ toString(): string }>>;
    readonly perElement: (graph: Graph, batch: T[]) => Promise<ReadonlyArray<{ toString(): string }>>;
    readonly stored: (graph: Graph) => Promise<unknown[]>;
    readonly numRuns: number;
    readonly minWritten: number;
  },
): Promise<void> {
  let written = 0;
  await fc.assert(
    fc.asyncProperty(batches, async (list) => {
      const columnar = await paths.graph();
      const perElement = await paths.graph();
      for (const batch of list) {
        const a = await outcome(() => paths.columnar(columnar, batch));
        const b = await outcome(() => paths.perElement(perElement, batch));
        assert.deepEqual(a, b);
        if ('ids' in a) written += a.ids.length;
      }
      assert.deepEqual(await paths.stored(columnar), await paths.stored(perElement));
    }),
    { numRuns: paths.numRuns },
  );
  assert.ok(written > paths.minWritten, `the batches must mostly succeed to compare stored graphs (${written} elements written)`);
}
