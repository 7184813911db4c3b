/**
 * Parameters of the filter steps. Types that hold child traversals take the plan type `P`
 * (always {@link Plan} in use), so that this module needs no import of the plan model: no import circle.
 * @module
 */
import type { Predicate } from '../../bytecode.js';


/**
 * One condition of a has() step. `test` undefined means "the property exists".
 */
export interface HasCondition {
  readonly on: 'label' | 'id' | 'key' | 'value' | 'property';
  readonly key?: string;
  /** A predicate, a value (equality) or undefined (existence). */
  readonly test: unknown;
  /** hasNot(key): the property must be absent. */
  readonly negate: boolean;
}

/**
 * Parameters of a has step: all conditions must hold.
 */
export interface HasParams {
  readonly conditions: readonly HasCondition[];
}

/**
 * Parameters of a range step; `high` -1 means no upper bound.
 */
export interface RangeParams {
  readonly low: number;
  readonly high: number;
  readonly local: boolean;
}

/**
 * Parameters of dedup().
 */
export interface DedupParams<P> {
  readonly local: boolean;
  /** Labels whose values together form the key. */
  readonly keys: readonly string[];
  readonly by: P | undefined;
}

/**
 * Parameters of a traversal filter.
 */
export interface TraversalFilterParams<P> {
  readonly mode: 'filter' | 'not' | 'and' | 'or';
  readonly plans: readonly P[];
}

/**
 * A where() traversal, after TinkerPop's WhereTraversalStep: a leaf whose leading as() label
 * starts it from a scope value and whose trailing as() labels must equal scope values, or a
 * connective (and/or/not) whose children are where() traversals in their own right.
 */
export type WhereTraversal<P> =
  | { readonly connective: undefined; readonly plan: P; readonly startLabel: string | undefined; readonly endLabels: readonly string[] }
  | { readonly connective: 'and' | 'or' | 'not'; readonly children: readonly WhereTraversal<P>[] };

/**
 * Parameters of where().
 */
export type WhereParams<P> =
  | { readonly form: 'predicate'; readonly start: string | undefined; readonly predicate: Predicate; readonly by: readonly P[] }
  | { readonly form: 'traversal'; readonly traversal: WhereTraversal<P> };

/**
 * Parameters of coin()/sample().
 */
export interface RandomParams<P> {
  readonly mode: 'coin' | 'sample';
  readonly amount: number;
  readonly local: boolean;
  /** sample(n).by(weight): a child plan giving each traverser's weight. */
  readonly by?: P;
}

/**
 * Parameters of simplePath()/cyclicPath().
 */
export interface PathFilterParams<P> {
  readonly simple: boolean;
  readonly from: string | undefined;
  readonly to: string | undefined;
  readonly by: readonly P[];
}

/**
 * Parameters of a quantifier step.
 */
export interface QuantifierParams {
  readonly quantifier: 'all' | 'any' | 'none';
  readonly predicate: Predicate;
}
