/**
 * The asynchronous schema mutators the fluent builder calls, derived from the catalog's one
 * list of mutators (`SCHEMA_MUTATORS` in the storage layer), and the one way to implement them.
 * @module
 */
import { SCHEMA_MUTATORS } from '../../../storage/index.js';
import type { SchemaCatalog, SchemaChange, SchemaMutator } from '../../../storage/index.js';

/**
 * Async versions of the `SchemaCatalog` mutators, with the same names and arguments; each
 * resolves once the change is applied (and, for a durable graph, durable).
 *
 * @example
 * ```ts
 * declare const ops: SchemaOperations;
 * const { record } = await ops.createPropertyKey({ name: 'age', dataType: 'int' }, { ifNotExist: true });
 * ```
 */
export type SchemaOperations = {
  readonly [K in SchemaMutator]: (...args: Parameters<SchemaCatalog[K]>) => Promise<ReturnType<SchemaCatalog[K]>>;
};

/**
 * Runs one catalog mutator against a catalog and resolves with its result. A database runs it
 * on a scratch copy of the catalog and makes the change real (applied to the store and, for a
 * durable graph, fsynced in the log) before resolving.
 */
type SchemaRunner = <R extends { readonly change?: SchemaChange }>(mutate: (catalog: SchemaCatalog) => R, call: SchemaCall) => Promise<R>;

/**
 * One call of a schema operation: the mutator's name and its arguments as given, for a runner
 * that checks a call before it runs it (access control).
 */
export interface SchemaCall {
  readonly mutator: SchemaMutator;
  readonly args: readonly unknown[];
}

/** A catalog mutator called by name; the one place the name's union of signatures is widened. */
type AnyMutator = (this: SchemaCatalog, ...args: unknown[]) => { readonly change?: SchemaChange };

/**
 * Schema operations that route each catalog mutator, with the same arguments, through `run`.
 */
export function schemaOperations(run: SchemaRunner): SchemaOperations {
  const ops: Partial<Record<SchemaMutator, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of SCHEMA_MUTATORS) {
    ops[name] = (...args) => run((catalog) => (catalog[name] as AnyMutator).apply(catalog, args), { mutator: name, args });
  }
  return ops as SchemaOperations;
}

/**
 * Schema operations straight on a catalog, with no durability: each mutator runs the
 * catalog's synchronous one. For in-memory use and tests.
 */
export function catalogOperations(catalog: SchemaCatalog): SchemaOperations {
  return schemaOperations(async (mutate) => mutate(catalog));
}
