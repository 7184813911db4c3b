/**
 * Reducers behind sum(), mean(), min() and max(), with TinkerPop's result types: sum keeps
 * the common kind (ints sum to an int, promoted on overflow), mean is a double (a BigDecimal
 * for big kinds), and nulls are skipped.
 * @module
 */
import { add, div, numberExtreme } from './arithmetic.js';
import { compare, orderCompare } from './compare.js';
import { isNaNNumber, isNumber, type GremlinNumber } from './numbers.js';
import { ArgumentError } from '../../errors.js';
import { typeOfValue } from './gtypes.js';

function numbersOf(values: Iterable<unknown>, step: string): GremlinNumber[] {
  const out: GremlinNumber[] = [];
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (!isNumber(v)) throw new ArgumentError('NOT_A_NUMBER', `The ${step}() step can only take numbers: got ${typeOfValue(v)}`);
    out.push(v);
  }
  return out;
}

/**
 * Sum of the numbers, skipping nulls; undefined when there is none.
 */
export function sumOf(values: Iterable<unknown>): GremlinNumber | undefined {
  const numbers = numbersOf(values, 'sum');
  if (numbers.length === 0) return undefined;
  return numbers.slice(1).reduce<GremlinNumber>((acc, n) => add(acc, n), numbers[0] as GremlinNumber);
}

/**
 * Arithmetic mean, skipping nulls: a double for bounded kinds; undefined when there is none.
 */
export function meanOf(values: Iterable<unknown>): GremlinNumber | undefined {
  const numbers = numbersOf(values, 'mean');
  const total = sumOf(numbers);
  if (total === undefined) return undefined;
  return div(total, numbers.length, { floating: true });
}

function extreme(values: Iterable<unknown>, pick: (c: number) => boolean): unknown {
  let best: unknown;
  let found = false;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (!found) {
      best = v;
      found = true;
      continue;
    }
    if (isNumber(v) && isNaNNumber(v)) continue;
    if (isNumber(best) && isNaNNumber(best)) {
      best = v;
      continue;
    }
    if (isNumber(v) && isNumber(best)) {
      best = numberExtreme(v, best, pick);
      continue;
    }
    const c = compare(v, best) ?? orderCompare(v, best);
    if (pick(c)) best = v;
  }
  return found ? best : undefined;
}

/**
 * Smallest value, skipping nulls (and NaN when any other number exists); numbers compare
 * across kinds and the result takes the highest common kind of the numbers compared (3.8's
 * NumberHelper.min); strings compare as strings. Undefined when empty.
 */
export function minOf(values: Iterable<unknown>): unknown {
  return extreme(values, (c) => c < 0);
}

/**
 * Largest value, skipping nulls (and NaN when any other number exists). Undefined when empty.
 */
export function maxOf(values: Iterable<unknown>): unknown {
  return extreme(values, (c) => c > 0);
}
