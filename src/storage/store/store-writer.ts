/**
 * Write side of the store: GraphWriter methods that enforce the schema rules (strict or
 * auto-create) and turn each call into raw mutations of the {@link StoreState}.
 * @module
 */
import { ArgumentError, ConflictError, LimitError, NotFoundError, SchemaError, UnsupportedError } from '../../errors.js';
import type { GraphWriter, PropertyCardinality, VertexPropertyRecord } from '../../port/index.js';
import { TypedNumber, type ElementId, type PropertyValue } from '../../values/index.js';
import { checkIdLength, formatSortValues, type Snowflake } from '../ids/index.js';
import type { EdgeLabelRecord, GraphMode } from '../schema/schema-types.js';
import { AutoSchema } from './auto-schema.js';
import { appendEdges, edgeColumns } from './bulk-edges.js';
import { appendVertices, vertexColumns } from './bulk-vertices.js';
import { coerceScalar, valueKey } from './coerce.js';
import { StoreReader } from './store-reader.js';
import type { PropertySide } from './epochs.js';
import type { StoreState } from './store-state.js';
import { WriteInput } from './write-input.js';
import { idMapKey } from '../vertex-table.js';

/**
 * Store settings (Part A 2.3 keys in camelCase).
 */
export interface StoreConfig {
  readonly autoCreate: boolean;
  readonly vertexTxCapacity: number;
  readonly edgeTxCapacity: number;
  readonly checkCustomizedIdExist: boolean;
}

type Pairs = ReadonlyArray<readonly [string, PropertyValue]>;
type BulkColumns = ReadonlyArray<readonly [string, ReadonlyArray<PropertyValue | undefined>]>;

/**
 * The GraphWriter handed to a batch function. It is valid only while its batch runs.
 */
export class StoreWriter extends StoreReader implements GraphWriter {
  private vertexWrites = 0;
  private edgeWrites = 0;
  private open = true;
  private readonly auto: AutoSchema;
  private readonly input: WriteInput;
  /** Strict-mode edge labels with their endpoint label ids (the catalog does not change in a strict batch). */
  private readonly edgeLabels = new Map<string, { record: EdgeLabelRecord; source: number; target: number }>();

  constructor(
    state: StoreState,
    private readonly options: { config: StoreConfig; mode: () => GraphMode; now: () => number; snowflake: Snowflake },
  ) {
    super(state, options.now);
    this.auto = new AutoSchema(state, options.config.autoCreate);
    this.input = new WriteInput(state, this.auto, { autoCreate: options.config.autoCreate, mode: options.mode, snowflake: options.snowflake });
  }

  /** Ends the writer's validity (called when its batch ends). */
  close(): void {
    this.open = false;
  }

  addVertex(label: string, options: { readonly id?: ElementId; readonly properties?: Pairs } = {}): number {
    this.check();
    if (++this.vertexWrites > this.options.config.vertexTxCapacity) {
      throw new LimitError('TX_CAPACITY', `Vertices size has reached tx capacity ${this.options.config.vertexTxCapacity}`);
    }
    const record = this.auto.vertexLabel(label);
    const values = this.input.collect('vertex', record, options.properties ?? []);
    this.input.requireVertexKeys(record, values);
    const id = this.input.vertexId(record, options.id, values);
    const existing = this.state.vertices.slotOf(id);
    if (existing >= 0) {
      const tinkerGraph = this.options.config.autoCreate && record.idStrategy === 'AUTOMATIC';
      if (tinkerGraph || (this.options.config.checkCustomizedIdExist && record.idStrategy.startsWith('CUSTOMIZE'))) {
        throw new ConflictError('VERTEX_ID_EXISTS', `Cannot create vertex: the vertex with id '${String(id)}' has existed`);
      }
      if (this.state.vertices.labelOf[existing] !== record.id) {
        throw new ConflictError('VERTEX_ID_EXISTS', `Cannot create vertex: id '${String(id)}' is used by a vertex of label '${this.vertexLabel(existing)}'`);
      }
      for (const name of this.vertexPropertyKeys(existing)) if (!values.has(name)) this.state.setVertexValue(existing, this.auto.key(name), undefined);
      for (const [name, v] of values) this.state.setVertexValue(existing, this.auto.key(name), v.value, v.side);
      return existing;
    }
    const slot = this.state.addVertex(record, id, this.options.now());
    for (const [name, v] of values) this.state.initVertexValue(slot, this.auto.key(name), v.value, v.side);
    return slot;
  }

  addEdge(
    label: string,
    ends: { readonly out: number; readonly in: number },
    options: { readonly id?: ElementId; readonly properties?: Pairs } = {},
  ): number {
    this.check();
    if (++this.edgeWrites > this.options.config.edgeTxCapacity) {
      throw new LimitError('TX_CAPACITY', `Edges size has reached tx capacity ${this.options.config.edgeTxCapacity}`);
    }
    this.requireVertex(ends.out, 'Cannot create edge');
    this.requireVertex(ends.in, 'Cannot create edge');
    const auto = this.options.config.autoCreate;
    const record = auto ? this.auto.edgeLabel(label, this.vertexLabel(ends.out), this.vertexLabel(ends.in)) : this.strictEdgeLabel(label, ends);
    if (!auto && options.id !== undefined) {
      throw new ArgumentError('EDGE_ID_NOT_ALLOWED', `Cannot create edge '${record.name}': edge ids are derived and cannot be given`);
    }
    const values = this.input.collect('edge', record, options.properties ?? []);
    this.input.requireEdgeKeys(record, values);
    let id = checkIdLength(options.id, 'edge');
    if (auto) {
      if (id !== undefined && this.state.edgeIdSlots.has(idMapKey(id))) {
        throw new ConflictError('EDGE_ID_EXISTS', `Cannot create edge: the edge with id '${String(id)}' has existed`);
      }
      id ??= new TypedNumber('long', BigInt(this.input.nextAutoId()));
    } else {
      const sortValues =
        record.sortKeys.length === 0 ? '' : formatSortValues(record.sortKeys.map((k) => ({ value: values.get(k)!.value, dataType: this.auto.key(k).dataType })));
      const existing = this.findEdge(record, ends.out, ends.in, sortValues);
      if (existing >= 0 && this.edgeVisible(existing)) {
        for (const name of this.edgePropertyKeys(existing)) if (!values.has(name)) this.state.setEdgeValue(existing, this.auto.key(name), undefined);
        for (const [name, v] of values) this.state.setEdgeValue(existing, this.auto.key(name), v.value);
        return existing;
      }
    }
    const table = auto || record.properties.length > 0 || record.ttl > 0;
    const e = this.state.addEdge(record, ends, { id, insertedAt: record.ttl > 0 ? this.options.now() : 0, table });
    for (const [name, v] of values) this.state.initEdgeValue(e, this.auto.key(name), v.value);
    return e;
  }

  /**
   * Adds edges `outSlots[i] → inSlots[i]` of one label in one call, with the values of edge `i`
   * at index `i` of each property column (undefined or null: no value), and returns the slot of
   * each (for a SINGLE label, a pair that already has an edge gets that edge's slot and values).
   * Same rules and errors as calling {@link addEdge} for each pair in order: a batch that fails
   * any check is re-run pair by pair, so the error is the first bad pair's. Labels with a TTL,
   * sort keys or index labels, and auto-create graphs, always take that per-edge path.
   */
  addEdgesBulk(label: string, outSlots: Int32Array, inSlots: Int32Array, options: { readonly properties?: BulkColumns } = {}): Int32Array {
    this.check();
    const properties = options.properties ?? [];
    const n = outSlots.length;
    if (inSlots.length !== n) throw new ArgumentError('BULK_LENGTH_MISMATCH', `Cannot add edges: ${n} out slots but ${inSlots.length} in slots`);
    const uneven = properties.find(([, values]) => values.length !== n);
    if (uneven !== undefined) {
      throw new ArgumentError('BULK_LENGTH_MISMATCH', `Cannot add edges: ${n} out slots but ${uneven[1].length} values of property '${uneven[0]}'`);
    }
    if (n === 0) return new Int32Array(0);
    const strict = !this.options.config.autoCreate && this.state.catalog.edgeLabel(label) !== undefined;
    const record = strict ? this.strictEdgeLabel(label, { out: outSlots[0]!, in: inSlots[0]! }, false) : undefined;
    const columnar =
      record !== undefined && record.ttl === 0 && record.sortKeys.length === 0 && record.indexLabels.length === 0 && this.edgeWrites + n <= this.options.config.edgeTxCapacity;
    const columns = columnar
      ? edgeColumns(record, { outs: outSlots, ins: inSlots, properties }, { state: this.state, ends: this.edgeLabels.get(record.name)!, auto: this.auto, input: this.input, reader: this, loading: this.options.mode() === 'LOADING' })
      : undefined;
    if (columns === undefined) return perRow(n, properties, (i, pairs) => this.addEdge(label, { out: outSlots[i]!, in: inSlots[i]! }, { properties: pairs }));
    this.edgeWrites += n;
    return appendEdges(this.state, record!, { outs: outSlots, ins: inSlots, columns });
  }

  /**
   * Adds `count` vertices of one label in one call, with the values of vertex `i` at index `i`
   * of each property column (undefined or null: no value) and its given id, if any, at index `i`
   * of `ids`, and returns their slots. Same rules, errors and results as calling
   * {@link addVertex} for each in order: a batch that is not columnar (see vertexColumns: a label
   * without index labels, ids that its id strategy takes and that are new) is added vertex by vertex.
   */
  addVerticesBulk(label: string, count: number, options: { readonly properties?: BulkColumns; readonly ids?: ReadonlyArray<ElementId | undefined> } = {}): Int32Array {
    this.check();
    const properties = options.properties ?? [];
    const uneven = properties.find(([, values]) => values.length !== count);
    if (uneven !== undefined) {
      throw new ArgumentError('BULK_LENGTH_MISMATCH', `Cannot add vertices: ${count} vertices but ${uneven[1].length} values of property '${uneven[0]}'`);
    }
    const given = options.ids;
    if (given !== undefined && given.length !== count) throw new ArgumentError('BULK_LENGTH_MISMATCH', `Cannot add vertices: ${count} vertices but ${given.length} ids`);
    const record = this.options.config.autoCreate ? undefined : this.state.catalog.vertexLabel(label);
    const fits = record !== undefined && this.vertexWrites + count <= this.options.config.vertexTxCapacity;
    // A PRIMARY_KEY id comes from the values; any other strategy's id is the one addVertex would resolve (generated or given).
    const idOf = record === undefined || record.idStrategy === 'PRIMARY_KEY' ? undefined : (i: number): ElementId => this.input.vertexId(record, given?.[i]);
    const pkGiven = idOf === undefined && given !== undefined && given.some((id) => id !== undefined);
    const batch =
      fits && !pkGiven ? vertexColumns(record, properties, { count, auto: this.auto, loading: this.options.mode() === 'LOADING', state: this.state, idOf }) : undefined;
    if (batch === undefined) return perRow(count, properties, (i, pairs) => this.addVertex(label, { id: given?.[i], properties: pairs }));
    this.vertexWrites += count;
    return appendVertices(this.state, record!, { ...batch, insertedAt: this.options.now() });
  }

  setVertexProperty(
    slot: number,
    key: string,
    value: PropertyValue,
    options: { readonly cardinality?: PropertyCardinality; readonly meta?: Pairs } = {},
  ): VertexPropertyRecord {
    this.check();
    this.requireVertex(slot, 'Cannot set vertex property');
    const label = this.state.catalog.vertexLabelById(this.state.vertices.labelOf[slot]!)!;
    const k = this.auto.propertyOf(label, key, value, options.cardinality);
    if (label.primaryKeys.includes(key)) throw new SchemaError('PRIMARY_KEY_UPDATE', `Cannot update primary key '${key}' of vertex label '${label.name}'`);
    const cardinality = options.cardinality ?? (this.options.config.autoCreate ? 'single' : (k.cardinality.toLowerCase() as PropertyCardinality));
    if (cardinality !== 'single' && k.cardinality === 'SINGLE') {
      throw new SchemaError('PROPERTY_CARDINALITY', `Cannot set a ${cardinality} value on property key '${key}': its cardinality is SINGLE`);
    }
    if (options.meta !== undefined && options.meta.length > 0 && !this.options.config.autoCreate) {
      throw new UnsupportedError('META_PROPERTIES', `Cannot set meta-properties on '${key}': only auto-create graphs support them`);
    }
    const element = coerceScalar(k, value);
    const meta = new Map(options.meta ?? []);
    const pid = this.options.config.autoCreate ? this.input.nextAutoId() : undefined;
    const old = this.state.vertexValue(slot, k.id);
    const oldSide = this.state.propertySides.get(slot)?.get(k.id);
    if (cardinality === 'single' || k.cardinality === 'SINGLE') {
      const stored = k.cardinality === 'SINGLE' ? element : [element];
      this.state.setVertexValue(slot, k, stored, pid === undefined ? undefined : { ids: [pid], meta: [meta] });
    } else {
      const elements = (old as readonly PropertyValue[] | undefined) ?? [];
      if (cardinality === 'set' && elements.some((e) => valueKey(e) === valueKey(element))) {
        return this.vertexProperties(slot, [key]).find((p) => valueKey(p.value) === valueKey(element))!;
      }
      const side: PropertySide | undefined =
        pid === undefined ? undefined : { ids: [...(oldSide?.ids ?? []), pid], meta: [...(oldSide?.meta ?? []), meta] };
      this.state.setVertexValue(slot, k, [...elements, element], side);
    }
    const records = this.vertexProperties(slot, [key]);
    return records[records.length - 1]!;
  }

  /**
   * Sets the SINGLE values of key `key` on many vertices in one call: vertex `slots[i]` takes
   * `values[i]`, or loses its value when that is undefined. Same rules and errors as
   * {@link setVertexProperty} and {@link removeVertexProperty} for each in order; a key that does
   * not exist yet, or is not SINGLE, takes that path vertex by vertex.
   */
  setVertexValuesBulk(key: string, slots: Int32Array, values: ReadonlyArray<PropertyValue | undefined>): void {
    this.check();
    if (values.length !== slots.length) throw new ArgumentError('BULK_LENGTH_MISMATCH', `Cannot set values: ${slots.length} vertices but ${values.length} values of property '${key}'`);
    const k = this.state.catalog.propertyKey(key);
    if (k === undefined || k.cardinality !== 'SINGLE') {
      slots.forEach((slot, i) => (values[i] === undefined ? this.removeVertexProperty(slot, key) : this.setVertexProperty(slot, key, values[i]!)));
      return;
    }
    const labels = new Set<number>();
    const stored: (PropertyValue | undefined)[] = new Array<PropertyValue | undefined>(slots.length);
    const sides: (PropertySide | undefined)[] | undefined = this.options.config.autoCreate ? [] : undefined;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      this.requireVertex(slot, values[i] === undefined ? 'Cannot remove vertex property' : 'Cannot set vertex property');
      const labelId = this.state.vertices.labelOf[slot]!;
      const value = values[i];
      if (value !== undefined && !labels.has(labelId)) {
        labels.add(labelId);
        const label = this.state.catalog.vertexLabelById(labelId)!;
        this.auto.propertyOf(label, key, value, 'single');
        if (label.primaryKeys.includes(key)) throw new SchemaError('PRIMARY_KEY_UPDATE', `Cannot update primary key '${key}' of vertex label '${label.name}'`);
      }
      stored[i] = value === undefined ? undefined : coerceScalar(k, value);
      if (sides !== undefined) sides[i] = value === undefined ? undefined : { ids: [this.input.nextAutoId()], meta: [new Map()] };
    }
    this.state.setVertexValues(k, slots, stored, sides);
  }

  setMetaProperty(slot: number, propertyId: ElementId, key: string, value: PropertyValue): void {
    this.editMeta(slot, propertyId, (meta) => meta.set(key, value));
  }

  removeMetaProperty(slot: number, propertyId: ElementId, key: string): void {
    this.editMeta(slot, propertyId, (meta) => meta.delete(key));
  }

  removeVertexProperty(slot: number, key: string, propertyId?: ElementId): void {
    this.check();
    this.requireVertex(slot, 'Cannot remove vertex property');
    const label = this.state.catalog.vertexLabelById(this.state.vertices.labelOf[slot]!)!;
    const k = this.state.catalog.propertyKey(key);
    if (k === undefined) return;
    const current = this.state.vertexValue(slot, k.id);
    if (current === undefined) return;
    if (label.primaryKeys.includes(key)) throw new SchemaError('PRIMARY_KEY_UPDATE', `Cannot remove primary key '${key}' of vertex label '${label.name}'`);
    const side = this.state.propertySides.get(slot)?.get(k.id);
    if (propertyId !== undefined && k.cardinality !== 'SINGLE' && side !== undefined) {
      const keep = side.ids.map((id, i) => (valueKey(id) === valueKey(propertyId) ? -1 : i)).filter((i) => i >= 0);
      if (keep.length > 0) {
        const values = current as readonly PropertyValue[];
        this.state.setVertexValue(slot, k, keep.map((i) => values[i]!), { ids: keep.map((i) => side.ids[i]!), meta: keep.map((i) => side.meta[i]!) });
        return;
      }
    }
    if (!label.nullableKeys.includes(key) && label.properties.includes(key) && !this.options.config.autoCreate) {
      throw new SchemaError('NON_NULL_PROPERTY', `Cannot remove property '${key}' of vertex label '${label.name}': it is not nullable`);
    }
    this.state.setVertexValue(slot, k, undefined);
  }

  setEdgeProperty(slot: number, key: string, value: PropertyValue): void {
    this.check();
    this.requireEdge(slot, 'Cannot set edge property');
    const label = this.state.catalog.edgeLabelById(this.state.edges.label[slot]!)!;
    const k = this.auto.edgePropertyOf(label, key, value);
    if (label.sortKeys.includes(key)) throw new SchemaError('SORT_KEY_UPDATE', `Cannot update sort key '${key}' of edge label '${label.name}'`);
    if (this.state.edges.tables.get(label.id) === undefined) {
      throw new SchemaError('PROPERTY_NOT_IN_LABEL', `Invalid property '${key}' for edge label '${label.name}'`);
    }
    this.state.setEdgeValue(slot, k, this.input.edgeValue(k, value));
  }

  removeEdgeProperty(slot: number, key: string): void {
    this.check();
    this.requireEdge(slot, 'Cannot remove edge property');
    const label = this.state.catalog.edgeLabelById(this.state.edges.label[slot]!)!;
    const k = this.state.catalog.propertyKey(key);
    if (k === undefined || this.state.edgeValue(slot, k.id) === undefined) return;
    if (label.sortKeys.includes(key)) throw new SchemaError('SORT_KEY_UPDATE', `Cannot remove sort key '${key}' of edge label '${label.name}'`);
    if (!label.nullableKeys.includes(key) && !this.options.config.autoCreate) {
      throw new SchemaError('NON_NULL_PROPERTY', `Cannot remove property '${key}' of edge label '${label.name}': it is not nullable`);
    }
    this.state.setEdgeValue(slot, k, undefined);
  }

  removeVertex(slot: number): void {
    this.check();
    this.requireVertex(slot, 'Cannot remove vertex');
    this.state.removeVertex(slot);
  }

  removeEdge(slot: number): void {
    this.check();
    this.requireEdge(slot, 'Cannot remove edge');
    this.state.removeEdge(slot);
  }

  private editMeta(slot: number, propertyId: ElementId, edit: (meta: Map<string, PropertyValue>) => void): void {
    this.check();
    this.requireVertex(slot, 'Cannot edit meta-property');
    if (!this.options.config.autoCreate) throw new UnsupportedError('META_PROPERTIES', 'Cannot edit meta-properties: only auto-create graphs support them');
    const sides = this.state.propertySides.get(slot);
    for (const [keyId, side] of sides ?? []) {
      const i = side.ids.findIndex((id) => valueKey(id) === valueKey(propertyId));
      if (i < 0) continue;
      const meta = new Map(side.meta[i]);
      edit(meta);
      const key = this.state.catalog.propertyKeyById(keyId)!;
      this.state.setVertexValue(slot, key, this.state.vertexValue(slot, keyId), { ids: side.ids, meta: side.meta.map((m, n) => (n === i ? meta : m)) });
      return;
    }
    throw new NotFoundError('PROPERTY_NOT_FOUND', `Cannot edit meta-property: vertex property '${String(propertyId)}' does not exist`);
  }

  /** The label of a strict-mode edge; when `checkEnds`, throws unless the endpoints have its source and target labels. */
  private strictEdgeLabel(name: string, ends: { readonly out: number; readonly in: number }, checkEnds = true): EdgeLabelRecord {
    let cached = this.edgeLabels.get(name);
    if (cached === undefined) {
      const record = this.auto.edgeLabel(name, '', '');
      const c = this.state.catalog;
      cached = { record, source: c.vertexLabel(record.sourceLabel)?.id ?? -1, target: c.vertexLabel(record.targetLabel)?.id ?? -1 };
      this.edgeLabels.set(name, cached);
    }
    const labels = this.state.vertices.labelOf;
    if (checkEnds && (labels[ends.out] !== cached.source || labels[ends.in] !== cached.target)) {
      const { record } = cached;
      throw new SchemaError(
        'EDGE_ENDPOINT_LABEL',
        `Undefined link of edge label '${record.name}': '${this.vertexLabel(ends.out)}' -> '${this.vertexLabel(ends.in)}'`,
      );
    }
    return cached.record;
  }

  private check(): void {
    if (!this.open) throw new ArgumentError('BATCH_CLOSED', 'Cannot write: the batch of this writer has ended');
  }

  private requireVertex(slot: number, what: string): void {
    if (!this.vertexVisible(slot)) throw new NotFoundError('VERTEX_NOT_FOUND', `${what}: vertex slot ${slot} does not exist`);
  }

  private requireEdge(slot: number, what: string): void {
    if (!this.edgeVisible(slot)) throw new NotFoundError('EDGE_NOT_FOUND', `${what}: edge slot ${slot} does not exist`);
  }
}

/** Calls `add` for rows 0..n-1 of property columns with each row's (name, value) pairs, and returns the slots it gives. */
function perRow(n: number, properties: BulkColumns, add: (i: number, pairs: Pairs) => number): Int32Array {
  const slots = new Int32Array(n);
  for (let i = 0; i < n; i++) slots[i] = add(i, properties.flatMap(([name, values]) => (values[i] === undefined ? [] : [[name, values[i]!] as const])));
  return slots;
}
