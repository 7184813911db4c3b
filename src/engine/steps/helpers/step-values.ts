/**
 * Values steps produce in common: long counts, the keys or values of a map (Column), and the map
 * entries that unfold() and local steps give.
 * @module
 */
import { ArgumentError, LimitError } from '../../../errors.js';
import { TypedNumber } from '../../../values/index.js';
import { Path } from '../../path-tree.js';

/**
 * A long count value. Bulks are counted in doubles, which are exact up to 2^53 - 1; a count past
 * that (a bulk that doubled 53 times, or reached Infinity) is refused rather than rounded or
 * wrapped, so a count Quiver returns is always exact.
 *
 * @throws LimitError BULK_OVERFLOW when `n` is not a safe integer.
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
 */
export function column(value: unknown, which: string, entry = false): unknown {
  if (value instanceof Map) {
    const items = which === 'keys' ? [...(value as Map<unknown, unknown>).keys()] : [...(value as Map<unknown, unknown>).values()];
    if ((entry || isMapEntry(value)) && items.length === 1) return items[0];
    return which === 'keys' ? new Set(items) : items;
  }
  if (value instanceof Path) return which === 'keys' ? value.labels.map((l) => new Set(l)) : [...value.objects];
  throw new ArgumentError('NOT_A_MAP', `Cannot select Column.${which}: ${String(value)} is not a map`);
}

const ENTRIES = new WeakSet<object>();

/**
 * A map entry, as unfold() and local steps give for each entry of a map: a one-entry map that
 * {@link isMapEntry} recognises, so that select(Column.keys) gives its key rather than a list.
 */
export function mapEntry(key: unknown, value: unknown): Map<unknown, unknown> {
  const entry = new Map([[key, value]]);
  ENTRIES.add(entry);
  return entry;
}

/**
 * Whether a value is a map entry made by {@link mapEntry} (not just a map of one entry).
 */
function isMapEntry(value: unknown): boolean {
  return value instanceof Map && ENTRIES.has(value);
}
