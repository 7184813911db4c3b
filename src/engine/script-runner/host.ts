/**
 * What a script runs against: the graph's execution context and its schema builder.
 * @module
 */
import type { ExecutionContext } from '../exec/execute.js';

/**
 * A schema builder as scripts see it: an object whose methods return further builder objects,
 * plain values or promises (`graph.schema().propertyKey('age').asInt().create()`). The runner
 * only calls methods that exist on the object; anything else is UnsupportedError.
 *
 * @example
 * ```ts
 * const builder: SchemaBuilderLike = graph.schema();
 * ```
 */
export type SchemaBuilderLike = object;

/**
 * The host of a script: the graph to traverse and write, and its schema builder.
 *
 * @example
 * ```ts
 * const host: ScriptHost = { context: () => ({ source, write }), schema: () => graph.schema() };
 * ```
 */
export interface ScriptHost {
  /** Execution context for traversals and `graph.addVertex(...)`-style writes. */
  context(): ExecutionContext;
  /** The graph's schema builder. */
  schema(): SchemaBuilderLike;
  /** Variables bound by the request (besides `graph` and `g`). */
  readonly bindings?: ReadonlyMap<string, unknown>;
  /** False runs traversals without the optimisation strategies; default true. */
  readonly optimise?: boolean;
}
