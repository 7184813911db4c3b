/**
 * What a script runs against: the graph's execution context and its schema builder.
 * @module
 */
import type { ExecutionContext } from '../exec/execute.js';
import type { SchemaBuilderLike } from './schema-methods.js';

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
  /** The graph's schema builder; a script calls only the methods {@link SchemaBuilderLike} lists. */
  schema(): SchemaBuilderLike;
  /** Variables bound by the request (besides `graph` and `g`). */
  readonly bindings?: ReadonlyMap<string, unknown>;
  /** False runs traversals without the optimisation strategies; default true. */
  readonly optimise?: boolean;
}
