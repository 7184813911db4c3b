/**
 * The read-only schema a graph hands out (`graph.catalog()`): the read methods of its catalog
 * on a snapshot of the schema, shared by every caller until the schema changes. A holder keeps
 * one consistent schema however long it holds the view, and can change nothing: the view has
 * no mutators and its records are frozen. Schema changes go through `graph.schema()` and
 * `graph.schemaOperations()`, which log them.
 * @module
 */
import { SchemaCatalog } from '../../storage/index.js';
import type { SchemaSnapshot } from '../../storage/index.js';

/**
 * The read methods of a schema catalog, as `graph.catalog()` returns them.
 *
 * @example
 * ```ts
 * const schema: SchemaView = graph.catalog();
 * schema.propertyKey('age')?.dataType; // 'INT'
 * ```
 */
export type SchemaView = Pick<
  SchemaCatalog,
  | 'propertyKey'
  | 'vertexLabel'
  | 'edgeLabel'
  | 'indexLabel'
  | 'propertyKeyById'
  | 'vertexLabelById'
  | 'edgeLabelById'
  | 'indexLabelById'
  | 'propertyKeys'
  | 'vertexLabels'
  | 'edgeLabels'
  | 'indexLabels'
  | 'indexLabelsOf'
  | 'toJSON'
  | 'counters'
>;

/** The latest view of each catalog and the tables it was taken from. */
const views = new WeakMap<SchemaCatalog, { readonly from: SchemaSnapshot; readonly view: SchemaView }>();

/** Whether two snapshots hold the same tables: a catalog hands out one frozen array per table until it changes. */
function sameTables(a: SchemaSnapshot, b: SchemaSnapshot): boolean {
  return a.propertyKeys === b.propertyKeys && a.vertexLabels === b.vertexLabels && a.edgeLabels === b.edgeLabels && a.indexLabels === b.indexLabels;
}

/** The read methods of `catalog()`'s catalog, frozen: nothing reached through them changes a schema. */
function readOnly(catalog: () => SchemaCatalog): SchemaView {
  return Object.freeze({
    propertyKey: (name: string) => catalog().propertyKey(name),
    vertexLabel: (name: string) => catalog().vertexLabel(name),
    edgeLabel: (name: string) => catalog().edgeLabel(name),
    indexLabel: (name: string) => catalog().indexLabel(name),
    propertyKeyById: (id: number) => catalog().propertyKeyById(id),
    vertexLabelById: (id: number) => catalog().vertexLabelById(id),
    edgeLabelById: (id: number) => catalog().edgeLabelById(id),
    indexLabelById: (id: number) => catalog().indexLabelById(id),
    propertyKeys: () => catalog().propertyKeys(),
    vertexLabels: () => catalog().vertexLabels(),
    edgeLabels: () => catalog().edgeLabels(),
    indexLabels: () => catalog().indexLabels(),
    indexLabelsOf: (baseType: 'VERTEX_LABEL' | 'EDGE_LABEL', labelName: string) => catalog().indexLabelsOf(baseType, labelName),
    toJSON: () => catalog().toJSON(),
    counters: () => catalog().counters(),
  });
}

/**
 * The read-only view of a catalog as it is now: the snapshot taken at its latest change, or a
 * new one when it has changed since.
 */
export function schemaViewOf(catalog: SchemaCatalog): SchemaView {
  const now = catalog.toJSON();
  const known = views.get(catalog);
  if (known !== undefined && sameTables(known.from, now)) return known.view;
  const copy = SchemaCatalog.fromJSON(now);
  const view = readOnly(() => copy);
  views.set(catalog, { from: now, view });
  return view;
}

/**
 * A read-only view that reads the catalog as it is at each call: what a schema builder reads
 * after its own changes.
 */
export function liveSchemaView(catalog: SchemaCatalog): SchemaView {
  return readOnly(() => catalog);
}
