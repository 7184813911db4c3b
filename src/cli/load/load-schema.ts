/**
 * The schema a load converts rows with: property keys, vertex labels and edge labels, read from
 * the graph's catalog (a data directory) or from the server's `GET .../schema` (a URL), in one
 * shape either way.
 * @module
 */
import type { EdgeLabelRecord, PropertyKeyRecord, SchemaView, VertexLabelRecord } from '../../index.js';

/** The vertex label fields a load needs. */
export type LoadVertexLabel = Pick<VertexLabelRecord, 'id' | 'name' | 'idStrategy' | 'primaryKeys' | 'properties' | 'nullableKeys'>;

/** The edge label fields a load needs. */
type LoadEdgeLabel = Pick<EdgeLabelRecord, 'id' | 'name' | 'sourceLabel' | 'targetLabel' | 'properties' | 'nullableKeys'>;

/** Property keys and labels by name. */
export interface LoadSchema {
  readonly keys: ReadonlyMap<string, PropertyKeyRecord>;
  readonly vertexLabels: ReadonlyMap<string, LoadVertexLabel>;
  readonly edgeLabels: ReadonlyMap<string, LoadEdgeLabel>;
}

/** The schema of a graph's catalog. */
export function schemaOfCatalog(catalog: SchemaView): LoadSchema {
  return {
    keys: new Map(catalog.propertyKeys().map((k) => [k.name, k])),
    vertexLabels: new Map(catalog.vertexLabels().map((l) => [l.name, l])),
    edgeLabels: new Map(catalog.edgeLabels().map((l) => [l.name, l])),
  };
}

type Json = Readonly<Record<string, unknown>>;

function list(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** The schema of a HugeGraph `GET .../schema` answer (snake_case JSON). */
export function schemaOfJson(json: Json): LoadSchema {
  const keys = list(json.propertykeys).map((k): PropertyKeyRecord => ({
    id: Number(k.id),
    name: String(k.name),
    dataType: String(k.data_type) as PropertyKeyRecord['dataType'],
    cardinality: String(k.cardinality ?? 'SINGLE') as PropertyKeyRecord['cardinality'],
    aggregateType: 'NONE',
    writeType: String(k.write_type ?? 'OLTP') as PropertyKeyRecord['writeType'],
    status: 'CREATED',
    userData: {},
  }));
  const vertexLabels = list(json.vertexlabels).map((l): LoadVertexLabel => ({
    id: Number(l.id),
    name: String(l.name),
    idStrategy: String(l.id_strategy) as LoadVertexLabel['idStrategy'],
    primaryKeys: names(l.primary_keys),
    properties: names(l.properties),
    nullableKeys: names(l.nullable_keys),
  }));
  const edgeLabels = list(json.edgelabels).map((l): LoadEdgeLabel => ({
    id: Number(l.id),
    name: String(l.name),
    sourceLabel: String(l.source_label),
    targetLabel: String(l.target_label),
    properties: names(l.properties),
    nullableKeys: names(l.nullable_keys),
  }));
  return {
    keys: new Map(keys.map((k) => [k.name, k])),
    vertexLabels: new Map(vertexLabels.map((l) => [l.name, l])),
    edgeLabels: new Map(edgeLabels.map((l) => [l.name, l])),
  };
}
