/**
 * The input of a write turned into what the store keeps: (name, value) pairs into checked,
 * coerced values (with the generated ids of auto-create graphs' vertex property values), the
 * checks of required keys (non-null, primary and sort keys), and the id a vertex label's id
 * strategy gives a new vertex.
 * @module
 */
import { ArgumentError, SchemaError } from '../../errors.js';
import { TypedNumber, Uuid, type ElementId, type PropertyValue } from '../../values/index.js';
import { checkIdLength, formatPrimaryKeyId, type Snowflake } from '../ids/index.js';
import type { EdgeLabelRecord, GraphMode, PropertyKeyRecord, VertexLabelRecord } from '../schema/schema-types.js';
import type { AutoSchema } from './auto-schema.js';
import { coerceElements, coerceScalar, valueKey } from './coerce.js';
import type { PropertySide } from './epochs.js';
import type { StoreState } from './store-state.js';

/** The shared, never mutated, result of collecting no properties. */
const NO_VALUES: Map<string, { value: PropertyValue; side?: PropertySide }> = new Map();

function list(names: readonly string[]): string {
  return `[${names.join(', ')}]`;
}

/**
 * Resolves the input of one writer's calls (one batch), under the graph's mode and id settings.
 */
export class WriteInput {
  private readonly autoCreate: boolean;
  private readonly mode: () => GraphMode;
  private readonly snowflake: Pick<Snowflake, 'next'>;

  constructor(
    private readonly state: StoreState,
    private readonly auto: AutoSchema,
    options: { readonly autoCreate: boolean; readonly mode: () => GraphMode; readonly snowflake: Pick<Snowflake, 'next'> },
  ) {
    this.autoCreate = options.autoCreate;
    this.mode = options.mode;
    this.snowflake = options.snowflake;
  }

  /**
   * The checked, coerced values of a write's (name, value) pairs (null: no value), with the ids
   * of vertex property values in auto-create graphs; pairs of one multi-valued vertex key add up.
   */
  collect(
    kind: 'vertex' | 'edge',
    label: VertexLabelRecord | EdgeLabelRecord,
    pairs: ReadonlyArray<readonly [string, PropertyValue]>,
  ): Map<string, { value: PropertyValue; side?: PropertySide }> {
    if (pairs.length === 0) return NO_VALUES;
    const out = new Map<string, { value: PropertyValue; side?: PropertySide }>();
    for (const [name, raw] of pairs) {
      if (raw === null) continue;
      if (kind === 'edge') {
        const key = this.auto.edgePropertyOf(label as EdgeLabelRecord, name, raw);
        out.set(name, { value: this.edgeValue(key, raw) });
        continue;
      }
      const key: PropertyKeyRecord = this.auto.propertyOf(label as VertexLabelRecord, name, raw, undefined);
      const pid = this.autoCreate ? this.nextAutoId() : undefined;
      const prev = out.get(name);
      if (key.cardinality === 'SINGLE') {
        out.set(name, { value: coerceScalar(key, raw), side: pid === undefined ? undefined : { ids: [pid], meta: [new Map()] } });
        continue;
      }
      const before = (prev?.value as readonly PropertyValue[] | undefined) ?? [];
      // Auto-create graphs keep a written list, set or map as one value: multi-properties come only from a cardinality.
      let added = this.autoCreate ? [coerceScalar(key, raw)] : coerceElements(key, raw);
      if (key.cardinality === 'SET') {
        const seen = new Set(before.map((v) => valueKey(v)));
        added = added.filter((v) => !seen.has(valueKey(v)) && seen.add(valueKey(v)) !== undefined);
      }
      const ids = pid === undefined ? undefined : [...(prev?.side?.ids ?? []), ...added.map((_v, i) => (i === 0 ? pid : this.nextAutoId()))];
      out.set(name, { value: [...before, ...added], side: ids === undefined ? undefined : { ids, meta: ids.map(() => new Map()) } });
    }
    return out;
  }

  /** An edge value: a list for LIST/SET keys in strict mode, always one value in auto-create mode. */
  edgeValue(key: PropertyKeyRecord, value: PropertyValue): PropertyValue {
    return key.cardinality === 'SINGLE' || this.autoCreate ? coerceScalar(key, value) : coerceElements(key, value);
  }

  /** Throws unless a new vertex's values hold its label's non-null keys (not while LOADING) and primary keys. */
  requireVertexKeys(record: VertexLabelRecord, values: ReadonlyMap<string, unknown>): void {
    if (this.mode() !== 'LOADING') this.requireNonNull(record, values, 'vertex');
    const missingPk = record.primaryKeys.filter((k) => !values.has(k));
    if (missingPk.length > 0) {
      throw new SchemaError('MISSING_PRIMARY_KEY', `The primary keys must be set for vertex label '${record.name}': missed keys ${list(missingPk)}`);
    }
  }

  /** Throws unless a new edge's values hold its label's non-null keys (not while LOADING) and sort keys. */
  requireEdgeKeys(record: EdgeLabelRecord, values: ReadonlyMap<string, unknown>): void {
    if (this.mode() !== 'LOADING') this.requireNonNull(record, values, 'edge');
    const missingSort = record.sortKeys.length === 0 ? undefined : record.sortKeys.filter((k) => !values.has(k));
    if (missingSort !== undefined && missingSort.length > 0) {
      throw new SchemaError('MISSING_SORT_KEY', `The sort keys must be set for edge label '${record.name}': missed keys ${list(missingSort)}`);
    }
  }

  private requireNonNull(label: VertexLabelRecord | EdgeLabelRecord, values: ReadonlyMap<string, unknown>, kind: 'vertex' | 'edge'): void {
    if (this.autoCreate || label.properties.length === label.nullableKeys.length) return;
    const missing = label.properties.filter((k) => !label.nullableKeys.includes(k) && !values.has(k));
    if (missing.length > 0) {
      throw new SchemaError(
        'MISSING_PROPERTY',
        `All non-null property keys ${list(label.properties.filter((k) => !label.nullableKeys.includes(k)))} of ${kind} label '${label.name}' must be set, missed keys ${list(missing)}`,
      );
    }
  }

  /** The id of a new vertex: the one its label's id strategy gives for the given id (if any) and values. */
  vertexId(label: VertexLabelRecord, id: ElementId | undefined, values: ReadonlyMap<string, { value: PropertyValue }> = NO_VALUES): ElementId {
    return checkIdLength(this.#vertexId(label, id, values), 'vertex');
  }

  #vertexId(label: VertexLabelRecord, id: ElementId | undefined, values: ReadonlyMap<string, { value: PropertyValue }>): ElementId {
    // An AUTOMATIC label of an auto-create graph (every label it creates itself) takes ids as
    // TinkerGraph does: any id given, else the next free number. Declared strategies apply as in strict graphs.
    if (this.autoCreate && label.idStrategy === 'AUTOMATIC') {
      if (id !== undefined) return id instanceof Uuid ? new Uuid(id.text.toLowerCase()) : id;
      let next: ElementId;
      do next = new TypedNumber('long', BigInt(this.nextAutoId()));
      while (this.state.vertices.slotOf(next) >= 0);
      return next;
    }
    const strategy = label.idStrategy;
    const mode = this.mode();
    const forbid = (): never => {
      throw new ArgumentError('VERTEX_ID_NOT_ALLOWED', `Cannot create vertex: can't customize vertex id when id strategy is '${strategy}' for vertex label '${label.name}'`);
    };
    const need = (what: string): never => {
      throw new ArgumentError('VERTEX_ID_REQUIRED', `Cannot create vertex: must customize vertex id as ${what} when id strategy is '${strategy}' for vertex label '${label.name}'`);
    };
    switch (strategy) {
      case 'PRIMARY_KEY':
        if (id !== undefined) forbid();
        return formatPrimaryKeyId(
          label.id,
          label.primaryKeys.map((k) => ({ value: values.get(k)!.value, dataType: this.auto.key(k).dataType })),
        );
      case 'AUTOMATIC':
        if (id === undefined) return new TypedNumber('long', this.snowflake.next());
        if (mode === 'NONE' || mode === 'LOADING') forbid();
        return asLong(id) ?? need('a number');
      case 'CUSTOMIZE_NUMBER':
        return (id === undefined ? undefined : asLong(id)) ?? need('a number');
      case 'CUSTOMIZE_STRING':
        return typeof id === 'string' && id.length > 0 ? id : need('a string');
      case 'CUSTOMIZE_UUID':
        if (id instanceof Uuid) return new Uuid(id.text.toLowerCase());
        if (typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return new Uuid(id.toLowerCase());
        return need('a UUID');
    }
  }

  /** The next generated id of an auto-create graph (vertices, edges, vertex property values). */
  nextAutoId(): number {
    return this.state.nextAutoId++;
  }
}

function asLong(id: ElementId): TypedNumber | undefined {
  if (typeof id === 'number') return Number.isInteger(id) ? new TypedNumber('long', BigInt(id)) : undefined;
  if (id instanceof TypedNumber && (typeof id.value === 'bigint' || Number.isInteger(id.value))) return new TypedNumber('long', BigInt(id.value));
  if (typeof id === 'string' && /^-?\d+$/.test(id)) return new TypedNumber('long', BigInt(id));
  return undefined;
}
