/**
 * Hash keys with Java `equals` semantics, used by dedup, group, groupCount and set-like steps.
 *
 * A key is a string such that two values share a key exactly when Java's `equals` would call
 * them equal: numbers of different types differ (`1` and `1L` are two keys, as in a Java
 * HashMap), lists compare in order, sets and maps compare regardless of order.
 *
 * Engine objects (vertices, edges, paths...) take part through the {@link VALUE_KEY} protocol,
 * so this module depends on no element class.
 * @module
 */
import { TypedNumber, Uuid } from '../../values/index.js';

/**
 * Method name by which an object supplies its own hash key.
 */
export const VALUE_KEY: unique symbol = Symbol.for('quiver.valueKey');

/**
 * An object that supplies its own hash key through {@link VALUE_KEY}.
 */
interface KeyedValue {
  [VALUE_KEY](): string;
}

const TYPE_TAG: Readonly<Record<TypedNumber['type'], string>> = {
  byte: 'y',
  short: 'h',
  long: 'l',
  float: 'f',
  double: 'd',
  biginteger: 'g',
  bigdecimal: 'm',
};

const identities = new WeakMap<object, number>();
let nextIdentity = 0;

function isKeyed(v: object): v is KeyedValue {
  return typeof (v as Partial<KeyedValue>)[VALUE_KEY] === 'function';
}

function floatingKey(n: number): string {
  if (Object.is(n, -0)) return '-0';
  return String(n);
}

function typedKey(v: TypedNumber): string {
  const tag = TYPE_TAG[v.type];
  if (typeof v.value === 'number') return tag + floatingKey(v.value);
  return tag + String(v.value);
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function identityKey(v: object): string {
  let id = identities.get(v);
  if (id === undefined) {
    id = nextIdentity++;
    identities.set(v, id);
  }
  return `o${id}`;
}

/**
 * The Java-`equals` hash key of a value.
 */
export function valueKey(v: unknown): string {
  if (v === null || v === undefined) return 'n';
  switch (typeof v) {
    case 'boolean':
      return v ? 'b1' : 'b0';
    case 'number':
      return 'i' + floatingKey(v);
    case 'string':
      return 's' + JSON.stringify(v);
    case 'bigint':
      return 'l' + String(v);
    case 'object':
      return objectKey(v);
    default:
      return identityKey(Object(v) as object);
  }
}

function objectKey(v: object): string {
  if (v instanceof TypedNumber) return typedKey(v);
  if (v instanceof Uuid) return 'u' + v.text;
  if (v instanceof Date) return 't' + String(v.getTime());
  if (v instanceof Uint8Array) return 'x' + hex(v);
  if (isKeyed(v)) return v[VALUE_KEY]();
  if (Array.isArray(v)) return '[' + v.map(valueKey).join(',') + ']';
  if (v instanceof Set) return '{' + [...v].map(valueKey).sort().join(',') + '}';
  if (v instanceof Map) {
    const entries = [...v].map(([k, x]) => valueKey(k) + '=' + valueKey(x));
    return '<' + entries.sort().join(',') + '>';
  }
  return identityKey(v);
}
