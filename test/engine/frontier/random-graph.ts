/**
 * Random graphs for the frontier property tests: a fast-check arbitrary of small directed
 * multigraphs with two edge labels and a weight on every edge, loaded into a ReferenceGraph,
 * plus a naive adjacency model (plain arrays) that the reference implementations read.
 * @module
 */
import fc from 'fast-check';
import type { Direction } from '../../../src/values/index.js';
import type { AdjacencyRows, AdjacencySource, NeighbourBatch, ScanOptions } from '../../../src/port/index.js';
import { ReferenceGraph } from '../reference-source.js';

/** A generated graph: `n` vertices with ids 0..n-1 (slot = id), and its edges in insertion order. */
export interface RandomGraph {
  readonly n: number;
  readonly edges: readonly { readonly out: number; readonly in: number; readonly label: 'a' | 'b'; readonly weight: number }[];
}

/** Graphs of 2 to `maxVertices` vertices and up to four edges per vertex. */
export function randomGraph(maxVertices = 40): fc.Arbitrary<RandomGraph> {
  return fc.integer({ min: 2, max: maxVertices }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      edges: fc.array(
        fc.record({ out: fc.nat(n - 1), in: fc.nat(n - 1), label: fc.constantFrom('a' as const, 'b' as const), weight: fc.integer({ min: 1, max: 9 }) }),
        { maxLength: n * 4 },
      ),
    }),
  );
}

/**
 * A ReferenceGraph that also hands out adjacency rows, built from its own scans (one row set
 * per call, each vertex's row the entries of a scan of it alone), so that the frontier
 * operators take their row fast path over the same graph that the batched path reads.
 */
export class RowsReferenceGraph extends ReferenceGraph {
  adjacencyRows(direction: Direction, labels?: readonly string[]): readonly AdjacencyRows[] {
    const n = this.vertexSlotBound();
    const offsets = new Int32Array(n + 1);
    const targets: number[] = [];
    const edges: number[] = [];
    for (let v = 0; v < n; v++) {
      if (this.vertexVisible(v)) {
        for (const b of this.scanNeighbours(Int32Array.of(v), direction, { labels, visibleNeighbours: true })) {
          for (let i = 0; i < b.length; i++) {
            const p = b.selection === undefined ? i : (b.selection[i] as number);
            targets.push(b.vertices[p] as number);
            edges.push(b.edges[p] as number);
          }
        }
      }
      offsets[v + 1] = targets.length;
    }
    return [{ offsets, targets: Int32Array.from(targets), edges: Int32Array.from(edges) }];
  }
}

/**
 * The same adjacency without its rows: operators over it take the batched path.
 *
 * @example
 * ```ts
 * const batched = withoutRows(loadWithRows(rg));
 * ```
 */
export function withoutRows(source: AdjacencySource): AdjacencySource {
  return chunked(source, Infinity);
}

/** The graph in a {@link RowsReferenceGraph}, which hands out rows. */
export function loadWithRows(rg: RandomGraph): RowsReferenceGraph {
  return load(rg, new RowsReferenceGraph());
}

/** The graph in a ReferenceGraph: vertex i has id i and slot i, edges carry `weight`. */
export function load<G extends ReferenceGraph = ReferenceGraph>(rg: RandomGraph, into?: G): G {
  const g = into ?? (new ReferenceGraph() as G);
  for (let i = 0; i < rg.n; i++) g.addVertex('v', { id: i });
  for (const e of rg.edges) g.addEdge(e.label, { out: e.out, in: e.in }, { properties: [['weight', e.weight]] });
  return g;
}

/** Neighbours of `v` in scan order (out edges, then in edges, each in insertion order), as [edge index, vertex]. */
export function naiveNeighbours(rg: RandomGraph, v: number, direction: Direction, labels: readonly string[] = []): [number, number][] {
  const keep = (l: string): boolean => labels.length === 0 || labels.includes(l);
  const out: [number, number][] = [];
  if (direction !== 'IN') rg.edges.forEach((e, i) => e.out === v && keep(e.label) && out.push([i, e.in]));
  if (direction !== 'OUT') rg.edges.forEach((e, i) => e.in === v && keep(e.label) && out.push([i, e.out]));
  return out;
}

/**
 * The same adjacency, cut into batches of `size` entries, so that runs of one source cross
 * batch boundaries as they do in the store. Each batch passes the base's arrays on with a
 * `selection` of its positions (as a filter does), so readers that ignore selections fail.
 */
export function chunked(source: AdjacencySource, size: number): AdjacencySource {
  return {
    vertexCount: (label) => source.vertexCount(label),
    vertexSlotBound: () => source.vertexSlotBound(),
    vertexVisible: (slot) => source.vertexVisible(slot),
    degree: (slot, direction, labels) => source.degree(slot, direction, labels),
    *scanNeighbours(sources: Int32Array, direction: Direction, options?: ScanOptions): Iterable<NeighbourBatch> {
      for (const b of source.scanNeighbours(sources, direction, options)) {
        const at = (i: number): number => (b.selection === undefined ? i : (b.selection[i] as number));
        for (let i = 0; i < b.length; i += size) {
          const end = Math.min(b.length, i + size);
          const selection = Int32Array.from({ length: end - i }, (_x, k) => at(i + k));
          yield { sources: b.sources, edges: b.edges, vertices: b.vertices, length: end - i, selection };
        }
      }
    },
  };
}
