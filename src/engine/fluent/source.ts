/**
 * GraphTraversalSource: the `g` of the fluent API. Source steps configure the traversal,
 * spawn steps start one.
 * @module
 */
import { Bytecode, StrategySpec } from '../bytecode.js';
import type { Argument } from '../bytecode.js';
import { PLAN_CACHE } from '../compiler/plan-cache.js';
import { executeAsync, openView, readSource } from '../run/execute.js';
import { planMutates } from '../run/requirements.js';
import type { ExecutionContext } from '../run/execute.js';
import type { ReadView } from '../../port/index.js';
import { GraphTraversal, toArgument } from './graph-traversal.js';
import type { FluentArg, TraversalRun } from './graph-traversal.js';
import { resultConverter, type ValueTypes } from '../plain.js';

/**
 * Options of a {@link GraphTraversalSource}.
 *
 * @example
 * ```ts
 * const o: TraversalSourceOptions = { types: 'java', optimise: false };
 * ```
 */
export interface TraversalSourceOptions {
  /** Source instructions collected so far. */
  readonly bytecode?: Bytecode;
  /** Set false to run without optimisation strategies. */
  readonly optimise?: boolean;
  /** `plain` JavaScript results (default) or the engine's `java`-typed values. */
  readonly types?: ValueTypes;
  /**
   * Starts the traversals spawned from this source (a graph's request runner); default
   * {@link startTraversal} on `context()`.
   */
  readonly runner?: (bytecode: Bytecode, options: { readonly optimise: boolean; readonly types: ValueTypes }) => TraversalRun;
}

/**
 * The context a traversal source runs in: an execution context plus, for a durable graph, a
 * function resolving once every write made through this context is durable.
 *
 * @example
 * ```ts
 * declare const source: GraphWriter;
 * const context: TraversalContext = { source, write: (fn) => fn(source), settled: async () => undefined };
 * ```
 */
export interface TraversalContext extends ExecutionContext {
  readonly settled?: () => Promise<void>;
}

/**
 * The traversal source. Each spawn returns a new GraphTraversal that runs against the
 * context's graph when a terminal method is called.
 *
 * @example
 * ```ts
 * declare const source: GraphSource;
 * const g = new GraphTraversalSource(() => ({ source }));
 * const n = await g.V().count().next();
 * ```
 */
export class GraphTraversalSource {
  /** Source instructions collected so far. */
  readonly bytecode: Bytecode;
  readonly #runner: TraversalSourceOptions['runner'];
  /** False runs without optimisation strategies. */
  readonly optimise: boolean;
  /** How results leave the terminals: `plain` (default) or `java`. */
  readonly types: ValueTypes;

  constructor(
    /** Supplies the execution context at run time (read or write access, deadline, durability). */
    readonly context: () => TraversalContext,
    options: TraversalSourceOptions = {},
  ) {
    this.bytecode = options.bytecode ?? new Bytecode([], []);
    this.optimise = options.optimise ?? true;
    this.types = options.types ?? 'plain';
    this.#runner = options.runner;
  }

  #with(op: string, args: readonly FluentArg[]): GraphTraversalSource {
    const bytecode = this.bytecode.addSource(op, ...args.map((x) => toArgument(x)));
    return new GraphTraversalSource(this.context, { bytecode, optimise: this.optimise, types: this.types, runner: this.#runner });
  }

  #spawn(op: string, args: readonly FluentArg[]): GraphTraversal {
    const options = { optimise: this.optimise, types: this.types };
    const given = this.#runner;
    const runner = given === undefined ? (b: Bytecode): TraversalRun => startTraversal(b, this.context(), options) : (b: Bytecode): TraversalRun => given(b, options);
    return new GraphTraversal(this.bytecode, runner).step(op, args);
  }

  /** `withSideEffect(key, value[, reducer])`; the reducer is an `Operator` enum value. */
  withSideEffect(key: string, value: FluentArg, reducer?: FluentArg): GraphTraversalSource {
    return this.#with('withSideEffect', reducer === undefined ? [key, value] : [key, value, reducer]);
  }
  /** `withSack(initial[, merge])` */
  withSack(...args: FluentArg[]): GraphTraversalSource {
    return this.#with('withSack', args);
  }
  /** `with(key, value)` */
  with_(key: string, value?: FluentArg): GraphTraversalSource {
    return this.#with('with', value === undefined ? [key] : [key, value]);
  }
  /** `withBulk(flag)`: with false, each traverser yields its value once whatever its bulk. */
  withBulk(flag: boolean): GraphTraversalSource {
    return this.#with('withBulk', [flag]);
  }
  /** `withPath()`: traversers carry their path even when no step needs it. */
  withPath(): GraphTraversalSource {
    return this.#with('withPath', []);
  }
  /** `withStrategies(...)` */
  withStrategies(...strategies: StrategySpec[]): GraphTraversalSource {
    return this.#with('withStrategies', strategies);
  }
  /** `withoutStrategies(...)` by strategy class name, or by strategy class as gremlin-javascript passes them. */
  withoutStrategies(...names: (string | (abstract new (...args: never[]) => StrategySpec))[]): GraphTraversalSource {
    return this.#with('withoutStrategies', names.map((n) => new StrategySpec(typeof n === 'string' ? n : n.name, new Map<string, Argument>())));
  }
  /** `V(ids...)` */ V(...ids: FluentArg[]): GraphTraversal { return this.#spawn('V', ids); }
  /** `E(ids...)` */ E(...ids: FluentArg[]): GraphTraversal { return this.#spawn('E', ids); }
  /** `addV(label?)` */ addV(...args: FluentArg[]): GraphTraversal { return this.#spawn('addV', args); }
  /** `addE(label)` */ addE(...args: FluentArg[]): GraphTraversal { return this.#spawn('addE', args); }
  /** `inject(values...)` */ inject(...args: FluentArg[]): GraphTraversal { return this.#spawn('inject', args); }
  /** `mergeV(map)` */ mergeV(...args: FluentArg[]): GraphTraversal { return this.#spawn('mergeV', args); }
  /** `mergeE(map)` */ mergeE(...args: FluentArg[]): GraphTraversal { return this.#spawn('mergeE', args); }
  /** `call(service)` */ call(...args: FluentArg[]): GraphTraversal { return this.#spawn('call', args); }
}

/**
 * Starts a traversal's bytecode on a context: compiled through the plan cache and run as an
 * async cursor. A traversal that writes runs in its atomic batch and its results are converted
 * from the graph after it; a read-only one reads the view it opens at its start, and its
 * results are converted from that same view, which the run keeps until its terminal ends
 * (`release`).
 */
export function startTraversal(bytecode: Bytecode, context: TraversalContext, options: { readonly optimise: boolean; readonly types: ValueTypes }): TraversalRun {
  const plan = PLAN_CACHE.compile(bytecode, { strategies: options.optimise });
  if (planMutates(plan)) {
    const convert = resultConverter(options.types, { source: readSource(context, undefined) });
    return { results: executeAsync(plan, context), settled: context.settled, convert };
  }
  const view = openView(context);
  if (view === undefined) return { results: executeAsync(plan, context), convert: resultConverter(options.types, { source: readSource(context, undefined) }) };
  const [cursorView, release] = heldTwice(view);
  try {
    const results = executeAsync(plan, { ...context, openReadView: () => cursorView });
    return { results, convert: resultConverter(options.types, { source: readSource(context, view) }), release };
  } catch (error) {
    release();
    throw error;
  }
}

/** A view shared by a cursor and the conversion of its results: released once both let go (each at most once). */
function heldTwice(view: ReadView): [ReadView, () => void] {
  let holders = 2;
  const holder = (): (() => void) => {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--holders === 0) view.release();
    };
  };
  return [{ source: view.source, release: holder() }, holder()];
}
