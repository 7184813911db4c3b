/**
 * Bulk append of property-less edges of one label: the raw mutation behind
 * `GraphWriter.addEdgesBulk`. The edges are appended in a tight loop, logged as one columnar op
 * (label id, count, out slots, in slots) and undone as one range record, instead of one log op
 * and one undo step per edge.
 * @module
 */
import { StorageError } from '../../errors.js';
import type { ByteReader } from '../codec.js';
import type { EdgeLabelRecord } from '../schema/schema-types.js';
import { Op, type StoreState } from './store-state.js';

/**
 * Pairs whose filter block and per-vertex states are loaded ahead of their inserts: small enough
 * that the lines and the pages they touch stay in the L1/L2 caches and the TLB until used (64 measured
 * fastest at scale 20, against 256 or a whole batch).
 */
const PREFETCH_CHUNK = 64;

/**
 * Appends edges `outs[i] → ins[i]` of a label whose endpoints are already validated (live
 * vertices of the label's source and target labels) and which has no properties and no TTL.
 * For a SINGLE-frequency label a pair that already has a live edge, or that occurs earlier in
 * the same call, is not appended again: its slot is the existing edge's (HugeGraph SINGLE
 * semantics, as `addEdge` without properties). Returns the slot of every pair.
 *
 * @example
 * ```ts
 * state.begin();
 * const slots = appendEdges(state, knows, Int32Array.of(0, 1), Int32Array.of(1, 2));
 * state.commit();
 * ```
 */
export function appendEdges(state: StoreState, label: EdgeLabelRecord, outs: Int32Array, ins: Int32Array): Int32Array {
  const n = outs.length;
  const slots = new Int32Array(n);
  const edges = state.edges;
  const adj = state.adjacencyOf(label.id);
  adj.out.ensureVertices(state.vertices.size);
  adj.in.ensureVertices(state.vertices.size);
  const filter = label.frequency === 'SINGLE' ? state.pairFilter(label.id) : undefined;
  const first = edges.size;
  const keptOut = filter === undefined ? outs : new Int32Array(n);
  const keptIn = filter === undefined ? ins : new Int32Array(n);
  const counted = edges.counts.get(label.id) ?? 0;
  edges.reserve(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (i % PREFETCH_CHUNK === 0) {
      const o = outs.subarray(i, i + PREFETCH_CHUNK);
      const t = ins.subarray(i, i + PREFETCH_CHUNK);
      state.prefetched ^= (filter?.prefetch(o, t) ?? 0) ^ adj.out.prefetch(o) ^ adj.in.prefetch(t);
    }
    const o = outs[i]!;
    const t = ins[i]!;
    if (filter !== undefined && filter.testAndSet(o, t)) {
      const existing = state.findLiveEdge(label.id, o, t);
      if (existing >= 0) {
        slots[i] = existing;
        continue;
      }
    }
    const e = edges.push(label.id, o, t);
    adj.out.add(o, t, e);
    adj.in.add(t, o, e);
    kept++;
    if (filter !== undefined) {
      keptOut[kept - 1] = o;
      keptIn[kept - 1] = t;
      if (filter.countOne()) {
        edges.counts.set(label.id, counted + kept);
        filter.rebuild(edges);
      }
    }
    slots[i] = e;
  }
  edges.counts.set(label.id, counted + kept);
  if (kept === 0) return slots;
  state.recordApplied(
    (log) => {
      log.u8(Op.AddEdges);
      log.varUint(label.id);
      log.int32Array(keptOut.subarray(0, kept));
      log.int32Array(keptIn.subarray(0, kept));
    },
    () => {
      for (let e = first + kept - 1; e >= first; e--) state.undoAddEdge(e);
    },
  );
  return slots;
}

/**
 * Replays an {@link Op.AddEdges} op (its op byte already read) written by {@link appendEdges}.
 *
 * @example
 * ```ts
 * if (reader.u8() === Op.AddEdges) replayAppendEdges(state, reader, (id) => catalog.edgeLabelById(id)!);
 * ```
 */
export function replayAppendEdges(state: StoreState, r: ByteReader, label: (id: number) => EdgeLabelRecord): void {
  const record = label(r.varUint());
  const outs = r.int32Array();
  const ins = r.int32Array();
  if (outs.length !== ins.length) {
    throw new StorageError('BATCH_LOG_CORRUPT', `Cannot replay batch log: bulk edge op has ${outs.length} out slots and ${ins.length} in slots`);
  }
  appendEdges(state, record, outs, ins);
}
