/**
 * Bulk append of vertices of one label: the raw mutation behind `GraphWriter.addVerticesBulk`.
 * The vertices get their slots and table rows in a tight loop, their values are filled column by
 * column, and the batch is logged as one columnar op (label id, TTL start, the ids, then one
 * value column per property key) and undone as one range record, instead of one log op and one
 * undo step per vertex and value.
 * @module
 */
import { QuiverError } from '../../errors.js';
import type { ElementId, PropertyValue } from '../../values/index.js';
import type { ByteReader } from '../codec.js';
import { checkIdLength, formatPrimaryKeyId } from '../ids/index.js';
import type { DataType, PropertyKeyRecord, VertexLabelRecord } from '../schema/schema-types.js';
import type { AutoSchema } from './auto-schema.js';
import { logColumns, readColumns, type ValueColumn } from './bulk-edges.js';
import { coerceScalar } from './coerce.js';
import { idMapKey } from '../vertex-table.js';
import { Op } from './batch-log.js';
import type { StoreState } from './store-state.js';

/**
 * Appends vertices of a label with the given ids, which are new (not used by a live vertex nor
 * twice in the call), on a label with no index label, with column values coerced and complete
 * (primary and non-null keys set). `insertedAt` is the TTL start (ms). Returns the slots.
 */
export function appendVertices(
  state: StoreState,
  label: VertexLabelRecord,
  batch: { readonly ids: readonly ElementId[]; readonly columns: readonly ValueColumn[]; readonly insertedAt: number },
): Int32Array {
  const { ids, columns, insertedAt } = batch;
  const n = ids.length;
  const slots = new Int32Array(n);
  if (n === 0) return slots;
  const vertices = state.vertices;
  const table = state.vertexTable(label.id);
  const first = vertices.size;
  const firstRow = table.rowCount;
  for (let i = 0; i < n; i++) {
    const slot = vertices.allocate(label.id, ids[i]!);
    const row = table.append(slot);
    vertices.rowOf[slot] = row;
    if (label.ttl > 0) table.setInsertedAt(row, insertedAt);
    slots[i] = slot;
  }
  state.ensureAdjacencyVertices(vertices.size);
  const recording = state.epochs.recording;
  for (const { key, values } of columns) {
    const column = table.column(key.id, key.dataType, key.cardinality !== 'SINGLE');
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === undefined) continue;
      column.set(firstRow + i, v);
      if (recording) state.epochs.vertexValueChanged(first + i, key.id, undefined, undefined);
    }
  }
  state.recordApplied(
    (log) => {
      log.u8(Op.AddVertexColumns);
      log.varUint(label.id);
      log.f64(insertedAt);
      log.varUint(n);
      for (const id of ids) log.value(id);
      logColumns(log, { rows: undefined, count: n, columns });
    },
    () => {
      for (let slot = first + n - 1; slot >= first; slot--) state.undoAddVertex(slot);
    },
  );
  return slots;
}

/**
 * The ids and the checked, coerced value columns of `count` new vertices of a strict-mode
 * label, or undefined when the batch is not for the columnar path or some vertex breaks a rule
 * (the caller then adds the vertices one by one, which throws the first bad vertex's error or
 * merges a vertex into an existing one). Columnar are labels without index labels whose keys
 * are all SINGLE, when every vertex has its primary keys (and, unless `loading`, its non-null
 * keys) and its id is new, in the store and in the batch. A PRIMARY_KEY id is made from the key
 * values; for other id strategies `idOf(i)` gives vertex i's id as addVertex resolves it
 * (generated for AUTOMATIC, the given one checked and normalised for CUSTOMIZE_*), or throws the
 * QuiverError addVertex would. It is called once per vertex, in order, after every column check
 * has passed, so that a batch refused for its values generates no AUTOMATIC id.
 */
export function vertexColumns(
  record: VertexLabelRecord,
  properties: ReadonlyArray<readonly [string, ReadonlyArray<PropertyValue | undefined>]>,
  at: { readonly count: number; readonly auto: AutoSchema; readonly loading: boolean; readonly state: StoreState; readonly idOf?: ((i: number) => ElementId) | undefined },
): { ids: ElementId[]; columns: ValueColumn[] } | undefined {
  if (record.indexLabels.length > 0 || (record.idStrategy === 'PRIMARY_KEY') !== (at.idOf === undefined)) return undefined;
  const n = at.count;
  const columns: ValueColumn[] = [];
  const ids: ElementId[] = new Array<ElementId>(n);
  try {
    for (const [name, raw] of properties) {
      let key: PropertyKeyRecord | undefined;
      const values = new Array<PropertyValue | undefined>(n);
      for (let i = 0; i < n; i++) {
        const v = raw[i];
        if (v === undefined || v === null) continue;
        key ??= at.auto.propertyOf(record, name, v, undefined);
        if (key.cardinality !== 'SINGLE') return undefined;
        values[i] = coerceScalar(key, v);
      }
      if (key !== undefined) columns.push({ key, values });
    }
    const column = (name: string): ValueColumn | undefined => columns.find((c) => c.key.name === name);
    const required = at.loading ? record.primaryKeys : [...record.primaryKeys, ...record.properties.filter((k) => !record.nullableKeys.includes(k))];
    for (const name of required) if (column(name)?.values.includes(undefined) !== false) return undefined;
    const keys = record.primaryKeys.map((name) => column(name)!);
    // One set of typed key values, refilled per vertex (formatPrimaryKeyId keeps none of it).
    const typed = keys.map((c): { value: PropertyValue; dataType: DataType } => ({ value: null, dataType: c.key.dataType }));
    const seen = new Set<number | string>();
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < keys.length; k++) typed[k]!.value = keys[k]!.values[i]!;
      const id = at.idOf?.(i) ?? checkIdLength(formatPrimaryKeyId(record.id, typed), 'vertex');
      // Kept by map key: equal long or UUID ids are distinct objects.
      const key = typeof id === 'string' ? id : idMapKey(id);
      if (seen.has(key) || at.state.vertices.slotOf(id) >= 0) return undefined;
      seen.add(key);
      ids[i] = id;
    }
  } catch (error) {
    if (error instanceof QuiverError) return undefined;
    throw error;
  }
  return { ids, columns };
}

/**
 * Replays an {@link Op.AddVertexColumns} op (its op byte already read) written by
 * {@link appendVertices}.
 */
export function replayAppendVertices(
  state: StoreState,
  r: ByteReader,
  lookup: { readonly label: (id: number) => VertexLabelRecord; readonly key: (id: number) => PropertyKeyRecord },
): void {
  const label = lookup.label(r.varUint());
  const insertedAt = r.f64();
  const n = r.varUint();
  const ids: ElementId[] = new Array<ElementId>(n);
  for (let i = 0; i < n; i++) ids[i] = r.value() as ElementId;
  appendVertices(state, label, { ids, columns: readColumns(r, { count: n, key: lookup.key }), insertedAt });
}
