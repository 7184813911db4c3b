/**
 * Property values as id text (HugeGraph's `ConditionQuery.concatValues`): the text of
 * primary-key values inside PRIMARY_KEY vertex ids and of sort values inside edge ids.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { formatDate, TypedNumber, Uuid, type PropertyValue } from '../../values/index.js';
import type { DataType } from '../schema/schema-types.js';
import { decodeSortable, encodeSortable } from './sortable.js';
import { joinEscaped, NAME_SEPARATOR, splitEscaped } from './splicing.js';

/**
 * A property value with the data type of its key, as an id is built from.
 */
export interface TypedValue {
  readonly value: PropertyValue;
  readonly dataType: DataType;
}

/** Text that stands for the empty string (HugeGraph's INDEX_SYM_EMPTY). */
const EMPTY_TEXT = '\u0002';
/** Leading characters up to this one are reserved symbols (HugeGraph's INDEX_SYM_MAX). */
const MAX_RESERVED = '\u0003';

function describe(value: PropertyValue): string {
  if (value instanceof Uint8Array) {
    return `<${value.length} bytes>`;
  }
  if (value instanceof Date) {
    return formatDate(value, 'iso');
  }
  return String(value);
}

function bad(value: PropertyValue, dataType: DataType, detail: string): never {
  throw new ArgumentError('ID_VALUE', `Cannot use ${describe(value)} as a ${dataType} id value: ${detail}`);
}

function textOf(text: string): string {
  if (text === '') {
    return EMPTY_TEXT;
  }
  const first = text.charAt(0);
  if (first <= MAX_RESERVED) {
    const code = first.charCodeAt(0).toString(16).padStart(4, '0');
    throw new ArgumentError('ID_VALUE', `Cannot use '${text}' as an id value: illegal leading char '\\u${code}'`);
  }
  return text;
}

function numericOf(value: PropertyValue, dataType: DataType): number | bigint | Date {
  if (typeof value === 'number' || value instanceof Date) {
    return value;
  }
  if (value instanceof TypedNumber && typeof value.value !== 'string') {
    return value.value;
  }
  return bad(value, dataType, 'it is not a number');
}

function scalarText(value: PropertyValue, dataType: DataType): string {
  switch (dataType) {
    case 'INT':
    case 'LONG':
    case 'FLOAT':
    case 'DOUBLE':
    case 'BYTE':
    case 'DATE':
      return encodeSortable(numericOf(value, dataType), dataType);
    case 'TEXT':
      return typeof value === 'string' ? textOf(value) : bad(value, dataType, 'it is not a string');
    case 'BOOLEAN':
      return typeof value === 'boolean' ? String(value) : bad(value, dataType, 'it is not a boolean');
    case 'UUID':
      return value instanceof Uuid ? textOf(value.text) : bad(value, dataType, 'it is not a UUID');
    case 'BLOB':
      return bad(value, dataType, 'blob values cannot be part of an id');
    case 'OBJECT':
      return bad(value, dataType, 'object values cannot be part of an id');
  }
}

/**
 * The id text of one value: numbers and dates sortable-encoded, strings as they are (the empty
 * string as `\u0002`), booleans as `true`/`false`, UUIDs as canonical text, and lists or sets
 * as their elements joined with `!`. Fails with ArgumentError `ID_VALUE` on null, maps, blobs,
 * a value that does not match the data type, or a string starting with a char up to `\u0003`.
 */
export function valueToIdText(typed: TypedValue): string {
  const { value, dataType } = typed;
  if (value === null) {
    return bad(value, dataType, 'null cannot be part of an id');
  }
  if (Array.isArray(value) || value instanceof Set) {
    const elements = [...(value as Iterable<PropertyValue>)];
    if (elements.length === 0) {
      return bad(value, dataType, 'an empty list cannot be part of an id');
    }
    return joinEscaped(elements.map((element) => valueToIdText({ value: element, dataType })), NAME_SEPARATOR);
  }
  if (value instanceof Map) {
    return bad(value, dataType, 'a map cannot be part of an id');
  }
  return scalarText(value, dataType);
}

/**
 * Joins the id texts of several values with `!` (HugeGraph's `concatValues`); the sort-values
 * part of an edge id. No values give the empty string.
 */
export function formatSortValues(values: readonly TypedValue[]): string {
  return joinEscaped(values.map(valueToIdText), NAME_SEPARATOR);
}

/**
 * Splits a `!`-joined values text (the name part of a PRIMARY_KEY id, or edge sort values) into
 * the id text of each value. The empty string gives no parts.
 */
export function splitValues(text: string): string[] {
  return text === '' ? [] : splitEscaped(text, NAME_SEPARATOR);
}

/**
 * Reads back one scalar value from its id text, given its data type: the inverse of
 * {@link valueToIdText} for single values. LONG gives `TypedNumber('long')`, DOUBLE/FLOAT/BYTE
 * the matching TypedNumber, INT a number, DATE a `Date`, UUID a `Uuid`. Fails with
 * ArgumentError `ID_VALUE` (or `SORTABLE_FORMAT` for bad numbers).
 */
export function idTextToValue(text: string, dataType: DataType): PropertyValue {
  switch (dataType) {
    case 'INT':
      return decodeSortable(text, 'INT');
    case 'LONG':
      return new TypedNumber('long', decodeSortable(text, 'LONG'));
    case 'FLOAT':
      return new TypedNumber('float', decodeSortable(text, 'FLOAT'));
    case 'DOUBLE':
      return new TypedNumber('double', decodeSortable(text, 'DOUBLE'));
    case 'BYTE':
      return new TypedNumber('byte', decodeSortable(text, 'BYTE'));
    case 'DATE':
      return decodeSortable(text, 'DATE');
    case 'TEXT':
      return text === EMPTY_TEXT ? '' : text;
    case 'BOOLEAN':
      if (text === 'true' || text === 'false') {
        return text === 'true';
      }
      return bad(text, dataType, 'it is not true or false');
    case 'UUID':
      return new Uuid(text);
    case 'BLOB':
      return bad(text, dataType, 'blob values cannot be part of an id');
    case 'OBJECT':
      return bad(text, dataType, 'object values cannot be part of an id');
  }
}
