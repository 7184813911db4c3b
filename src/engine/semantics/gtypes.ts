/**
 * Java-like type names of values and TinkerPop 3.8's GType tokens, used by P.typeOf,
 * asNumber and error messages.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { Edge, Property, Vertex, VertexProperty } from '../elements.js';
import { Path, Tree } from '../path-tree.js';
import { Subgraph } from '../subgraph.js';
import { TypedNumber, Uuid } from '../../values/index.js';

/**
 * The GType tokens of TinkerPop 3.8.
 */
type GType =
  | 'BIGDECIMAL'
  | 'BIGINT'
  | 'BINARY'
  | 'BOOLEAN'
  | 'BYTE'
  | 'CHAR'
  | 'DATETIME'
  | 'DOUBLE'
  | 'DURATION'
  | 'EDGE'
  | 'FLOAT'
  | 'GRAPH'
  | 'INT'
  | 'LIST'
  | 'LONG'
  | 'MAP'
  | 'NULL'
  | 'NUMBER'
  | 'PATH'
  | 'PROPERTY'
  | 'SET'
  | 'SHORT'
  | 'STRING'
  | 'TREE'
  | 'UUID'
  | 'VERTEX'
  | 'VPROPERTY';

const TYPED_NAMES: Readonly<Record<TypedNumber['type'], string>> = {
  byte: 'Byte',
  short: 'Short',
  long: 'Long',
  float: 'Float',
  double: 'Double',
  biginteger: 'BigInteger',
  bigdecimal: 'BigDecimal',
};

const BULK_SETS = new WeakSet<readonly unknown[]>();

/**
 * Marks a list as the BulkSet that aggregate() and store() keep: in Java a Set (so GType.SET
 * matches it, GType.LIST does not) whose iteration repeats each value by its bulk, which a
 * list with the repeats written out stands for here.
 */
export function bulkSet<T>(items: T[]): T[] {
  BULK_SETS.add(items);
  return items;
}

/**
 * Whether a list is one {@link bulkSet} marked.
 */
export function isBulkSet(v: unknown): boolean {
  return Array.isArray(v) && BULK_SETS.has(v);
}

/**
 * The Java simple class name of a value: `Integer`, `Long`, `Double`, `String`, `List`,
 * `Map`, `Vertex`, `OffsetDateTime`, `UUID`, `byte[]`... and `null` for null.
 */
export function typeOfValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'number':
      return 'Integer';
    case 'string':
      return 'String';
    case 'boolean':
      return 'Boolean';
    case 'bigint':
      return 'Long';
    default:
      break;
  }
  if (v instanceof TypedNumber) return TYPED_NAMES[v.type];
  if (v instanceof Uuid) return 'UUID';
  if (v instanceof Date) return 'OffsetDateTime';
  if (v instanceof Uint8Array) return 'byte[]';
  if (Array.isArray(v)) return BULK_SETS.has(v) ? 'BulkSet' : 'List';
  if (v instanceof Set) return 'Set';
  if (v instanceof Map) return 'Map';
  if (v instanceof Vertex) return 'Vertex';
  if (v instanceof Edge) return 'Edge';
  if (v instanceof VertexProperty) return 'VertexProperty';
  if (v instanceof Property) return 'Property';
  if (v instanceof Path) return 'Path';
  if (v instanceof Tree) return 'Tree';
  if (v instanceof Subgraph) return 'Graph';
  return 'Object';
}

const GTYPE_NAMES: Readonly<Record<GType, readonly string[]>> = {
  BIGDECIMAL: ['BigDecimal'],
  BIGINT: ['BigInteger'],
  BINARY: ['byte[]'],
  BOOLEAN: ['Boolean'],
  BYTE: ['Byte'],
  CHAR: ['Character'],
  DATETIME: ['OffsetDateTime'],
  DOUBLE: ['Double'],
  DURATION: ['Duration'],
  EDGE: ['Edge'],
  FLOAT: ['Float'],
  GRAPH: ['Graph'],
  INT: ['Integer'],
  LIST: ['List'],
  LONG: ['Long'],
  MAP: ['Map', 'Tree'],
  NULL: ['null'],
  NUMBER: ['Integer', 'Long', 'Double', 'Float', 'Short', 'Byte', 'BigInteger', 'BigDecimal'],
  PATH: ['Path'],
  PROPERTY: ['Property', 'VertexProperty'],
  SET: ['Set', 'BulkSet'],
  SHORT: ['Short'],
  STRING: ['String'],
  TREE: ['Tree'],
  UUID: ['UUID'],
  VERTEX: ['Vertex'],
  VPROPERTY: ['VertexProperty'],
};

/**
 * Whether a name is a GType token.
 */
function isGType(name: string): name is GType {
  return Object.hasOwn(GTYPE_NAMES, name);
}

const REGISTERED = new Map<string, readonly string[]>([
  ...Object.values(GTYPE_NAMES).flatMap((names) => names.map((n) => [n, [n]] as [string, readonly string[]])),
  ['Number', GTYPE_NAMES.NUMBER],
  ['Element', ['Vertex', 'Edge', 'VertexProperty']],
  ['Object', [...new Set(Object.values(GTYPE_NAMES).flat())].filter((n) => n !== 'null')],
]);

/**
 * Whether a value is of a type, named by a GType token (`'INT'`) or a registered Java simple
 * class name (`'String'`, `'Number'`), as P.typeOf tests. An unknown name throws
 * ArgumentError `UNKNOWN_TYPE`.
 */
export function isOfType(v: unknown, type: string): boolean {
  const names = isGType(type) ? GTYPE_NAMES[type] : REGISTERED.get(type);
  if (names === undefined) throw new ArgumentError('UNKNOWN_TYPE', `Cannot test the type of a value: '${type}' is not a registered type name`);
  return names.includes(typeOfValue(v));
}
