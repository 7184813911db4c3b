/**
 * Validation of vertex and edge label definitions and of their append updates, after
 * HugeGraph's VertexLabelBuilder and EdgeLabelBuilder rules.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { checkUnique, list, undefinedError } from './rules.js';
import type { EdgeLabelSpec, LabelAppend, LabelSpecBase, VertexLabelSpec } from './specs.js';
import type { EdgeLabelRecord, IndexLabelRecord, LabelRecordBase, PropertyKeyRecord, VertexLabelRecord } from './schema-types.js';

/**
 * Read access to a catalog, as the rule checks need it.
 */
export interface SchemaLookup {
  propertyKey(name: string): PropertyKeyRecord | undefined;
  vertexLabel(name: string): VertexLabelRecord | undefined;
  edgeLabel(name: string): EdgeLabelRecord | undefined;
  indexLabel(name: string): IndexLabelRecord | undefined;
}

/** The label fields that a definition decides (everything except id, status, user data, indexes). */
type LabelDefinition<R extends LabelRecordBase> = Omit<R, 'id' | 'status' | 'userData' | 'indexLabels' | 'name'>;

function checkPropertiesExist(lookup: SchemaLookup, names: readonly string[]): void {
  for (const key of names) {
    if (lookup.propertyKey(key) === undefined) throw undefinedError('property key', key);
  }
}

function distinct(names: readonly string[] | undefined): string[] {
  return [...new Set(names ?? [])];
}

function checkNullable(kind: 'vertex' | 'edge', name: string, options: { origin: readonly string[]; added: readonly string[]; nullable: readonly string[]; fixed: readonly string[] }): void {
  const all = new Set([...options.origin, ...options.added]);
  const outside = options.nullable.filter((k) => !all.has(k));
  if (outside.length > 0) {
    throw new ArgumentError('NULLABLE_KEY_NOT_IN_PROPERTIES', `The nullableKeys: ${list(options.nullable)} to be created or appended must belong to the origin/new properties: ${list(options.origin)}/${list(options.added)}`);
  }
  const clash = options.nullable.filter((k) => options.fixed.includes(k));
  if (clash.length > 0) {
    const what = kind === 'vertex' ? 'primaryKeys' : 'sortKeys';
    throw new ArgumentError(kind === 'vertex' ? 'NULLABLE_PRIMARY_KEY' : 'NULLABLE_SORT_KEY', `The nullableKeys: ${list(clash)} are not allowed to belong to ${what}: ${list(options.fixed)} of ${kind} label '${name}'`);
  }
}

function checkTtl(lookup: SchemaLookup, kind: 'vertex' | 'edge', spec: LabelSpecBase, properties: readonly string[]): void {
  const ttl = spec.ttl ?? 0;
  if (!Number.isSafeInteger(ttl) || ttl < 0) {
    throw new ArgumentError('INVALID_TTL', `The ttl must be >= 0, but got: ${String(ttl)}`);
  }
  if (spec.ttlStartTime === undefined) return;
  if (ttl === 0) {
    throw new ArgumentError('TTL_START_TIME_WITHOUT_TTL', `Can't set ttl start time if ttl is not set: ${kind} label '${spec.name}'`);
  }
  if (!properties.includes(spec.ttlStartTime)) {
    throw new ArgumentError('TTL_START_TIME_NOT_IN_PROPERTIES', `The ttl start time '${spec.ttlStartTime}' must be contained in properties ${list(properties)} for ${kind} label '${spec.name}'`);
  }
  const key = lookup.propertyKey(spec.ttlStartTime);
  if (key === undefined) throw undefinedError('property key', spec.ttlStartTime);
  if (key.dataType !== 'DATE') {
    throw new ArgumentError('TTL_START_TIME_NOT_DATE', `The ttl start time property must be date type, but got '${key.name}(${key.dataType})'`);
  }
}

/** Primary and sort keys make ids, so they cannot be OBJECT keys (no id text for a list or map). */
function checkNotObject(lookup: SchemaLookup, kind: 'vertex' | 'edge', label: string, keys: readonly string[]): void {
  const found = keys.find((k) => lookup.propertyKey(k)?.dataType === 'OBJECT');
  if (found === undefined) return;
  const what = kind === 'vertex' ? 'primary key' : 'sort key';
  throw new ArgumentError(kind === 'vertex' ? 'PRIMARY_KEY_OBJECT' : 'SORT_KEY_OBJECT', `The ${what} '${found}' of ${kind} label '${label}' cannot have data type OBJECT`);
}

function checkBase(lookup: SchemaLookup, kind: 'vertex' | 'edge', spec: LabelSpecBase): string[] {
  const properties = distinct(spec.properties);
  checkPropertiesExist(lookup, properties);
  checkPropertiesExist(lookup, distinct(spec.nullableKeys));
  return properties;
}

/**
 * Validates a vertex label definition and returns its resolved fields (DEFAULT id strategy
 * resolved, lists de-duplicated).
 */
export function checkVertexLabelSpec(lookup: SchemaLookup, spec: VertexLabelSpec): LabelDefinition<VertexLabelRecord> {
  const properties = checkBase(lookup, 'vertex', spec);
  const primaryKeys = [...(spec.primaryKeys ?? [])];
  checkUnique(primaryKeys, 'primary keys');
  checkPropertiesExist(lookup, primaryKeys);
  const requested = spec.idStrategy ?? 'DEFAULT';
  const idStrategy = requested === 'DEFAULT' ? (primaryKeys.length > 0 ? 'PRIMARY_KEY' : 'AUTOMATIC') : requested;
  if (!['AUTOMATIC', 'PRIMARY_KEY', 'CUSTOMIZE_STRING', 'CUSTOMIZE_NUMBER', 'CUSTOMIZE_UUID'].includes(idStrategy)) {
    throw new ArgumentError('INVALID_ID_STRATEGY', `Invalid id strategy: '${String(idStrategy)}'`);
  }
  if (idStrategy === 'PRIMARY_KEY') {
    if (primaryKeys.length === 0) {
      throw new ArgumentError('PRIMARY_KEYS_REQUIRED', `The primary keys can't be empty when using PRIMARY_KEY id strategy: vertex label '${spec.name}'`);
    }
    for (const key of primaryKeys) {
      if (!properties.includes(key)) {
        throw new ArgumentError('PRIMARY_KEY_NOT_IN_PROPERTIES', `The primary key '${key}' of vertex label '${spec.name}' must be contained in properties: ${list(properties)}`);
      }
    }
    checkNotObject(lookup, 'vertex', spec.name, primaryKeys);
  } else if (primaryKeys.length > 0) {
    throw new ArgumentError('PRIMARY_KEYS_NOT_ALLOWED', `Not allowed to assign primary keys when using '${idStrategy}' id strategy: vertex label '${spec.name}'`);
  }
  const nullableKeys = distinct(spec.nullableKeys);
  checkNullable('vertex', spec.name, { origin: [], added: properties, nullable: nullableKeys, fixed: primaryKeys });
  checkTtl(lookup, 'vertex', spec, properties);
  return {
    kind: 'vertex',
    idStrategy,
    properties,
    primaryKeys,
    nullableKeys,
    enableLabelIndex: spec.enableLabelIndex ?? false,
    ttl: spec.ttl ?? 0,
    ttlStartTime: spec.ttlStartTime,
  };
}

/**
 * Validates an edge label definition and returns its resolved fields.
 */
export function checkEdgeLabelSpec(lookup: SchemaLookup, spec: EdgeLabelSpec): LabelDefinition<EdgeLabelRecord> {
  if (!spec.sourceLabel || !spec.targetLabel) {
    throw new ArgumentError('EDGE_LABEL_LINK_REQUIRED', `Must set source and target label for edge label '${spec.name}'`);
  }
  const source = lookup.vertexLabel(spec.sourceLabel);
  if (source === undefined) throw undefinedError('vertex label', spec.sourceLabel, ` as source of edge label '${spec.name}'`);
  const target = lookup.vertexLabel(spec.targetLabel);
  if (target === undefined) throw undefinedError('vertex label', spec.targetLabel, ` as target of edge label '${spec.name}'`);
  const properties = checkBase(lookup, 'edge', spec);
  const frequency = spec.frequency ?? 'SINGLE';
  if (frequency !== 'SINGLE' && frequency !== 'MULTIPLE') {
    throw new ArgumentError('INVALID_FREQUENCY', `Invalid frequency: '${String(frequency)}', expect SINGLE or MULTIPLE`);
  }
  const sortKeys = [...(spec.sortKeys ?? [])];
  checkUnique(sortKeys, 'sort keys');
  if (frequency === 'SINGLE' && sortKeys.length > 0) {
    throw new ArgumentError('SORT_KEYS_NOT_ALLOWED', `EdgeLabel can't contain sortKeys when the cardinality property is single: edge label '${spec.name}'`);
  }
  if (frequency === 'MULTIPLE' && sortKeys.length === 0) {
    throw new ArgumentError('SORT_KEYS_REQUIRED', `EdgeLabel must contain sortKeys when the cardinality property is multiple: edge label '${spec.name}'`);
  }
  for (const key of sortKeys) {
    if (!properties.includes(key)) {
      throw new ArgumentError('SORT_KEY_NOT_IN_PROPERTIES', `The sort key '${key}' must be contained in properties ${list(properties)} for edge label '${spec.name}'`);
    }
  }
  checkNotObject(lookup, 'edge', spec.name, sortKeys);
  const nullableKeys = distinct(spec.nullableKeys);
  checkNullable('edge', spec.name, { origin: [], added: properties, nullable: nullableKeys, fixed: sortKeys });
  checkTtl(lookup, 'edge', spec, properties);
  const ttl = spec.ttl ?? 0;
  if (ttl > 0 && ((source.ttl > 0 && ttl > source.ttl) || (target.ttl > 0 && ttl > target.ttl))) {
    throw new ArgumentError('EDGE_TTL_EXCEEDS_VERTEX_TTL', `The ttl(${ttl}) of edge label '${spec.name}' should less than ttl(${source.ttl}) of source label '${source.name}' and ttl(${target.ttl}) of target label '${target.name}'`);
  }
  return {
    kind: 'edge',
    sourceLabel: source.name,
    targetLabel: target.name,
    frequency,
    sortKeys,
    properties,
    nullableKeys,
    enableLabelIndex: spec.enableLabelIndex ?? false,
    ttl,
    ttlStartTime: spec.ttlStartTime,
  };
}

/**
 * Validates an append to a label and returns the new property and nullable-key lists. Every
 * newly added property must be nullable, as HugeGraph requires.
 */
export function checkLabelAppend(lookup: SchemaLookup, label: VertexLabelRecord | EdgeLabelRecord, update: LabelAppend): { properties: string[]; nullableKeys: string[] } {
  const added = distinct(update.properties);
  checkPropertiesExist(lookup, added);
  const nullable = distinct(update.nullableKeys);
  checkPropertiesExist(lookup, nullable);
  const fixed = label.kind === 'vertex' ? label.primaryKeys : label.sortKeys;
  checkNullable(label.kind, label.name, { origin: label.properties, added, nullable, fixed });
  const fresh = added.filter((k) => !label.properties.includes(k));
  const notNullable = fresh.filter((k) => !nullable.includes(k));
  if (notNullable.length > 0) {
    throw new ArgumentError('APPENDED_PROPERTY_NOT_NULLABLE', `The new added properties: ${list(notNullable)} must be nullable: ${label.kind} label '${label.name}'`);
  }
  return {
    properties: [...label.properties, ...fresh],
    nullableKeys: [...label.nullableKeys, ...nullable.filter((k) => !label.nullableKeys.includes(k))],
  };
}

/**
 * Checks that a label definition equals an existing label, as `ifNotExist` requires
 * (properties, primary/sort keys, nullable keys, label index, strategy, link and frequency;
 * user data and ttl are not compared).
 */
export function sameLabelDefinition(existing: VertexLabelRecord | EdgeLabelRecord, def: LabelDefinition<VertexLabelRecord> | LabelDefinition<EdgeLabelRecord>): boolean {
  const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));
  if (existing.kind !== def.kind) return false;
  if (!sameSet(existing.properties, def.properties) || !sameSet(existing.nullableKeys, def.nullableKeys)) return false;
  if (existing.enableLabelIndex !== def.enableLabelIndex) return false;
  if (existing.kind === 'vertex' && def.kind === 'vertex') {
    return existing.idStrategy === def.idStrategy && sameSet(existing.primaryKeys, def.primaryKeys);
  }
  if (existing.kind === 'edge' && def.kind === 'edge') {
    return existing.sourceLabel === def.sourceLabel && existing.targetLabel === def.targetLabel &&
      existing.frequency === def.frequency && sameSet(existing.sortKeys, def.sortKeys);
  }
  return false;
}
