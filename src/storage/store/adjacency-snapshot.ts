/**
 * Immutable CSR snapshots of a store's adjacency, for {@link CsrAdjacency} (worker threads,
 * traversers): merged CSR arrays are shared as they are when nothing is buffered or
 * tombstoned, and gathered from a neighbour scan otherwise.
 * @module
 */
import type { GraphSource, NeighbourBatch } from '../../port/index.js';
import { growInt32 } from '../columns/index.js';
import type { CsrArrays, CsrSnapshot } from '../csr-adjacency.js';

/**
 * The adjacency that `source` shows, as plain CSR arrays. `shared(label, direction)` may hand
 * out arrays to take as they are (never mutated afterwards); other labels are gathered.
 */
export function snapshotAdjacency(
  source: GraphSource,
  options: { readonly edgeLabels: readonly string[]; readonly shared?: (label: string, direction: 'out' | 'in') => CsrArrays | undefined },
): CsrSnapshot {
  const bound = source.vertexSlotBound();
  const vertexLabels = new Int32Array(bound).fill(-1);
  const vertexLabelNames: string[] = [];
  const index = new Map<string, number>();
  const visible: number[] = [];
  for (let v = 0; v < bound; v++) {
    if (!source.vertexVisible(v)) continue;
    const name = source.vertexLabel(v);
    let i = index.get(name);
    if (i === undefined) index.set(name, (i = vertexLabelNames.push(name) - 1));
    vertexLabels[v] = i;
    visible.push(v);
  }
  const sources = Int32Array.from(visible);
  const side = (name: string, direction: 'out' | 'in'): CsrArrays =>
    options.shared?.(name, direction) ?? gather(source.scanNeighbours(sources, direction === 'out' ? 'OUT' : 'IN', { labels: [name] }), bound);
  return { vertexLabels, vertexLabelNames, edgeLabels: options.edgeLabels.map((name) => ({ name, out: side(name, 'out'), in: side(name, 'in') })) };
}

/** CSR arrays of a scan whose entries come grouped by source in ascending slot order. */
function gather(batches: Iterable<NeighbourBatch>, bound: number): CsrArrays {
  const offsets = new Int32Array(bound + 1);
  let targets: Int32Array = new Int32Array(16);
  let edges: Int32Array = new Int32Array(16);
  let n = 0;
  for (const b of batches) {
    targets = growInt32(targets, n + b.length);
    edges = growInt32(edges, n + b.length);
    for (let i = 0; i < b.length; i++, n++) {
      const p = b.selection === undefined ? i : b.selection[i]!;
      offsets[b.sources[p]! + 1]!++;
      targets[n] = b.vertices[p]!;
      edges[n] = b.edges[p]!;
    }
  }
  for (let v = 0; v < bound; v++) offsets[v + 1]! += offsets[v]!;
  return { offsets, targets: targets.slice(0, n), edges: edges.slice(0, n) };
}
