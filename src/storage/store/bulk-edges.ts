/**
 * Bulk append of edges of one label: the raw mutation behind `GraphWriter.addEdgesBulk`. The
 * edges are appended in a tight loop, their property values filled column by column, logged as
 * one columnar op (label id, out slots, in slots, then one value column per property key) and
 * undone as one range record, instead of one log op and one undo step per edge and value.
 * @module
 */
import { QuiverError, StorageError } from '../../errors.js';
import type { PropertyValue } from '../../values/index.js';
import type { ByteReader, ByteWriter } from '../codec.js';
import type { EdgeLabelRecord, PropertyKeyRecord } from '../schema/schema-types.js';
import { LabelTable } from '../vertex-table.js';
import type { AutoSchema } from './auto-schema.js';
import { Op } from './batch-log.js';
import type { ElementReader } from './element-reader.js';
import type { StoreState } from './store-state.js';
import type { WriteInput } from './write-input.js';

/**
 * One property of a columnar edge or vertex batch: its key and one already coerced value per
 * element (undefined where the element has no value for the key).
 */
export interface ValueColumn {
  readonly key: PropertyKeyRecord;
  readonly values: ReadonlyArray<PropertyValue | undefined>;
}

/** A columnar batch of one edge label: `outs[i] → ins[i]`, with the values of edge `i` at index `i` of each column. */
interface EdgeBatch {
  readonly outs: Int32Array;
  readonly ins: Int32Array;
  readonly columns?: readonly ValueColumn[];
}

/**
 * The checked, coerced value columns of a strict-mode edge batch whose endpoints are visible
 * vertices of the label's ends (`ends`: their label ids), or undefined when some pair breaks a
 * rule (the caller then adds the pairs one by one, which throws the first bad pair's error).
 */
export function edgeColumns(
  record: EdgeLabelRecord,
  batch: { readonly outs: Int32Array; readonly ins: Int32Array; readonly properties: ReadonlyArray<readonly [string, ReadonlyArray<PropertyValue | undefined>]> },
  at: {
    readonly state: StoreState;
    readonly ends: { readonly source: number; readonly target: number };
    readonly auto: AutoSchema;
    readonly input: WriteInput;
    readonly reader: ElementReader;
    readonly loading: boolean;
  },
): ValueColumn[] | undefined {
  const { outs, ins } = batch;
  const n = outs.length;
  const { state, reader, input } = at;
  const { source, target } = at.ends;
  const vertices = state.vertices;
  const ttl = state.hasTtl('vertex', source) || state.hasTtl('vertex', target);
  // Every slot has one row in its label's table, so when one label has them all no label check is needed.
  const uniform = source === target && state.vertexTables.get(source)?.rowCount === vertices.size;
  for (let i = 0; i < n; i++) {
    const o = outs[i]!;
    const t = ins[i]!;
    const ok = o >= 0 && t >= 0 && o < vertices.size && t < vertices.size && vertices.alive.get(o) && vertices.alive.get(t);
    if ((!ok || ttl) && !(reader.vertexVisible(o) && reader.vertexVisible(t))) return undefined;
    if (!uniform && (vertices.labelOf[o] !== source || vertices.labelOf[t] !== target)) return undefined;
  }
  const columns: ValueColumn[] = [];
  try {
    for (const [name, raw] of batch.properties) {
      let key: PropertyKeyRecord | undefined;
      const values = new Array<PropertyValue | undefined>(n);
      for (let i = 0; i < n; i++) {
        const v = raw[i];
        if (v === undefined || v === null) continue;
        key ??= at.auto.edgePropertyOf(record, name, v);
        values[i] = input.edgeValue(key, v);
      }
      if (key !== undefined) columns.push({ key, values });
    }
  } catch (error) {
    if (error instanceof QuiverError) return undefined;
    throw error;
  }
  if (at.loading) return columns;
  for (const name of record.properties) {
    if (record.nullableKeys.includes(name)) continue;
    const column = columns.find((c) => c.key.name === name);
    if (column === undefined || column.values.includes(undefined)) return undefined;
  }
  return columns;
}

/**
 * Pairs whose filter block and per-vertex states are loaded ahead of their inserts: small enough
 * that the lines and the pages they touch stay in the L1/L2 caches and the TLB until used (64 measured
 * fastest at scale 20, against 256 or a whole batch).
 */
const PREFETCH_CHUNK = 64;

/**
 * Appends edges `outs[i] → ins[i]` of a label whose endpoints are already validated (live
 * vertices of the label's source and target labels), which has no TTL, no sort keys and no
 * index label, and whose column values are coerced and complete (non-null keys set). For a
 * SINGLE-frequency label a pair that already has a live edge, or that occurs earlier in the same
 * call, is not appended again: its slot is the existing edge's, whose values are replaced by the
 * row's (HugeGraph SINGLE semantics, as `addEdge`). Returns the slot of every pair.
 */
export function appendEdges(state: StoreState, label: EdgeLabelRecord, batch: EdgeBatch): Int32Array {
  const { outs, ins } = batch;
  const columns = label.properties.length > 0 ? (batch.columns ?? []) : undefined;
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
  /** Row of the batch that created each kept edge, and the rows that met an existing edge. */
  const keptRow = columns === undefined ? undefined : new Int32Array(n);
  const again: number[] = [];
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
        again.push(i);
        continue;
      }
    }
    const e = edges.push(label.id, o, t);
    adj.out.add(o, t, e);
    adj.in.add(t, o, e);
    if (keptRow !== undefined) keptRow[kept] = i;
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
  if (kept > 0) {
    if (columns !== undefined) fillColumns(state, { label, first, kept, rows: keptRow!, columns });
    state.recordApplied(
      (log) => {
        log.u8(columns === undefined ? Op.AddEdges : Op.AddEdgeColumns);
        log.varUint(label.id);
        log.int32Array(keptOut.subarray(0, kept));
        log.int32Array(keptIn.subarray(0, kept));
        if (columns !== undefined) logColumns(log, { rows: keptRow!.subarray(0, kept), count: kept, columns });
      },
      () => {
        for (let e = first + kept - 1; e >= first; e--) state.undoAddEdge(e);
      },
    );
  }
  // A row that met an existing edge replaces its values, as addEdge does (rare: not columnar).
  if (columns !== undefined) for (const i of again) replaceValues(state, { label, e: slots[i]!, row: i, columns });
  return slots;
}

/** Gives the `kept` new edges from slot `first` on their table rows and fills them column by column. */
function fillColumns(
  state: StoreState,
  at: { label: EdgeLabelRecord; first: number; kept: number; rows: Int32Array; columns: readonly ValueColumn[] },
): void {
  const { label, first, kept, rows } = at;
  const edges = state.edges;
  let table = edges.tables.get(label.id);
  if (table === undefined) edges.tables.set(label.id, (table = new LabelTable(label.id)));
  const firstRow = table.rowCount;
  for (let j = 0; j < kept; j++) table.append(first + j);
  edges.setRow(first + kept - 1, firstRow + kept - 1);
  const rowOf = edges.rowOf!;
  for (let j = 0; j < kept - 1; j++) rowOf[first + j] = firstRow + j;
  const recording = state.epochs.recording;
  for (const { key, values } of at.columns) {
    const single = key.cardinality === 'SINGLE' ? table.column(key.id, key.dataType, false) : undefined;
    for (let j = 0; j < kept; j++) {
      const v = values[rows[j]!];
      if (v === undefined) continue;
      (single ?? table.column(key.id, key.dataType, Array.isArray(v))).set(firstRow + j, v);
      if (recording) state.epochs.edgeValueChanged(first + j, key.id, undefined);
    }
  }
}

/**
 * Writes the value columns of a columnar op: count, then per key its id and one optional value
 * per row (row `rows[j]` of the columns for j < count, or row j itself when `rows` is undefined).
 */
export function logColumns(log: ByteWriter, at: { rows: Int32Array | undefined; count: number; columns: readonly ValueColumn[] }): void {
  const { rows, count } = at;
  log.varUint(at.columns.length);
  for (const { key, values } of at.columns) {
    log.varUint(key.id);
    for (let j = 0; j < count; j++) {
      const v = values[rows === undefined ? j : rows[j]!];
      log.u8(v === undefined ? 0 : 1);
      if (v !== undefined) log.value(v);
    }
  }
}

/**
 * Reads the value columns written by {@link logColumns} for `count` rows.
 */
export function readColumns(r: ByteReader, at: { count: number; key: (id: number) => PropertyKeyRecord }): ValueColumn[] {
  const columns: ValueColumn[] = [];
  for (let c = r.varUint(); c > 0; c--) {
    const key = at.key(r.varUint());
    const values: (PropertyValue | undefined)[] = new Array<PropertyValue | undefined>(at.count);
    for (let i = 0; i < at.count; i++) values[i] = r.u8() === 1 ? r.value() : undefined;
    columns.push({ key, values });
  }
  return columns;
}

/** Replaces every value of the existing edge `e` of a SINGLE label by those of batch row `row` (logged and undone per value). */
function replaceValues(state: StoreState, at: { label: EdgeLabelRecord; e: number; row: number; columns: readonly ValueColumn[] }): void {
  const given = new Map(at.columns.map((c) => [c.key.name, c] as const));
  for (const name of at.label.properties) {
    const column = given.get(name);
    const key = column?.key ?? state.catalog.propertyKey(name);
    if (key === undefined) continue;
    const value = column?.values[at.row];
    if (value === undefined && state.edgeValue(at.e, key.id) === undefined) continue;
    state.setEdgeValue(at.e, key, value);
  }
}

/**
 * Replays an {@link Op.AddEdges} or {@link Op.AddEdgeColumns} op (its op byte already read)
 * written by {@link appendEdges}.
 */
export function replayAppendEdges(
  state: StoreState,
  r: ByteReader,
  lookup: { readonly columns: boolean; readonly label: (id: number) => EdgeLabelRecord; readonly key: (id: number) => PropertyKeyRecord },
): void {
  const record = lookup.label(r.varUint());
  const outs = r.int32Array();
  const ins = r.int32Array();
  if (outs.length !== ins.length) {
    throw new StorageError('BATCH_LOG_CORRUPT', `Cannot replay batch log: bulk edge op has ${outs.length} out slots and ${ins.length} in slots`);
  }
  const columns = lookup.columns ? readColumns(r, { count: outs.length, key: lookup.key }) : [];
  appendEdges(state, record, { outs, ins, columns });
}
