/**
 * The Graph's implementation of the schema builder's {@link SchemaOperations}: every mutator
 * is validated on a copy of the catalog, then its change is applied to the store and logged.
 * @module
 */
import type { SchemaCatalog, SchemaChange, SchemaOperations } from '../storage/index.js';

/**
 * Runs one catalog mutator on a scratch copy of the catalog and makes its change real
 * (applied to the store and, for a durable graph, fsynced in the WAL) before resolving.
 *
 * @example
 * ```ts
 * const run: SchemaRunner = async (mutate) => mutate(catalog);
 * ```
 */
export type SchemaRunner = <R extends { readonly change?: SchemaChange }>(mutate: (catalog: SchemaCatalog) => R) => Promise<R>;

/**
 * Schema operations that route each catalog mutator, with the same arguments, through `run`.
 *
 * @example
 * ```ts
 * const builder = new SchemaBuilder(schemaOperations(run), catalog);
 * ```
 */
export function schemaOperations(run: SchemaRunner): SchemaOperations {
  return {
    createPropertyKey: (spec, options) => run((c) => c.createPropertyKey(spec, options)),
    createVertexLabel: (spec, options) => run((c) => c.createVertexLabel(spec, options)),
    createEdgeLabel: (spec, options) => run((c) => c.createEdgeLabel(spec, options)),
    createIndexLabel: (spec, options) => run((c) => c.createIndexLabel(spec, options)),
    appendPropertyKey: (name, update) => run((c) => c.appendPropertyKey(name, update)),
    eliminatePropertyKey: (name, update) => run((c) => c.eliminatePropertyKey(name, update)),
    renamePropertyKey: (oldName, newName) => run((c) => c.renamePropertyKey(oldName, newName)),
    appendVertexLabel: (name, update) => run((c) => c.appendVertexLabel(name, update)),
    eliminateVertexLabel: (name, update) => run((c) => c.eliminateVertexLabel(name, update)),
    appendEdgeLabel: (name, update) => run((c) => c.appendEdgeLabel(name, update)),
    eliminateEdgeLabel: (name, update) => run((c) => c.eliminateEdgeLabel(name, update)),
    appendIndexLabel: (name, update) => run((c) => c.appendIndexLabel(name, update)),
    eliminateIndexLabel: (name, update) => run((c) => c.eliminateIndexLabel(name, update)),
    removePropertyKey: (name) => run((c) => c.removePropertyKey(name)),
    removeVertexLabel: (name) => run((c) => c.removeVertexLabel(name)),
    removeEdgeLabel: (name) => run((c) => c.removeEdgeLabel(name)),
    removeIndexLabel: (name) => run((c) => c.removeIndexLabel(name)),
  };
}
