/**
 * Gremlin equality, comparability and orderability (TinkerPop's GremlinValueComparator).
 *
 * - {@link isEqual}: P.eq/neq/within; numbers compare by value across types, NaN equals nothing.
 * - {@link compare}: P.lt/lte/gt/gte; undefined when the types cannot be compared (ERROR).
 * - {@link orderCompare}: order(); a total order across all types.
 * @module
 */
import { Edge, Property, Vertex, VertexProperty, elementIdKey } from '../elements.js';
import { Path, Tree } from '../path-tree.js';
import { Uuid } from '../../values/index.js';
import { EnumValue } from '../bytecode.js';
import { compareNumbers, isNaNNumber, isNumber } from './numbers.js';
import { valueKey } from './value-key.js';
import type { Plan } from '../plan/plan.js';

/** Orderability rank of each type family, lowest first. */
const TYPE_ORDER = [
  'null',
  'boolean',
  'number',
  'date',
  'string',
  'uuid',
  'vertex',
  'edge',
  'vertexProperty',
  'property',
  'path',
  'set',
  'list',
  'map',
  'tree',
  'binary',
  'unknown',
] as const;

type Family = (typeof TYPE_ORDER)[number];

function family(v: unknown): Family {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (isNumber(v)) return 'number';
  if (typeof v === 'string') return 'string';
  if (v instanceof Date) return 'date';
  if (v instanceof Uuid) return 'uuid';
  if (v instanceof Vertex) return 'vertex';
  if (v instanceof Edge) return 'edge';
  if (v instanceof VertexProperty) return 'vertexProperty';
  if (v instanceof Property) return 'property';
  if (v instanceof Path) return 'path';
  if (v instanceof Set) return 'set';
  if (Array.isArray(v)) return 'list';
  if (v instanceof Map) return 'map';
  if (v instanceof Tree) return 'tree';
  if (v instanceof Uint8Array) return 'binary';
  return 'unknown';
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function uuidParts(u: Uuid): [bigint, bigint] {
  const hex = u.text.replace(/-/g, '');
  return [BigInt.asIntN(64, BigInt('0x' + hex.slice(0, 16))), BigInt.asIntN(64, BigInt('0x' + hex.slice(16, 32)))];
}

function compareUuids(a: Uuid, b: Uuid): number {
  const [ah, al] = uuidParts(a);
  const [bh, bl] = uuidParts(b);
  if (ah !== bh) return ah < bh ? -1 : 1;
  return al < bl ? -1 : al > bl ? 1 : 0;
}

type Comparator<Plan> = (a: unknown, b: unknown) => number | undefined;

function compareSequences(a: readonly unknown[], b: readonly unknown[], cmp: Comparator<Plan>): number | undefined {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = cmp(a[i], b[i]);
    if (c === undefined || c !== 0) return c;
  }
  return sign(a.length - b.length);
}

function sortedEntries(m: ReadonlyMap<unknown, unknown>): unknown[] {
  return [...m].sort((x, y) => orderCompare(x[0], y[0])).flatMap(([k, v]) => [k, v]);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return compareSequences([...a], [...b], (x, y) => sign((x as number) - (y as number))) ?? 0;
}

/**
 * Compare two values of the same family; `cmp` compares nested values. Undefined = ERROR.
 */
function compareSameFamily(f: Family, a: unknown, b: unknown, cmp: Comparator<Plan>): number | undefined {
  switch (f) {
    case 'null':
      return 0;
    case 'boolean':
      return sign(Number(a) - Number(b));
    case 'number':
      return compareNumbers(a as never, b as never);
    case 'date':
      return sign((a as Date).getTime() - (b as Date).getTime());
    case 'string':
      return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
    case 'uuid':
      return compareUuids(a as Uuid, b as Uuid);
    case 'vertex':
    case 'edge':
    case 'vertexProperty':
      return cmp((a as Vertex).id, (b as Vertex).id);
    case 'property': {
      const [p, q] = [a as Property, b as Property];
      const byKey = cmp(p.key, q.key);
      return byKey === 0 ? cmp(p.value, q.value) : byKey;
    }
    case 'path':
      return compareSequences((a as Path).objects, (b as Path).objects, cmp);
    case 'list':
      return compareSequences(a as unknown[], b as unknown[], cmp);
    case 'set':
      return compareSequences([...(a as Set<unknown>)].sort(orderCompare), [...(b as Set<unknown>)].sort(orderCompare), cmp);
    case 'map':
      return compareSequences(sortedEntries(a as Map<unknown, unknown>), sortedEntries(b as Map<unknown, unknown>), cmp);
    case 'binary':
      return compareBytes(a as Uint8Array, b as Uint8Array);
    default: {
      const [x, y] = [valueKey(a), valueKey(b)];
      return x === y ? 0 : x < y ? -1 : 1;
    }
  }
}

/**
 * Orderability: a total order across all values, as order() uses. Types order as
 * null < boolean < number < date < string < UUID < vertex < edge < vertex property < property
 * < path < set < list < map; numbers compare by value with NaN above every number; elements
 * compare by id; collections compare element by element; enum constants order by name.
 */
export function orderCompare(x: unknown, y: unknown): number {
  // Enum constants (T.id, T.label as map keys) order by their names, among strings.
  const a = x instanceof EnumValue ? x.name : x;
  const b = y instanceof EnumValue ? y.name : y;
  const fa = family(a);
  const fb = family(b);
  if (fa !== fb) return sign(TYPE_ORDER.indexOf(fa) - TYPE_ORDER.indexOf(fb));
  if (fa === 'number') {
    const na = isNaNNumber(a as never);
    const nb = isNaNNumber(b as never);
    if (na || nb) return sign(Number(na) - Number(nb));
  }
  return compareSameFamily(fa, a, b, orderCompare) ?? 0;
}

/**
 * Comparability, as P.lt/lte/gt/gte use: the sign of `a - b`; NaN when a NaN takes part (every
 * comparison is then false); undefined when the values cannot be compared (different types,
 * or null against non-null), which TinkerPop calls ERROR.
 */
export function compare(a: unknown, b: unknown): number | undefined {
  const fa = family(a);
  if (fa !== family(b)) return undefined;
  if (fa === 'tree' || fa === 'unknown') return undefined;
  return compareSameFamily(fa, a, b, compare);
}

function setsEqual(a: ReadonlySet<unknown>, b: ReadonlySet<unknown>): boolean {
  if (a.size !== b.size) return false;
  const rest = [...b];
  return [...a].every((x) => {
    const i = rest.findIndex((y) => isEqual(x, y));
    if (i < 0) return false;
    rest.splice(i, 1);
    return true;
  });
}

function mapsEqual(a: ReadonlyMap<unknown, unknown>, b: ReadonlyMap<unknown, unknown>): boolean {
  if (a.size !== b.size) return false;
  const rest = [...b];
  return [...a].every(([k, v]) => {
    const i = rest.findIndex(([k2, v2]) => isEqual(k, k2) && isEqual(v, v2));
    if (i < 0) return false;
    rest.splice(i, 1);
    return true;
  });
}

/**
 * Gremlin equality (P.eq, P.neq, P.within): numbers compare by value across types
 * (`1 == 1L == 1.0`), NaN equals nothing, null equals only null, elements are equal when
 * their ids are, and lists, sets and maps compare deeply with these rules.
 */
export function isEqual(a: unknown, b: unknown): boolean {
  const f = family(a);
  if (f !== family(b)) return false;
  switch (f) {
    case 'vertex':
    case 'edge':
    case 'vertexProperty':
      return elementIdKey((a as Vertex).id) === elementIdKey((b as Vertex).id);
    case 'property': {
      const [p, q] = [a as Property, b as Property];
      return p.key === q.key && isEqual(p.value, q.value) && isEqual(p.element, q.element);
    }
    case 'list':
      return (a as unknown[]).length === (b as unknown[]).length && (a as unknown[]).every((x, i) => isEqual(x, (b as unknown[])[i]));
    case 'path': {
      const [p, q] = [a as Path, b as Path];
      return isEqual(p.objects, q.objects) && p.labels.every((l, i) => valueKey(l) === valueKey(q.labels[i]));
    }
    case 'set':
      return setsEqual(a as Set<unknown>, b as Set<unknown>);
    case 'map':
      return mapsEqual(a as Map<unknown, unknown>, b as Map<unknown, unknown>);
    case 'tree':
    case 'unknown':
      return valueKey(a) === valueKey(b);
    default:
      return compareSameFamily(f, a, b, compare) === 0;
  }
}

/**
 * Apply a comparison predicate with Gremlin semantics: eq/neq by {@link isEqual}, the others
 * by {@link compare}, false when the values cannot be compared or a NaN takes part.
 */
export function testCompare(op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte', a: unknown, b: unknown): boolean {
  if (op === 'eq') return isEqual(a, b);
  if (op === 'neq') return !isEqual(a, b);
  const c = compare(a, b);
  if (c === undefined || Number.isNaN(c)) return false;
  switch (op) {
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    default:
      return c >= 0;
  }
}
