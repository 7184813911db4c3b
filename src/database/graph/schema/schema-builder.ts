/**
 * The fluent schema builder returned by `graph.schema()`, in the style of HugeGraph's Groovy
 * schema API, plus its getters.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { notFoundError } from '../../../storage/index.js';
import type { CardinalityInput, DataTypeInput, EdgeLabelRecord, IndexLabelRecord, IndexType, PropertyKeyRecord, RemovedSchema, VertexLabelRecord } from '../../../storage/index.js';
import type { SchemaView } from '../schema-view.js';
import { ElementBuilder } from './element-builder.js';
import { EdgeLabelBuilder, VertexLabelBuilder } from './label-builders.js';
import type { SchemaOperations } from './schema-operations.js';

/**
 * Builds, updates or removes one property key.
 *
 * @example
 * ```ts
 * declare const schema: SchemaBuilder;
 * await schema.propertyKey('age').asInt().valueSingle().ifNotExist().create();
 * ```
 */
export class PropertyKeyBuilder extends ElementBuilder {
  private type: DataTypeInput | undefined;
  private card: CardinalityInput | undefined;

  protected kindName(): string { return 'property key'; }

  /** Sets the data type (`int`, `string`, `TEXT`...). */
  dataType(type: DataTypeInput): this {
    this.type = type;
    return this;
  }

  /** Sets the cardinality. */
  cardinality(cardinality: CardinalityInput): this {
    this.card = cardinality;
    return this;
  }

  asText(): this { return this.dataType('TEXT'); }
  asInt(): this { return this.dataType('INT'); }
  asLong(): this { return this.dataType('LONG'); }
  asDouble(): this { return this.dataType('DOUBLE'); }
  asFloat(): this { return this.dataType('FLOAT'); }
  asBoolean(): this { return this.dataType('BOOLEAN'); }
  asByte(): this { return this.dataType('BYTE'); }
  asDate(): this { return this.dataType('DATE'); }
  asUUID(): this { return this.dataType('UUID'); }
  asBlob(): this { return this.dataType('BLOB'); }
  /** OBJECT (Quiver extension): any one value, lists, sets and maps included; never indexed. */
  asObject(): this { return this.dataType('OBJECT'); }
  valueSingle(): this { return this.cardinality('SINGLE'); }
  valueList(): this { return this.cardinality('LIST'); }
  valueSet(): this { return this.cardinality('SET'); }

  /** Creates the key. */
  async create(): Promise<PropertyKeyRecord> {
    const spec = { ...this.common(), ...(this.type === undefined ? {} : { dataType: this.type }), ...(this.card === undefined ? {} : { cardinality: this.card }) };
    return (await this.ops.createPropertyKey(spec, this.createOptions())).record;
  }

  /** Adds user data entries. */
  async append(): Promise<PropertyKeyRecord> {
    this.checkUpdate();
    return (await this.ops.appendPropertyKey(this.name, { userData: this.data })).record;
  }

  /** Removes user data entries (by key). */
  async eliminate(): Promise<PropertyKeyRecord> {
    this.checkUpdate();
    return (await this.ops.eliminatePropertyKey(this.name, { userData: this.data })).record;
  }

  /** Removes the key; it must not be used by any label. */
  async remove(): Promise<RemovedSchema> {
    return (await this.ops.removePropertyKey(this.name)).removed;
  }

  private checkUpdate(): void {
    this.refuseId();
    this.refuse(this.type !== undefined, 'data type');
    this.refuse(this.card !== undefined, 'cardinality');
  }
}

/**
 * Builds, updates or removes one index label.
 *
 * @example
 * ```ts
 * declare const schema: SchemaBuilder;
 * await schema.indexLabel('personByAge').onV('person').by('age').range().create();
 * ```
 */
export class IndexLabelBuilder extends ElementBuilder {
  private baseType: 'VERTEX_LABEL' | 'EDGE_LABEL' | undefined;
  private baseValue: string | undefined;
  private type: IndexType | 'RANGE' | undefined;
  private fields: string[] = [];

  protected kindName(): string { return 'index label'; }

  /** Indexes vertices of a vertex label. */
  onV(label: string): this {
    this.baseType = 'VERTEX_LABEL';
    this.baseValue = label;
    return this;
  }

  /** Indexes edges of an edge label. */
  onE(label: string): this {
    this.baseType = 'EDGE_LABEL';
    this.baseValue = label;
    return this;
  }

  /** The indexed properties, in order; they may be assigned only once. */
  by(...fields: string[]): this {
    if (fields.length === 0) throw new ArgumentError('INDEX_FIELDS_EMPTY', `Empty index fields: index label '${this.name}'`);
    this.once(this.fields.length > 0, 'index fields');
    this.fields = [...fields];
    return this;
  }

  /** Sets the index type. */
  indexType(type: IndexType | 'RANGE'): this {
    this.type = type;
    return this;
  }

  secondary(): this { return this.indexType('SECONDARY'); }
  range(): this { return this.indexType('RANGE'); }
  search(): this { return this.indexType('SEARCH'); }
  shard(): this { return this.indexType('SHARD'); }
  unique(): this { return this.indexType('UNIQUE'); }

  /** Creates the index label (its index is built at once). */
  async create(): Promise<IndexLabelRecord> {
    if (this.baseType === undefined || this.baseValue === undefined) {
      throw new ArgumentError('INDEX_BASE_REQUIRED', `Must set base label with onV() or onE() for index label '${this.name}'`);
    }
    const spec = {
      ...this.common(), baseType: this.baseType, baseValue: this.baseValue, fields: [...this.fields],
      ...(this.type === undefined ? {} : { indexType: this.type }),
    };
    return (await this.ops.createIndexLabel(spec, this.createOptions())).record;
  }

  /** Adds user data entries. */
  async append(): Promise<IndexLabelRecord> {
    this.checkUpdate();
    return (await this.ops.appendIndexLabel(this.name, { userData: this.data })).record;
  }

  /** Removes user data entries (by key). */
  async eliminate(): Promise<IndexLabelRecord> {
    this.checkUpdate();
    return (await this.ops.eliminateIndexLabel(this.name, { userData: this.data })).record;
  }

  /** Removes the index label. */
  async remove(): Promise<RemovedSchema> {
    return (await this.ops.removeIndexLabel(this.name)).removed;
  }

  /** Indexes are always kept in sync with the data, so this only checks that the index exists. */
  async rebuild(): Promise<IndexLabelRecord> {
    return this.reader.indexLabel(this.name) ?? Promise.reject(notFoundError('index label', this.name));
  }

  private checkUpdate(): void {
    this.refuseId();
    this.refuse(this.baseType !== undefined, 'base type');
    this.refuse(this.type !== undefined, 'index type');
    this.refuse(this.fields.length > 0, 'index fields');
  }
}

/**
 * The entry point of the fluent schema API: `schema.propertyKey(...)`, `vertexLabel(...)`,
 * `edgeLabel(...)`, `indexLabel(...)` and the getters, which throw NotFoundError.
 *
 * @example
 * ```ts
 * const schema = graph.schema();
 * await schema.propertyKey('name').asText().ifNotExist().create();
 * await schema.vertexLabel('person').properties('name').primaryKeys('name').create();
 * schema.getVertexLabel('person').idStrategy; // 'PRIMARY_KEY'
 * ```
 */
export class SchemaBuilder {
  constructor(private readonly ops: SchemaOperations, private readonly reader: SchemaView) {}

  propertyKey(name: string): PropertyKeyBuilder { return new PropertyKeyBuilder(this.ops, this.reader, name); }
  vertexLabel(name: string): VertexLabelBuilder { return new VertexLabelBuilder(this.ops, this.reader, name); }
  edgeLabel(name: string): EdgeLabelBuilder { return new EdgeLabelBuilder(this.ops, this.reader, name); }
  indexLabel(name: string): IndexLabelBuilder { return new IndexLabelBuilder(this.ops, this.reader, name); }

  /** Renames a property key and every reference to it. */
  async renamePropertyKey(oldName: string, newName: string): Promise<PropertyKeyRecord> {
    return (await this.ops.renamePropertyKey(oldName, newName)).record;
  }

  getPropertyKey(name: string): PropertyKeyRecord { return this.reader.propertyKey(name) ?? this.missing('property key', name); }
  getVertexLabel(name: string): VertexLabelRecord { return this.reader.vertexLabel(name) ?? this.missing('vertex label', name); }
  getEdgeLabel(name: string): EdgeLabelRecord { return this.reader.edgeLabel(name) ?? this.missing('edge label', name); }
  getIndexLabel(name: string): IndexLabelRecord { return this.reader.indexLabel(name) ?? this.missing('index label', name); }
  getPropertyKeys(): readonly PropertyKeyRecord[] { return this.reader.propertyKeys(); }
  getVertexLabels(): readonly VertexLabelRecord[] { return this.reader.vertexLabels(); }
  getEdgeLabels(): readonly EdgeLabelRecord[] { return this.reader.edgeLabels(); }
  getIndexLabels(): readonly IndexLabelRecord[] { return this.reader.indexLabels(); }

  private missing(kind: 'property key' | 'vertex label' | 'edge label' | 'index label', name: string): never {
    throw notFoundError(kind, name);
  }
}
