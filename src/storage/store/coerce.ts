/**
 * Coercion of written property values to a key's data type and cardinality, and type
 * inference for auto-created keys.
 * @module
 */
import { LimitError, SchemaError } from '../../errors.js';
import { formatDate, TypedNumber, Uuid, type PropertyValue } from '../../values/index.js';
import type { Cardinality, DataType, PropertyKeyRecord } from '../schema/schema-types.js';
import { formatPrimaryKeyId } from '../ids/index.js';

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function describe(value: PropertyValue, depth = 0): string {
  if (value instanceof Date) return formatDate(value, 'iso');
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  if (Array.isArray(value)) return depth >= 3 ? '[...]' : `[${value.map((v: PropertyValue) => describe(v, depth + 1)).join(', ')}]`;
  return String(value);
}

function mismatch(key: PropertyKeyRecord, value: PropertyValue): never {
  const text = describe(value);
  throw new SchemaError(
    'PROPERTY_VALUE_TYPE',
    `Invalid property value '${text.length > 200 ? `${text.slice(0, 200)}...` : text}' for key '${key.name}': expect a value of type ${key.dataType}`,
  );
}

/** Most characters (UTF-16 code units) of a TEXT value, and bytes of a BLOB value (docs/limits.md). */
const MAX_VALUE_LENGTH = 1024 * 1024;

/** Most levels of lists and maps an OBJECT value may nest (docs/limits.md). */
const MAX_OBJECT_DEPTH = 64;

function tooLarge(key: PropertyKeyRecord, what: string): never {
  throw new LimitError('PROPERTY_VALUE_TOO_LARGE', `Invalid property value for key '${key.name}': ${what}`);
}

/** The value, when it nests lists, sets and maps at most {@link MAX_OBJECT_DEPTH} levels (LimitError otherwise). */
function shallowObject(key: PropertyKeyRecord, value: PropertyValue): PropertyValue {
  // Walked with an explicit stack: the point is that a deep value must not reach the end of the call stack.
  const stack: Array<readonly [unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object' || v instanceof Date || v instanceof Uint8Array || v instanceof TypedNumber || v instanceof Uuid) continue;
    if (depth > MAX_OBJECT_DEPTH) tooLarge(key, `an OBJECT value nests deeper than ${MAX_OBJECT_DEPTH} levels of lists and maps`);
    const children = Array.isArray(v) || v instanceof Set ? [...(v as Iterable<unknown>)] : v instanceof Map ? [...(v as Map<unknown, unknown>).values()] : Object.values(v);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return value;
}

function integral(value: PropertyValue): number | bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (value instanceof TypedNumber) {
    if (typeof value.value === 'bigint') return value.value;
    if (typeof value.value === 'number') return Number.isInteger(value.value) ? value.value : undefined;
    return /^-?\d+$/.test(value.value) ? BigInt(value.value) : undefined;
  }
  return undefined;
}

function numeric(value: PropertyValue): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof TypedNumber) return value.toNumber();
  return undefined;
}

/**
 * Coerces one scalar value to a data type, or throws SchemaError PROPERTY_VALUE_TYPE.
 */
export function coerceScalar(key: PropertyKeyRecord, value: PropertyValue): PropertyValue {
  const t: DataType = key.dataType;
  switch (t) {
    case 'INT': {
      const n = integral(value);
      if (n === undefined || n < -2147483648 || n > 2147483647) return mismatch(key, value);
      return Number(n);
    }
    case 'BYTE': {
      const n = integral(value);
      if (n === undefined || n < -128 || n > 127) return mismatch(key, value);
      return new TypedNumber('byte', Number(n));
    }
    case 'LONG': {
      const n = integral(value);
      if (n === undefined) return mismatch(key, value);
      const b = BigInt(n);
      if (b < -(2n ** 63n) || b >= 2n ** 63n) return mismatch(key, value);
      return new TypedNumber('long', b);
    }
    case 'FLOAT':
    case 'DOUBLE': {
      const n = numeric(value);
      if (n === undefined) return mismatch(key, value);
      return new TypedNumber(t === 'FLOAT' ? 'float' : 'double', t === 'FLOAT' ? Math.fround(n) : n);
    }
    case 'DATE': {
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? mismatch(key, value) : value;
      const n = integral(value);
      if (n !== undefined) return new Date(Number(n));
      if (typeof value === 'string') {
        const ms = Date.parse(value);
        return Number.isNaN(ms) ? mismatch(key, value) : new Date(ms);
      }
      return mismatch(key, value);
    }
    case 'TEXT':
      if (typeof value !== 'string') return mismatch(key, value);
      return value.length > MAX_VALUE_LENGTH ? tooLarge(key, `a TEXT value holds at most ${MAX_VALUE_LENGTH} characters, but got ${value.length}`) : value;
    case 'BOOLEAN':
      return typeof value === 'boolean' ? value : mismatch(key, value);
    case 'UUID':
      if (value instanceof Uuid) return new Uuid(value.text.toLowerCase());
      if (typeof value === 'string' && UUID_TEXT.test(value)) return new Uuid(value.toLowerCase());
      return mismatch(key, value);
    case 'BLOB':
      if (!(value instanceof Uint8Array)) return mismatch(key, value);
      return value.length > MAX_VALUE_LENGTH ? tooLarge(key, `a BLOB value holds at most ${MAX_VALUE_LENGTH} bytes, but got ${value.length}`) : value;
    case 'OBJECT':
      if (typeof value === 'string' && value.length > MAX_VALUE_LENGTH) tooLarge(key, `a text in an OBJECT value holds at most ${MAX_VALUE_LENGTH} characters, but got ${value.length}`);
      return value === null ? mismatch(key, value) : shallowObject(key, value);
  }
}

/**
 * Splits a written value into the elements of a LIST/SET key (an array or set gives its
 * elements, anything else is one element), coercing each. A value of an OBJECT key is one
 * element whatever it holds.
 */
export function coerceElements(key: PropertyKeyRecord, value: PropertyValue): PropertyValue[] {
  if (key.dataType === 'OBJECT') return [coerceScalar(key, value)];
  if (Array.isArray(value)) return (value as readonly PropertyValue[]).map((v) => coerceScalar(key, v));
  if (value instanceof Set) return [...(value as ReadonlySet<PropertyValue>)].map((v) => coerceScalar(key, v));
  return [coerceScalar(key, value)];
}

/**
 * Canonical text of a coerced value, used for set membership and index keys.
 */
export function valueKey(value: PropertyValue): string {
  if (value === null) return 'z';
  if (typeof value === 'number') return `n:${value}`;
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'boolean') return `b:${value}`;
  if (value instanceof TypedNumber) return `n:${String(value.value)}`;
  if (value instanceof Date) return `d:${value.getTime()}`;
  if (value instanceof Uuid) return `u:${value.text}`;
  if (value instanceof Uint8Array) return `x:${Array.from(value).join(',')}`;
  if (Array.isArray(value)) return `l:[${(value as readonly PropertyValue[]).map((v) => valueKey(v)).join(',')}]`;
  if (value instanceof Set) return `t:[${[...(value as ReadonlySet<PropertyValue>)].map((v) => valueKey(v)).join(',')}]`;
  return `m:[${[...(value as ReadonlyMap<PropertyValue, PropertyValue>)].map(([k, v]) => `${valueKey(k)}=${valueKey(v)}`).join(',')}]`;
}

/**
 * Numeric view of a coerced number or date, for range indexes; undefined otherwise.
 */
export function rangeNumber(value: PropertyValue): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof TypedNumber) return value.toNumber();
  if (value instanceof Date) return value.getTime();
  return undefined;
}

/**
 * Data type and cardinality inferred from a written value, for auto-created keys. A list, set
 * or map is one value of an OBJECT key, whatever the cardinality: multi-properties come from
 * the cardinality of the write, never from the shape of the value.
 */
export function inferKeyType(value: PropertyValue, cardinality: 'single' | 'list' | 'set' | undefined): { dataType: DataType; cardinality: Cardinality } {
  const card: Cardinality = cardinality === 'list' ? 'LIST' : cardinality === 'set' ? 'SET' : 'SINGLE';
  return { dataType: inferDataType(value), cardinality: card };
}

function inferDataType(value: PropertyValue): DataType {
  if (Array.isArray(value) || value instanceof Set || value instanceof Map) return 'OBJECT';
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) <= 2147483647 ? 'INT' : 'DOUBLE';
  if (typeof value === 'boolean') return 'BOOLEAN';
  if (value instanceof TypedNumber) {
    if (value.type === 'long' || value.type === 'biginteger') return 'LONG';
    if (value.type === 'float') return 'FLOAT';
    return value.type === 'byte' || value.type === 'short' ? 'INT' : 'DOUBLE';
  }
  if (value instanceof Date) return 'DATE';
  if (value instanceof Uuid) return 'UUID';
  return value instanceof Uint8Array ? 'BLOB' : 'TEXT';
}

/**
 * The id a PRIMARY_KEY vertex of label `labelId` gets from its primary-key values, given in the
 * label's `primary_keys` order with their keys: each value is coerced to its key's data type as
 * a write would coerce it, so the id is the one the store gives the vertex. Fails with
 * SchemaError PROPERTY_VALUE_TYPE for a value of the wrong type and ArgumentError `ID_VALUE` for
 * one that cannot be part of an id. Bulk loaders use it to name edge ends by primary keys.
 *
 * @example
 * ```ts
 * declare const name: PropertyKeyRecord;
 * primaryKeyVertexId(1, [{ key: name, value: 'marko' }]); // '1:marko'
 * ```
 */
export function primaryKeyVertexId(labelId: number, keys: ReadonlyArray<{ readonly key: PropertyKeyRecord; readonly value: PropertyValue }>): string {
  return formatPrimaryKeyId(
    labelId,
    keys.map(({ key, value }) => ({ value: coerceScalar(key, value), dataType: key.dataType })),
  );
}
