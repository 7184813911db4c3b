/**
 * Parameters of the side-effect steps. Types that hold child traversals take the plan type `P`
 * (always {@link Plan} in use), so that this module needs no import of the plan model: no import circle.
 * @module
 */
import type { PropertyCardinality } from '../../../port/index.js';


/**
 * A graph file format io() knows by name.
 */
export type IoFormat = 'graphson' | 'graphml' | 'gryo';

/**
 * Parameters of io().
 */
export interface IoParams {
  readonly file: string;
  readonly reader: IoFormat | undefined;
  readonly writer: IoFormat | undefined;
  /** Set by the read() or write() modulator; io() without either does nothing useful in TinkerPop and is refused. */
  readonly mode: 'read' | 'write' | undefined;
}

/**
 * An edge end: a label to select, a child plan, or a value (vertex or id).
 */
export type EdgeEnd = { readonly select: string } | { readonly value: unknown };

/**
 * Parameters of addE().
 */
export interface AddEdgeParams {
  readonly label: unknown;
  readonly from: EdgeEnd | undefined;
  readonly to: EdgeEnd | undefined;
  readonly start: boolean;
  /** property() steps folded into the creation (see fold-properties.ts). */
  readonly properties?: readonly FoldedProperty[];
  /** A folded `property(T.id, x)`: the id value or a child plan yielding it. */
  readonly id?: unknown;
  /** Step configuration from with(key, value); Quiver defines no addE() options, so none takes effect. */
  readonly config?: readonly (readonly [string, unknown])[];
}

/**
 * Parameters of the control steps.
 */
export interface ControlParams {
  readonly mode: 'barrier' | 'discard' | 'fail';
  readonly message: string | undefined;
  /** barrier(Barrier.normSack): sacks become their share of the barrier's total sack. */
  readonly normSack?: boolean;
  /** barrier(maxBarrierSize): drain at most this many traversers before passing them on. */
  readonly maxSize?: number;
}

/**
 * One property write; values may be child plans.
 */
export interface PropertyWrite {
  readonly cardinality: PropertyCardinality | undefined;
  readonly key: unknown;
  readonly value: unknown;
  readonly meta: readonly (readonly [string, unknown])[];
}

/**
 * Parameters of property(): the writes, in order.
 */
export interface PropertyParams {
  readonly writes: readonly PropertyWrite[];
}

/**
 * Parameters of mergeV()/mergeE(); map arguments may be child plans.
 */
export interface MergeParams {
  readonly element: 'vertex' | 'edge';
  /** Search map or plan; undefined means the incoming traverser's map. */
  readonly search: unknown;
  /** Merge option name (onCreate, onMatch, outV, inV) to value or plan. */
  readonly options: ReadonlyMap<string, unknown>;
  readonly start: boolean;
}

/**
 * Parameters of addV(); `label` is a string or a child plan yielding it.
 */
export interface AddVertexParams {
  readonly label: unknown;
  readonly start: boolean;
  /** property() steps folded into the creation (see fold-properties.ts). */
  readonly properties?: readonly FoldedProperty[];
  /** A folded `property(T.id, x)`: the id value or a child plan yielding it. */
  readonly id?: unknown;
}

/**
 * Parameters of inject().
 */
export interface InjectParams {
  readonly values: readonly unknown[];
  readonly start: boolean;
}

/**
 * Parameters of aggregate()/store().
 */
export interface AggregateParams<P> {
  readonly key: string;
  /** store() and aggregate(local) add as traversers pass. */
  readonly lazy: boolean;
  readonly by: P | undefined;
}

/**
 * Parameters of sack(): no operator reads the sack.
 */
export interface SackParams<P> {
  readonly operator: string | undefined;
  readonly by: P | undefined;
}

/**
 * A property folded into element creation: a key (a string, or a child plan yielding it) and a
 * value or a child plan yielding it; a null value removes the values folded before it.
 */
export type FoldedProperty = readonly [key: unknown, value: unknown];
