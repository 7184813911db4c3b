/**
 * Size limits of a query, checked before anything recursive touches it. The parser, the
 * compiler, the strategies and the executor all recurse over nested traversals and values, and
 * the executor pulls through one generator per step, so a query past these limits could
 * overflow the stack. Within them, none does (test/engine/query-limits.test.ts runs queries at
 * each limit). The limits are documented in docs/limits.md.
 * @module
 */
import { ArgumentError, LimitError } from '../../errors.js';
import { Bytecode, CardinalityValue, Predicate, StrategySpec } from '../bytecode.js';

/**
 * The documented limits of a query.
 *
 * @example
 * ```ts
 * declare const text: string;
 * if (text.length > QUERY_LIMITS.maxTextLength) throw new Error('too long');
 * ```
 */
export const QUERY_LIMITS = Object.freeze({
  /** Characters of Gremlin text, string literals included (16 Mi). */
  maxTextLength: 16 * 1024 * 1024,
  /** Nesting of traversals, predicates, lists, maps and sets in one query, and of brackets in text. */
  maxNestingDepth: 100,
  /** Steps of one query, those of every nested traversal included. */
  maxSteps: 1000,
});

/**
 * The error for text longer than {@link QUERY_LIMITS.maxTextLength}.
 */
export function textTooLong(length: number): LimitError {
  return new LimitError(
    'QUERY_TOO_LARGE',
    `Query is too large: ${length} characters, the limit is ${QUERY_LIMITS.maxTextLength}`,
    { details: { length, limit: QUERY_LIMITS.maxTextLength } },
  );
}

/**
 * The error for nesting deeper than {@link QUERY_LIMITS.maxNestingDepth}; `where` says where.
 */
export function tooDeep(where = ''): LimitError {
  const limit = QUERY_LIMITS.maxNestingDepth;
  return new LimitError('QUERY_TOO_DEEP', `Query is nested too deeply: more than ${limit} levels${where}`, { details: { limit } });
}

/** The values nested directly in `a`, or undefined for a leaf. */
function children(a: unknown): Iterable<unknown> | undefined {
  if (a instanceof Bytecode) return [...a.source, ...a.steps].flatMap((i) => i.args);
  if (a instanceof Predicate) return a.args;
  if (a instanceof StrategySpec) return a.config.values();
  if (a instanceof CardinalityValue) return [a.value];
  if (Array.isArray(a) || a instanceof Set) return a as Iterable<unknown>;
  if (a instanceof Map) return [...(a as Map<unknown, unknown>).entries()].flat();
  if (isPlainObject(a)) {
    const descriptors = Object.values(Object.getOwnPropertyDescriptors(a));
    if (descriptors.some((d) => d.get !== undefined || d.set !== undefined)) {
      throw new ArgumentError('INVALID_ARGUMENT', 'Invalid traversal argument: expected plain data but got an object with getters or setters');
    }
    return descriptors.map((d) => d.value as unknown);
  }
  return undefined;
}

function isPlainObject(a: unknown): a is object {
  if (typeof a !== 'object' || a === null) return false;
  const proto: unknown = Object.getPrototypeOf(a);
  return proto === Object.prototype || proto === null;
}

/**
 * Checks a query's bytecode against the nesting and step limits, without recursion, so that a
 * deep or cyclic argument (an array that contains itself) fails here with a LimitError. On the
 * way it refuses invalid Dates (`new Date('garbage')`), which no step could store or compare, and
 * plain objects with getters or setters, which could run code (or throw) while the query runs.
 *
 * @throws LimitError QUERY_TOO_DEEP or QUERY_TOO_LARGE; ArgumentError INVALID_ARGUMENT for an invalid Date.
 */
export function checkQueryLimits(bytecode: Bytecode): void {
  const stack: Array<[unknown, number]> = [[bytecode, 0]];
  let steps = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > QUERY_LIMITS.maxNestingDepth) throw tooDeep();
    if (value instanceof Bytecode) steps += value.steps.length;
    if (steps > QUERY_LIMITS.maxSteps) {
      throw new LimitError('QUERY_TOO_LARGE', `Query is too large: more than ${QUERY_LIMITS.maxSteps} steps`, {
        details: { limit: QUERY_LIMITS.maxSteps },
      });
    }
    if (value instanceof Date && Number.isNaN(value.getTime())) {
      throw new ArgumentError('INVALID_ARGUMENT', 'Invalid traversal argument: expected a valid Date but got an invalid Date (its time is NaN)');
    }
    const nested = children(value);
    if (nested !== undefined) for (const child of nested) stack.push([child, depth + 1]);
  }
}
