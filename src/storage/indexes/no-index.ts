/**
 * HugeGraph's NoIndexException message, for callers that must refuse unindexed queries.
 * @module
 */
import { NoIndexError } from '../../errors.js';

/**
 * Builds the NoIndexError HugeGraph raises for a property query no index can answer.
 * `kinds` names the mismatched condition kinds among secondary, range, search, not-equal.
 *
 * @example
 * ```ts
 * throw noIndexError(['age', 'city'], { label: 'person', kinds: ['secondary', 'range'] });
 * // Don't accept query based on properties [age, city] that are not indexed in label 'person', may not match secondary/range condition
 * ```
 */
export function noIndexError(keys: readonly string[], options: { label?: string; kinds?: readonly string[] } = {}): NoIndexError {
  const where = options.label === undefined ? 'any label' : `label '${options.label}'`;
  const kinds = (options.kinds ?? ['secondary', 'range']).join('/');
  return new NoIndexError(`Don't accept query based on properties [${keys.join(', ')}] that are not indexed in ${where}, may not match ${kinds} condition`);
}
