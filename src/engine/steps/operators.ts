/**
 * TinkerPop's Operator enum (sum, minus, mult, div, min, max, assign, and, or, addAll,
 * sumLong) used by fold(seed, op), sack() and withSack().
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { add, div, mul, numberMax, numberMin, sub } from '../semantics/arithmetic.js';
import { TypedNumber } from '../../values/index.js';

/**
 * Applies a named operator to an accumulator and a value.
 */
export function applyOperator(op: string, a: unknown, b: unknown): unknown {
  switch (op) {
    case 'sum':
      return add(a, b);
    case 'sumLong':
      return add(a instanceof TypedNumber ? a : new TypedNumber('long', BigInt(Number(a))), b);
    case 'minus':
      return sub(a, b);
    case 'mult':
      return mul(a, b);
    case 'div':
      return div(a, b);
    case 'min':
      return numberMin(a, b);
    case 'max':
      return numberMax(a, b);
    case 'assign':
      return b;
    case 'and':
      return a === true && b === true;
    case 'or':
      return a === true || b === true;
    case 'addAll':
      return addAll(a, b);
    default:
      throw new ArgumentError('UNKNOWN_OPERATOR', `Unknown operator: Operator.${op}`);
  }
}

function addAll(a: unknown, b: unknown): unknown {
  if (a instanceof Map && b instanceof Map) return new Map([...(a as Map<unknown, unknown>), ...(b as Map<unknown, unknown>)]);
  if (a instanceof Set) return new Set([...(a as Set<unknown>), ...iterable(b)]);
  if (Array.isArray(a)) return [...(a as unknown[]), ...iterable(b)];
  throw new ArgumentError('OPERATOR_TYPE', `Cannot apply Operator.addAll: ${String(a)} is not a collection`);
}

function iterable(v: unknown): unknown[] {
  if (Array.isArray(v)) return v as unknown[];
  if (v instanceof Set) return [...(v as Set<unknown>)];
  return [v];
}
