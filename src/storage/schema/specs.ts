/**
 * Input specs of schema mutations, the JSON-serialisable {@link SchemaChange} that every
 * mutation produces, and the {@link SchemaSnapshot} of a whole catalog.
 * @module
 */
import type {
  Cardinality,
  DataType,
  EdgeLabelRecord,
  GraphMode,
  IdStrategy,
  IndexLabelRecord,
  IndexType,
  PropertyKeyRecord,
  UserData,
  VertexLabelRecord,
  WriteType,
} from './schema-types.js';

/**
 * A data type as accepted on input: the stored upper-case names plus HugeGraph's lower-case
 * spec names (`string` is TEXT, `bool` is BOOLEAN), in any letter case.
 */
export type DataTypeInput = DataType | Lowercase<DataType> | 'string' | 'bool' | 'STRING' | 'BOOL';

/**
 * A cardinality as accepted on input, in either letter case.
 */
export type CardinalityInput = Cardinality | Lowercase<Cardinality>;

/**
 * Definition of a new property key.
 *
 * @example
 * ```ts
 * const spec: PropertyKeySpec = { name: 'age', dataType: 'int' };
 * ```
 */
export interface PropertyKeySpec {
  readonly name: string;
  /** Default TEXT. */
  readonly dataType?: DataTypeInput;
  /** Default SINGLE. */
  readonly cardinality?: CardinalityInput;
  readonly userData?: UserData;
  /**
   * Default OLTP. An OLAP key (OLAP_COMMON, OLAP_SECONDARY, OLAP_RANGE) holds results of
   * computation jobs: any vertex may have it without its label listing it, and vertex reads
   * show it only while the graph's read mode is ALL.
   */
  readonly writeType?: WriteType;
  /** Only in RESTORING mode. */
  readonly id?: number;
}

/**
 * Fields shared by vertex and edge label specs.
 */
export interface LabelSpecBase {
  readonly name: string;
  readonly properties?: readonly string[];
  readonly nullableKeys?: readonly string[];
  /** Default false. */
  readonly enableLabelIndex?: boolean;
  /** Milliseconds; 0 (the default) means forever. */
  readonly ttl?: number;
  readonly ttlStartTime?: string;
  readonly userData?: UserData;
  /** Only in RESTORING mode. */
  readonly id?: number;
}

/**
 * Definition of a new vertex label.
 *
 * @example
 * ```ts
 * const spec: VertexLabelSpec = { name: 'person', properties: ['name', 'age'], primaryKeys: ['name'], nullableKeys: ['age'] };
 * ```
 */
export interface VertexLabelSpec extends LabelSpecBase {
  /** Default DEFAULT, resolved to PRIMARY_KEY when primary keys are given, else AUTOMATIC. */
  readonly idStrategy?: IdStrategy;
  readonly primaryKeys?: readonly string[];
}

/**
 * Definition of a new edge label.
 *
 * @example
 * ```ts
 * const spec: EdgeLabelSpec = { name: 'knows', sourceLabel: 'person', targetLabel: 'person' };
 * ```
 */
export interface EdgeLabelSpec extends LabelSpecBase {
  readonly sourceLabel: string;
  readonly targetLabel: string;
  /** Default SINGLE. */
  readonly frequency?: 'SINGLE' | 'MULTIPLE';
  readonly sortKeys?: readonly string[];
}

/**
 * Definition of a new index label. `RANGE` is resolved by the field's data type.
 *
 * @example
 * ```ts
 * const spec: IndexLabelSpec = { name: 'personByAge', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'RANGE', fields: ['age'] };
 * ```
 */
export interface IndexLabelSpec {
  readonly name: string;
  readonly baseType: 'VERTEX_LABEL' | 'EDGE_LABEL';
  readonly baseValue: string;
  /** Default SECONDARY. */
  readonly indexType?: IndexType | 'RANGE';
  readonly fields: readonly string[];
  readonly userData?: UserData;
  /** Only in RESTORING mode. */
  readonly id?: number;
}

/**
 * What may be added to a vertex or edge label by `append`.
 *
 * @example
 * ```ts
 * const update: LabelAppend = { properties: ['city'], nullableKeys: ['city'] };
 * ```
 */
export interface LabelAppend {
  readonly properties?: readonly string[];
  readonly nullableKeys?: readonly string[];
  readonly userData?: UserData;
}

/**
 * What may be removed from a vertex or edge label by `eliminate`: user data entries (by key)
 * and nullable keys (the keys become required again).
 *
 * @example
 * ```ts
 * const update: LabelEliminate = { userData: { owner: '' } };
 * ```
 */
export interface LabelEliminate {
  readonly userData?: UserData;
  readonly nullableKeys?: readonly string[];
}

/**
 * Options of the create mutators.
 *
 * @example
 * ```ts
 * const options: CreateOptions = { ifNotExist: true };
 * ```
 */
export interface CreateOptions {
  /** Return the existing element when one with the same definition exists. */
  readonly ifNotExist?: boolean;
}

/**
 * One schema mutation, serialisable to JSON, as written to the WAL and replayed by
 * `SchemaCatalog.apply`. An `update*PropertyKey` whose record has a new name is a rename, and
 * renames every reference. `createIndexLabel.replaced` names the sub-indexes it replaced.
 *
 * @example
 * ```ts
 * const change: SchemaChange = { op: 'removePropertyKey', name: 'age' };
 * ```
 */
export type SchemaChange =
  | { readonly op: 'createPropertyKey'; readonly record: PropertyKeyRecord }
  | { readonly op: 'updatePropertyKey'; readonly name: string; readonly record: PropertyKeyRecord }
  | { readonly op: 'removePropertyKey'; readonly name: string }
  | { readonly op: 'createVertexLabel'; readonly record: VertexLabelRecord }
  | { readonly op: 'updateVertexLabel'; readonly name: string; readonly record: VertexLabelRecord }
  | { readonly op: 'removeVertexLabel'; readonly name: string }
  | { readonly op: 'createEdgeLabel'; readonly record: EdgeLabelRecord }
  | { readonly op: 'updateEdgeLabel'; readonly name: string; readonly record: EdgeLabelRecord }
  | { readonly op: 'removeEdgeLabel'; readonly name: string }
  | { readonly op: 'createIndexLabel'; readonly record: IndexLabelRecord; readonly replaced: readonly string[] }
  | { readonly op: 'updateIndexLabel'; readonly name: string; readonly record: IndexLabelRecord }
  | { readonly op: 'removeIndexLabel'; readonly name: string };

/**
 * Names of the elements a removal took away (the removed element included).
 */
export interface RemovedSchema {
  readonly propertyKeys: readonly string[];
  readonly vertexLabels: readonly string[];
  readonly edgeLabels: readonly string[];
  readonly indexLabels: readonly string[];
}

/**
 * Id counters of a catalog: the next id handed out per kind.
 *
 * @example
 * ```ts
 * const next: SchemaCounters = { propertyKey: 1, vertexLabel: 1, edgeLabel: 1, indexLabel: 1 };
 * ```
 */
export interface SchemaCounters {
  readonly propertyKey: number;
  readonly vertexLabel: number;
  readonly edgeLabel: number;
  readonly indexLabel: number;
}

/**
 * The whole catalog as plain JSON data: records in id order plus the id counters.
 *
 * @example
 * ```ts
 * const empty: SchemaSnapshot = { propertyKeys: [], vertexLabels: [], edgeLabels: [], indexLabels: [], nextIds: { propertyKey: 1, vertexLabel: 1, edgeLabel: 1, indexLabel: 1 } };
 * ```
 */
export interface SchemaSnapshot {
  readonly propertyKeys: readonly PropertyKeyRecord[];
  readonly vertexLabels: readonly VertexLabelRecord[];
  readonly edgeLabels: readonly EdgeLabelRecord[];
  readonly indexLabels: readonly IndexLabelRecord[];
  readonly nextIds: SchemaCounters;
}

/**
 * Options of the `SchemaCatalog` constructor and of `SchemaCatalog.fromJSON`.
 *
 * @example
 * ```ts
 * const options: SchemaCatalogOptions = { illegalNameRegex: '.*\\s+$|~.*', mode: () => 'NONE' };
 * ```
 */
export interface SchemaCatalogOptions {
  /** `schema.illegal_name_regex`; default `.*\s+$|~.*`. */
  readonly illegalNameRegex?: string;
  /** Current graph mode; default always NONE. */
  readonly mode?: () => GraphMode;
  /** Clock for `~create_time`, in epoch milliseconds; default `Date.now`. */
  readonly now?: () => number;
}
