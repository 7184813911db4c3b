/**
 * How the console sees result values: their kind (told by shape, since the console reaches
 * the engine's result classes only through the public API) and their Gremlin-console text
 * (`v[1]`, `1.0`, `[a, b]`, `{k=v}`). Their JSON for `:json` mode is the library's one JSON
 * shape (`jsonValue`).
 * @module
 */
import { formatValue, TypedNumber, Uuid } from '../../index.js';

/**
 * A vertex result: id and label.
 */
export interface VertexLike {
  readonly id: unknown;
  readonly label: string;
}
/**
 * An edge result: id, label and its two ends.
 */
export interface EdgeLike extends VertexLike {
  readonly outV: VertexLike;
  readonly inV: VertexLike;
}
/**
 * A vertex property or property result.
 */
export interface PropertyLike {
  readonly key: string;
  readonly value: unknown;
  readonly meta?: ReadonlyMap<string, unknown>;
}
/**
 * A path result: objects with the step labels each carried.
 */
export interface PathLike {
  readonly labels: ReadonlyArray<ReadonlySet<string>>;
  readonly objects: readonly unknown[];
}
/**
 * A tree result: nodes with their subtrees.
 */
interface TreeLike {
  entries(): IterableIterator<[unknown, TreeLike]>;
}

/**
 * The kind of a result value, with the value narrowed to its shape.
 */
type ValueKind =
  | { readonly kind: 'vertex'; readonly value: VertexLike }
  | { readonly kind: 'edge'; readonly value: EdgeLike }
  | { readonly kind: 'property'; readonly value: PropertyLike }
  | { readonly kind: 'path'; readonly value: PathLike }
  | { readonly kind: 'tree'; readonly value: TreeLike }
  | { readonly kind: 'map'; readonly value: ReadonlyMap<unknown, unknown> }
  | { readonly kind: 'list'; readonly value: readonly unknown[] }
  | { readonly kind: 'scalar'; readonly value: unknown };

function has(v: object, key: string): boolean {
  return key in v;
}

/**
 * Tells the kind of a result value by its shape.
 */
export function classify(v: unknown): ValueKind {
  if (typeof v !== 'object' || v === null || v instanceof TypedNumber || v instanceof Uuid || v instanceof Date) {
    return { kind: 'scalar', value: v };
  }
  if (v instanceof Map) return { kind: 'map', value: v };
  if (Array.isArray(v)) return { kind: 'list', value: v };
  if (v instanceof Set) return { kind: 'list', value: [...(v as Set<unknown>)] };
  if (v instanceof Uint8Array) return { kind: 'scalar', value: v };
  if (has(v, 'outV') && has(v, 'inV') && has(v, 'id')) return { kind: 'edge', value: v as EdgeLike };
  if (has(v, 'key') && has(v, 'value') && has(v, 'element')) return { kind: 'property', value: v as PropertyLike };
  if (has(v, 'id') && has(v, 'label') && has(v, 'slot')) return { kind: 'vertex', value: v as VertexLike };
  if (has(v, 'labels') && has(v, 'objects')) return { kind: 'path', value: v as PathLike };
  if (typeof (v as Partial<TreeLike>).entries === 'function' && has(v, 'getLeafObjects')) return { kind: 'tree', value: v as TreeLike };
  return { kind: 'scalar', value: v };
}

/**
 * Java's `Double.toString` for a JS number: `1.0`, `0.5`, `1.0E10`, `NaN`, `Infinity`.
 */
export function javaDouble(d: number): string {
  if (!Number.isFinite(d)) return Number.isNaN(d) ? 'NaN' : d > 0 ? 'Infinity' : '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(d);
  if (abs >= 1e-3 && abs < 1e7) {
    const text = String(d);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = d.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/**
 * The text the Gremlin console prints for a value: elements by their `toString`
 * (`v[1]`, `e[7][1-knows->2]`), doubles Java-style, lists as `[a, b]`, maps as `{k=v}`.
 */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof TypedNumber) {
    if (v.type === 'double' || v.type === 'float') return javaDouble(v.toNumber());
    return String(v.value);
  }
  if (v instanceof Date) return formatValue(v);
  if (v instanceof Uint8Array) return `[${[...v].map((b) => (b > 127 ? b - 256 : b)).join(', ')}]`;
  const k = classify(v);
  if (k.kind === 'list') return `[${k.value.map(valueText).join(', ')}]`;
  if (k.kind === 'map') return `{${[...k.value].map(([key, val]) => `${valueText(key)}=${valueText(val)}`).join(', ')}}`;
  if (isPlainRecord(v)) return valueText(new Map(Object.entries(v)));
  return String(v);
}

/** A plain object (such as a schema record) that has no text form of its own. */
function isPlainRecord(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
