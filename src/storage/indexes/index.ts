/**
 * Property indexes of the columnar store.
 * @module
 */
export { ElementIndex, tokenize, isRangePredicate } from './element-index.js';
