/**
 * Builds a computation job's snapshot: the {@link ComputeGraph} of what one read view shows
 * (the request's handle decorates it, so a job sees only what its user may read), its vertices
 * numbered in id order, its out-CSR gathered through the adjacency port's batched scans in
 * chunks that return to the event loop, and its in-CSR transposed on a worker thread. Later
 * writes do not reach the snapshot: it is a copy in SharedArrayBuffers.
 * @module
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ArgumentError } from '../../../errors.js';
import { plainId, sharedFloat64, sharedInt32, TypedNumber } from '../../../engine/index.js';
import type { ComputeGraph, GraphSource, KernelPool, PlainId, PropertyValue } from '../../../engine/index.js';

/**
 * A snapshot and how its indices map back: `slots[i]` is the store slot and `ids[i]` the plain
 * id of vertex index i.
 */
export interface Snapshot {
  readonly graph: ComputeGraph;
  readonly slots: Int32Array;
  readonly ids: readonly PlainId[];
  /** The id of each out-entry's edge, when asked for (links). */
  readonly edgeIds?: readonly PlainId[];
}

/** What the filtered algorithms need besides the adjacency: labels, these property columns, edge ids. */
interface DetailsRequest {
  readonly vertexKeys: readonly string[];
  readonly edgeKeys: readonly string[];
  readonly edgeIds: boolean;
}

/** A property value as filters read it: numbers, texts and booleans; anything else is absent (null). */
function filterValue(value: PropertyValue | undefined): number | string | boolean | null {
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof TypedNumber) return value.toNumber();
  return null;
}

/** Label index of `name` in `names`, added when new. */
function labelIndex(names: string[], index: Map<string, number>, name: string): number {
  let i = index.get(name);
  if (i === undefined) index.set(name, (i = names.push(name) - 1));
  return i;
}

/** Time a chunk of snapshot work may take before the build returns to the event loop (ms). */
const SLICE_MS = 4;
/** Sources per neighbour scan. */
const CHUNK = 2048;

/** Orders plain ids: numbers (and bigints) ascending before text in code-unit order. */
function compareIds(a: PlainId, b: PlainId): number {
  const an = typeof a !== 'string';
  const bn = typeof b !== 'string';
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An edge weight: a number property, 1 when absent; ArgumentError `COMPUTE_WEIGHT` otherwise. */
function weightOf(value: PropertyValue | undefined, key: string): number {
  if (value === undefined) return 1;
  if (typeof value === 'number') return value;
  if (value instanceof TypedNumber) return value.toNumber();
  throw new ArgumentError('COMPUTE_WEIGHT', `Invalid weight property '${key}': expected numbers but an edge has ${JSON.stringify(value) ?? String(value)}`);
}

/** Returns to the event loop when the slice started at `since` is over; resolves with the new start. */
async function pause(since: number, signal: AbortSignal): Promise<number> {
  if (performance.now() - since < SLICE_MS) return since;
  await nextTurn();
  signal.throwIfAborted();
  return performance.now();
}

/** A growable Int32Array or Float64Array pair for the out-entries. */
class Entries {
  targets = new Int32Array(1024);
  weights: Float64Array | undefined;
  length = 0;

  constructor(weighted: boolean) {
    if (weighted) this.weights = new Float64Array(1024);
  }

  push(target: number, weight: number): void {
    if (this.length === this.targets.length) {
      const t = new Int32Array(this.length * 2);
      t.set(this.targets);
      this.targets = t;
      if (this.weights !== undefined) {
        const w = new Float64Array(this.length * 2);
        w.set(this.weights);
        this.weights = w;
      }
    }
    this.targets[this.length] = target;
    if (this.weights !== undefined) this.weights[this.length] = weight;
    this.length++;
  }
}

/**
 * The snapshot of what `source` shows; `weightKey` names the edge property read as weights.
 * Returns to the event loop every few milliseconds and stops when `signal` aborts.
 */
export async function buildSnapshot(
  source: GraphSource,
  options: { readonly weightKey?: string; readonly details?: DetailsRequest; readonly pool: KernelPool; readonly signal: AbortSignal },
): Promise<Snapshot> {
  const { signal, weightKey } = options;
  let since = performance.now();
  const bound = source.vertexSlotBound();
  const visible: number[] = [];
  for (let v = 0; v < bound; v++) {
    if (source.vertexVisible(v)) visible.push(v);
    if ((v & 0xffff) === 0) since = await pause(since, signal);
  }
  const found: PlainId[] = [];
  if (source.plainVertexIds !== undefined) source.plainVertexIds(visible, found);
  else for (const v of visible) found.push(plainId(source.vertexId(v)));
  const order = visible.map((_, i) => i).sort((a, b) => compareIds(found[a]!, found[b]!));
  since = await pause(since, signal);
  const n = order.length;
  const slots = sharedInt32(n);
  const ids: PlainId[] = new Array<PlainId>(n);
  const indexOf = new Int32Array(bound).fill(-1);
  for (let i = 0; i < n; i++) {
    const slot = visible[order[i]!]!;
    slots[i] = slot;
    ids[i] = found[order[i]!]!;
    indexOf[slot] = i;
  }
  const outOffsets = sharedInt32(n + 1);
  const entries = new Entries(weightKey !== undefined);
  const wanted = options.details;
  const edgeSlots: number[] = [];
  for (let start = 0; start < n; start += CHUNK) {
    const chunk = slots.slice(start, Math.min(n, start + CHUNK));
    for (const batch of source.scanNeighbours(chunk, 'OUT', { visibleNeighbours: true })) {
      for (let k = 0; k < batch.length; k++) {
        const p = batch.selection === undefined ? k : batch.selection[k]!;
        const target = indexOf[batch.vertices[p]!]!;
        if (target < 0) continue;
        outOffsets[indexOf[batch.sources[p]!]! + 1]!++;
        entries.push(target, weightKey === undefined ? 1 : weightOf(source.edgeProperty(batch.edges[p]!, weightKey), weightKey));
        if (wanted !== undefined) edgeSlots.push(batch.edges[p]!);
      }
    }
    since = await pause(since, signal);
  }
  for (let v = 0; v < n; v++) outOffsets[v + 1]! += outOffsets[v]!;
  const m = entries.length;
  const outTargets = sharedInt32(m);
  outTargets.set(entries.targets.subarray(0, m));
  const inOffsets = sharedInt32(n + 1);
  const inTargets = sharedInt32(m);
  let weights: { outWeights: Float64Array; inWeights: Float64Array } | undefined;
  if (entries.weights !== undefined) {
    weights = { outWeights: sharedFloat64(m), inWeights: sharedFloat64(m) };
    weights.outWeights.set(entries.weights.subarray(0, m));
  }
  await options.pool.run({ kernel: 'transpose', args: { n, outOffsets, outTargets, inOffsets, inTargets, ...weights } });
  signal.throwIfAborted();
  if (wanted === undefined) return { graph: { n, outOffsets, outTargets, inOffsets, inTargets, ...weights }, slots, ids };
  const vertexLabelNames: string[] = [];
  const edgeLabelNames: string[] = [];
  const vIndex = new Map<string, number>();
  const eIndex = new Map<string, number>();
  const vertexLabels = Int32Array.from(slots, (slot) => labelIndex(vertexLabelNames, vIndex, source.vertexLabel(slot)));
  const edgeLabels = Int32Array.from(edgeSlots, (e) => labelIndex(edgeLabelNames, eIndex, source.edgeLabel(e)));
  const vertexColumns = Object.fromEntries(wanted.vertexKeys.map((key) => [key, Array.from(slots, (slot) => filterValue(source.vertexProperties(slot, [key]).find(() => true)?.value))]));
  const edgeColumns = Object.fromEntries(wanted.edgeKeys.map((key) => [key, edgeSlots.map((e) => filterValue(source.edgeProperty(e, key)))]));
  const details = { vertexLabels, vertexLabelNames, edgeLabels, edgeLabelNames, vertexColumns, edgeColumns };
  return {
    graph: { n, outOffsets, outTargets, inOffsets, inTargets, ...weights, details },
    slots,
    ids,
    ...(wanted.edgeIds ? { edgeIds: edgeSlots.map((e) => plainId(source.edgeId(e))) } : {}),
  };
}
