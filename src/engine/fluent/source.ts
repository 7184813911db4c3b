/**
 * GraphTraversalSource: the `g` of the fluent API. Source steps configure the traversal,
 * spawn steps start one.
 * @module
 */
import { Bytecode, StrategySpec } from '../bytecode.js';
import type { Argument } from '../bytecode.js';
import { compile } from '../plan/compile.js';
import { execute } from '../exec/execute.js';
import type { ExecutionContext } from '../exec/execute.js';
import { GraphTraversal, toArgument } from './graph-traversal.js';
import type { FluentArg } from './graph-traversal.js';

/**
 * The traversal source. Each spawn returns a new GraphTraversal that runs against the
 * context's graph when a terminal method is called.
 *
 * @example
 * ```ts
 * const g = new GraphTraversalSource(() => ({ source }));
 * const n = await g.V().count().next();
 * ```
 */
export class GraphTraversalSource {
  constructor(
    /** Supplies the execution context at run time (read or write access, deadline). */
    readonly context: () => ExecutionContext,
    /** Source instructions collected so far. */
    readonly bytecode: Bytecode = new Bytecode([], []),
    /** Set false to run without optimisation strategies. */
    readonly optimise: boolean = true,
  ) {}

  #with(op: string, args: readonly FluentArg[]): GraphTraversalSource {
    return new GraphTraversalSource(this.context, this.bytecode.addSource(op, ...args.map(toArgument)), this.optimise);
  }

  #spawn(op: string, args: readonly FluentArg[]): GraphTraversal {
    const runner = (b: Bytecode): Iterable<unknown> => execute(compile(b, { strategies: this.optimise }), this.context());
    return new GraphTraversal(this.bytecode, runner).step(op, args);
  }

  /** `withSideEffect(key, value)` */
  withSideEffect(key: string, value: FluentArg): GraphTraversalSource {
    return this.#with('withSideEffect', [key, value]);
  }
  /** `withSack(initial[, merge])` */
  withSack(...args: FluentArg[]): GraphTraversalSource {
    return this.#with('withSack', args);
  }
  /** `with(key, value)` */
  with_(key: string, value?: FluentArg): GraphTraversalSource {
    return this.#with('with', value === undefined ? [key] : [key, value]);
  }
  /** `withStrategies(...)` */
  withStrategies(...strategies: StrategySpec[]): GraphTraversalSource {
    return this.#with('withStrategies', strategies);
  }
  /** `withoutStrategies(...)` by strategy class name. */
  withoutStrategies(...names: string[]): GraphTraversalSource {
    return this.#with('withoutStrategies', names.map((n) => new StrategySpec(n, new Map<string, Argument>())));
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
