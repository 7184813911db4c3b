/**
 * Scope arguments (Scope.local / Scope.global) and collection helpers for local-scope steps.
 * @module
 */
import type { Argument } from '../bytecode.js';
import { Path } from '../elements.js';
import { isEnum } from './args.js';

/**
 * Splits a leading `Scope.*` argument from the others.
 *
 * @example
 * ```ts
 * splitScope([new EnumValue('Scope', 'local'), 2]); // { local: true, rest: [2] }
 * ```
 */
export function splitScope(args: readonly Argument[]): { local: boolean; rest: readonly Argument[] } {
  const first = args[0];
  if (isEnum(first, 'Scope')) return { local: first.name === 'local', rest: args.slice(1) };
  return { local: false, rest: args };
}

/**
 * The items of a collection value for local-scope steps: list and set items, map entries as
 * one-entry maps, path objects; anything else is a single item.
 *
 * @example
 * ```ts
 * localItems([1, 2]); // [1, 2]
 * ```
 */
export function localItems(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (value instanceof Set) return [...(value as Set<unknown>)];
  if (value instanceof Map) return [...(value as Map<unknown, unknown>)].map(([k, v]) => mapEntry(k, v));
  if (value instanceof Path) return [...value.objects];
  return undefined;
}

const ENTRIES = new WeakSet<object>();

/**
 * A map entry, as unfold() and local steps give for each entry of a map: a one-entry map that
 * {@link isMapEntry} recognises, so that select(Column.keys) gives its key rather than a list.
 *
 * @example
 * ```ts
 * const e = mapEntry('a', 1); // Map { 'a' => 1 }
 * isMapEntry(e);             // true
 * ```
 */
export function mapEntry(key: unknown, value: unknown): Map<unknown, unknown> {
  const entry = new Map([[key, value]]);
  ENTRIES.add(entry);
  return entry;
}

/**
 * Whether a value is a map entry made by {@link mapEntry} (not just a map of one entry).
 *
 * @example
 * ```ts
 * isMapEntry(new Map([['a', 1]])); // false
 * ```
 */
export function isMapEntry(value: unknown): boolean {
  return value instanceof Map && ENTRIES.has(value);
}
