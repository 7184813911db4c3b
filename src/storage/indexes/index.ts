/**
 * Property indexes of the columnar store.
 * @module
 */
export { ElementIndex, tokenize } from './element-index.js';
