/**
 * Graph variables as values (TinkerPop's `Graph.Variables`, HugeGraph's VariablesAPI): the value
 * types HugeGraph's HugeVariables can store, their checks with TinkerPop's and HugeGraph's
 * messages, and the one function that applies a change to a graph's variables, which the write
 * path and recovery share. A leaf: it imports no other module of the graph.
 * @module
 */
import { ArgumentError, LimitError } from '../../errors.js';

/**
 * One value a graph variable holds or a list holds: what HugeGraph's HugeVariables stores
 * (boolean, int, long, float, double, text). A bigint is a long beyond 2^53, within Java's long
 * range.
 *
 * @example
 * ```ts
 * const v: VariableScalar = 'ops';
 * ```
 */
export type VariableScalar = boolean | number | bigint | string;

/**
 * The value of a graph variable: a scalar, or a list of scalars of one kind (all booleans, all
 * numbers or all texts), as HugeGraph's HugeVariables stores lists.
 *
 * @example
 * ```ts
 * const limits: VariableValue = [10, 20, 30];
 * ```
 */
export type VariableValue = VariableScalar | readonly VariableScalar[];

/**
 * One change of a graph's variables, as it is applied and logged.
 */
export type VariableChange =
  | { readonly op: 'set'; readonly key: string; readonly value: VariableValue }
  | { readonly op: 'remove'; readonly key: string }
  | { readonly op: 'clear' };

/** UTF-8 bytes of a variable key: HugeGraph keeps it as the primary key of a hidden vertex, so its id cap. */
const KEY_BYTES_MAX = 16 * 1024;
/** Characters of a text value, the cap of a TEXT property value (docs/limits.md). */
const TEXT_MAX = 1024 * 1024;
/** Items of a list value. */
const LIST_MAX = 100_000;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** TinkerPop's `dataTypeOfVariableValueNotSupported`, naming the JavaScript type. */
function unsupported(value: unknown): ArgumentError {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const shown = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : type;
  return new ArgumentError('INVALID_VARIABLE', `Graph variable value [${shown}] is of type ${type} is not supported`);
}

/**
 * A checked variable key: a non-empty string of at most 16 KiB in UTF-8 (ArgumentError
 * `INVALID_VARIABLE` with TinkerPop's messages, LimitError `VARIABLE_TOO_LARGE`).
 */
export function checkVariableKey(key: unknown): string {
  if (key === null || key === undefined) throw new ArgumentError('INVALID_VARIABLE', 'Graph variable key can not be null');
  if (typeof key !== 'string') throw new ArgumentError('INVALID_VARIABLE', `Graph variable key must be a string but got ${typeof key}`);
  if (key === '') throw new ArgumentError('INVALID_VARIABLE', 'Graph variable key can not be the empty string');
  if (Buffer.byteLength(key, 'utf8') > KEY_BYTES_MAX) {
    throw new LimitError('VARIABLE_TOO_LARGE', `Graph variable key is too long: at most ${KEY_BYTES_MAX} bytes in UTF-8`);
  }
  return key;
}

/** The kind of a scalar ('number' for a bigint too), or undefined for anything else. */
function scalarKind(value: unknown): 'boolean' | 'number' | 'string' | undefined {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : undefined;
  if (typeof value === 'bigint') return value >= LONG_MIN && value <= LONG_MAX ? 'number' : undefined;
  return undefined;
}

function checkScalar(value: unknown): VariableScalar {
  if (scalarKind(value) === undefined) throw unsupported(value);
  if (typeof value === 'string' && value.length > TEXT_MAX) {
    throw new LimitError('VARIABLE_TOO_LARGE', `Graph variable value is too large: a text holds at most ${TEXT_MAX} characters`);
  }
  return value as VariableScalar;
}

/**
 * A checked variable value (see {@link VariableValue}): a list comes back as a frozen copy.
 * Null is ArgumentError `INVALID_VARIABLE` "Graph variable value can not be null"; a map, a
 * nested list, a list mixing kinds, a number that is not finite or a bigint beyond Java's long
 * range is TinkerPop's "Graph variable value [x] is of type y is not supported"; a text longer
 * than 1 Mi characters or a list of more than 100,000 items is LimitError `VARIABLE_TOO_LARGE`.
 */
export function checkVariableValue(value: unknown): VariableValue {
  if (value === null || value === undefined) throw new ArgumentError('INVALID_VARIABLE', 'Graph variable value can not be null');
  if (!Array.isArray(value)) return checkScalar(value);
  if (value.length > LIST_MAX) throw new LimitError('VARIABLE_TOO_LARGE', `Graph variable value is too large: a list holds at most ${LIST_MAX} items`);
  const kind = scalarKind(value[0]);
  const items: VariableScalar[] = [];
  for (const item of value as unknown[]) {
    if (scalarKind(item) !== kind) throw unsupported(value);
    items.push(checkScalar(item));
  }
  return Object.freeze(items);
}

/** Applies one change to a graph's variables (the write path and recovery, in log order). */
export function applyVariableChange(variables: Map<string, VariableValue>, change: VariableChange): void {
  if (change.op === 'set') variables.set(change.key, change.value);
  else if (change.op === 'remove') variables.delete(change.key);
  else variables.clear();
}
