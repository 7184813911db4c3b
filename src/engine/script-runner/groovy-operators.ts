/**
 * Groovy's operators over script values, after the methods Groovy dispatches them to (`plus`,
 * `minus`, `multiply`, `div`, `mod`, `power`, `getAt`, `isCase`, `compareTo`): numbers in
 * Groovy's math, `+` on text concatenates, `+` and `-` on lists and sets add and remove, `+` on
 * maps merges, `*` repeats text and lists. Any other pair of operand types is refused with
 * Groovy's MissingMethodException message; `&&` and `||` are evaluated by the runner.
 * @module
 */
import { ArgumentError, LimitError, UnsupportedError } from '../../errors.js';
import type { BinaryOp, SourcePosition, UnaryOp } from '../script.js';
import {
  groovyAdd,
  groovyDivide,
  groovyMultiply,
  groovyPower,
  groovyRemainder,
  groovySign,
  groovySubtract,
  isGroovyNumber,
  MAX_RESULT_BITS,
} from './groovy-numbers.js';
import { entryOf, groovyCompare, groovyEquals, groovyText, isCase, javaClass, javaEquals, truth } from './groovy-values.js';

function where(position: SourcePosition): string {
  return `at line ${position.line}, column ${position.column}`;
}

/** Groovy's message for an operator method its operand types do not have. */
export function noSignature(target: unknown, method: string, args: readonly unknown[]): ArgumentError {
  const types = args.map(javaClass).join(', ');
  return new ArgumentError('SCRIPT_OPERATOR', `No signature of method: ${javaClass(target)}.${method}() is applicable for argument types: (${types}) values: ${groovyText(args)}`);
}

/** Groovy's NullPointerException for an operation on null. */
export function onNull(what: string, position: SourcePosition): ArgumentError {
  return new ArgumentError('NULL_DEREFERENCE', `Cannot ${what} on null object ${where(position)}`);
}

function collection(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (v instanceof Set) return [...(v as Set<unknown>)];
  return undefined;
}

/** A LinkedHashSet of `items`: the first of items Java's `equals` calls equal. */
function distinct(items: readonly unknown[]): Set<unknown> {
  const out: unknown[] = [];
  for (const item of items) if (!out.some((x) => javaEquals(x, item))) out.push(item);
  return new Set(out);
}

function plus(left: unknown, right: unknown): unknown {
  if (isGroovyNumber(left) && isGroovyNumber(right)) return groovyAdd(left, right);
  if (typeof left === 'string') return left + groovyText(right);
  if ((isGroovyNumber(left) || left === null || left === undefined) && typeof right === 'string') return groovyText(left) + right;
  const more = collection(right);
  if (Array.isArray(left)) return more === undefined ? [...(left as unknown[]), right] : [...(left as unknown[]), ...more];
  if (left instanceof Set) return distinct([...(left as Set<unknown>), ...(more ?? [right])]);
  if (left instanceof Map && right instanceof Map) {
    const merged = new Map(left as Map<unknown, unknown>);
    for (const [k, v] of right as Map<unknown, unknown>) merged.set(entryOf(merged, k)?.[0] ?? k, v);
    return merged;
  }
  throw noSignature(left, 'plus', [right]);
}

function minus(left: unknown, right: unknown): unknown {
  if (isGroovyNumber(left) && isGroovyNumber(right)) return groovySubtract(left, right);
  if (typeof left === 'string') {
    const text = groovyText(right);
    const at = left.indexOf(text);
    return at < 0 ? left : left.slice(0, at) + left.slice(at + text.length);
  }
  const items = collection(left);
  if (items !== undefined) {
    const removed = collection(right) ?? [right];
    const kept = items.filter((item) => !removed.some((r) => groovyEquals(item, r)));
    return left instanceof Set ? new Set(kept) : kept;
  }
  throw noSignature(left, 'minus', [right]);
}

function repeat<T>(times: unknown, size: number, build: (n: number) => T, target: unknown): T {
  const n = typeof times === 'number' && Number.isInteger(times) ? times : undefined;
  if (n === undefined) throw noSignature(target, 'multiply', [times]);
  if (n < 0) throw new ArgumentError('SCRIPT_OPERATOR', `Cannot repeat ${javaClass(target)} a negative number of times: ${n}`);
  if (size * n > MAX_RESULT_BITS) {
    throw new LimitError('SCRIPT_VALUE_TOO_LARGE', `Cannot repeat a value of ${size} items ${n} times: the limit is ${MAX_RESULT_BITS} items`, { details: { limit: MAX_RESULT_BITS } });
  }
  return build(n);
}

function multiply(left: unknown, right: unknown): unknown {
  if (isGroovyNumber(left) && isGroovyNumber(right)) return groovyMultiply(left, right);
  if (typeof left === 'string') return repeat(right, left.length, (n) => left.repeat(n), left);
  if (Array.isArray(left)) return repeat(right, left.length, (n) => Array.from({ length: n }, () => left as unknown[]).flat(), left);
  throw noSignature(left, 'multiply', [right]);
}

function numeric(name: string, operation: (a: never, b: never) => unknown): (left: unknown, right: unknown) => unknown {
  return (left, right) => {
    if (isGroovyNumber(left) && isGroovyNumber(right)) return operation(left as never, right as never);
    throw noSignature(left, name, [right]);
  };
}

const ARITHMETIC: Readonly<Record<'+' | '-' | '*' | '/' | '%' | '**', (left: unknown, right: unknown) => unknown>> = {
  '+': plus,
  '-': minus,
  '*': multiply,
  '/': numeric('div', groovyDivide),
  '%': numeric('mod', groovyRemainder),
  '**': numeric('power', groovyPower),
};

/**
 * `left op right` for every binary operator but `&&` and `||` (which the runner short-cuts).
 *
 * @throws ArgumentError SCRIPT_OPERATOR, SCRIPT_COMPARE, DIVISION_BY_ZERO or NULL_DEREFERENCE, as Groovy fails.
 */
export function binaryOperator(op: Exclude<BinaryOp, '&&' | '||'>, operands: { readonly left: unknown; readonly right: unknown; readonly position: SourcePosition }): unknown {
  const { left, right, position } = operands;
  switch (op) {
    case '==':
      return groovyEquals(left, right);
    case '!=':
      return !groovyEquals(left, right);
    case '<':
      return groovyCompare(left, right) < 0;
    case '<=':
      return groovyCompare(left, right) <= 0;
    case '>':
      return groovyCompare(left, right) > 0;
    case '>=':
      return groovyCompare(left, right) >= 0;
    case '<=>':
      return groovyCompare(left, right);
    case 'in':
      return isCase(right, left);
    default:
      if ((left === null || left === undefined) && !(op === '+' && typeof right === 'string')) {
        throw new ArgumentError('NULL_DEREFERENCE', `Cannot execute null${op}${groovyText(right)} ${where(position)}`);
      }
      return ARITHMETIC[op](left, right);
  }
}

/**
 * `-v`, `+v` or `!v`.
 *
 * @throws ArgumentError SCRIPT_OPERATOR for a sign on anything but a number; NULL_DEREFERENCE on null.
 */
export function unaryOperator(op: UnaryOp, value: unknown, position: SourcePosition): unknown {
  if (op === '!') return !truth(value);
  if (value === null || value === undefined) throw onNull(`invoke method ${op === '-' ? 'negative' : 'positive'}()`, position);
  if (!isGroovyNumber(value)) throw noSignature(value, op === '-' ? 'negative' : 'positive', []);
  return groovySign(value, op === '-');
}

/** An index as a Java int, or undefined when it is not an integral number in int range. */
function intIndex(index: unknown): number | undefined {
  if (!isGroovyNumber(index)) return undefined;
  const n = typeof index === 'number' ? index : index.type === 'long' || index.type === 'short' || index.type === 'byte' ? index.toNumber() : undefined;
  return n !== undefined && Number.isInteger(n) && Math.abs(n) <= 2147483647 ? n : undefined;
}

/**
 * `target[index]` (Groovy's `getAt`): a list item (a negative index counts from the end; past
 * the end is null), a character of text, or a map's value (null when absent).
 *
 * @throws ArgumentError SCRIPT_INDEX for an index out of range or of the wrong type; NULL_DEREFERENCE on null.
 */
export function indexValue(target: unknown, index: unknown, position: SourcePosition): unknown {
  if (target === null || target === undefined) throw onNull('invoke method getAt()', position);
  if (target instanceof Map) return entryOf(target, index)?.[1] ?? null;
  if (!Array.isArray(target) && typeof target !== 'string') throw noSignature(target, 'getAt', [index]);
  const i = intIndex(index);
  if (i === undefined) throw noSignature(target, 'getAt', [index]);
  const size = target.length;
  const at = i < 0 ? i + size : i;
  if (typeof target === 'string') {
    if (at < 0 || at >= size) throw new ArgumentError('SCRIPT_INDEX', `String index out of range: ${i} ${where(position)}`);
    return target.charAt(at);
  }
  if (at < 0) throw new ArgumentError('SCRIPT_INDEX', `Negative array index [${i}] too large for array size ${size} ${where(position)}`);
  return at < size ? (target as unknown[])[at] : null;
}

/**
 * `target.name` (`target?.name` with `safe`): the value a map holds under the name. Only maps
 * have properties in a script.
 *
 * @throws UnsupportedError UNSUPPORTED_PROPERTY for anything but a map; ArgumentError NULL_DEREFERENCE on null.
 */
export function propertyValue(target: unknown, access: { readonly name: string; readonly safe: boolean; readonly position: SourcePosition }): unknown {
  const { name, safe, position } = access;
  if (target === null || target === undefined) {
    if (safe) return null;
    throw onNull(`get property '${name}'`, position);
  }
  if (target instanceof Map) return entryOf(target, name)?.[1] ?? null;
  throw new UnsupportedError(
    'UNSUPPORTED_PROPERTY',
    `Unsupported property access '.${name}' on ${javaClass(target)} ${where(position)}: only maps have properties in a script; call a method instead, such as ${name}()`,
  );
}
