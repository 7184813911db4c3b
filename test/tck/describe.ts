/**
 * Short, notation-like descriptions of engine results and expected values, for failure lines:
 * `d[6].l`, `v[1]`, `l[d[1].i,marko]`, `m[{t[id]:d[1].i}]`.
 * @module
 */
import { EnumValue, TypedNumber, Uuid } from '../../src/engine/index.js';
import { NUMBER_SUFFIX, type Notated } from './notation.js';

/**
 * The name of a value's class, or '' for plain objects and primitives.
 *
 * @example
 * ```ts
 * className(new Map());   // 'Map'
 * ```
 */
export function className(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const ctor = (value as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === 'string' && ctor.name !== 'Object' ? ctor.name : '';
}

function list(items: Iterable<unknown>, each: (v: unknown) => string): string {
  return [...items].map(each).join(',');
}

/**
 * Describes an actual result value in a notation-like form.
 *
 * @example
 * ```ts
 * describeActual([1, new TypedNumber('long', 2n)]);   // 'l[d[1].i,d[2].l]'
 * ```
 */
export function describeActual(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'number') return `d[${value}].i`;
  if (typeof value === 'string') return value === '' ? 'str[]' : value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof TypedNumber) return `d[${String(value.value)}].${NUMBER_SUFFIX[value.type]}`;
  if (value instanceof Uuid) return `uuid[${value.text}]`;
  if (value instanceof Date) return `dt[${value.toISOString()}]`;
  if (value instanceof EnumValue) return `${value.type}.${value.name}`;
  if (Array.isArray(value)) return `l[${list(value, describeActual)}]`;
  if (value instanceof Set) return `s[${list(value, describeActual)}]`;
  if (value instanceof Map) return `m[{${[...value].map(([k, v]) => `${describeActual(k)}:${describeActual(v)}`).join(',')}}]`;
  const name = className(value);
  if (name === 'Vertex' || name === 'Edge' || name === 'VertexProperty' || name === 'Property' || name === 'Path' || name === 'Tree') {
    return String(value);
  }
  try {
    return `${name || 'object'}${JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`;
  } catch {
    return name || 'object';
  }
}

/**
 * Describes an expected (notated) value back in the notation.
 *
 * @example
 * ```ts
 * describeExpected({ kind: 'element', type: 'vertex', id: 1 });   // 'v[1]'
 * ```
 */
export function describeExpected(value: Notated): string {
  if (value === null || typeof value !== 'object' || value instanceof TypedNumber || value instanceof Uuid) return describeActual(value);
  if (value instanceof Date || value instanceof EnumValue || value instanceof Uint8Array) return describeActual(value);
  switch (value.kind) {
    case 'vertexRef':
      return `v[${value.name}]${value.part === 'element' ? '' : '.' + value.part}`;
    case 'edgeRef':
      return `e[${value.out}-${value.label}->${value.in}]${value.part === 'element' ? '' : '.' + value.part}`;
    case 'vertexPropertyRef':
      return `vp[${value.vertex}-${value.key}->${describeExpected(value.value)}]`;
    case 'element':
      return `${value.type === 'vertex' ? 'v' : value.type === 'edge' ? 'e' : 'vp'}[${String(value.id)}]`;
    case 'property':
      return `prop[${value.key},${describeExpected(value.value)}]`;
    case 'list':
      return `l[${value.items.map(describeExpected).join(',')}]`;
    case 'set':
      return `s[${value.items.map(describeExpected).join(',')}]`;
    case 'path':
      return `p[${value.items.map(describeExpected).join(',')}]`;
    case 'map':
      return `m[{${value.entries.map(([k, v]) => `${describeExpected(k)}:${describeExpected(v)}`).join(',')}}]`;
    case 'char':
      return `char[${value.value}]`;
    case 'duration':
      return `dur[${value.seconds},${value.nanos}${value.negative ? ',false' : ''}]`;
  }
}
