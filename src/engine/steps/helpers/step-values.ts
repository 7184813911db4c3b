/**
 * Values steps produce in common: long counts, and the keys or values of a map (Column).
 * @module
 */
import { ArgumentError, LimitError } from '../../../errors.js';
import { TypedNumber } from '../../../values/index.js';
import { Path } from '../../elements.js';
import { isMapEntry } from '../scope-args.js';

/**
 * A long count value. Bulks are counted in doubles, which are exact up to 2^53 - 1; a count past
 * that (a bulk that doubled 53 times, or reached Infinity) is refused rather than rounded or
 * wrapped, so a count Quiver returns is always exact.
 *
 * @throws LimitError BULK_OVERFLOW when `n` is not a safe integer.
 * @example
 * ```ts
 * long(3); // TypedNumber('long', 3n)
 * ```
 */
export function long(n: number | bigint): TypedNumber {
  if (typeof n === 'number' && !Number.isSafeInteger(n)) {
    throw new LimitError('BULK_OVERFLOW', `Count failed: ${n} traversers is past ${Number.MAX_SAFE_INTEGER}, the largest count kept exact`, {
      details: { count: n, limit: Number.MAX_SAFE_INTEGER },
    });
  }
  return new TypedNumber('long', BigInt(n));
}

/**
 * Keys or values of a map; a one-entry map (an entry) gives its single key or value.
 *
 * @example
 * ```ts
 * column(new Map([['a', 1]]), 'keys'); // 'a'
 * ```
 */
export function column(value: unknown, which: string, entry = false): unknown {
  if (value instanceof Map) {
    const items = which === 'keys' ? [...(value as Map<unknown, unknown>).keys()] : [...(value as Map<unknown, unknown>).values()];
    return (entry || isMapEntry(value)) && items.length === 1 ? items[0] : items;
  }
  if (value instanceof Path) return which === 'keys' ? value.labels.map((l) => new Set(l)) : [...value.objects];
  throw new ArgumentError('NOT_A_MAP', `Cannot select Column.${which}: ${String(value)} is not a map`);
}
