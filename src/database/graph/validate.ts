/**
 * Argument checks at the public API boundary: JavaScript callers can pass anything, so every
 * Database and Graph method checks the shapes its types promise and rejects the rest with
 * ArgumentError `INVALID_ARGUMENT` before any state is touched.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { fromPlain, TypedNumber, Uuid } from '../../engine/index.js';
import type { ElementId, PropertyValue, ValueTypes } from '../../engine/index.js';
import type { Properties } from './element-views.js';

const MAX_DEPTH = 64;

/**
 * A short, never-throwing description of any value for error messages.
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length > 32 ? `'${value.slice(0, 32)}...' (${value.length} characters)` : `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'undefined') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : 'a Date';
  return 'an object';
}

function invalid(what: string, expected: string, value: unknown): ArgumentError {
  return new ArgumentError('INVALID_ARGUMENT', `Invalid ${what}: expected ${expected} but got ${describeValue(value)}`);
}

/**
 * The value as a string, or ArgumentError `INVALID_ARGUMENT`.
 */
export function requireText(value: unknown, what: string): string {
  if (typeof value !== 'string') throw invalid(what, 'a string', value);
  return value;
}

/**
 * The value as an element id (a finite number, a string, a TypedNumber or a Uuid), or
 * ArgumentError `INVALID_ARGUMENT`.
 */
export function requireElementId(value: unknown, what: string): ElementId {
  if (typeof value === 'string' || value instanceof TypedNumber || value instanceof Uuid) return value;
  if (typeof value === 'bigint') return fromPlain(value) as TypedNumber;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw invalid(what, 'a number, bigint, string, TypedNumber or Uuid', value);
}

/**
 * The value as an options or query object (undefined gives `{}`), or ArgumentError
 * `INVALID_ARGUMENT` for anything that is not a non-array object.
 */
export function requireRecord(value: unknown, what: string): Readonly<Record<string, unknown>> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(what, 'an object', value);
  return readableEntries(value, what);
}

/**
 * The object after reading each of its own enumerable properties once, or ArgumentError
 * `INVALID_ARGUMENT` when a getter throws (the error is kept as the cause).
 */
export function readableEntries(value: object, what: string): Readonly<Record<string, unknown>> {
  // for-in with an own-key test walks the keys Object.keys gives, in the same order, without
  // building their array (this runs for every element of a batch insert). The test is
  // hasOwnProperty.call, which V8 optimises inside for-in, where Object.hasOwn measured 2–3×
  // slower; the batch paths' other for-in loops use it too (docs/design-choices.md).
  let key = '';
  try {
    for (key in value) if (Object.prototype.hasOwnProperty.call(value, key)) void (value as Record<string, unknown>)[key];
  } catch (cause) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${what}: reading its property '${key}' failed`, { cause });
  }
  return value as Readonly<Record<string, unknown>>;
}

/**
 * The value as an array, or ArgumentError `INVALID_ARGUMENT`.
 */
export function requireList(value: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(value)) throw invalid(what, 'an array', value);
  return value;
}

/**
 * The value as a function, or ArgumentError `INVALID_ARGUMENT`.
 */
export function requireFunction<F extends (...args: never[]) => unknown>(value: unknown, what: string): F {
  if (typeof value !== 'function') throw invalid(what, 'a function', value);
  return value as F;
}

/**
 * The value as a number in [`min`, `max`] (a safe integer when asked), undefined when absent, or
 * ArgumentError `INVALID_ARGUMENT`.
 */
export function optionalNumber(
  value: unknown,
  what: string,
  rule: { readonly min: number; readonly max?: number; readonly integer?: boolean },
): number | undefined {
  if (value === undefined) return undefined;
  const integer = rule.integer === true;
  const max = rule.max ?? Number.POSITIVE_INFINITY;
  if (typeof value !== 'number' || Number.isNaN(value) || value < rule.min || value > max || (integer && !Number.isSafeInteger(value))) {
    throw invalid(what, `${integer ? 'an integer' : 'a number'} in [${rule.min}, ${max}]`, value);
  }
  return value;
}

/** What {@link propertyValueKind} found: not a property value, one, or one holding a bigint. */
const NOT_A_VALUE = 0;
const STORED_VALUE = 1;
const WITH_BIGINT = 2;

function propertyValueKind(value: unknown, depth: number, seen: Set<object>): number {
  if (value === null || typeof value === 'boolean' || typeof value === 'string' || typeof value === 'number') return STORED_VALUE;
  if (typeof value === 'bigint') return WITH_BIGINT;
  if (value instanceof TypedNumber || value instanceof Uuid || value instanceof Uint8Array) return STORED_VALUE;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? NOT_A_VALUE : STORED_VALUE;
  if (typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) return NOT_A_VALUE;
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (value instanceof Set) items = [...(value as Set<unknown>)];
  else if (value instanceof Map) items = [...(value as Map<unknown, unknown>)].flat();
  else return NOT_A_VALUE;
  seen.add(value);
  let kind = STORED_VALUE;
  for (const x of items) {
    const found = propertyValueKind(x, depth + 1, seen);
    if (found === NOT_A_VALUE) {
      kind = NOT_A_VALUE;
      break;
    }
    if (found === WITH_BIGINT) kind = WITH_BIGINT;
  }
  seen.delete(value);
  return kind;
}

/**
 * Throws ArgumentError `INVALID_ARGUMENT` when the value is, or holds in its lists, sets and maps
 * (to a depth of 64), an invalid Date, which no property column or comparison can take.
 */
export function rejectInvalidDates(value: unknown, what: string): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v instanceof Date && Number.isNaN(v.getTime())) throw invalid(what, 'a valid Date', v);
    if (depth >= MAX_DEPTH) continue;
    if (Array.isArray(v) || v instanceof Set) for (const x of v as Iterable<unknown>) stack.push([x, depth + 1]);
    else if (v instanceof Map) for (const [k, x] of v as Map<unknown, unknown>) stack.push([k, depth + 1], [x, depth + 1]);
  }
}

/**
 * The value as a property object in the engine's form (undefined when absent): a non-array
 * object whose values are property values (null, boolean, number, bigint, string, TypedNumber,
 * Uuid, Date, Uint8Array, or lists, sets and maps of them, without cycles). A `bigint` becomes
 * a long (see `fromPlain`), so that a value a plain read returned can be written back; the
 * object is copied only then. Anything else throws ArgumentError `INVALID_ARGUMENT`; whether a
 * value fits its key's type is the store's check.
 */
export function optionalProperties(value: unknown, what: string): Properties | undefined {
  if (value === undefined) return undefined;
  const record = requireRecord(value, what);
  if (value instanceof Map || value instanceof Set || value instanceof Date || ArrayBuffer.isView(value)) throw invalid(what, 'a plain object', value);
  let plainInside = false;
  let seen: Set<object> | undefined;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const x = record[key];
    // Scalars (every value of a typical batch) are values as they are: no cycle set is made for them.
    if (x === undefined || x === null || typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') continue;
    const found = propertyValueKind(x, 0, (seen ??= new Set()));
    if (found === NOT_A_VALUE) throw invalid(`${what} '${key}'`, 'a property value', x);
    plainInside ||= found === WITH_BIGINT;
  }
  if (!plainInside) return record as Properties;
  return Object.fromEntries(Object.entries(record).map(([key, x]) => [key, x === undefined ? x : fromPlain(x)])) as Properties;
}

const VALUE_TYPES: readonly ValueTypes[] = ['plain', 'java'];

/**
 * The `types` option of a call that returns values ({@link ValueTypes}): `plain` when absent,
 * else ArgumentError `INVALID_ARGUMENT` for anything but `plain` or `java`.
 */
export function optionalTypes(value: unknown, what: string): ValueTypes {
  if (value === undefined) return 'plain';
  if (!VALUE_TYPES.includes(value as ValueTypes)) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${what} types: expected 'plain' or 'java' but got ${describeValue(value)}`);
  }
  return value as ValueTypes;
}

/**
 * The checked `types` of a method's options object ({@link optionalTypes}); the type parameter
 * follows what the caller gave.
 */
export function resultTypes<T extends ValueTypes>(options: { readonly types?: T }): T {
  return optionalTypes(requireRecord(options, 'options').types, 'result') as T;
}
