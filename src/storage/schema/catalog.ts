/**
 * The schema catalog of one graph: validates every mutation with HugeGraph's rules, turns it
 * into a JSON-serialisable {@link SchemaChange}, applies it and returns it.
 * @module
 */
import { ArgumentError, NotFoundError, SchemaError } from '../../errors.js';
import type { LinearRegex } from '../../values/index.js';
import { checkIndexLabelSpec, sameIndexDefinition } from './index-rules.js';
import { checkEdgeLabelSpec, checkLabelAppend, checkVertexLabelSpec, sameLabelDefinition } from './label-rules.js';
import type { SchemaLookup } from './label-rules.js';
import {
  CREATE_TIME_KEY, checkExplicitId, checkSchemaName, checkUserData, compileIllegalNameRegex, DEFAULT_ILLEGAL_NAME_REGEX,
  existedError, formatSchemaDate, list, notFoundError, parseCardinality, parseDataType, type SchemaKind,
} from './rules.js';
import type {
  CreateOptions, EdgeLabelSpec, IndexLabelSpec, LabelAppend, LabelEliminate, PropertyKeySpec, RemovedSchema,
  SchemaCatalogOptions, SchemaChange, SchemaSnapshot, VertexLabelSpec,
} from './specs.js';
import { SchemaState, type SchemaTable } from './schema-state.js';
import { WRITE_TYPES } from './schema-types.js';
import type { EdgeLabelRecord, GraphMode, IndexLabelRecord, PropertyKeyRecord, UserData, VertexLabelRecord, WriteType } from './schema-types.js';

/**
 * What a create or update mutator returns: the change it applied (absent when `ifNotExist`
 * found an equal element and nothing changed) and the resulting record.
 *
 * @example
 * ```ts
 * declare const result: SchemaResult<PropertyKeyRecord>; if (result.change) console.log(result.change.op);
 * ```
 */
export interface SchemaResult<R> {
  readonly change?: SchemaChange;
  readonly record: R;
}

/**
 * What a remove mutator returns: the change and every element it took away.
 *
 * @example
 * ```ts
 * declare const result: SchemaRemoval; console.log(result.removed.indexLabels);
 * ```
 */
export interface SchemaRemoval {
  readonly change: SchemaChange;
  readonly removed: RemovedSchema;
}

function withoutKeys(data: UserData, keys: Iterable<string>): UserData {
  const out: Record<string, UserData[string]> = { ...data };
  for (const k of keys) delete out[k];
  return out;
}

/**
 * The schema catalog of one graph.
 *
 * @example
 * ```ts
 * const catalog = new SchemaCatalog();
 * catalog.createPropertyKey({ name: 'name', dataType: 'string' });
 * catalog.createVertexLabel({ name: 'person', properties: ['name'], primaryKeys: ['name'] });
 * catalog.vertexLabel('person')?.idStrategy; // 'PRIMARY_KEY'
 * ```
 */
export class SchemaCatalog extends SchemaState implements SchemaLookup {
  private readonly illegal: LinearRegex;
  private readonly mode: () => GraphMode;
  #olap: { readonly of: readonly PropertyKeyRecord[]; readonly ids: ReadonlySet<number> } | undefined;
  /** The clock of `~create_time` (see {@link SchemaCatalogOptions.now}); a scratch copy takes it too. */
  readonly now: () => number;

  constructor(options: SchemaCatalogOptions = {}) {
    super();
    this.illegal = compileIllegalNameRegex(options.illegalNameRegex ?? DEFAULT_ILLEGAL_NAME_REGEX);
    this.mode = options.mode ?? (() => 'NONE');
    this.now = options.now ?? Date.now;
  }

  /** Rebuilds a catalog from {@link SchemaCatalog.toJSON} output, id counters included. */
  static fromJSON(snapshot: SchemaSnapshot, options: SchemaCatalogOptions = {}): SchemaCatalog {
    const catalog = new SchemaCatalog(options);
    catalog.load(snapshot);
    return catalog;
  }

  propertyKey(name: string): PropertyKeyRecord | undefined { return this.keys.byName(name); }
  vertexLabel(name: string): VertexLabelRecord | undefined { return this.vertices.byName(name); }
  edgeLabel(name: string): EdgeLabelRecord | undefined { return this.edges.byName(name); }
  indexLabel(name: string): IndexLabelRecord | undefined { return this.indexes.byName(name); }
  propertyKeyById(id: number): PropertyKeyRecord | undefined { return this.keys.byId(id); }
  vertexLabelById(id: number): VertexLabelRecord | undefined { return this.vertices.byId(id); }
  edgeLabelById(id: number): EdgeLabelRecord | undefined { return this.edges.byId(id); }
  indexLabelById(id: number): IndexLabelRecord | undefined { return this.indexes.byId(id); }
  propertyKeys(): readonly PropertyKeyRecord[] { return this.keys.all(); }
  vertexLabels(): readonly VertexLabelRecord[] { return this.vertices.all(); }

  /** Ids of the property keys with an OLAP write type (one set, shared until the keys change). */
  olapKeyIds(): ReadonlySet<number> {
    const all = this.keys.all();
    if (this.#olap?.of !== all) this.#olap = { of: all, ids: new Set(all.filter((k) => k.writeType !== 'OLTP').map((k) => k.id)) };
    return this.#olap.ids;
  }
  edgeLabels(): readonly EdgeLabelRecord[] { return this.edges.all(); }
  indexLabels(): readonly IndexLabelRecord[] { return this.indexes.all(); }

  /** The index labels built on one vertex or edge label, in creation order. */
  indexLabelsOf(baseType: 'VERTEX_LABEL' | 'EDGE_LABEL', labelName: string): readonly IndexLabelRecord[] {
    const base = baseType === 'VERTEX_LABEL' ? this.vertices.byName(labelName) : this.edges.byName(labelName);
    return (base?.indexLabels ?? []).map((n) => this.indexes.byName(n)).filter((r): r is IndexLabelRecord => r !== undefined);
  }

  /** Creates a property key (data type default TEXT, cardinality default SINGLE). */
  createPropertyKey(spec: PropertyKeySpec, options: CreateOptions = {}): SchemaResult<PropertyKeyRecord> {
    checkSchemaName(spec.name, this.illegal);
    const dataType = parseDataType(spec.dataType);
    const cardinality = parseCardinality(spec.cardinality);
    const writeType = parseWriteType(spec.writeType);
    const existing = this.keys.byName(spec.name);
    if (existing !== undefined) {
      if (options.ifNotExist === true && existing.dataType === dataType && existing.cardinality === cardinality && existing.writeType === writeType) return { record: existing };
      throw existedError('property key', spec.name);
    }
    const id = this.assignId('property key', spec.id, (n) => this.keys.byId(n) !== undefined) ?? this.keys.next;
    const record: PropertyKeyRecord = {
      id, name: spec.name, dataType, cardinality, aggregateType: 'NONE', writeType, status: 'CREATED',
      userData: this.creationUserData(spec.userData, 'property key'),
    };
    return this.commit({ op: 'createPropertyKey', record }, this.keys, record);
  }

  /** Creates a vertex label. */
  createVertexLabel(spec: VertexLabelSpec, options: CreateOptions = {}): SchemaResult<VertexLabelRecord> {
    checkSchemaName(spec.name, this.illegal);
    const existing = this.vertices.byName(spec.name);
    if (existing !== undefined) {
      if (options.ifNotExist === true && sameLabelDefinition(existing, checkVertexLabelSpec(this, spec))) return { record: existing };
      throw existedError('vertex label', spec.name);
    }
    const id = this.assignId('vertex label', spec.id, (n) => this.vertices.byId(n) !== undefined) ?? this.vertices.next;
    const def = checkVertexLabelSpec(this, spec);
    const record: VertexLabelRecord = {
      ...def, id, name: spec.name, indexLabels: [], status: 'CREATED', userData: this.creationUserData(spec.userData, 'vertex label'),
    };
    return this.commit({ op: 'createVertexLabel', record }, this.vertices, record);
  }

  /** Creates an edge label between two existing vertex labels. */
  createEdgeLabel(spec: EdgeLabelSpec, options: CreateOptions = {}): SchemaResult<EdgeLabelRecord> {
    checkSchemaName(spec.name, this.illegal);
    const existing = this.edges.byName(spec.name);
    if (existing !== undefined) {
      if (options.ifNotExist === true && sameLabelDefinition(existing, checkEdgeLabelSpec(this, spec))) return { record: existing };
      throw existedError('edge label', spec.name);
    }
    const id = this.assignId('edge label', spec.id, (n) => this.edges.byId(n) !== undefined) ?? this.edges.next;
    const def = checkEdgeLabelSpec(this, spec);
    const record: EdgeLabelRecord = {
      ...def, id, name: spec.name, indexLabels: [], status: 'CREATED', userData: this.creationUserData(spec.userData, 'edge label'),
    };
    return this.commit({ op: 'createEdgeLabel', record }, this.edges, record);
  }

  /** Creates an index label; replaces existing indexes whose fields it extends. */
  createIndexLabel(spec: IndexLabelSpec, options: CreateOptions = {}): SchemaResult<IndexLabelRecord> {
    checkSchemaName(spec.name, this.illegal);
    const existing = this.indexes.byName(spec.name);
    if (existing !== undefined) {
      if (options.ifNotExist === true && sameIndexDefinition(existing, spec)) return { record: existing };
      throw existedError('index label', spec.name);
    }
    const id = this.assignId('index label', spec.id, (n) => this.indexes.byId(n) !== undefined) ?? this.indexes.next;
    const checked = checkIndexLabelSpec(this, spec);
    const record: IndexLabelRecord = {
      id, name: spec.name, baseType: spec.baseType, baseValue: checked.base.name, indexType: checked.indexType,
      fields: checked.fields, status: 'CREATED', userData: this.creationUserData(spec.userData, 'index label'),
    };
    return this.commit({ op: 'createIndexLabel', record, replaced: checked.replaced }, this.indexes, record);
  }

  /** Adds user data entries to a property key. */
  appendPropertyKey(name: string, update: { userData?: UserData }): SchemaResult<PropertyKeyRecord> {
    const key = this.keys.byName(name) ?? this.missingForUpdate('property key', name);
    const record = { ...key, userData: { ...key.userData, ...checkUserData(update.userData, 'property key') } };
    return this.commit({ op: 'updatePropertyKey', name, record }, this.keys, record);
  }

  /** Removes user data entries (by key) from a property key. */
  eliminatePropertyKey(name: string, update: { userData?: UserData }): SchemaResult<PropertyKeyRecord> {
    const key = this.keys.byName(name) ?? this.missingForUpdate('property key', name);
    const record = { ...key, userData: withoutKeys(key.userData, Object.keys(update.userData ?? {})) };
    return this.commit({ op: 'updatePropertyKey', name, record }, this.keys, record);
  }

  /** Renames a property key and every label and index reference to it. */
  renamePropertyKey(oldName: string, newName: string): SchemaResult<PropertyKeyRecord> {
    const key = this.keys.byName(oldName) ?? this.missingForUpdate('property key', oldName);
    checkSchemaName(newName, this.illegal);
    if (this.keys.byName(newName) !== undefined) throw existedError('property key', newName);
    const record = { ...key, name: newName };
    return this.commit({ op: 'updatePropertyKey', name: oldName, record }, this.keys, record);
  }

  /** Appends properties (which must be nullable), nullable keys and user data to a vertex label. */
  appendVertexLabel(name: string, update: LabelAppend): SchemaResult<VertexLabelRecord> {
    const label = this.vertices.byName(name) ?? this.missingForUpdate('vertex label', name);
    const record: VertexLabelRecord = { ...label, ...checkLabelAppend(this, label, update), userData: { ...label.userData, ...checkUserData(update.userData, 'vertex label') } };
    return this.commit({ op: 'updateVertexLabel', name, record }, this.vertices, record);
  }

  /** Removes user data entries and nullable keys from a vertex label. */
  eliminateVertexLabel(name: string, update: LabelEliminate): SchemaResult<VertexLabelRecord> {
    const label = this.vertices.byName(name) ?? this.missingForUpdate('vertex label', name);
    const record: VertexLabelRecord = { ...label, ...this.eliminated(label, update) };
    return this.commit({ op: 'updateVertexLabel', name, record }, this.vertices, record);
  }

  /** Appends properties (which must be nullable), nullable keys and user data to an edge label. */
  appendEdgeLabel(name: string, update: LabelAppend): SchemaResult<EdgeLabelRecord> {
    const label = this.edges.byName(name) ?? this.missingForUpdate('edge label', name);
    const record: EdgeLabelRecord = { ...label, ...checkLabelAppend(this, label, update), userData: { ...label.userData, ...checkUserData(update.userData, 'edge label') } };
    return this.commit({ op: 'updateEdgeLabel', name, record }, this.edges, record);
  }

  /** Removes user data entries and nullable keys from an edge label. */
  eliminateEdgeLabel(name: string, update: LabelEliminate): SchemaResult<EdgeLabelRecord> {
    const label = this.edges.byName(name) ?? this.missingForUpdate('edge label', name);
    const record: EdgeLabelRecord = { ...label, ...this.eliminated(label, update) };
    return this.commit({ op: 'updateEdgeLabel', name, record }, this.edges, record);
  }

  /** Adds user data entries to an index label. */
  appendIndexLabel(name: string, update: { userData?: UserData }): SchemaResult<IndexLabelRecord> {
    const index = this.indexes.byName(name) ?? this.missingForUpdate('index label', name);
    const record = { ...index, userData: { ...index.userData, ...checkUserData(update.userData, 'index label') } };
    return this.commit({ op: 'updateIndexLabel', name, record }, this.indexes, record);
  }

  /** Removes user data entries (by key) from an index label. */
  eliminateIndexLabel(name: string, update: { userData?: UserData }): SchemaResult<IndexLabelRecord> {
    const index = this.indexes.byName(name) ?? this.missingForUpdate('index label', name);
    const record = { ...index, userData: withoutKeys(index.userData, Object.keys(update.userData ?? {})) };
    return this.commit({ op: 'updateIndexLabel', name, record }, this.indexes, record);
  }

  /** Removes a property key that no label uses. */
  removePropertyKey(name: string): SchemaRemoval {
    if (this.keys.byName(name) === undefined) throw notFoundError('property key', name);
    for (const label of [...this.vertices.all(), ...this.edges.all()]) {
      if (label.properties.includes(name)) {
        throw new SchemaError('PROPERTY_KEY_IN_USE', `Not allowed to remove property key: '${name}' because the ${label.kind} label '${label.name}' is still using it`);
      }
    }
    return this.removal({ op: 'removePropertyKey', name });
  }

  /** Removes a vertex label that no edge label links, together with its index labels. */
  removeVertexLabel(name: string): SchemaRemoval {
    if (this.vertices.byName(name) === undefined) throw notFoundError('vertex label', name);
    const linked = this.edges.all().filter((e) => e.sourceLabel === name || e.targetLabel === name);
    if (linked.length > 0) {
      throw new SchemaError('VERTEX_LABEL_IN_USE', `Not allowed to remove vertex label '${name}' because the edge label ${list(linked.map((e) => `'${e.name}'`))} still link with it`);
    }
    return this.removal({ op: 'removeVertexLabel', name });
  }

  /** Removes an edge label together with its index labels. */
  removeEdgeLabel(name: string): SchemaRemoval {
    if (this.edges.byName(name) === undefined) throw notFoundError('edge label', name);
    return this.removal({ op: 'removeEdgeLabel', name });
  }

  /** Removes an index label and its name from its base label. */
  removeIndexLabel(name: string): SchemaRemoval {
    if (this.indexes.byName(name) === undefined) throw notFoundError('index label', name);
    return this.removal({ op: 'removeIndexLabel', name });
  }

  private commit<R extends { readonly id: number; readonly name: string }>(change: SchemaChange, table: SchemaTable<R>, record: R): SchemaResult<R> {
    this.apply(change);
    return { change, record: table.byId(record.id) ?? record };
  }

  private removal(change: SchemaChange): SchemaRemoval {
    return { change, removed: this.applyAndReport(change) };
  }

  private assignId(kind: SchemaKind, id: number | undefined, taken: (id: number) => boolean): number | undefined {
    checkExplicitId({ id, mode: this.mode(), kind, taken });
    return id;
  }

  private creationUserData(userData: UserData | undefined, kind: SchemaKind): UserData {
    const data = checkUserData(userData, kind);
    if (data[CREATE_TIME_KEY] === undefined) data[CREATE_TIME_KEY] = formatSchemaDate(this.now());
    return data;
  }

  private missingForUpdate(kind: SchemaKind, name: string): never {
    const code = `${kind.toUpperCase().replace(' ', '_')}_NOT_FOUND`;
    throw new NotFoundError(code, `Can't update ${kind} '${name}' since it doesn't exist`, { details: { kind, name } });
  }

  private eliminated(label: VertexLabelRecord | EdgeLabelRecord, update: LabelEliminate): { nullableKeys: string[]; userData: UserData } {
    const drop = [...new Set(update.nullableKeys ?? [])];
    const absent = drop.filter((k) => !label.nullableKeys.includes(k));
    if (absent.length > 0) {
      throw new ArgumentError('NULLABLE_KEY_NOT_FOUND', `The nullable keys ${list(absent)} to eliminate are not nullable keys of ${label.kind} label '${label.name}'`);
    }
    return {
      nullableKeys: label.nullableKeys.filter((k) => !drop.includes(k)),
      userData: withoutKeys(label.userData, Object.keys(update.userData ?? {})),
    };
  }
}

/** The write type of a key spec (default OLTP); ArgumentError `INVALID_WRITE_TYPE` for another value. */
function parseWriteType(input: WriteType | undefined): WriteType {
  if (input === undefined) return 'OLTP';
  const upper = typeof input === 'string' ? input.toUpperCase() : '';
  const found = WRITE_TYPES.find((w) => w === upper);
  if (found === undefined) throw new ArgumentError('INVALID_WRITE_TYPE', `Invalid write type: '${String(input)}', expect one of ${WRITE_TYPES.join(', ')}`);
  return found;
}
