/**
 * Strategy objects for `withStrategies(...)` in the fluent API, named and shaped as
 * gremlin-javascript's: `new EdgeLabelVerificationStrategy({ throwException: true })`.
 * Each is a {@link StrategySpec} whose config holds the options given.
 * @module
 */
import { StrategySpec } from '../bytecode.js';
import type { Argument } from '../bytecode.js';

/**
 * Options of the warning verification strategies (TinkerPop's AbstractWarningVerificationStrategy).
 *
 * @example
 * ```ts
 * const o: VerificationOptions = { throwException: true, logWarning: false };
 * ```
 */
export interface VerificationOptions {
  /** Throw when the check fails; default false. */
  readonly throwException?: boolean;
  /** Emit a process warning (type `VerificationWarning`) when the check fails; default false. */
  readonly logWarning?: boolean;
}

function config(options: object): Map<string, Argument> {
  return new Map(Object.entries(options).filter(([, v]) => v !== undefined) as [string, Argument][]);
}

/**
 * Refuses vertex steps (`out()`, `bothE()`...) that name no edge label.
 *
 * @example
 * ```ts
 * g.withStrategies(new EdgeLabelVerificationStrategy({ throwException: true })).V().out();   // throws EDGE_LABEL_VERIFICATION
 * ```
 */
export class EdgeLabelVerificationStrategy extends StrategySpec {
  constructor(options: VerificationOptions = {}) {
    super('EdgeLabelVerificationStrategy', config(options));
  }
}

/**
 * Refuses `addV()`, `addE()` and `property()` writes to reserved keys (`id` and `label` unless
 * `keys` is given).
 *
 * @example
 * ```ts
 * g.withStrategies(new ReservedKeysVerificationStrategy({ throwException: true, keys: ['age'] })).addV('person').property('age', 1);
 * ```
 */
export class ReservedKeysVerificationStrategy extends StrategySpec {
  constructor(options: VerificationOptions & { readonly keys?: readonly string[] } = {}) {
    super('ReservedKeysVerificationStrategy', config({ ...options, keys: options.keys === undefined ? undefined : [...options.keys] }));
  }
}

/**
 * Forbids a GraphComputer (VertexProgramStrategy) on the traversal source.
 *
 * @example
 * ```ts
 * g.withStrategies(new VertexProgramRestrictionStrategy()).V().count();
 * ```
 */
export class VertexProgramRestrictionStrategy extends StrategySpec {
  constructor() {
    super('VertexProgramRestrictionStrategy', new Map());
  }
}
