/**
 * What a call gives, as text for assert.equal: its string result, or `error <code>` for the QuiverError it throws.
 * @module
 */
import type { QuiverError } from '../../src/errors.js';

/**
 * The string a function returns, or `error <code>` when it throws a QuiverError: so that a fast
 * path and its reference model can be compared in one assertion, failures included.
 *
 * @example
 * ```ts
 * assert.equal(outcome(() => formatEdgeId(parts)), outcome(() => reference(parts)));
 * ```
 */
export function outcome(fn: () => string): string {
  try {
    return fn();
  } catch (error) {
    return `error ${(error as QuiverError).code}`;
  }
}
