/**
 * Parameters of the map steps. Types that hold child traversals take the plan type `P`
 * (always {@link Plan} in use), so that this module needs no import of the plan model: no import circle.
 * @module
 */
import type { Direction } from '../../../values/index.js';
import type { IndexPredicate } from '../../../port/index.js';
import type { HasCondition } from './filter.js';


/**
 * Parameters of a properties step.
 */
export interface PropertiesParams {
  /** Keys to read; empty means all. */
  readonly keys: readonly string[];
  /** True for values(), false for properties(). */
  readonly values: boolean;
  /** True when every key given was null: no property has a null key, so nothing is read. */
  readonly none?: true;
}

/**
 * One sort key: a projection and a direction.
 */
export interface Comparator<P> {
  readonly by: P;
  readonly order: 'asc' | 'desc' | 'shuffle';
}

/**
 * Parameters of order().
 */
export interface OrderParams<P> {
  readonly local: boolean;
  readonly comparators: readonly Comparator<P>[];
}

/**
 * Parameters of tree().
 */
export interface TreeParams<P> {
  readonly sideEffect: string | undefined;
  readonly by: readonly P[];
}

/**
 * Parameters of group()/groupCount().
 */
export interface GroupParams<P> {
  readonly count: boolean;
  readonly sideEffect: string | undefined;
  readonly keyBy: P | undefined;
  readonly valueBy: P | undefined;
}

/**
 * Parameters of project().
 */
export interface ProjectParams<P> {
  readonly keys: readonly string[];
  readonly by: readonly P[];
}

/**
 * The reducing operator of sum(), min(), max() and mean().
 */
export type Reducer = 'sum' | 'min' | 'max' | 'mean';

/**
 * Parameters of a reducing step.
 */
export interface ReduceParams {
  readonly op: Reducer;
  readonly local: boolean;
}

/**
 * Parameters of an adjacency step.
 */
export interface VertexParams {
  readonly direction: Direction;
  readonly edgeLabels: readonly string[];
  readonly returns: 'vertex' | 'edge';
}

/**
 * Parameters of a column scan. `conditions` test the label or the property `key` only.
 */
export interface ColumnScanParams {
  readonly element: 'vertex' | 'edge';
  /** Labels to scan (the graph step's per-label scan), undefined for all. */
  readonly labels: readonly string[] | undefined;
  /** The graph step's index lookup, tried first. */
  readonly lookup: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate } | undefined;
  /** The one property key that conditions test and `distinctValues` counts. */
  readonly key: string | undefined;
  readonly conditions: readonly HasCondition[];
  /** count(); groupCount().by(label) or label().groupCount(); values(key).dedup().count(). */
  readonly result: 'count' | 'labelCounts' | 'distinctValues';
}

/**
 * Parameters of a function step.
 */
export interface FunctionParams {
  readonly name: string;
  /** Argument values, or child plans evaluated per traverser. */
  readonly args: readonly unknown[];
  readonly local: boolean;
}

/**
 * Parameters of an edge-vertex step.
 */
export interface EdgeVertexParams {
  readonly end: 'out' | 'in' | 'both' | 'other';
}

/**
 * Parameters of path().
 */
export interface PathParams<P> {
  readonly by: readonly P[];
  readonly from: string | undefined;
  readonly to: string | undefined;
}

/**
 * Parameters of format().
 */
export interface FormatParams<P> {
  readonly template: string;
  readonly by: readonly P[];
}

/**
 * Parameters of a graph step.
 */
export interface GraphParams {
  readonly element: 'vertex' | 'edge';
  /** Ids (or elements) to start from; undefined means all. */
  readonly ids?: readonly unknown[];
  /** True when this is the first step of a root traversal. */
  readonly start: boolean;
  /** Labels to scan, set by the per-label scan strategy. */
  readonly scanLabels?: readonly string[];
  /** Index lookup set by the index-selection strategy. */
  readonly lookup?: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate };
}

/**
 * Parameters of fold().
 */
export interface FoldParams {
  readonly seed?: unknown;
  readonly operator?: string;
}

/**
 * Parameters of a pushed-down count.
 */
export type DegreeCountParams =
  | { readonly source: 'degree'; readonly direction: Direction; readonly labels: readonly string[] }
  | { readonly source: 'elements'; readonly element: 'vertex' | 'edge'; readonly labels: readonly string[] | undefined };

/**
 * Parameters of the map steps. `tokens` is a WithOptions bit set: 1 ids, 2 labels, 4 keys, 8 values.
 */
export interface PropertyMapParams<P> {
  readonly mode: 'valueMap' | 'propertyMap' | 'elementMap';
  readonly keys: readonly string[];
  readonly tokens: number;
  readonly by: P | undefined;
  /** True when every key given was null: no property has a null key, so the map holds tokens only. */
  readonly none?: true;
}

/**
 * Parameters of call().
 */
export interface CallParams<P> {
  /** Service name; undefined for the directory service. */
  readonly service: string | undefined;
  /** Static parameters and with() parameters, in order; values may be child plans. */
  readonly params: readonly (readonly [unknown, unknown])[];
  /** A child plan yielding a map of parameters per traverser. */
  readonly dynamic: P | undefined;
  readonly start: boolean;
}

/**
 * A node of a parsed math expression.
 */
export type MathNode =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'negate'; readonly operand: MathNode }
  | { readonly kind: 'call'; readonly name: string; readonly argument: MathNode }
  | { readonly kind: 'binary'; readonly op: '+' | '-' | '*' | '/' | '%' | '^'; readonly left: MathNode; readonly right: MathNode };

/**
 * A parsed math expression and the variables it reads.
 */
export interface MathExpression {
  readonly text: string;
  readonly root: MathNode;
  /** Variable names in order of first use (constants pi and e excluded). */
  readonly variables: ReadonlySet<string>;
}

/**
 * Parameters of math().
 */
export interface MathParams<P> {
  readonly expression: MathExpression;
  readonly by: readonly P[];
}

/**
 * Parameters of select().
 */
export interface SelectParams<P> {
  readonly keys: readonly string[];
  readonly pop: Pop;
  readonly by: readonly P[];
  /** select(Column.keys|values) instead of keys. */
  readonly column?: string;
  /** select(traversal): the key is the first result of this child plan. */
  readonly keyPlan?: P;
}

/**
 * How to pick among several values with one label.
 */
export type Pop = 'first' | 'last' | 'all' | 'mixed';
