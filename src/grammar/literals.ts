/**
 * Decoding of literal tokens (numbers, strings, dates, UUIDs) and the tables of Gremlin enum
 * constants, after Gremlin.g4's lexer rules and TinkerPop's literal visitor.
 * @module
 */
import type { IToken } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import { EnumValue, parseDatetime, TypedNumber, Uuid, type NumericType } from '../engine/index.js';
import { tokenPosition } from './lexer.js';

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

const INTEGER_RANGES: Partial<Record<string, readonly [bigint, bigint, NumericType | 'int']>> = {
  b: [-128n, 127n, 'byte'],
  s: [-32768n, 32767n, 'short'],
  i: [INT_MIN, INT_MAX, 'int'],
  l: [LONG_MIN, LONG_MAX, 'long'],
};

/**
 * The value of an integer literal: a JS number for an int, a TypedNumber otherwise. Without a
 * suffix the smallest of int, long and biginteger that holds the value is chosen.
 *
 * @throws GremlinSyntaxError when the value does not fit the suffix's type.
 */
export function integerValue(token: IToken): number | TypedNumber {
  // b is a hex digit, so a hex literal's digits take it (0xb is 11), as Gremlin's lexer does
  const match = (/^[+-]?0[xX]/.test(token.image) ? /^([+-]?)(.*?)([sSnNiIlL]?)$/ : /^([+-]?)(.*?)([bBsSnNiIlL]?)$/).exec(token.image.replace(/_/g, ''))!;
  const [, sign, digits, rawSuffix] = match as unknown as [string, string, string, string];
  const isHex = /^0[xX]/.test(digits);
  const isOctal = !isHex && digits.length > 1 && digits.startsWith('0');
  if (isOctal && /[89]/.test(digits)) {
    throw new GremlinSyntaxError(`Invalid number ${token.image}: octal literals use the digits 0-7`, tokenPosition(token));
  }
  const magnitude = BigInt(isHex ? digits : isOctal ? `0o${digits.slice(1)}` : digits);
  const value = sign === '-' ? -magnitude : magnitude;
  const suffix = rawSuffix.toLowerCase();
  if (suffix === 'n') return new TypedNumber('biginteger', value);
  const range = INTEGER_RANGES[suffix];
  if (range === undefined) {
    if (value >= INT_MIN && value <= INT_MAX) return Number(value);
    return value >= LONG_MIN && value <= LONG_MAX ? new TypedNumber('long', value) : new TypedNumber('biginteger', value);
  }
  const [min, max, type] = range;
  if (value < min || value > max) {
    throw new GremlinSyntaxError(`Invalid number ${token.image}: the value is out of range for ${type}`, tokenPosition(token));
  }
  if (type === 'int') return Number(value);
  return new TypedNumber(type, type === 'long' ? value : Number(value));
}

/**
 * The value of a floating point literal: double without a suffix or with `d`, float with `f`,
 * bigdecimal (decimal text) with `m`.
 */
export function floatValue(token: IToken): TypedNumber {
  const text = token.image.replace(/_/g, '');
  const last = text.charAt(text.length - 1).toLowerCase();
  const hasSuffix = last === 'f' || last === 'd' || last === 'm';
  const body = hasSuffix ? text.slice(0, -1) : text;
  if (last === 'm') return new TypedNumber('bigdecimal', body.replace(/^\+/, ''));
  if (last === 'f') return new TypedNumber('float', Math.fround(Number(body)));
  return new TypedNumber('double', Number(body));
}

/**
 * `NaN` and `±Infinity` are doubles.
 */
export function specialDouble(image: string): TypedNumber {
  if (image === 'NaN') return new TypedNumber('double', Number.NaN);
  return new TypedNumber('double', image.startsWith('-') ? -Infinity : Infinity);
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  b: '\b',
  t: '\t',
  n: '\n',
  f: '\f',
  r: '\r',
  '"': '"',
  "'": "'",
  '\\': '\\',
  $: '$',
};

/**
 * The text of a string literal, with its quotes removed and its escapes decoded: `\b \t \n
 * \f \r \" \' \\`, octal `\0`-`\377`, unicode `\uXXXX`, and a backslash before a new line
 * joins lines.
 *
 * @throws GremlinSyntaxError for an unknown escape.
 */
export function stringValue(token: IToken): string {
  const body = token.image.slice(1, -1);
  if (!body.includes('\\')) return body;
  const parts: string[] = [];
  let from = 0;
  for (let at = body.indexOf('\\'); at >= 0; at = body.indexOf('\\', from)) {
    parts.push(body.slice(from, at));
    ESCAPE.lastIndex = at;
    const match = ESCAPE.exec(body)!;
    const [whole, escape] = match as unknown as [string, string];
    parts.push(decodeEscape(escape, whole, token));
    from = at + whole.length;
  }
  parts.push(body.slice(from));
  return parts.join('');
}

/** One escape where `lastIndex` points: the text after the backslash is group 1. */
const ESCAPE = /\\(u+[0-9a-fA-F]{4}|[0-3][0-7]{0,2}|[4-7][0-7]?|\r?\n|[\s\S])/y;

function decodeEscape(escape: string, whole: string, token: IToken): string {
  const simple = SIMPLE_ESCAPES[escape];
  if (simple !== undefined) return simple;
  if (escape.startsWith('u')) return String.fromCharCode(parseInt(escape.replace(/^u+/, ''), 16));
  if (/^[0-7]/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
  if (escape === '\n' || escape === '\r\n') return '';
  throw new GremlinSyntaxError(`Invalid escape ${whole} in string ${token.image}: expected one of \\b \\t \\n \\f \\r \\" \\' \\\\ \\uXXXX`, tokenPosition(token));
}

/**
 * Parses the text of `datetime('...')`: an ISO-8601 date, date-time or offset date-time.
 *
 * @throws GremlinSyntaxError when the text is not a date.
 */
export function dateValue(text: string, position: { line: number; column: number }): Date {
  const date = parseDatetime(text);
  if (date === undefined) {
    throw new GremlinSyntaxError(`Invalid datetime '${text}': expected ISO-8601 text such as 2023-08-08T00:00:00Z`, position);
  }
  return date;
}

/**
 * Parses the text of `UUID('...')`.
 *
 * @throws GremlinSyntaxError when the text is not a UUID.
 */
export function uuidValue(text: string, position: { line: number; column: number }): Uuid {
  if (!/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(text)) {
    throw new GremlinSyntaxError(`Invalid UUID '${text}': expected 8-4-4-4-12 hexadecimal digits`, position);
  }
  return new Uuid(text.toLowerCase());
}

/**
 * Constants of each enum type, as Gremlin writes them after `Type.`.
 */
export const ENUM_CONSTANTS: Readonly<Record<string, readonly string[]>> = {
  T: ['id', 'label', 'key', 'value'],
  Direction: ['OUT', 'IN', 'BOTH', 'from', 'to'],
  Order: ['asc', 'desc', 'shuffle', 'incr', 'decr'],
  Column: ['keys', 'values'],
  Pop: ['first', 'last', 'all', 'mixed'],
  Scope: ['local', 'global'],
  Cardinality: ['single', 'list', 'set'],
  Operator: ['sum', 'minus', 'mult', 'div', 'min', 'max', 'assign', 'and', 'or', 'addAll', 'sumLong'],
  Barrier: ['normSack'],
  Merge: ['onCreate', 'onMatch', 'outV', 'inV'],
  Pick: ['any', 'none', 'unproductive'],
  WithOptions: ['tokens', 'none', 'ids', 'labels', 'keys', 'values', 'all', 'indexer', 'list', 'map'],
  GType: [
    'BIGDECIMAL', 'BIGINT', 'BINARY', 'BOOLEAN', 'BYTE', 'CHAR', 'DATETIME', 'DOUBLE', 'DURATION', 'EDGE', 'FLOAT',
    'GRAPH', 'INT', 'LIST', 'LONG', 'MAP', 'NULL', 'NUMBER', 'PATH', 'PROPERTY', 'SET', 'SHORT', 'STRING', 'TREE',
    'UUID', 'VERTEX', 'VPROPERTY',
  ],
  DT: ['second', 'minute', 'hour', 'day'],
  IO: ['reader', 'writer', 'gryo', 'graphson', 'graphml'],
  ConnectedComponent: ['component', 'edges', 'propertyName'],
  PageRank: ['edges', 'times', 'propertyName'],
  PeerPressure: ['edges', 'times', 'propertyName'],
  ShortestPath: ['target', 'edges', 'distance', 'maxDistance', 'includeEdges'],
};

const DIRECTION_ALIASES: Readonly<Record<string, string>> = { from: 'OUT', to: 'IN' };

/**
 * The enum constant `type.name`, or undefined when the enum has no such constant.
 * `Direction.from` and `Direction.to` are Java aliases of OUT and IN and are returned as those.
 */
export function enumConstant(type: string, name: string): EnumValue | undefined {
  if (!ENUM_CONSTANTS[type]?.includes(name)) return undefined;
  return new EnumValue(type, type === 'Direction' ? (DIRECTION_ALIASES[name] ?? name) : name);
}

/** Enum constants that Gremlin.g4 also accepts without their type, in its order of precedence. */
const BARE_ENUM_TYPES = ['T', 'Direction', 'Order', 'Column', 'Pop', 'Scope', 'Cardinality', 'Operator', 'Barrier', 'Merge', 'Pick', 'DT'];

const BARE_ENUMS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const type of BARE_ENUM_TYPES) {
    for (const name of ENUM_CONSTANTS[type]!) if (!map.has(name)) map.set(name, type);
  }
  map.delete('unproductive');
  return map;
})();

/**
 * The enum constant a bare name stands for (`local`, `desc`, `OUT`, `id`...), if any.
 */
export function bareEnum(name: string): EnumValue | undefined {
  const type = BARE_ENUMS.get(name);
  return type === undefined ? undefined : enumConstant(type, name);
}

/**
 * Predicate operators of P and TextP.
 */
export const PREDICATE_FAMILY: ReadonlyMap<string, 'P' | 'TextP'> = new Map<string, 'P' | 'TextP'>([
  ...['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'inside', 'outside', 'between', 'within', 'without', 'not', 'typeOf'].map(
    (op) => [op, 'P'] as const,
  ),
  ...['containing', 'notContaining', 'startingWith', 'notStartingWith', 'endingWith', 'notEndingWith', 'regex', 'notRegex'].map(
    (op) => [op, 'TextP'] as const,
  ),
]);
