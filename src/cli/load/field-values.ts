/**
 * Raw field values to property values of a key's data type, as hugegraph-loader converts them:
 * numbers from text (integers in range for INT and BYTE, LONG beyond 2^53 as a TypedNumber), booleans
 * from true/false/yes/no/y/n/1/0, dates through the input's Java date patterns in its time
 * zone (or epoch milliseconds), and lists split by the input's list format. A value that does
 * not convert throws an Error whose message is the row's reason.
 * @module
 */
import { TypedNumber } from '../../index.js';
import type { PropertyKeyRecord, PropertyValue } from '../../index.js';
import type { FileInput, ListFormat } from './mapping-input.js';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);
const DEFAULT_LIST: ListFormat = { start: '', end: '', delimiter: '|', ignored: new Set() };

function wrong(value: unknown, key: PropertyKeyRecord, detail = ''): never {
  throw new Error(`value ${JSON.stringify(value)} of property '${key.name}' is not a valid ${key.dataType}${detail}`);
}

function integer(value: unknown, key: PropertyKeyRecord, min: number, max: number): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!INTEGER.test(text)) return wrong(value, key);
  const n = Number(text);
  return n >= min && n <= max ? n : wrong(value, key, ' (out of range)');
}

function long(value: unknown, key: PropertyKeyRecord): number | TypedNumber {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!INTEGER.test(text)) return wrong(value, key);
  const n = BigInt(text);
  if (n < -(2n ** 63n) || n >= 2n ** 63n) return wrong(value, key, ' (out of range)');
  return Number.isSafeInteger(Number(n)) ? Number(n) : new TypedNumber('long', n);
}

function decimal(value: unknown, key: PropertyKeyRecord): number {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim() : '';
  return DECIMAL.test(text) ? Number(text) : wrong(value, key);
}

const PATTERN_TOKEN = /'([^']*)'|(yyyy|yy|MM|M|dd|d|HH|H|mm|m|ss|s|SSS)|([^'yMdHmsS]+)/g;
const TOKEN_REGEX: Readonly<Record<string, string>> = {
  yyyy: '(\\d{4})', yy: '(\\d{2})', MM: '(\\d{2})', M: '(\\d{1,2})', dd: '(\\d{2})', d: '(\\d{1,2})',
  HH: '(\\d{2})', H: '(\\d{1,2})', mm: '(\\d{2})', m: '(\\d{1,2})', ss: '(\\d{2})', s: '(\\d{1,2})', SSS: '(\\d{3})',
};
const compiled = new Map<string, { regex: RegExp; fields: string[] }>();

/** A Java date pattern (`yyyy-MM-dd HH:mm:ss`, `yyyyMMdd`...) as a regular expression and its fields. */
function datePattern(pattern: string): { regex: RegExp; fields: string[] } {
  let found = compiled.get(pattern);
  if (found !== undefined) return found;
  let source = '';
  const fields: string[] = [];
  for (const m of pattern.matchAll(PATTERN_TOKEN)) {
    if (m[2] !== undefined) {
      source += TOKEN_REGEX[m[2]]!;
      fields.push(m[2].charAt(0));
    } else {
      source += (m[1] ?? m[3] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  found = { regex: new RegExp(`^${source}$`), fields };
  compiled.set(pattern, found);
  return found;
}

/**
 * Parses a date with the first of `formats` that matches it whole, in a zone `offsetMinutes`
 * east of UTC; undefined when none does.
 */
function parseDate(text: string, formats: readonly string[], offsetMinutes: number): Date | undefined {
  for (const format of formats) {
    const { regex, fields } = datePattern(format);
    const m = regex.exec(text);
    if (m === null) continue;
    const part: Record<string, number> = { y: 1970, M: 1, d: 1, H: 0, m: 0, s: 0, S: 0 };
    fields.forEach((f, i) => {
      const n = Number(m[i + 1]);
      part[f] = f === 'y' && m[i + 1]!.length === 2 ? 2000 + n : n;
    });
    const date = new Date(Date.UTC(part.y!, part.M! - 1, part.d!, part.H!, part.m!, part.s!, part.S!) - offsetMinutes * 60_000);
    if (date.getUTCMonth() !== new Date(Date.UTC(part.y!, part.M! - 1, part.d!)).getUTCMonth() || part.M! > 12 || part.d! > 31) continue;
    return date;
  }
  return undefined;
}

function date(value: unknown, key: PropertyKeyRecord, input: FileInput): Date {
  if (typeof value === 'number' && Number.isInteger(value)) return new Date(value);
  if (typeof value !== 'string') return wrong(value, key);
  const parsed = parseDate(value.trim(), input.dateFormats, input.zoneOffsetMinutes);
  if (parsed !== undefined) return parsed;
  if (INTEGER.test(value.trim())) return new Date(Number(value.trim()));
  return wrong(value, key, ` for date format '${input.dateFormats.join("' or '")}'`);
}

/** Converts one scalar raw value to the key's data type. */
function scalar(value: unknown, key: PropertyKeyRecord, input: FileInput): PropertyValue {
  switch (key.dataType) {
    case 'INT':
      return integer(value, key, -(2 ** 31), 2 ** 31 - 1);
    case 'BYTE':
      return integer(value, key, -128, 127);
    case 'LONG':
      return long(value, key);
    case 'FLOAT':
    case 'DOUBLE':
      return decimal(value, key);
    case 'BOOLEAN': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      return TRUE.has(text) ? true : FALSE.has(text) ? false : wrong(value, key);
    }
    case 'DATE':
      return date(value, key, input);
    case 'TEXT':
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'UUID':
      return typeof value === 'string' && UUID.test(value.trim()) ? value.trim() : wrong(value, key);
    case 'OBJECT':
      return value as PropertyValue;
    case 'BLOB':
      return wrong(value, key, ': BLOB values cannot be loaded');
  }
}

/** The elements of a list written in one field, split by the input's list format. */
function listElements(value: unknown, format: ListFormat): unknown[] {
  if (Array.isArray(value)) return value;
  const text = String(value);
  if (!text.startsWith(format.start) || !text.endsWith(format.end) || text.length < format.start.length + format.end.length) {
    throw new Error(`list value ${JSON.stringify(text)} does not start with '${format.start}' and end with '${format.end}'`);
  }
  const inner = text.slice(format.start.length, text.length - format.end.length);
  if (inner === '') return [];
  return inner.split(format.delimiter).filter((e) => !format.ignored.has(e));
}

/**
 * Converts a raw field value (text from CSV/TEXT, any JSON value from JSON) to a value of the
 * key's data type; a LIST or SET key gets an array of converted elements.
 */
export function convertValue(value: unknown, key: PropertyKeyRecord, input: FileInput): PropertyValue {
  if (key.cardinality === 'SINGLE' || key.dataType === 'OBJECT') return scalar(value, key, input);
  return listElements(value, input.listFormat ?? DEFAULT_LIST).map((e) => scalar(e, key, input));
}
