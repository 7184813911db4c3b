/**
 * The values of HugeGraph's predicate text and of property filters: the scanner that reads the
 * text between the parentheses of `P.op(...)` as JSON values separated by commas, and the
 * conversion of a value to the data type of the property key it is compared with.
 * @module
 */
import { TypedNumber, Uuid } from '../../values/index.js';
import type { PropertyValue } from '../../values/index.js';

/**
 * Data type of a property key, as the schema names it (the same names as the storage's
 * `DataType`; OBJECT is a key of auto-create graphs that holds any value).
 *
 * @example
 * ```ts
 * const t: KeyDataType = 'INT';
 * ```
 */
export type KeyDataType = 'BOOLEAN' | 'BYTE' | 'INT' | 'LONG' | 'FLOAT' | 'DOUBLE' | 'TEXT' | 'DATE' | 'UUID' | 'BLOB' | 'OBJECT';

/**
 * A value as the scanner reads it: JSON's scalars (an integer beyond ±(2^53 - 1) a bigint) and
 * lists.
 */
export type Literal = null | boolean | number | bigint | string | readonly Literal[];

/** Lists nest at most this deep, in a predicate's values and in a filter value alike. */
const MAX_DEPTH = 32;

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const WORD = /(?:true|false|null)(?![\w$])/y;
const SPACE = /[ \t\n\r]*/y;

/**
 * Reads `body` as JSON values separated by commas: text in double quotes (JSON escapes, commas
 * inside kept), numbers, true, false, null and lists `[...]`. Empty or blank text is no value.
 * Anything else calls `fail` with what went wrong and where.
 */
export function scanValues(body: string, fail: (detail: string) => never): Literal[] {
  let at = 0;
  const skipSpace = (): void => {
    SPACE.lastIndex = at;
    SPACE.test(body);
    at = SPACE.lastIndex;
  };
  const near = (): string => (at >= body.length ? 'at the end' : `at '${body.slice(at, at + 20)}'`);
  const text = (): string => {
    let end = at + 1;
    while (end < body.length && body[end] !== '"') end += body[end] === '\\' ? 2 : 1;
    if (end >= body.length) fail(`text ${near()} has no closing double quote`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.slice(at, end + 1));
    } catch {
      fail(`text ${near()} is not valid JSON text`);
    }
    at = end + 1;
    return parsed as string;
  };
  const number = (): number | bigint => {
    NUMBER.lastIndex = at;
    const m = NUMBER.exec(body);
    if (m === null) return fail(`expected a value ${near()}`);
    at = NUMBER.lastIndex;
    if (m[1] === undefined && m[2] === undefined) {
      const n = Number(m[0]);
      return Number.isSafeInteger(n) ? n : BigInt(m[0]);
    }
    const n = Number(m[0]);
    if (!Number.isFinite(n)) fail(`the number '${m[0]}' is out of range`);
    return n;
  };
  const list = (depth: number): Literal[] => {
    if (depth > MAX_DEPTH) fail(`lists nest deeper than ${MAX_DEPTH}`);
    at++;
    skipSpace();
    if (body[at] === ']') {
      at++;
      return [];
    }
    const items = sequence(depth, ']');
    at++;
    return items;
  };
  const value = (depth: number): Literal => {
    const c = body[at];
    if (c === '"') return text();
    if (c === '[') return list(depth + 1);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    WORD.lastIndex = at;
    const word = WORD.exec(body);
    if (word === null) return fail(`expected a JSON value (text in double quotes, a number, true, false, null or a list) ${near()}`);
    at = WORD.lastIndex;
    return word[0] === 'null' ? null : word[0] === 'true';
  };
  /** Values separated by commas up to `close` (a list's `]`, or the end of the text). */
  const sequence = (depth: number, close: ']' | undefined): Literal[] => {
    const items: Literal[] = [];
    for (;;) {
      skipSpace();
      items.push(value(depth));
      skipSpace();
      const c = body[at];
      if (c === close) return items;
      if (c !== ',') fail(close === undefined ? `expected a comma ${near()}` : `expected a comma or ']' ${near()}`);
      at++;
    }
  };
  skipSpace();
  return at === body.length ? [] : sequence(0, undefined);
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^0x(?:[0-9a-f]{2})*$/i;

function integral(value: unknown): number | bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'bigint') return value;
  if (value instanceof TypedNumber) {
    if (typeof value.value === 'string') return /^-?\d+$/.test(value.value) ? BigInt(value.value) : undefined;
    return typeof value.value === 'bigint' || Number.isInteger(value.value) ? value.value : undefined;
  }
  return undefined;
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return value instanceof TypedNumber ? value.toNumber() : undefined;
}

function inRange(value: unknown, low: bigint, high: bigint): bigint | undefined {
  const n = integral(value);
  return n !== undefined && BigInt(n) >= low && BigInt(n) <= high ? BigInt(n) : undefined;
}

function date(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const n = integral(value);
  const ms = n !== undefined ? Number(n) : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function blob(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (typeof value !== 'string' || !HEX.test(value)) return undefined;
  return Uint8Array.from({ length: (value.length - 2) / 2 }, (_, i) => parseInt(value.slice(2 + 2 * i, 4 + 2 * i), 16));
}

/** A value of an OBJECT key or of a key the schema does not hold: any value but plain objects, and null only inside a list. */
function anyValue(value: unknown, depth: number): PropertyValue | undefined {
  if (value === null) return depth > 0 ? null : undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return new TypedNumber(inRange(value, -(2n ** 63n), 2n ** 63n - 1n) === undefined ? 'biginteger' : 'long', value);
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return undefined;
    const items: PropertyValue[] = [];
    for (const item of value as readonly unknown[]) {
      const v = anyValue(item, depth + 1);
      if (v === undefined) return undefined;
      items.push(v);
    }
    return items;
  }
  const typed = value instanceof TypedNumber || value instanceof Uuid || value instanceof Date || value instanceof Uint8Array;
  return typed || value instanceof Map || value instanceof Set ? (value as PropertyValue) : undefined;
}

/**
 * `value` as a value of a key of type `dataType`, as the store holds such values (INT a number,
 * BYTE, LONG, FLOAT and DOUBLE typed numbers, DATE a Date from epoch milliseconds or a date text,
 * UUID from its text, BLOB from `0x` hex text); undefined when it does not convert (a
 * number out of the type's range or with a fraction for an integer type, text for a number,
 * null). Without a data type (a key the schema does not hold) and for OBJECT, any value but
 * null (inside a list it is kept) and plain objects is kept as it is.
 */
export function keyValue(value: unknown, dataType: KeyDataType | undefined): PropertyValue | undefined {
  switch (dataType) {
    case undefined:
    case 'OBJECT':
      return anyValue(value, 0);
    case 'INT': {
      const n = inRange(value, -(2n ** 31n), 2n ** 31n - 1n);
      return n === undefined ? undefined : Number(n);
    }
    case 'BYTE': {
      const n = inRange(value, -128n, 127n);
      return n === undefined ? undefined : new TypedNumber('byte', Number(n));
    }
    case 'LONG': {
      const n = inRange(value, -(2n ** 63n), 2n ** 63n - 1n);
      return n === undefined ? undefined : new TypedNumber('long', n);
    }
    case 'FLOAT':
    case 'DOUBLE': {
      const n = numeric(value);
      if (n === undefined || !Number.isFinite(n)) return undefined;
      return dataType === 'FLOAT' ? new TypedNumber('float', Math.fround(n)) : new TypedNumber('double', n);
    }
    case 'TEXT':
      return typeof value === 'string' ? value : undefined;
    case 'BOOLEAN':
      return typeof value === 'boolean' ? value : undefined;
    case 'DATE':
      return date(value);
    case 'UUID':
      if (value instanceof Uuid) return new Uuid(value.text.toLowerCase());
      return typeof value === 'string' && UUID_TEXT.test(value) ? new Uuid(value.toLowerCase()) : undefined;
    case 'BLOB':
      return blob(value);
  }
}
