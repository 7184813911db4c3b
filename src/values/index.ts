/**
 * The value layer: the value model (numbers with a Java type, UUIDs, element ids, property
 * values), linear-time regular expressions and the one text of dates, shared by the engine and
 * storage. A leaf: it imports only errors.ts and packages, so a worker that loads storage does
 * not load the engine.
 * @module
 */
export * from './values.js';
export { compileRegex, type LinearRegex, type RegexOptions } from './regex.js';
export { formatDate, type DateStyle } from './date-text.js';
