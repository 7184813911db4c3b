/**
 * The one list of schema mutators. The catalog's methods are the definition: a mutator is a
 * public catalog method that returns a {@link SchemaResult} or a {@link SchemaRemoval}. The
 * asynchronous {@link SchemaOperations} the builders call, and the database's implementation
 * of them, are derived from this list, so a new catalog mutator is one method plus one entry
 * here (and the compiler refuses the entry until the method exists, and the method until the
 * entry exists).
 * @module
 */
import type { SchemaCatalog, SchemaRemoval, SchemaResult } from './catalog.js';

/**
 * The name of a catalog mutator: `createPropertyKey`, `appendVertexLabel`, `removeIndexLabel`...
 *
 * @example
 * ```ts
 * const name: SchemaMutator = 'createPropertyKey';
 * ```
 */
export type SchemaMutator = {
  [K in keyof SchemaCatalog]: SchemaCatalog[K] extends (...args: never[]) => SchemaResult<unknown> | SchemaRemoval ? K : never;
}[keyof SchemaCatalog];

/** Every mutator once; `satisfies` makes a missing or unknown name a compile error. */
const MUTATOR_TABLE = {
  createPropertyKey: true,
  createVertexLabel: true,
  createEdgeLabel: true,
  createIndexLabel: true,
  appendPropertyKey: true,
  eliminatePropertyKey: true,
  renamePropertyKey: true,
  appendVertexLabel: true,
  eliminateVertexLabel: true,
  appendEdgeLabel: true,
  eliminateEdgeLabel: true,
  appendIndexLabel: true,
  eliminateIndexLabel: true,
  removePropertyKey: true,
  removeVertexLabel: true,
  removeEdgeLabel: true,
  removeIndexLabel: true,
} as const satisfies Record<SchemaMutator, true>;

/**
 * The names of all catalog mutators, in declaration order.
 */
export const SCHEMA_MUTATORS: readonly SchemaMutator[] = Object.freeze(Object.keys(MUTATOR_TABLE) as SchemaMutator[]);
