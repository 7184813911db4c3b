/**
 * Property indexes of the columnar store.
 * @module
 */
export { ElementIndex, tokenize } from './element-index.js';
export { noIndexError } from './no-index.js';
