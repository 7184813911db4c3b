/**
 * The allow-list machinery of script method calls. Every object a script can reach (graph,
 * traversal source, schema builders, vertices, edges) has a {@link MethodTable}: method name to
 * arity, argument kinds and an explicit call. A name that is not in the table is refused before
 * anything runs; nothing is looked up on the target object itself, so `constructor`,
 * `hasOwnProperty`, `valueOf` and TypeScript-private methods are never reachable.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../errors.js';
import { Vertex } from '../elements.js';
import type { SourcePosition } from '../script.js';
import { TypedNumber } from '../../values/index.js';
import { dataJson, type JsonData } from '../json.js';

/**
 * What one argument of an allow-listed method may be.
 *
 * - `string`: text.
 * - `integer`: an int, or a long/short/byte literal within ±2^53; passed on as a JS number.
 * - `boolean`: `true` or `false`.
 * - `json`: a user data value: null, text, boolean, number, list, or map with text keys
 *   (a Groovy map literal becomes a plain record).
 * - `map`: a map with text keys and user data values, passed on as a plain record.
 * - `value`: any script value (property values, key-value varargs).
 * - `vertex`: a vertex.
 */
type ArgKind = 'string' | 'integer' | 'boolean' | 'json' | 'map' | 'value' | 'vertex';

/**
 * The TypeScript type a script argument has after its kind is checked.
 */
type KindType<K extends ArgKind> = {
  string: string;
  integer: number;
  boolean: boolean;
  json: JsonData;
  map: { readonly [key: string]: JsonData };
  value: unknown;
  vertex: Vertex;
}[K];

type ArgsOf<P extends readonly ArgKind[], R extends ArgKind | undefined> = [
  ...{ -readonly [I in keyof P]: KindType<P[I]> },
  ...(R extends ArgKind ? KindType<R>[] : []),
];

/**
 * One allow-listed method: its fixed parameters, an optional repeated parameter with an upper
 * bound on the whole arity, and the call itself.
 */
export interface MethodSpec<T> {
  readonly params: readonly ArgKind[];
  readonly rest?: ArgKind;
  readonly maxArgs?: number;
  readonly call: (target: T, args: readonly unknown[]) => unknown;
}

/**
 * The allow-list of one kind of object, keyed by method name.
 */
export type MethodTable<T> = Readonly<Record<string, MethodSpec<T>>>;

/**
 * Declares one allow-listed method; the call receives arguments already checked and converted
 * to their kinds.
 */
export function method<T, const P extends readonly ArgKind[], R extends ArgKind | undefined = undefined>(
  params: P,
  call: (target: T, args: ArgsOf<P, R>) => unknown,
  options: { readonly rest?: R; readonly maxArgs?: number } = {},
): MethodSpec<T> {
  return {
    params,
    ...(options.rest === undefined ? {} : { rest: options.rest }),
    ...(options.maxArgs === undefined ? {} : { maxArgs: options.maxArgs }),
    call: call as (target: T, args: readonly unknown[]) => unknown,
  };
}

/**
 * A method call as the runner sees it: name, evaluated arguments, and where it is written.
 */
export interface ScriptCall {
  readonly method: string;
  readonly args: readonly unknown[];
  readonly position: SourcePosition;
}

function where(position: SourcePosition): string {
  return `at line ${position.line}, column ${position.column}`;
}

/**
 * The UnsupportedError for a method that is not on an object's allow-list.
 */
export function unsupportedMethod(call: ScriptCall, on: string): UnsupportedError {
  return new UnsupportedError('UNSUPPORTED_METHOD', `Unsupported method: ${call.method}() on ${on} ${where(call.position)}`);
}

function arityText(spec: MethodSpec<never>): string {
  const min = spec.params.length;
  if (spec.rest === undefined) return `${min} argument${min === 1 ? '' : 's'}`;
  if (spec.maxArgs !== undefined) return `${min} to ${spec.maxArgs} arguments`;
  return `at least ${min} argument${min === 1 ? '' : 's'}`;
}

function toIntegerNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (value instanceof TypedNumber && (value.type === 'long' || value.type === 'short' || value.type === 'byte')) {
    const n = value.toNumber();
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/** The argument converted to its kind, or undefined when it does not fit. */
function convert(kind: ArgKind, value: unknown): { value: unknown } | undefined {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? { value } : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? { value } : undefined;
    case 'integer': {
      const n = toIntegerNumber(value);
      return n === undefined ? undefined : { value: n };
    }
    case 'json': {
      const j = dataJson(value);
      return j === undefined ? undefined : { value: j };
    }
    case 'map': {
      const j = value instanceof Map ? dataJson(value) : undefined;
      return j === undefined ? undefined : { value: j };
    }
    case 'vertex':
      return value instanceof Vertex ? { value } : undefined;
    case 'value':
      return { value };
  }
}

const KIND_NAMES: Readonly<Record<ArgKind, string>> = {
  string: 'a string', integer: 'an integer', boolean: 'a boolean', json: 'a JSON-like value (text, number, boolean, null, list or map)',
  map: 'a map of text keys to JSON-like values', value: 'a value', vertex: 'a vertex',
};

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Map) return 'a map';
  if (value instanceof TypedNumber) return `a ${value.type}`;
  if (value instanceof Vertex) return 'a vertex';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Calls an allow-listed method: refuses a name outside the table (UNSUPPORTED_METHOD), a wrong
 * number of arguments or an argument of the wrong kind (SCRIPT_ARGUMENTS), then runs the
 * table's call with the converted arguments.
 */
export function callAllowed<T>(table: MethodTable<T>, target: T, options: { readonly call: ScriptCall; readonly on: string }): unknown {
  const { call, on } = options;
  const spec = Object.hasOwn(table, call.method) ? table[call.method] : undefined;
  if (spec === undefined) throw unsupportedMethod(call, on);
  const { args } = call;
  const max = spec.rest === undefined ? spec.params.length : (spec.maxArgs ?? Infinity);
  if (args.length < spec.params.length || args.length > max) {
    throw new ArgumentError('SCRIPT_ARGUMENTS', `Cannot call ${call.method}() on ${on}: expected ${arityText(spec)} but got ${args.length} ${where(call.position)}`);
  }
  const converted = args.map((arg, i) => {
    const kind = spec.params[i] ?? spec.rest!;
    const c = convert(kind, arg);
    if (c === undefined) {
      throw new ArgumentError(
        'SCRIPT_ARGUMENTS',
        `Cannot call ${call.method}() on ${on}: argument ${i + 1} must be ${KIND_NAMES[kind]} but got ${describe(arg)} ${where(call.position)}`,
      );
    }
    return c.value;
  });
  return spec.call(target, converted);
}
