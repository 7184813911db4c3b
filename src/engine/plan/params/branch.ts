/**
 * Parameters of the branch steps. Types that hold child traversals take the plan type `P`
 * (always {@link Plan} in use), so that this module needs no import of the plan model: no import circle.
 * @module
 */
import type { Direction } from '../../../values/index.js';
import type { Predicate } from '../../bytecode.js';
import type { WhereParams } from './filter.js';


/**
 * Parameters of match(): its patterns, and every variable they name (looked up in the incoming
 * path, where earlier `as()` steps may have bound them).
 */
export interface MatchParams<P> {
  readonly group: MatchGroup<P>;
  readonly labels: readonly string[];
}

/**
 * What a pattern does before its remaining steps: filter by a where() (where(), not()), or solve
 * a nested and()/or() group.
 */
export type MatchHead<P> = { readonly kind: 'where'; readonly where: WhereParams<P> } | { readonly kind: 'group'; readonly group: MatchGroup<P> };

/**
 * One compiled pattern: `select` is the variable it starts from (the current object when
 * undefined), `end` the variable its results bind or must equal, and `needs` the variables that
 * must be bound before it may run.
 */
export interface MatchPattern<P> {
  readonly select: string | undefined;
  readonly head: MatchHead<P> | undefined;
  readonly plan: P;
  readonly end: string | undefined;
  readonly needs: readonly string[];
}

/**
 * Patterns solved together: all of them (`and`, the match itself) or each on its own (`or`).
 * `startLabel` is the variable given the current object when none of `starts` is bound yet.
 */
export interface MatchGroup<P> {
  readonly mode: 'and' | 'or';
  readonly patterns: readonly MatchPattern<P>[];
  readonly starts: ReadonlySet<string>;
  readonly ends: ReadonlySet<string>;
  readonly startLabel: string | undefined;
  readonly needs: readonly string[];
}

/**
 * An option: a key (value, predicate, traversal or Pick name) and its branch. A traversal key
 * matches when it yields something from the choice value.
 */
export interface ChooseOption<P> {
  readonly key: unknown;
  /** `none`, `any` or `unproductive` for Pick tokens. */
  readonly pick: string | undefined;
  readonly plan: P;
}

/**
 * Parameters of choose()/branch().
 */
export type ChooseParams<P> =
  | { readonly mode: 'ifThen'; readonly condition: P | Predicate; readonly whenTrue: P; readonly whenFalse: P }
  | { readonly mode: 'options'; readonly choice: P; readonly options: readonly ChooseOption<P>[]; readonly branchAll: boolean };

/**
 * A loop condition: a child traversal, a fixed count (times) or always (emit()).
 */
export type LoopCondition<P> = { readonly plan: P } | { readonly times: number } | { readonly always: true };

/**
 * Parameters of repeat().
 */
export interface RepeatParams<P> {
  readonly name: string | undefined;
  readonly body: P | undefined;
  readonly until: LoopCondition<P> | undefined;
  readonly untilFirst: boolean;
  readonly emit: LoopCondition<P> | undefined;
  readonly emitFirst: boolean;
}

/**
 * One hop of a frontier step: the direction and edge labels of the `out/in/both` it replaces.
 */
export interface FrontierHop {
  readonly direction: Direction;
  readonly edgeLabels: readonly string[];
}

/**
 * Parameters of a frontier step (created by the frontier strategy only).
 * - `repeat`: `repeat(hop.dedup())` with `times(depth)` (and `emit()`: every level), or with
 *   `until(hasId(...))` (`until` holds the condition; the search stops once every target is
 *   found). One dedup spans all rounds; the sources are not marked as seen.
 * - `chain`: the `hops` in sequence, then `dedup()` (`result: 'distinct'`) or `count()`
 *   (`result: 'count'`, the number of traversals, bulks included).
 */
export interface FrontierParams<P> {
  readonly mode: 'repeat' | 'chain';
  readonly hops: readonly FrontierHop[];
  /** repeat: the times() count, or Infinity with `until`; chain: the number of hops. */
  readonly depth: number;
  readonly emit: boolean;
  /** The until() condition: a hasId() of plain ids, and those ids. */
  readonly until: { readonly plan: P; readonly ids: readonly unknown[] } | undefined;
  readonly result: 'distinct' | 'count';
  /**
   * For `repeat(hop.simplePath()).until(hasId(...))` followed by `limit(1)`: the original
   * repeat(), run instead when the input is not one traverser whose path is its vertex alone.
   */
  readonly simple: RepeatParams<P> | undefined;
}
