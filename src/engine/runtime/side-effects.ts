/**
 * Side-effect values that are built up by many traversers and read as a whole (group('x'),
 * groupCount('x'), tree('x')): they are kept as accumulators and finished on read.
 * @module
 */
import type { Runtime } from './runtime.js';

/**
 * A side-effect under construction.
 */
export interface Accumulator {
  /** The current finished value. */
  result(): unknown;
}

/**
 * Whether a value is an accumulator.
 */
function isAccumulator(v: unknown): v is Accumulator {
  return typeof v === 'object' && v !== null && typeof (v as Partial<Accumulator>).result === 'function';
}

/**
 * The finished value of a side-effect key, or undefined when absent.
 */
export function readSideEffect(rt: Runtime, key: string): unknown {
  const v = rt.sideEffects.get(key);
  return isAccumulator(v) ? v.result() : v;
}

/**
 * The accumulator stored under `key`, created with `make` when absent.
 */
export function accumulator<A extends Accumulator>(rt: Runtime, key: string, make: () => A, is: (v: unknown) => v is A): A {
  const existing = rt.sideEffects.get(key);
  if (is(existing)) return existing;
  const made = make();
  rt.sideEffects.set(key, made);
  return made;
}
