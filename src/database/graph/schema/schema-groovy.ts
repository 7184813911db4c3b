/**
 * The Groovy form of a schema (`GET /schema?format=groovy`): one builder chain per element,
 * in the order property keys, vertex labels, edge labels, index labels.
 * @module
 */
import { CREATE_TIME_KEY, isRangeIndex } from '../../../storage/index.js';
import type { DataType, EdgeLabelRecord, IdStrategy, IndexLabelRecord, PropertyKeyRecord, UserData, VertexLabelRecord } from '../../../storage/index.js';
import type { SchemaView } from '../schema-view.js';

const DATA_TYPE_METHODS: Readonly<Record<DataType, string>> = {
  BOOLEAN: 'asBoolean', BYTE: 'asByte', INT: 'asInt', LONG: 'asLong', FLOAT: 'asFloat', DOUBLE: 'asDouble',
  TEXT: 'asText', DATE: 'asDate', UUID: 'asUUID', BLOB: 'asBlob', OBJECT: 'asObject',
};

const STRATEGY_METHODS: Readonly<Record<Exclude<IdStrategy, 'DEFAULT'>, string>> = {
  AUTOMATIC: 'useAutomaticId', PRIMARY_KEY: 'usePrimaryKeyId', CUSTOMIZE_STRING: 'useCustomizeStringId',
  CUSTOMIZE_NUMBER: 'useCustomizeNumberId', CUSTOMIZE_UUID: 'useCustomizeUuidId',
};

/**
 * Quotes text as a single-quoted Groovy string.
 */
export function groovyString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

function groovyValue(value: unknown): string {
  if (typeof value === 'string') return groovyString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(groovyValue).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '[:]' : `[${entries.map(([k, v]) => `${groovyString(k)}: ${groovyValue(v)}`).join(', ')}]`;
  }
  return 'null';
}

function names(method: string, list: readonly string[]): string {
  return list.length === 0 ? '' : `.${method}(${list.map(groovyString).join(', ')})`;
}

function userData(data: UserData): string {
  return Object.entries(data)
    .filter(([k]) => k !== CREATE_TIME_KEY)
    .map(([k, v]) => `.userdata(${groovyString(k)}, ${groovyValue(v)})`)
    .join('');
}

function ttl(label: VertexLabelRecord | EdgeLabelRecord): string {
  if (label.ttl === 0) return '';
  return `.ttl(${label.ttl})${label.ttlStartTime === undefined ? '' : `.ttlStartTime(${groovyString(label.ttlStartTime)})`}`;
}

function propertyKeyLine(key: PropertyKeyRecord): string {
  return `propertyKey(${groovyString(key.name)}).${DATA_TYPE_METHODS[key.dataType]}().value${key.cardinality.charAt(0)}${key.cardinality.slice(1).toLowerCase()}()${userData(key.userData)}`;
}

function vertexLabelLine(label: VertexLabelRecord): string {
  return `vertexLabel(${groovyString(label.name)}).${STRATEGY_METHODS[label.idStrategy]}()` +
    `${names('properties', label.properties)}${names('primaryKeys', label.primaryKeys)}${names('nullableKeys', label.nullableKeys)}` +
    `.enableLabelIndex(${label.enableLabelIndex})${ttl(label)}${userData(label.userData)}`;
}

function edgeLabelLine(label: EdgeLabelRecord): string {
  return `edgeLabel(${groovyString(label.name)}).sourceLabel(${groovyString(label.sourceLabel)}).targetLabel(${groovyString(label.targetLabel)})` +
    `.${label.frequency === 'SINGLE' ? 'singleTime' : 'multiTimes'}()` +
    `${names('properties', label.properties)}${names('sortKeys', label.sortKeys)}${names('nullableKeys', label.nullableKeys)}` +
    `.enableLabelIndex(${label.enableLabelIndex})${ttl(label)}${userData(label.userData)}`;
}

function indexLabelLine(index: IndexLabelRecord): string {
  const on = index.baseType === 'VERTEX_LABEL' ? 'onV' : 'onE';
  const type = isRangeIndex(index.indexType) ? 'range' : index.indexType.toLowerCase();
  return `indexLabel(${groovyString(index.name)}).${on}(${groovyString(index.baseValue)})${names('by', index.fields)}.${type}()${userData(index.userData)}`;
}

/**
 * Writes a Groovy script of builder chains that recreates the catalog's schema, one
 * statement per line.
 *
 * @example
 * ```ts
 * const catalog = new SchemaCatalog();
 * catalog.createPropertyKey({ name: 'name' });
 * schemaToGroovy(catalog); // "graph.schema().propertyKey('name').asText().valueSingle().ifNotExist().create();\n"
 * ```
 */
export function schemaToGroovy(catalog: SchemaView): string {
  const lines = [
    ...catalog.propertyKeys().map(propertyKeyLine),
    ...catalog.vertexLabels().map(vertexLabelLine),
    ...catalog.edgeLabels().map(edgeLabelLine),
    ...catalog.indexLabels().map(indexLabelLine),
  ];
  return lines.map((line) => `graph.schema().${line}.ifNotExist().create();\n`).join('');
}
