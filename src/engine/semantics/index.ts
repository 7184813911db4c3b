/**
 * Java-faithful value semantics of Gremlin: types, equality, comparability, orderability,
 * hash keys, arithmetic, reducers and conversions; HugeGraph's predicate text.
 * @module
 */
export { VALUE_KEY, valueKey } from './value-key.js';
export { formatValue } from './format.js';
export { Decimal, parseDecimal, decimalAdd, decimalSub, decimalMul, decimalDiv, decimalCompare, roundHalfUp } from './decimal.js';
export {
  numberKind,
  isNumber,
  commonKind,
  makeNumber,
  toDouble,
  toBigInt,
  toDecimal,
  isNaNNumber,
  compareNumbers,
  INTEGER_RANGES,
  type NumberKind,
  type GremlinNumber,
} from './numbers.js';
export { add, sub, mul, div, mod, neg, numberMin, numberMax } from './arithmetic.js';
export { typeOfValue, isOfType, bulkSet, isBulkSet } from './gtypes.js';
export { isEqual, compare, orderCompare, testCompare } from './compare.js';
export { sumOf, meanOf, minOf, maxOf } from './reduce.js';
export { toJs, fromJs } from './convert.js';
export { parsePredicateText, propertyCondition, type FilterKey } from './predicate-text.js';
export type { KeyDataType } from './predicate-values.js';
