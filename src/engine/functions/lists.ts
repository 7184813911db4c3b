/**
 * The list steps of TinkerPop 3.8 as pure functions, with TinkerPop's error messages:
 * conjoin, combine, difference, disjunct, intersect, merge and product. Set results use Java
 * `equals` (see valueKey) and keep first-seen order.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { Path } from '../path-tree.js';
import { formatValue } from '../semantics/format.js';
import { valueKey } from '../semantics/value-key.js';
import { typeOfValue } from '../semantics/gtypes.js';

/**
 * Options of the list steps that take an argument.
 */
export interface ListArgumentOptions {
  /** The argument is the result of a child traversal (changes the error messages). */
  readonly fromTraversal?: boolean;
}

const JAVA_CLASS: Readonly<Record<string, string>> = { List: 'ArrayList', Map: 'LinkedHashMap', Set: 'LinkedHashSet' };

/**
 * Java class name of a value as TinkerPop's messages print it (`ArrayList`, `String`...).
 */
export function javaClassName(v: unknown): string {
  const name = typeOfValue(v);
  return JAVA_CLASS[name] ?? name;
}

function asIterable(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v as unknown[];
  if (v instanceof Set) return [...(v as Set<unknown>)];
  if (v instanceof Path) return [...v.objects];
  return undefined;
}

function incomingList(step: string, v: unknown): unknown[] {
  if (v === null || v === undefined) {
    throw new ArgumentError('LIST_STEP_NULL_INCOMING', `Incoming traverser for ${step} step can't be null`);
  }
  const list = asIterable(v);
  if (list === undefined) {
    throw new ArgumentError(
      'LIST_STEP_INCOMING_TYPE',
      `${step} step can only take an array or an Iterable type for incoming traversers, encountered ${javaClassName(v)}`,
    );
  }
  return list;
}

function argumentList(step: string, v: unknown, options: ListArgumentOptions): unknown[] {
  if (v === null || v === undefined) {
    const message = options.fromTraversal === true
      ? `traversal argument for ${step} step must yield an iterable type, not null`
      : `Argument provided for ${step} step can't be null`;
    throw new ArgumentError('LIST_STEP_NULL_ARGUMENT', message);
  }
  const list = asIterable(v);
  if (list === undefined) {
    const message = options.fromTraversal === true
      ? `traversal argument for ${step} step must yield an iterable type, encountered ${javaClassName(v)}`
      : `${step} step can only take an array or an Iterable as an argument, encountered ${javaClassName(v)}`;
    throw new ArgumentError('LIST_STEP_ARGUMENT_TYPE', message);
  }
  return list;
}

function distinct(values: Iterable<unknown>): Set<unknown> {
  const seen = new Map<string, unknown>();
  for (const v of values) {
    const k = valueKey(v);
    if (!seen.has(k)) seen.set(k, v);
  }
  return new Set(seen.values());
}

function keys(values: readonly unknown[]): Set<string> {
  return new Set(values.map(valueKey));
}

/**
 * conjoin(delimiter): the non-null elements' text joined by the delimiter.
 */
export function conjoin(incoming: unknown, delimiter: string): string {
  return incomingList('conjoin', incoming)
    .filter((x) => x !== null && x !== undefined)
    .map(formatValue)
    .join(delimiter);
}

/**
 * combine(values): both lists one after the other, duplicates kept.
 */
export function combine(incoming: unknown, argument: unknown, options: ListArgumentOptions = {}): unknown[] {
  return [...incomingList('combine', incoming), ...argumentList('combine', argument, options)];
}

/**
 * difference(values): the set of incoming elements not in the argument.
 */
export function difference(incoming: unknown, argument: unknown, options: ListArgumentOptions = {}): Set<unknown> {
  const left = incomingList('difference', incoming);
  const right = keys(argumentList('difference', argument, options));
  return distinct(left.filter((x) => !right.has(valueKey(x))));
}

/**
 * disjunct(values): the set of elements in exactly one of the two.
 */
export function disjunct(incoming: unknown, argument: unknown, options: ListArgumentOptions = {}): Set<unknown> {
  const left = incomingList('disjunct', incoming);
  const right = argumentList('disjunct', argument, options);
  const [lk, rk] = [keys(left), keys(right)];
  return distinct([...left.filter((x) => !rk.has(valueKey(x))), ...right.filter((x) => !lk.has(valueKey(x)))]);
}

/**
 * intersect(values): the set of incoming elements also in the argument.
 */
export function intersect(incoming: unknown, argument: unknown, options: ListArgumentOptions = {}): Set<unknown> {
  const left = incomingList('intersect', incoming);
  const right = keys(argumentList('intersect', argument, options));
  return distinct(left.filter((x) => right.has(valueKey(x))));
}

/**
 * merge(values): the set union of two lists, or of two maps the union with the argument's
 * entries winning.
 */
export function merge(incoming: unknown, argument: unknown, options: ListArgumentOptions = {}): Set<unknown> | Map<unknown, unknown> {
  if (incoming instanceof Map) {
    if (!(argument instanceof Map)) {
      throw new ArgumentError('LIST_STEP_ARGUMENT_TYPE', `merge step expected provided argument to evaluate to a Map, encountered ${javaClassName(argument)}`);
    }
    return new Map([...(incoming as Map<unknown, unknown>), ...(argument as Map<unknown, unknown>)]);
  }
  const list = incomingList('merge', incoming);
  if (argument instanceof Map && options.fromTraversal !== true) {
    throw new ArgumentError('LIST_STEP_ARGUMENT_TYPE', 'merge step type mismatch: expected argument to be Iterable but got Map');
  }
  return distinct([...list, ...argumentList('merge', argument, options)]);
}

/**
 * product(values): the cartesian product as a list of pairs, incoming element first.
 */
export function product(incoming: unknown, argument: unknown, options: ListArgumentOptions = {}): unknown[][] {
  const left = incomingList('product', incoming);
  const right = argumentList('product', argument, options);
  return left.flatMap((a) => right.map((b) => [a, b]));
}
