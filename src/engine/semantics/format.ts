/**
 * Java-like text of values, as Gremlin prints them (`1.0`, `[a, b]`, `{k=v}`, `v[1]`).
 * @module
 */
import { formatDate, TypedNumber, Uuid } from '../../values/index.js';

function javaScientific(d: number, digits: string): string {
  const [mantissa, exponent] = digits.split('e') as [string, string];
  const m = mantissa.includes('.') ? mantissa : mantissa + '.0';
  return `${m}E${Number(exponent)}`;
}

function shortestFloat(f: number): string {
  for (let p = 1; p <= 9; p++) {
    const text = f.toPrecision(p);
    if (Math.fround(Number(text)) === f) return String(Number(text));
  }
  return String(f);
}

/**
 * Java's `Double.toString` (or `Float.toString` with `float: true`): `1.0`, `0.5`, `1.0E10`.
 */
function formatDouble(d: number, options: { float?: boolean } = {}): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(d);
  const shortest = options.float === true ? shortestFloat(d) : String(d);
  if (abs >= 1e-3 && abs < 1e7) {
    return shortest.includes('.') ? shortest : shortest + '.0';
  }
  return javaScientific(d, Number(shortest).toExponential());
}

/**
 * Java-like `toString` of any value flowing through a traversal.
 *
 * @example
 * ```ts
 * formatValue([1, new TypedNumber('double', 2)]);   // '[1, 2.0]'
 * formatValue(new Map([['a', 1]]));                 // '{a=1}'
 * ```
 */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof TypedNumber) {
    if (v.type === 'double') return formatDouble(v.toNumber());
    if (v.type === 'float') return formatDouble(v.toNumber(), { float: true });
    return String(v.value);
  }
  if (v instanceof Uuid) return v.text;
  if (v instanceof Date) return formatDate(v, 'gremlin');
  if (Array.isArray(v) || v instanceof Set) return '[' + [...(v as Iterable<unknown>)].map(formatValue).join(', ') + ']';
  if (v instanceof Map) return '{' + [...v].map(([k, x]) => `${formatValue(k)}=${formatValue(x)}`).join(', ') + '}';
  return String(v);
}
