/**
 * Scoped lookups for select(), where() and match(): a key is looked up in the current value
 * when it is a map, then in side-effects, then among the path's labels.
 * @module
 */
import { labelled } from './traverser.js';
import { readSideEffect } from './side-effects.js';
import type { Traverser } from './traverser.js';
import type { Runtime } from './runtime.js';
import type { Pop } from '../plan/params/map.js';


/**
 * Marker for "no value under this key".
 */
export const MISSING: unique symbol = Symbol('missing');

/**
 * The value of a scope key for a traverser, or {@link MISSING}.
 */
export function scopeValue(rt: Runtime, t: Traverser, key: string, pop: Pop): unknown {
  const v = t.value;
  // A map entry and a side-effect are one value, which every Pop gives as it is (TinkerPop's Scoping).
  if (v instanceof Map && v.has(key)) return v.get(key);
  if (rt.sideEffects.has(key)) return readSideEffect(rt, key);
  const found = labelled(t.path, key);
  if (found.length === 0) return MISSING;
  return pick(found, pop);
}

function pick(values: unknown[], pop: Pop): unknown {
  switch (pop) {
    case 'first':
      return values[0];
    case 'all':
      return values;
    case 'mixed':
      return values.length === 1 ? values[0] : values;
    default:
      return values[values.length - 1];
  }
}
