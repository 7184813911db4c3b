/**
 * The asynchronous schema mutators the fluent builder calls. The Graph implements them by
 * running the catalog mutator and making the change durable.
 * @module
 */
import type { SchemaRemoval, SchemaResult } from './catalog.js';
import type {
  CreateOptions, EdgeLabelSpec, IndexLabelSpec, LabelAppend, LabelEliminate, PropertyKeySpec, VertexLabelSpec,
} from './specs.js';
import type { EdgeLabelRecord, IndexLabelRecord, PropertyKeyRecord, UserData, VertexLabelRecord } from './types.js';

/**
 * Async versions of the `SchemaCatalog` mutators, with the same names and arguments; each
 * resolves once the change is applied (and, for a database, durable).
 *
 * @example
 * ```ts
 * const catalog = new SchemaCatalog();
 * const ops: SchemaOperations = {
 *   createPropertyKey: async (spec, options) => catalog.createPropertyKey(spec, options),
 *   // ...one line per mutator
 * } as SchemaOperations;
 * ```
 */
export interface SchemaOperations {
  createPropertyKey(spec: PropertyKeySpec, options?: CreateOptions): Promise<SchemaResult<PropertyKeyRecord>>;
  createVertexLabel(spec: VertexLabelSpec, options?: CreateOptions): Promise<SchemaResult<VertexLabelRecord>>;
  createEdgeLabel(spec: EdgeLabelSpec, options?: CreateOptions): Promise<SchemaResult<EdgeLabelRecord>>;
  createIndexLabel(spec: IndexLabelSpec, options?: CreateOptions): Promise<SchemaResult<IndexLabelRecord>>;
  appendPropertyKey(name: string, update: { userData?: UserData }): Promise<SchemaResult<PropertyKeyRecord>>;
  eliminatePropertyKey(name: string, update: { userData?: UserData }): Promise<SchemaResult<PropertyKeyRecord>>;
  renamePropertyKey(oldName: string, newName: string): Promise<SchemaResult<PropertyKeyRecord>>;
  appendVertexLabel(name: string, update: LabelAppend): Promise<SchemaResult<VertexLabelRecord>>;
  eliminateVertexLabel(name: string, update: LabelEliminate): Promise<SchemaResult<VertexLabelRecord>>;
  appendEdgeLabel(name: string, update: LabelAppend): Promise<SchemaResult<EdgeLabelRecord>>;
  eliminateEdgeLabel(name: string, update: LabelEliminate): Promise<SchemaResult<EdgeLabelRecord>>;
  appendIndexLabel(name: string, update: { userData?: UserData }): Promise<SchemaResult<IndexLabelRecord>>;
  eliminateIndexLabel(name: string, update: { userData?: UserData }): Promise<SchemaResult<IndexLabelRecord>>;
  removePropertyKey(name: string): Promise<SchemaRemoval>;
  removeVertexLabel(name: string): Promise<SchemaRemoval>;
  removeEdgeLabel(name: string): Promise<SchemaRemoval>;
  removeIndexLabel(name: string): Promise<SchemaRemoval>;
}

/**
 * Wraps a catalog as {@link SchemaOperations} with no durability: each mutator runs the
 * catalog's synchronous one. Useful for tests and for in-memory graphs.
 *
 * @example
 * ```ts
 * const catalog = new SchemaCatalog();
 * const schema = new SchemaBuilder(catalogOperations(catalog), catalog);
 * await schema.propertyKey('name').asText().create();
 * ```
 */
export function catalogOperations(catalog: {
  [K in keyof SchemaOperations]: (...args: Parameters<SchemaOperations[K]>) => Awaited<ReturnType<SchemaOperations[K]>>;
}): SchemaOperations {
  return {
    createPropertyKey: async (spec, options) => catalog.createPropertyKey(spec, options),
    createVertexLabel: async (spec, options) => catalog.createVertexLabel(spec, options),
    createEdgeLabel: async (spec, options) => catalog.createEdgeLabel(spec, options),
    createIndexLabel: async (spec, options) => catalog.createIndexLabel(spec, options),
    appendPropertyKey: async (name, update) => catalog.appendPropertyKey(name, update),
    eliminatePropertyKey: async (name, update) => catalog.eliminatePropertyKey(name, update),
    renamePropertyKey: async (oldName, newName) => catalog.renamePropertyKey(oldName, newName),
    appendVertexLabel: async (name, update) => catalog.appendVertexLabel(name, update),
    eliminateVertexLabel: async (name, update) => catalog.eliminateVertexLabel(name, update),
    appendEdgeLabel: async (name, update) => catalog.appendEdgeLabel(name, update),
    eliminateEdgeLabel: async (name, update) => catalog.eliminateEdgeLabel(name, update),
    appendIndexLabel: async (name, update) => catalog.appendIndexLabel(name, update),
    eliminateIndexLabel: async (name, update) => catalog.eliminateIndexLabel(name, update),
    removePropertyKey: async (name) => catalog.removePropertyKey(name),
    removeVertexLabel: async (name) => catalog.removeVertexLabel(name),
    removeEdgeLabel: async (name) => catalog.removeEdgeLabel(name),
    removeIndexLabel: async (name) => catalog.removeIndexLabel(name),
  };
}
