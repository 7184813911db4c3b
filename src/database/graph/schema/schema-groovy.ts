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

/**
 * A value as a Groovy literal. Iterative, with its own stack: user data stored before nesting
 * was limited (docs/limits.md) may nest deeper than a recursive walk can follow.
 */
function groovyValue(value: unknown): string {
  const out: string[] = [];
  // Texts to write as they are, and values to write, popped from the end.
  const work: Array<string | { readonly value: unknown }> = [{ value }];
  const items = (open: string, parts: ReadonlyArray<readonly [string, unknown]>): void => {
    work.push(']');
    for (let i = parts.length - 1; i >= 0; i--) {
      const [prefix, item] = parts[i]!;
      work.push({ value: item }, `${i === 0 ? '' : ', '}${prefix}`);
    }
    work.push(open);
  };
  while (work.length > 0) {
    const next = work.pop()!;
    if (typeof next === 'string') {
      out.push(next);
      continue;
    }
    const v = next.value;
    if (typeof v === 'string') out.push(groovyString(v));
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') out.push(String(v));
    else if (Array.isArray(v)) items('[', v.map((item: unknown) => ['', item] as const));
    else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0) out.push('[:]');
      else items('[', entries.map(([k, item]) => [`${groovyString(k)}: `, item] as const));
    } else out.push('null');
  }
  return out.join('');
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
