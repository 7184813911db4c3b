/**
 * The graph as computation jobs read it: an immutable CSR snapshot over dense vertex indices
 * 0..n-1 numbered in id order (numbers before text), held in SharedArrayBuffers so that every
 * worker thread reads the same memory without a copy. The database layer builds it through the
 * adjacency port of a request's read view (access filters applied); kernels never see slots,
 * ids or properties.
 * @module
 */

/**
 * Out and in adjacency of the snapshot: the out-entries of vertex v are positions
 * `outOffsets[v]` to `outOffsets[v + 1]` of `outTargets` (and of `outWeights`, when the job
 * asked for a weight), likewise for in-entries. Parallel edges and self-loops are kept, one
 * entry per edge.
 */
export interface ComputeGraph {
  readonly n: number;
  readonly outOffsets: Int32Array;
  readonly outTargets: Int32Array;
  readonly inOffsets: Int32Array;
  readonly inTargets: Int32Array;
  /** Weight of each out-entry, parallel to `outTargets`. */
  readonly outWeights?: Float64Array;
  /** Weight of each in-entry, parallel to `inTargets`. */
  readonly inWeights?: Float64Array;
  /** Labels and the properties filters read, when the algorithm has filters. */
  readonly details?: GraphDetails;
}

/**
 * A property value as filters read it (null: absent, or not a number, text or boolean).
 */
type ColumnValue = number | string | boolean | null;

/**
 * Labels and property columns of the snapshot for the filtered algorithms: each vertex's label
 * (an index into `vertexLabelNames`), each out-entry's edge label, and per property key a
 * column by vertex index or by out-entry position.
 */
export interface GraphDetails {
  readonly vertexLabels: Int32Array;
  readonly vertexLabelNames: readonly string[];
  readonly edgeLabels: Int32Array;
  readonly edgeLabelNames: readonly string[];
  readonly vertexColumns: Readonly<Record<string, readonly ColumnValue[]>>;
  readonly edgeColumns: Readonly<Record<string, readonly ColumnValue[]>>;
}

/**
 * A simple adjacency (no parallel entries, no self-loops), each row sorted by index: the
 * undirected graph (out and in merged) or the out-neighbours only.
 */
export interface SimpleAdjacency {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

/**
 * An Int32Array of `length` zeros over a new SharedArrayBuffer.
 */
export function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * length));
}

/**
 * A Float64Array of `length` zeros over a new SharedArrayBuffer.
 */
export function sharedFloat64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(8 * length));
}

/**
 * Bounds of `parts` ranges of vertices 0..n-1 (`parts + 1` numbers, from 0 to n) with about the
 * same work each, counting one unit per vertex and per entry of `offsets` (a CSR's offsets).
 */
export function balancedRanges(offsets: Int32Array, parts: number): number[] {
  const n = offsets.length - 1;
  const total = n + offsets[n]!;
  const bounds = [0];
  let v = 0;
  for (let p = 1; p < parts; p++) {
    const goal = (total * p) / parts;
    while (v < n && v + offsets[v]! < goal) v++;
    bounds.push(Math.max(v, bounds[bounds.length - 1]!));
  }
  bounds.push(n);
  return bounds;
}

/**
 * Bounds of `parts` ranges of equal length over 0..length-1.
 */
export function evenRanges(length: number, parts: number): number[] {
  const bounds: number[] = [];
  for (let p = 0; p <= parts; p++) bounds.push(Math.floor((length * p) / parts));
  return bounds;
}
