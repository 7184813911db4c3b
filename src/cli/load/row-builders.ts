/**
 * A mapping compiled against the graph's schema: a function from a row to the vertex or edge
 * it describes, as hugegraph-loader builds elements. A field named by `selected` (or not named
 * by `ignored`) becomes the property its `field_mapping` names; its raw value is first renamed by
 * `value_mapping`, a value in `null_values` leaves the property out, and the rest is converted
 * to the key's data type. A vertex's id comes from its `id` field (customised ids) or from its
 * primary keys; an edge's ends from its `source` and `target` fields, which name the primary
 * keys (through `field_mapping`) or the id of the end's vertex label. A row that cannot become
 * an element throws an Error whose message is the reason written to the error file.
 * @module
 */
import { primaryKeyVertexId, TypedNumber, Uuid } from '../../index.js';
import type { EdgeInput, ElementId, PropertyValue, VertexInput } from '../../index.js';
import type { JsonPlace } from './json-check.js';
import type { LoadSchema, LoadVertexLabel } from './load-schema.js';
import type { EdgeMapping, VertexMapping } from './mapping.js';
import type { FileInput } from './mapping-input.js';
import type { SourceRow } from './reader.js';
import { convertValue } from './field-values.js';

/** Builds the element of one row, or throws an Error with the reason. */
export type RowBuilder<T> = (row: SourceRow) => T;

type Mapping = VertexMapping | EdgeMapping;

function mapped(m: Mapping, field: string, raw: unknown): unknown {
  const renames = m.valueMapping.get(field);
  if (renames === undefined) return raw;
  const key = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return renames.has(key) ? renames.get(key) : raw;
}

function isNull(m: Mapping, value: unknown): boolean {
  return value === null || value === undefined || m.nullValues.has(value);
}

/** The properties of a row for a label: every retained field but `skip`, converted. */
function properties(m: Mapping, label: { name: string; properties: readonly string[]; nullableKeys: readonly string[] }, schema: LoadSchema, input: FileInput): (row: SourceRow, skip: ReadonlySet<string>) => Record<string, PropertyValue> {
  const allowed = new Set(label.properties);
  const required = label.properties.filter((k) => !label.nullableKeys.includes(k));
  return (row, skip) => {
    const out: Record<string, PropertyValue> = {};
    for (let i = 0; i < row.names.length; i++) {
      const field = row.names[i]!;
      if (skip.has(field) || m.ignored.has(field) || (m.selected.size > 0 && !m.selected.has(field))) continue;
      const value = mapped(m, field, row.values[i]);
      if (isNull(m, value)) continue;
      const name = m.fieldMapping.get(field) ?? field;
      const key = schema.keys.get(name);
      if (key === undefined || !allowed.has(name)) throw new Error(`field '${field}' is not a property of ${m.kind} label '${label.name}'`);
      out[name] = convertValue(value, key, input);
    }
    for (const k of required) if (!(k in out)) throw new Error(`non-null property '${k}' of ${m.kind} label '${label.name}' has no value`);
    return out;
  };
}

function fieldValue(m: Mapping, row: SourceRow, field: string): unknown {
  const at = row.names.indexOf(field);
  const value = at < 0 ? undefined : mapped(m, field, row.values[at]);
  if (isNull(m, value)) throw new Error(`field '${field}' has no value`);
  return value;
}

/** The id of a customised or automatic vertex label from one raw value. */
function customId(label: LoadVertexLabel, value: unknown): ElementId {
  const text = typeof value === 'string' ? value.trim() : String(value);
  switch (label.idStrategy) {
    case 'CUSTOMIZE_STRING':
      return typeof value === 'string' ? value : text;
    case 'CUSTOMIZE_UUID':
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) throw new Error(`id ${JSON.stringify(value)} of vertex label '${label.name}' is not a UUID`);
      return new Uuid(text.toLowerCase());
    default: {
      if (!/^[+-]?\d+$/.test(text)) throw new Error(`id ${JSON.stringify(value)} of vertex label '${label.name}' is not a number`);
      const n = BigInt(text);
      return Number.isSafeInteger(Number(n)) ? Number(n) : new TypedNumber('long', n);
    }
  }
}

/**
 * How a row names a vertex of `label` through `fields`: its primary-key values (the fields,
 * renamed by `field_mapping`, must be the label's primary keys) or its one id field.
 */
function vertexRef(m: Mapping, label: LoadVertexLabel, fields: readonly string[], schema: LoadSchema, place: JsonPlace, input: FileInput): RowBuilder<ElementId> {
  if (label.idStrategy !== 'PRIMARY_KEY') {
    if (fields.length !== 1) place.fail(`vertex label '${label.name}' has id strategy ${label.idStrategy}: name exactly one id field, not [${fields.join(', ')}]`);
    return (row) => customId(label, fieldValue(m, row, fields[0]!));
  }
  const byKey = new Map(fields.map((f) => [m.fieldMapping.get(f) ?? f, f]));
  const keys = label.primaryKeys;
  if (byKey.size !== keys.length || keys.some((k) => !byKey.has(k))) {
    place.fail(`fields [${fields.join(', ')}] map to [${[...byKey.keys()].join(', ')}], but the primary keys of vertex label '${label.name}' are [${keys.join(', ')}] (rename the fields with field_mapping)`);
  }
  const parts = keys.map((k) => ({ key: schema.keys.get(k)!, field: byKey.get(k)! }));
  return (row) => primaryKeyVertexId(label.id, parts.map(({ key, field }) => ({ key, value: convertValue(fieldValue(m, row, field), key, input) })));
}

function vertexLabel(schema: LoadSchema, name: string, place: JsonPlace): LoadVertexLabel {
  return schema.vertexLabels.get(name) ?? place.fail(`vertex label '${name}' does not exist in the graph (is it in the schema file?)`);
}

/** Compiles a vertex mapping of an input; `place` names the mapping in errors. */
export function compileVertex(m: VertexMapping, schema: LoadSchema, input: FileInput, place: JsonPlace): RowBuilder<VertexInput> {
  const label = vertexLabel(schema, m.label, place.at('label'));
  const props = properties(m, label, schema, input);
  const custom = label.idStrategy.startsWith('CUSTOMIZE');
  if (custom && m.idField === undefined) place.fail(`vertex label '${label.name}' has id strategy ${label.idStrategy}: the mapping must name its id field ("id")`);
  if (!custom && m.idField !== undefined) place.at('id').fail(`vertex label '${label.name}' has id strategy ${label.idStrategy}: its ids cannot come from a field`);
  const idField = m.idField;
  const skip = new Set(idField === undefined ? [] : [idField]);
  if (idField === undefined) return (row) => ({ label: label.name, properties: props(row, skip) });
  const id = vertexRef(m, label, [idField], schema, place, input);
  return (row) => ({ label: label.name, id: id(row), properties: props(row, skip) });
}

/** Compiles an edge mapping of an input; `place` names the mapping in errors. */
export function compileEdge(m: EdgeMapping, schema: LoadSchema, input: FileInput, place: JsonPlace): RowBuilder<EdgeInput> {
  const label = schema.edgeLabels.get(m.label) ?? place.at('label').fail(`edge label '${m.label}' does not exist in the graph (is it in the schema file?)`);
  const outLabel = vertexLabel(schema, label.sourceLabel, place.at('label'));
  const inLabel = vertexLabel(schema, label.targetLabel, place.at('label'));
  const out = vertexRef(m, outLabel, m.source, schema, place.at('source'), input);
  const inV = vertexRef(m, inLabel, m.target, schema, place.at('target'), input);
  const props = properties(m, label, schema, input);
  const skip = new Set([...m.source, ...m.target]);
  return (row) => ({ label: label.name, out: out(row), in: inV(row), outLabel: outLabel.name, inLabel: inLabel.name, properties: props(row, skip) });
}
