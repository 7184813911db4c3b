/**
 * Scope arguments (Scope.local / Scope.global) and collection helpers for local-scope steps.
 * @module
 */
import type { Argument } from '../bytecode.js';
import { Path } from '../path-tree.js';
import { isEnum } from './args.js';
import { mapEntry } from './helpers/step-values.js';

/**
 * Splits a leading `Scope.*` argument from the others.
 */
export function splitScope(args: readonly Argument[]): { local: boolean; rest: readonly Argument[] } {
  const first = args[0];
  if (isEnum(first, 'Scope')) return { local: first.name === 'local', rest: args.slice(1) };
  return { local: false, rest: args };
}

/**
 * The items of a collection value for local-scope steps: list and set items, map entries as
 * one-entry maps, path objects; anything else is a single item.
 */
export function localItems(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (value instanceof Set) return [...(value as Set<unknown>)];
  if (value instanceof Map) return [...(value as Map<unknown, unknown>)].map(([k, v]) => mapEntry(k, v));
  if (value instanceof Path) return [...value.objects];
  return undefined;
}

/**
 * Items `low` (inclusive) to `high` (exclusive, -1 for the end) of a collection value, as
 * TinkerPop's RangeLocalStep: a map gives a map, a set a set, a list or path a list (also of
 * one item); anything else passes unchanged.
 */
export function rangeOfItems(value: unknown, low: number, high: number): unknown {
  if (value instanceof Map) {
    const entries = [...(value as Map<unknown, unknown>)];
    return new Map(entries.slice(low, high === -1 ? undefined : high));
  }
  const items = localItems(value);
  if (items === undefined) return value;
  const slice = items.slice(low, high === -1 ? undefined : high);
  return value instanceof Set ? new Set(slice) : slice;
}
