/**
 * Fluent builders of vertex and edge labels, in the style of HugeGraph's Groovy schema API.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../../errors.js';
import { notFoundError } from '../../../storage/index.js';
import type { EdgeLabelRecord, IdStrategy, RemovedSchema, VertexLabelRecord } from '../../../storage/index.js';
import { ElementBuilder } from './element-builder.js';

/**
 * Fields that vertex and edge label builders share.
 */
abstract class LabelBuilder extends ElementBuilder {
  protected props: string[] = [];
  protected nullable: string[] = [];
  protected labelIndex: boolean | undefined;
  protected ttlMs: number | undefined;
  protected ttlStart: string | undefined;

  /** Adds properties to the label. */
  properties(...names: string[]): this {
    for (const n of names) if (!this.props.includes(n)) this.props.push(n);
    return this;
  }

  /** Marks properties as nullable. */
  nullableKeys(...names: string[]): this {
    for (const n of names) if (!this.nullable.includes(n)) this.nullable.push(n);
    return this;
  }

  /** Enables or disables the label index. */
  enableLabelIndex(enable: boolean): this {
    this.labelIndex = enable;
    return this;
  }

  /** Lifetime of elements in milliseconds (0 = forever). */
  ttl(ms: number): this {
    this.ttlMs = ms;
    return this;
  }

  /** DATE property whose value starts the lifetime. */
  ttlStartTime(name: string): this {
    this.ttlStart = name;
    return this;
  }

  /** Shared create fields. */
  protected labelFields(): { properties: string[]; nullableKeys: string[]; enableLabelIndex?: boolean; ttl?: number; ttlStartTime?: string } {
    return {
      properties: [...this.props],
      nullableKeys: [...this.nullable],
      ...(this.labelIndex === undefined ? {} : { enableLabelIndex: this.labelIndex }),
      ...(this.ttlMs === undefined ? {} : { ttl: this.ttlMs }),
      ...(this.ttlStart === undefined ? {} : { ttlStartTime: this.ttlStart }),
    };
  }

  /** Fails on fields that an append or eliminate cannot take. */
  protected checkUpdate(action: 'append' | 'eliminate'): void {
    this.refuseId();
    this.refuse(this.labelIndex !== undefined, 'enable_label_index');
    this.refuse(this.ttlMs !== undefined, 'ttl');
    this.refuse(this.ttlStart !== undefined, 'ttl_start_time');
    if (action === 'eliminate' && this.props.length > 0) {
      throw new UnsupportedError('ELIMINATE_PROPERTIES', `Not support to eliminate properties for ${this.kindName()} currently: '${this.name}'`);
    }
  }
}

/**
 * Builds, updates or removes one vertex label.
 *
 * @example
 * ```ts
 * declare const schema: SchemaBuilder;
 * const person = await schema.vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create();
 * ```
 */
export class VertexLabelBuilder extends LabelBuilder {
  private strategy: IdStrategy = 'DEFAULT';
  private pks: string[] = [];

  protected kindName(): string { return 'vertex label'; }

  /** Sets the id strategy; it may be set only once. */
  idStrategy(strategy: IdStrategy): this {
    if (this.strategy !== 'DEFAULT' && this.strategy !== strategy) {
      throw new ArgumentError('ID_STRATEGY_CHANGED', `Not allowed to change id strategy for vertex label '${this.name}'`);
    }
    this.strategy = strategy;
    return this;
  }

  /** Ids are generated (snowflake). */
  useAutomaticId(): this { return this.idStrategy('AUTOMATIC'); }
  /** Ids are made of the label id and the primary key values. */
  usePrimaryKeyId(): this { return this.idStrategy('PRIMARY_KEY'); }
  /** Ids are strings given by the user. */
  useCustomizeStringId(): this { return this.idStrategy('CUSTOMIZE_STRING'); }
  /** Ids are numbers given by the user. */
  useCustomizeNumberId(): this { return this.idStrategy('CUSTOMIZE_NUMBER'); }
  /** Ids are UUIDs given by the user. */
  useCustomizeUuidId(): this { return this.idStrategy('CUSTOMIZE_UUID'); }

  /** Sets the primary keys, in order; they may be assigned only once. */
  primaryKeys(...names: string[]): this {
    if (names.length === 0) return this;
    this.once(this.pks.length > 0, 'primary keys');
    this.pks = [...names];
    return this;
  }

  /** Creates the label. */
  async create(): Promise<VertexLabelRecord> {
    const spec = { ...this.common(), ...this.labelFields(), idStrategy: this.strategy, primaryKeys: [...this.pks] };
    return (await this.ops.createVertexLabel(spec, this.createOptions())).record;
  }

  /** Adds properties (nullable), nullable keys and user data. */
  async append(): Promise<VertexLabelRecord> {
    this.checkVertexUpdate('append');
    return (await this.ops.appendVertexLabel(this.name, { properties: this.props, nullableKeys: this.nullable, userData: this.data })).record;
  }

  /** Removes user data entries and nullable keys. */
  async eliminate(): Promise<VertexLabelRecord> {
    this.checkVertexUpdate('eliminate');
    return (await this.ops.eliminateVertexLabel(this.name, { nullableKeys: this.nullable, userData: this.data })).record;
  }

  /** Removes the label with its index labels. */
  async remove(): Promise<RemovedSchema> {
    return (await this.ops.removeVertexLabel(this.name)).removed;
  }

  /** Indexes are always kept in sync with the data, so this only checks that the label exists. */
  async rebuildIndex(): Promise<VertexLabelRecord> {
    return this.reader.vertexLabel(this.name) ?? Promise.reject(notFoundError('vertex label', this.name));
  }

  private checkVertexUpdate(action: 'append' | 'eliminate'): void {
    this.checkUpdate(action);
    this.refuse(this.strategy !== 'DEFAULT', 'id strategy');
    this.refuse(this.pks.length > 0, 'primary keys');
  }
}

/**
 * Builds, updates or removes one edge label.
 *
 * @example
 * ```ts
 * declare const schema: SchemaBuilder;
 * await schema.edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').nullableKeys('weight').create();
 * ```
 */
export class EdgeLabelBuilder extends LabelBuilder {
  private source: string | undefined;
  private target: string | undefined;
  private freq: 'SINGLE' | 'MULTIPLE' | undefined;
  private sorts: string[] = [];

  protected kindName(): string { return 'edge label'; }

  /** Vertex label of the edges' source. */
  sourceLabel(name: string): this {
    this.source = name;
    return this;
  }

  /** Vertex label of the edges' target. */
  targetLabel(name: string): this {
    this.target = name;
    return this;
  }

  /** Sets source and target labels. */
  link(source: string, target: string): this {
    return this.sourceLabel(source).targetLabel(target);
  }

  /** At most one edge of this label between two vertices. */
  singleTime(): this { return this.frequency('SINGLE'); }
  /** Several edges between two vertices, told apart by the sort keys. */
  multiTimes(): this { return this.frequency('MULTIPLE'); }

  /** Sets the frequency. */
  frequency(frequency: 'SINGLE' | 'MULTIPLE'): this {
    this.freq = frequency;
    return this;
  }

  /** Sets the sort keys, in order; they may be assigned only once. */
  sortKeys(...names: string[]): this {
    if (names.length === 0) return this;
    this.once(this.sorts.length > 0, 'sort keys');
    this.sorts = [...names];
    return this;
  }

  /** Creates the label. */
  async create(): Promise<EdgeLabelRecord> {
    const spec = {
      ...this.common(), ...this.labelFields(), sourceLabel: this.source ?? '', targetLabel: this.target ?? '',
      sortKeys: [...this.sorts], ...(this.freq === undefined ? {} : { frequency: this.freq }),
    };
    return (await this.ops.createEdgeLabel(spec, this.createOptions())).record;
  }

  /** Adds properties (nullable), nullable keys and user data. */
  async append(): Promise<EdgeLabelRecord> {
    this.checkEdgeUpdate('append');
    return (await this.ops.appendEdgeLabel(this.name, { properties: this.props, nullableKeys: this.nullable, userData: this.data })).record;
  }

  /** Removes user data entries and nullable keys. */
  async eliminate(): Promise<EdgeLabelRecord> {
    this.checkEdgeUpdate('eliminate');
    return (await this.ops.eliminateEdgeLabel(this.name, { nullableKeys: this.nullable, userData: this.data })).record;
  }

  /** Removes the label with its index labels. */
  async remove(): Promise<RemovedSchema> {
    return (await this.ops.removeEdgeLabel(this.name)).removed;
  }

  /** Indexes are always kept in sync with the data, so this only checks that the label exists. */
  async rebuildIndex(): Promise<EdgeLabelRecord> {
    return this.reader.edgeLabel(this.name) ?? Promise.reject(notFoundError('edge label', this.name));
  }

  private checkEdgeUpdate(action: 'append' | 'eliminate'): void {
    this.checkUpdate(action);
    this.refuse(this.source !== undefined, 'source label');
    this.refuse(this.target !== undefined, 'target label');
    this.refuse(this.freq !== undefined, 'frequency');
    this.refuse(this.sorts.length > 0, 'sort keys');
  }
}
