/**
 * The store's raw, already-validated mutations over its {@link StoreData}, and the batch
 * bookkeeping around them. Every mutation records an undo step (for batch rollback) and a log
 * op (for replay), and keeps indexes and adjacency in sync.
 * @module
 */
import type { ElementId, PropertyValue } from '../../values/index.js';
import { ByteWriter } from '../codec.js';
import type { PropertySide } from './epochs.js';
import type { SchemaChange } from '../schema/specs.js';
import type { EdgeLabelRecord, PropertyKeyRecord, VertexLabelRecord } from '../schema/schema-types.js';
import { LabelTable, idMapKey } from '../vertex-table.js';
import { Op, writeOptional, writeSide } from './batch-log.js';
import { StoreData } from './store-data.js';

type Undo = number | (() => void);

/**
 * All data of one graph plus the raw mutations used by writers and by replay.
 */
export class StoreState extends StoreData {
  private undo: Undo[] = [];
  private stepMark = 0;
  private log: ByteWriter | undefined;

  protected batchOpen(): boolean {
    return this.undo.length > 0;
  }

  /** Starts recording undo steps, and log ops unless `log` is false (nothing will replay them). */
  begin(log = true): void {
    this.undo = [];
    this.stepMark = 0;
    this.log = log ? new ByteWriter() : undefined;
  }

  /**
   * Ends one batch of an open transaction (see GraphStore.openTransaction) without ending the
   * transaction: read views opened after it see its changes, while the undo steps and the
   * batch log go on, so that a rollback still takes everything out and no adjacency merge runs.
   */
  step(): void {
    const changed = this.undo.length > this.stepMark;
    this.stepMark = this.undo.length;
    this.epochs.commit(changed);
  }

  /** Ends a batch successfully and returns its log, or undefined when nothing changed. */
  commit(): Uint8Array | undefined {
    const changed = this.undo.length > 0;
    const bytes = this.log?.finish();
    this.undo = [];
    this.log = undefined;
    this.epochs.commit(changed);
    this.mergeAdjacency('due');
    return changed ? bytes : undefined;
  }

  /** Rolls back every change of the current batch, newest first. */
  rollback(): void {
    const steps = this.undo;
    this.undo = [];
    this.log = undefined;
    this.epochs.rollback();
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (typeof s === 'function') s();
      else if (s >= 0) this.undoAddEdge(s);
      else this.undoAddVertex(-s - 1);
    }
    if (this.stepMark > 0) this.epochs.commit(true);
    this.stepMark = 0;
  }

  /** Records a schema change already applied inside a batch (auto-create): log and undo. */
  schemaApplied(change: SchemaChange, inverse: SchemaChange): void {
    this.log?.u8(Op.Schema);
    this.log?.string(JSON.stringify(change));
    this.undo.push(() => this.catalog.apply(inverse));
  }

  /** Records a mutation already applied by a helper module: its log op and its undo step. */
  recordApplied(write: (log: ByteWriter) => void, undo: () => void): void {
    if (this.log !== undefined) write(this.log);
    this.undo.push(undo);
  }

  /** Adds a vertex with a resolved id; `insertedAt` is the TTL start (ms). */
  addVertex(label: VertexLabelRecord, id: ElementId, insertedAt: number): number {
    const slot = this.vertices.allocate(label.id, id);
    const table = this.vertexTable(label.id);
    const row = table.append(slot);
    this.vertices.rowOf[slot] = row;
    if (label.ttl > 0) table.setInsertedAt(row, insertedAt);
    this.ensureAdjacencyVertices(slot + 1);
    const log = this.log;
    if (log !== undefined) {
      log.u8(Op.AddVertex);
      log.varUint(label.id);
      log.value(id);
      log.f64(insertedAt);
    }
    this.undo.push(-slot - 1);
    return slot;
  }

  /** Undoes the newest vertex added (its slot is `slot`): its row, its values and its slot. */
  undoAddVertex(slot: number): void {
    const table = this.vertexTable(this.vertices.labelOf[slot]!);
    for (const c of table.columns.values()) c.delete(table.rowCount - 1);
    table.pop();
    this.vertices.release();
  }

  /** Adds an edge between live vertices; `id` is kept only for auto-create graphs. */
  addEdge(label: EdgeLabelRecord, ends: { out: number; in: number }, options: { id?: ElementId; insertedAt: number; table: boolean }): number {
    const e = this.edges.allocate(label.id, ends.out, ends.in);
    const adj = this.adjacencyOf(label.id);
    adj.out.add(ends.out, ends.in, e);
    adj.in.add(ends.in, ends.out, e);
    if (label.frequency === 'SINGLE') this.pairFilter(label.id).add(e, this.edges);
    if (options.table) {
      let t = this.edges.tables.get(label.id);
      if (t === undefined) this.edges.tables.set(label.id, (t = new LabelTable(label.id)));
      const row = t.append(e);
      this.edges.setRow(e, row);
      if (label.ttl > 0) t.setInsertedAt(row, options.insertedAt);
    }
    if (options.id !== undefined) {
      this.edgeIds.set(e, options.id);
      this.edgeIdSlots.set(idMapKey(options.id), e);
    }
    const log = this.log;
    if (log !== undefined) {
      log.u8(Op.AddEdge);
      log.varUint(label.id);
      log.varUint(ends.out);
      log.varUint(ends.in);
      log.u8((options.table ? 1 : 0) | (options.id === undefined ? 0 : 2) | (label.ttl > 0 ? 4 : 0));
      if (label.ttl > 0) log.f64(options.insertedAt);
      if (options.id !== undefined) log.value(options.id);
    }
    this.undo.push(e);
    return e;
  }

  /** Undoes the addition of edge `e`, which must be the newest edge slot. */
  undoAddEdge(e: number): void {
    const labelId = this.edges.label[e]!;
    const adj = this.adjacencyOf(labelId);
    adj.out.popLast(this.edges.out[e]!);
    adj.in.popLast(this.edges.in[e]!);
    const t = this.edges.tables.get(labelId);
    if (t !== undefined && this.edges.rowOf !== undefined && t.rowCount > 0 && t.rows[t.rowCount - 1] === e) {
      for (const c of t.columns.values()) c.delete(t.rowCount - 1);
      t.pop();
    }
    const id = this.edgeIds.get(e);
    if (id !== undefined) {
      this.edgeIds.delete(e);
      this.edgeIdSlots.delete(idMapKey(id));
    }
    this.edges.release();
  }

  /** Replaces (or with undefined removes) the whole value of a vertex property key. */
  setVertexValue(slot: number, key: PropertyKeyRecord, value: PropertyValue | undefined, side?: PropertySide): void {
    const labelId = this.vertices.labelOf[slot]!;
    const table = this.vertexTable(labelId);
    const row = this.vertices.rowOf[slot]!;
    const column = table.column(key.id, key.dataType, key.cardinality !== 'SINGLE');
    const old = column.get(row);
    const oldSide = this.propertySides.get(slot)?.get(key.id);
    const affected = this.indexesOf('vertex', labelId).filter((i) => i.record.fields.includes(key.name));
    const before = affected.map((i) => this.fieldValues('vertex', slot, i.record.fields));
    if (value !== undefined && this.vertices.alive.get(slot)) {
      for (const i of affected) {
        const after = i.record.fields.map((f, k) => (f === key.name ? value : before[affected.indexOf(i)]![k]));
        i.check(slot, after);
      }
    }
    const live = this.vertices.alive.get(slot);
    if (this.epochs.recording) this.epochs.vertexValueChanged(slot, key.id, old, oldSide);
    if (live) affected.forEach((i, k) => i.remove(slot, before[k]!));
    if (value === undefined) column.delete(row);
    else column.set(row, value);
    this.setSide(slot, key.id, value === undefined ? undefined : side);
    if (live) for (const i of affected) i.add(slot, this.fieldValues('vertex', slot, i.record.fields));
    this.logVertexValue(slot, key.id, value, value === undefined ? undefined : side);
    this.undo.push(() => this.restoreVertexValue(slot, key, old, oldSide));
  }

  /**
   * {@link setVertexValue} for many vertices of a SINGLE key: the value of `slots[i]` becomes
   * `values[i]` (undefined removes it) with side `sides?.[i]`. Vertices whose label has an index
   * label take the general path; the others write their column directly, with one undo step for
   * the whole call. Logged as the same ops, so replay is unchanged.
   */
  setVertexValues(key: PropertyKeyRecord, slots: Int32Array, values: ReadonlyArray<PropertyValue | undefined>, sides?: ReadonlyArray<PropertySide | undefined>): void {
    const direct: number[] = [];
    const olds: (PropertyValue | undefined)[] = [];
    const oldSides: (PropertySide | undefined)[] = [];
    const columns = new Map<number, ReturnType<LabelTable['column']> | null>();
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const labelId = this.vertices.labelOf[slot]!;
      let column = columns.get(labelId);
      if (column === undefined) columns.set(labelId, (column = this.hasIndexLabels('vertex', labelId) ? null : this.vertexTable(labelId).column(key.id, key.dataType, false)));
      if (column === null) {
        this.setVertexValue(slot, key, values[i], sides?.[i]);
        continue;
      }
      const row = this.vertices.rowOf[slot]!;
      const old = column.get(row);
      const oldSide = this.propertySides.get(slot)?.get(key.id);
      if (this.epochs.recording) this.epochs.vertexValueChanged(slot, key.id, old, oldSide);
      const value = values[i];
      if (value === undefined) column.delete(row);
      else column.set(row, value);
      const side = value === undefined ? undefined : sides?.[i];
      if (oldSide !== undefined || side !== undefined) this.setSide(slot, key.id, side);
      this.logVertexValue(slot, key.id, value, side);
      direct.push(slot);
      olds.push(old);
      oldSides.push(oldSide);
    }
    if (direct.length > 0) this.undo.push(() => { for (let i = direct.length - 1; i >= 0; i--) this.restoreVertexValue(direct[i]!, key, olds[i], oldSides[i]); });
  }

  /**
   * Sets a property of a vertex added earlier in the running batch, the write path of vertex
   * inserts. When no index label covers the vertex's label and there is no side data, the value
   * goes straight into its column: the row is new, so there is no old value and no index entry to
   * move, and no undo step is needed because undoing the vertex clears its whole row. Otherwise
   * it is {@link setVertexValue}. Logged as the same op, so replay is unchanged.
   */
  initVertexValue(slot: number, key: PropertyKeyRecord, value: PropertyValue, side?: PropertySide): void {
    const labelId = this.vertices.labelOf[slot]!;
    if (side !== undefined || this.hasIndexLabels('vertex', labelId)) {
      this.setVertexValue(slot, key, value, side);
      return;
    }
    const row = this.vertices.rowOf[slot]!;
    this.vertexTable(labelId).column(key.id, key.dataType, key.cardinality !== 'SINGLE').set(row, value);
    if (this.epochs.recording) this.epochs.vertexValueChanged(slot, key.id, undefined, undefined);
    this.logVertexValue(slot, key.id, value, undefined);
  }

  private logVertexValue(slot: number, keyId: number, value: PropertyValue | undefined, side: PropertySide | undefined): void {
    const log = this.logValue(Op.SetVertexValue, slot, keyId, value);
    if (log !== undefined) writeSide(log, side);
  }

  /** Logs a value op (op, element slot, key id, optional value) and returns the log for what follows. */
  private logValue(op: Op.SetVertexValue | Op.SetEdgeValue, slot: number, keyId: number, value: PropertyValue | undefined): ByteWriter | undefined {
    const log = this.log;
    if (log === undefined) return undefined;
    log.u8(op);
    log.varUint(slot);
    log.varUint(keyId);
    writeOptional(log, value);
    return log;
  }

  private restoreVertexValue(slot: number, key: PropertyKeyRecord, value: PropertyValue | undefined, side: PropertySide | undefined): void {
    const labelId = this.vertices.labelOf[slot]!;
    const table = this.vertexTable(labelId);
    const row = this.vertices.rowOf[slot]!;
    const column = table.column(key.id, key.dataType, key.cardinality !== 'SINGLE');
    const affected = this.indexesOf('vertex', labelId).filter((i) => i.record.fields.includes(key.name));
    const live = this.vertices.alive.get(slot);
    if (live) for (const i of affected) i.remove(slot, this.fieldValues('vertex', slot, i.record.fields));
    if (value === undefined) column.delete(row);
    else column.set(row, value);
    this.setSide(slot, key.id, side);
    if (live) for (const i of affected) i.add(slot, this.fieldValues('vertex', slot, i.record.fields));
  }

  private setSide(slot: number, keyId: number, side: PropertySide | undefined): void {
    let m = this.propertySides.get(slot);
    if (side === undefined) {
      m?.delete(keyId);
      if (m !== undefined && m.size === 0) this.propertySides.delete(slot);
      return;
    }
    if (m === undefined) this.propertySides.set(slot, (m = new Map()));
    m.set(keyId, side);
    for (const id of side.ids) if (typeof id === 'number' && id >= this.nextAutoId) this.nextAutoId = id + 1;
  }

  /** Replaces (or with undefined removes) an edge property value. */
  setEdgeValue(e: number, key: PropertyKeyRecord, value: PropertyValue | undefined): void {
    const labelId = this.edges.label[e]!;
    const table = this.edges.tables.get(labelId)!;
    const row = this.edges.rowOf![e]!;
    const column = table.column(key.id, key.dataType, key.cardinality !== 'SINGLE' && (value === undefined || Array.isArray(value)));
    const old = column.get(row);
    const affected = this.indexesOf('edge', labelId).filter((i) => i.record.fields.includes(key.name));
    const before = affected.map((i) => this.fieldValues('edge', e, i.record.fields));
    if (value !== undefined) {
      affected.forEach((i, k) => i.check(e, i.record.fields.map((f, n) => (f === key.name ? value : before[k]![n]))));
    }
    const apply = (v: PropertyValue | undefined): void => {
      const live = this.edges.alive.get(e);
      if (live) for (const i of affected) i.remove(e, this.fieldValues('edge', e, i.record.fields));
      if (v === undefined) column.delete(row);
      else column.set(row, v);
      if (live) for (const i of affected) i.add(e, this.fieldValues('edge', e, i.record.fields));
    };
    if (this.epochs.recording) this.epochs.edgeValueChanged(e, key.id, old);
    apply(value);
    this.logValue(Op.SetEdgeValue, e, key.id, value);
    this.undo.push(() => apply(old));
  }

  /**
   * Sets a property of an edge added earlier in the running batch, the write path of edge
   * inserts: as {@link initVertexValue}, straight into the column with no undo step when no index
   * label covers the edge's label, else {@link setEdgeValue}. Logged as the same op.
   */
  initEdgeValue(e: number, key: PropertyKeyRecord, value: PropertyValue): void {
    const labelId = this.edges.label[e]!;
    if (this.hasIndexLabels('edge', labelId)) {
      this.setEdgeValue(e, key, value);
      return;
    }
    const table = this.edges.tables.get(labelId)!;
    table.column(key.id, key.dataType, key.cardinality !== 'SINGLE' && Array.isArray(value)).set(this.edges.rowOf![e]!, value);
    if (this.epochs.recording) this.epochs.edgeValueChanged(e, key.id, undefined);
    this.logValue(Op.SetEdgeValue, e, key.id, value);
  }

  /** Removes a live edge (tombstone in adjacency, index entries dropped). */
  removeEdge(e: number): void {
    this.killEdge(e);
    this.log?.u8(Op.RemoveEdge);
    this.log?.varUint(e);
  }

  private killEdge(e: number): void {
    const labelId = this.edges.label[e]!;
    const adj = this.adjacencyOf(labelId);
    const out = this.edges.out[e]!;
    const inV = this.edges.in[e]!;
    const idx = this.indexesOf('edge', labelId);
    for (const i of idx) i.remove(e, this.fieldValues('edge', e, i.record.fields));
    this.edges.setAlive(e, false);
    if (this.epochs.recording) this.epochs.edgeKilled(e);
    adj.out.tombstone(out);
    adj.in.tombstone(inV);
    const id = this.edgeIds.get(e);
    if (id !== undefined) this.edgeIdSlots.delete(idMapKey(id));
    this.undo.push(() => {
      this.edges.setAlive(e, true);
      adj.out.untombstone(out);
      adj.in.untombstone(inV);
      if (this.catalog.edgeLabelById(labelId)?.frequency === 'SINGLE') this.pairFilter(labelId).add(e, this.edges);
      if (id !== undefined) this.edgeIdSlots.set(idMapKey(id), e);
      for (const i of idx) i.add(e, this.fieldValues('edge', e, i.record.fields));
    });
  }

  /** Removes a live vertex and its incident edges. */
  removeVertex(slot: number): void {
    for (const e of this.incidentEdges(slot)) this.killEdge(e);
    const labelId = this.vertices.labelOf[slot]!;
    const idx = this.indexesOf('vertex', labelId);
    for (const i of idx) i.remove(slot, this.fieldValues('vertex', slot, i.record.fields));
    const table = this.vertexTable(labelId);
    this.vertices.unmapId(slot);
    this.vertices.alive.set(slot, false);
    if (this.epochs.recording) this.epochs.vertexKilled(slot);
    table.live--;
    this.log?.u8(Op.RemoveVertex);
    this.log?.varUint(slot);
    this.undo.push(() => {
      this.vertices.alive.set(slot, true);
      this.vertices.mapId(slot);
      table.live++;
      for (const i of idx) i.add(slot, this.fieldValues('vertex', slot, i.record.fields));
    });
  }
}
