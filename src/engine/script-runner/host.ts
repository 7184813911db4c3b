/**
 * What a script runs against: the graph's execution context and its schema builder.
 * @module
 */
import type { ExecutionContext } from '../run/execute.js';
import type { SchemaBuilderLike } from './schema-methods.js';

/**
 * The host of a script: the graph to traverse and write, and its schema builder.
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
  /**
   * Variables kept across scripts (a console session): the script starts with them and its
   * assignments are written back when it succeeds.
   */
  readonly scope?: Map<string, unknown>;
  /** The request's transaction; without it every write commits on its own. */
  readonly transaction?: ScriptTransaction;
}

/**
 * The transaction of one script request: what `g.tx()` and `graph.tx()` commit or roll back,
 * and what the runner prepares before a statement that may write.
 */
export interface ScriptTransaction {
  /** Called before a statement that may write: waits until the graph can be written by this request. */
  prepareWrite(): Promise<void>;
  /** Makes the request's writes so far permanent (durable once it resolves). */
  commit(): Promise<void>;
  /** Discards the request's writes since the last commit. */
  rollback(): void;
}
