/**
 * Pure functions behind TinkerPop's string, list, date, cast and math steps.
 * @module
 */
export { length, toLower, toUpper, trim, lTrim, rTrim, concat, asString, replace, split, substring, formatString, reverse, type ScopeOptions } from './strings.js';
export { conjoin, combine, difference, disjunct, intersect, merge, product, javaClassName, type ListArgumentOptions } from './lists.js';
export { asBool, asNumber } from './casts.js';
export { asDate, dateAdd, dateDiff, parseDatetime, type DateUnit } from './dates.js';
export { parseMath, evaluateMath } from './math.js';
