/**
 * Schema records of one graph (spec Part A 2.4, hugegraph-notes §4), in camelCase.
 * The HTTP layer renames fields to HugeGraph's snake_case.
 * @module
 */
import type { PropertyValue } from '../../values/index.js';

/**
 * Data type of a property key. OBJECT is a Quiver extension for auto-create
 * (TinkerGraph-compatible) graphs: one value that is any PropertyValue, lists, sets and maps
 * included; OBJECT keys cannot be indexed nor be primary or sort keys.
 *
 * @example
 * ```ts
 * const t: DataType = 'INT';
 * ```
 */
export type DataType = 'BOOLEAN' | 'BYTE' | 'INT' | 'LONG' | 'FLOAT' | 'DOUBLE' | 'TEXT' | 'DATE' | 'UUID' | 'BLOB' | 'OBJECT';

/**
 * Cardinality of a property key.
 *
 * @example
 * ```ts
 * const c: Cardinality = 'SINGLE';
 * ```
 */
export type Cardinality = 'SINGLE' | 'LIST' | 'SET';

/**
 * Id strategy of a vertex label. DEFAULT is resolved on creation and never stored.
 *
 * @example
 * ```ts
 * const s: IdStrategy = 'PRIMARY_KEY';
 * ```
 */
export type IdStrategy = 'DEFAULT' | 'AUTOMATIC' | 'PRIMARY_KEY' | 'CUSTOMIZE_STRING' | 'CUSTOMIZE_NUMBER' | 'CUSTOMIZE_UUID';

/**
 * Index type. RANGE is stored as RANGE_INT/LONG/FLOAT/DOUBLE by field type and shown as RANGE.
 *
 * @example
 * ```ts
 * const t: IndexType = 'RANGE_INT';
 * ```
 */
export type IndexType = 'SECONDARY' | 'RANGE_INT' | 'RANGE_LONG' | 'RANGE_FLOAT' | 'RANGE_DOUBLE' | 'SEARCH' | 'SHARD' | 'UNIQUE';

/**
 * Lifecycle status of a schema element.
 *
 * @example
 * ```ts
 * const s: SchemaStatus = 'CREATED';
 * ```
 */
export type SchemaStatus = 'CREATED' | 'CREATING' | 'REBUILDING' | 'DELETING' | 'UNDELETED' | 'INVALID';

/**
 * Free-form user data of a schema element; `~create_time` is set by the system.
 *
 * @example
 * ```ts
 * const u: UserData = { owner: 'ops' };
 * ```
 */
export type UserData = Readonly<Record<string, PropertyValue | Readonly<Record<string, unknown>>>>;

/**
 * Write type of a property key: OLTP for ordinary properties, OLAP_* for results of computation
 * jobs (shown only while the graph's read mode is ALL).
 */
export type WriteType = 'OLTP' | 'OLAP_COMMON' | 'OLAP_SECONDARY' | 'OLAP_RANGE';

/** Every write type. */
export const WRITE_TYPES: readonly WriteType[] = ['OLTP', 'OLAP_COMMON', 'OLAP_SECONDARY', 'OLAP_RANGE'];

/**
 * A property key record.
 *
 * @example
 * ```ts
 * const k: PropertyKeyRecord = { id: 1, name: 'age', dataType: 'INT', cardinality: 'SINGLE', aggregateType: 'NONE', writeType: 'OLTP', status: 'CREATED', userData: {} };
 * ```
 */
export interface PropertyKeyRecord {
  readonly id: number;
  readonly name: string;
  readonly dataType: DataType;
  readonly cardinality: Cardinality;
  readonly aggregateType: 'NONE' | 'MAX' | 'MIN' | 'SUM' | 'OLD' | 'SET' | 'LIST';
  readonly writeType: WriteType;
  readonly status: SchemaStatus;
  readonly userData: UserData;
}

/**
 * Fields shared by vertex and edge labels.
 *
 * @example
 * ```ts
 * const l: Pick<LabelRecordBase, 'name'> = { name: 'person' };
 * ```
 */
export interface LabelRecordBase {
  readonly id: number;
  readonly name: string;
  readonly properties: readonly string[];
  readonly nullableKeys: readonly string[];
  readonly indexLabels: readonly string[];
  readonly enableLabelIndex: boolean;
  /** Lifetime of elements in milliseconds; 0 means forever. */
  readonly ttl: number;
  /** Name of a DATE property used as the start of the lifetime, or undefined for insertion time. */
  readonly ttlStartTime: string | undefined;
  readonly status: SchemaStatus;
  readonly userData: UserData;
}

/**
 * A vertex label record. `idStrategy` is never DEFAULT once created.
 *
 * @example
 * ```ts
 * declare const person: VertexLabelRecord; console.log(person.primaryKeys);
 * ```
 */
export interface VertexLabelRecord extends LabelRecordBase {
  readonly kind: 'vertex';
  readonly idStrategy: Exclude<IdStrategy, 'DEFAULT'>;
  readonly primaryKeys: readonly string[];
}

/**
 * An edge label record.
 *
 * @example
 * ```ts
 * declare const knows: EdgeLabelRecord; console.log(knows.sourceLabel, knows.targetLabel);
 * ```
 */
export interface EdgeLabelRecord extends LabelRecordBase {
  readonly kind: 'edge';
  readonly sourceLabel: string;
  readonly targetLabel: string;
  readonly frequency: 'SINGLE' | 'MULTIPLE';
  readonly sortKeys: readonly string[];
}

/**
 * An index label record.
 *
 * @example
 * ```ts
 * declare const byAge: IndexLabelRecord; console.log(byAge.fields);
 * ```
 */
export interface IndexLabelRecord {
  readonly id: number;
  readonly name: string;
  readonly baseType: 'VERTEX_LABEL' | 'EDGE_LABEL';
  readonly baseValue: string;
  readonly indexType: IndexType;
  readonly fields: readonly string[];
  readonly status: SchemaStatus;
  readonly userData: UserData;
}

/**
 * Graph mode (Part A §3).
 *
 * @example
 * ```ts
 * const m: GraphMode = 'RESTORING';
 * ```
 */
export type GraphMode = 'NONE' | 'RESTORING' | 'MERGING' | 'LOADING';
