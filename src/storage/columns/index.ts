/**
 * Typed, nullable, growable columns of the columnar store.
 * @module
 */
export { BitSet, growInt32 } from './bitset.js';
export { Dictionary } from './dictionary.js';
export { PropertyColumn, columnKind } from './column.js';
