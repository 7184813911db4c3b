/**
 * The shape of an optimisation strategy.
 * @module
 */
import type { Plan } from '../plan/plan.js';

/**
 * What a strategy may know about the whole traversal.
 */
interface StrategyContext {
  /** True for the root plan, false for child plans. */
  readonly root: boolean;
  /** True when some step of the whole traversal needs paths or labels. */
  readonly tracksPath: boolean;
}

/**
 * A pure plan rewrite.
 */
export interface Strategy {
  /** TinkerPop-style class name, usable in withoutStrategies(). */
  readonly name: string;
  /**
   * True when the rewrite is part of Gremlin's observable semantics (TinkerPop applies it by
   * default and scenarios depend on it), so `compile(..., { strategies: false })` keeps it.
   */
  readonly semantic?: boolean;
  apply(plan: Plan, context: StrategyContext): Plan;
}
