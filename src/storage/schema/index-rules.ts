/**
 * Validation of index label definitions after HugeGraph's IndexLabelBuilder (notes §4.2):
 * field checks, RANGE resolution, the primary-key check, repeated indexes and sub-index
 * replacement.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { SchemaLookup } from './label-rules.js';
import { checkUnique, isNumeric, list, undefinedError } from './rules.js';
import type { IndexLabelSpec } from './specs.js';
import type { EdgeLabelRecord, IndexLabelRecord, IndexType, PropertyKeyRecord, VertexLabelRecord } from './schema-types.js';

const RANGE_TYPES: readonly IndexType[] = ['RANGE_INT', 'RANGE_LONG', 'RANGE_FLOAT', 'RANGE_DOUBLE'];
const ALL_TYPES: readonly string[] = ['SECONDARY', 'RANGE', ...RANGE_TYPES, 'SEARCH', 'SHARD', 'UNIQUE'];

/**
 * True for the stored range index types.
 */
export function isRangeIndex(type: IndexType): boolean {
  return RANGE_TYPES.includes(type);
}

/**
 * The result of checking an index label definition.
 */
interface CheckedIndexLabel {
  readonly base: VertexLabelRecord | EdgeLabelRecord;
  readonly indexType: IndexType;
  readonly fields: readonly string[];
  /** Existing index labels of the base label that the new one replaces. */
  readonly replaced: readonly string[];
}

function rangeType(key: PropertyKeyRecord): IndexType {
  switch (key.dataType) {
    case 'BYTE':
    case 'INT':
      return 'RANGE_INT';
    case 'LONG':
    case 'DATE':
      return 'RANGE_LONG';
    case 'FLOAT':
      return 'RANGE_FLOAT';
    case 'DOUBLE':
      return 'RANGE_DOUBLE';
    default:
      throw new ArgumentError('INDEX_RANGE_TYPE', `Range index can only build on numeric or date property, but got ${key.dataType}(${key.name})`);
  }
}

function isPrefix(prefix: readonly string[], whole: readonly string[]): boolean {
  return prefix.length <= whole.length && prefix.every((f, i) => whole[i] === f);
}

function allString(keys: readonly PropertyKeyRecord[]): boolean {
  return keys.every((k) => !isNumeric(k.dataType) && k.dataType !== 'DATE');
}

function resolveBase(lookup: SchemaLookup, spec: IndexLabelSpec): VertexLabelRecord | EdgeLabelRecord {
  if (spec.baseType === 'VERTEX_LABEL') {
    return lookup.vertexLabel(spec.baseValue) ?? (() => { throw undefinedError('vertex label', spec.baseValue); })();
  }
  if (spec.baseType === 'EDGE_LABEL') {
    return lookup.edgeLabel(spec.baseValue) ?? (() => { throw undefinedError('edge label', spec.baseValue); })();
  }
  throw new ArgumentError('INVALID_BASE_TYPE', `The base type of index label '${spec.name}' can only be either VERTEX_LABEL or EDGE_LABEL, but got '${String(spec.baseType)}'`);
}

function resolveType(spec: IndexLabelSpec, keys: readonly PropertyKeyRecord[]): IndexType {
  const requested = spec.indexType ?? 'SECONDARY';
  if (!ALL_TYPES.includes(requested)) {
    throw new ArgumentError('INVALID_INDEX_TYPE', `Invalid index type: '${String(requested)}', expect one of SECONDARY, RANGE, SEARCH, SHARD, UNIQUE`);
  }
  if (requested === 'RANGE' || isRangeIndex(requested)) {
    if (keys.length !== 1) {
      throw new ArgumentError('INDEX_RANGE_FIELDS', `Range index can only build on one field, but got ${keys.length} fields: '${list(keys.map((k) => k.name))}'`);
    }
    const [key] = keys as [PropertyKeyRecord];
    if (key.cardinality !== 'SINGLE') {
      throw new ArgumentError('INDEX_RANGE_CARDINALITY', `Not allowed to build range index on property '${key.name}' whose cardinality is multiple`);
    }
    return rangeType(key);
  }
  if (requested === 'SEARCH') {
    if (keys.length !== 1) {
      throw new ArgumentError('INDEX_SEARCH_FIELDS', `Search index can only build on one field, but got ${keys.length} fields: '${list(keys.map((k) => k.name))}'`);
    }
    const [key] = keys as [PropertyKeyRecord];
    if (key.dataType !== 'TEXT') {
      throw new ArgumentError('INDEX_SEARCH_TYPE', `Search index can only build on text property, but got ${key.dataType}(${key.name})`);
    }
  }
  return requested as IndexType;
}

/** Index types an existing index must have for the new one to count as a repeat of it. */
function repeatTypes(type: IndexType, keys: readonly PropertyKeyRecord[]): readonly IndexType[] {
  if (isRangeIndex(type)) return RANGE_TYPES;
  switch (type) {
    case 'SEARCH':
      return ['SEARCH'];
    case 'SECONDARY':
      return [...RANGE_TYPES, 'SECONDARY', 'SHARD'];
    case 'SHARD': {
      const [first] = keys;
      if (keys.length === 1 && first !== undefined && (isNumeric(first.dataType) || first.dataType === 'DATE')) return [...RANGE_TYPES, 'SHARD'];
      return allString(keys) ? ['SECONDARY', 'SHARD'] : ['SHARD'];
    }
    default:
      return ['UNIQUE'];
  }
}

function hasSubIndex(lookup: SchemaLookup, type: IndexType, old: IndexLabelRecord): boolean {
  const oldKeys = old.fields.map((f) => lookup.propertyKey(f)).filter((k): k is PropertyKeyRecord => k !== undefined);
  return type === old.indexType ||
    (type === 'SHARD' && old.indexType === 'SECONDARY') ||
    (type === 'SECONDARY' && old.indexType === 'SHARD' && allString(oldKeys)) ||
    (isRangeIndex(type) && (old.indexType === 'SECONDARY' || old.indexType === 'SHARD'));
}

/**
 * Validates an index label definition against its base label and the label's existing
 * indexes; returns the resolved type and the existing indexes it replaces.
 */
export function checkIndexLabelSpec(lookup: SchemaLookup, spec: IndexLabelSpec): CheckedIndexLabel {
  const base = resolveBase(lookup, spec);
  const fields = [...(spec.fields ?? [])];
  if (fields.length === 0) {
    throw new ArgumentError('INDEX_FIELDS_EMPTY', `The index fields of index label '${spec.name}' can't be empty`);
  }
  checkUnique(fields, 'index fields');
  const keys = fields.map((f) => lookup.propertyKey(f) ?? (() => { throw undefinedError('property key', f); })());
  const object = keys.find((k) => k.dataType === 'OBJECT');
  if (object !== undefined) {
    throw new ArgumentError('INDEX_OBJECT_FIELD', `Not allowed to build index on property key '${object.name}' whose data type is OBJECT`);
  }
  for (const key of keys) {
    if (key.cardinality !== 'SINGLE' && fields.length > 1) {
      throw new ArgumentError('INDEX_UNION_CARDINALITY', `Not allowed to build union index on property key '${key.name}' whose cardinality is multiple`);
    }
  }
  const outside = fields.filter((f) => !base.properties.includes(f));
  if (outside.length > 0) {
    throw new ArgumentError('INDEX_FIELD_NOT_IN_PROPERTIES', `Not all index fields '${list(fields)}' are contained in schema properties '${list(base.properties)}' of ${base.kind} label '${base.name}'`);
  }
  const indexType = resolveType(spec, keys);
  if (base.kind === 'vertex' && base.idStrategy === 'PRIMARY_KEY' &&
      (indexType === 'SECONDARY' || indexType === 'UNIQUE' || (indexType === 'SHARD' && allString(keys))) &&
      base.primaryKeys.every((k) => fields.includes(k))) {
    throw new ArgumentError('INDEX_ON_PRIMARY_KEYS', `No need to build index on properties ${list(fields)}, because they contains all primary keys ${list(base.primaryKeys)} for vertex label '${base.name}'`);
  }
  const existing = base.indexLabels.map((n) => lookup.indexLabel(n)).filter((il): il is IndexLabelRecord => il !== undefined);
  const checked = repeatTypes(indexType, keys);
  for (const old of existing) {
    if (!checked.includes(old.indexType)) continue;
    const repeated = indexType === 'UNIQUE' ? old.fields.every((f) => fields.includes(f)) : isPrefix(fields, old.fields);
    if (repeated) {
      throw new ArgumentError('INDEX_REPEATED', `Repeated new index label ${spec.name}(${indexType}) with fields ${list(fields)} due to existed index label ${old.name}(${old.indexType}) with fields ${list(old.fields)}`);
    }
  }
  const replaced = existing
    .filter((old) => hasSubIndex(lookup, indexType, old))
    .filter((old) => (indexType === 'UNIQUE' ? fields.every((f) => old.fields.includes(f)) : isPrefix(old.fields, fields)))
    .map((old) => old.name);
  return { base, indexType, fields, replaced };
}

/**
 * Checks that an index label definition equals an existing one, as `ifNotExist` requires;
 * RANGE matches any stored range type.
 */
export function sameIndexDefinition(existing: IndexLabelRecord, spec: IndexLabelSpec): boolean {
  const type = spec.indexType ?? 'SECONDARY';
  const typeMatches = type === 'RANGE' || isRangeIndex(type) ? isRangeIndex(existing.indexType) : type === existing.indexType;
  const fields = spec.fields ?? [];
  return existing.baseType === spec.baseType && existing.baseValue === spec.baseValue && typeMatches &&
    fields.length === existing.fields.length && fields.every((f) => existing.fields.includes(f));
}
