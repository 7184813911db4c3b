/**
 * HugeGraph's predicate text, `"P.gt(29)"`, as the engine's predicate: the one parser of it, for
 * the REST vertex and edge lists, the traversers' property filters and access-control targets.
 * The syntax, and where it is stricter than HugeGraph, is in docs/rest.md ("Property filters").
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { PropertyValue } from '../../values/index.js';
import { Predicate } from '../bytecode.js';
import { keyValue, scanValues } from './predicate-values.js';
import type { KeyDataType, Literal } from './predicate-values.js';

/**
 * The property key a filter value is compared with: its name, and its data type when the schema
 * holds the key (values are converted to it); without one, values are kept as written.
 *
 * @example
 * ```ts
 * const age: FilterKey = { name: 'age', dataType: 'INT' };
 * ```
 */
export interface FilterKey {
  readonly name: string;
  readonly dataType?: KeyDataType;
}

/** How many values an operator takes: one, two, or one or more. */
type Arity = 1 | 2 | 'some';

/** HugeGraph's operators (TraversalUtil.parsePredicate), written in lower case only. */
const OPERATORS: ReadonlyMap<string, Arity> = new Map<string, Arity>([
  ['eq', 1], ['neq', 1], ['lt', 1], ['lte', 1], ['gt', 1], ['gte', 1],
  ['between', 2], ['inside', 2], ['outside', 2],
  ['within', 'some'], ['textcontains', 1], ['contains', 1],
]);

const SHAPE = /^P\.([A-Za-z]+)\(([\s\S]*)\)$/;

/** Text quoted in a message, cut short when long. */
function quoted(text: string): string {
  return `'${text.length > 100 ? `${text.slice(0, 100)}...` : text}'`;
}

/** A value shown in a message: text in double quotes, anything else as JSON writes it. */
function shown(value: unknown): string {
  if (typeof value === 'bigint') return String(value);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  text ??= String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

function typeName(key: FilterKey): string {
  return key.dataType === undefined || key.dataType === 'OBJECT' ? 'a property value' : `a value of type ${key.dataType}`;
}

/**
 * Reads a predicate text: `P.` then one of HugeGraph's operators in lower case (eq, neq, lt,
 * lte, gt, gte, between, inside, outside, within, textcontains, contains) and its values in
 * parentheses, written as JSON values separated by commas (text in double quotes). Each value
 * is converted to the key's data type; `P.within([1,2])` is `P.within(1,2)`. `textcontains`
 * becomes `TextP.containing`; `contains` holds when the value, or an element of a list or set
 * value, equals its operand.
 *
 * Throws ArgumentError `PREDICATE_TEXT` (not that shape, or values that are not JSON),
 * `PREDICATE_OPERATOR` (another operator), `PREDICATE_ARITY` (the wrong number of values) or
 * `PREDICATE_VALUE` (a value that does not convert to the key's type).
 *
 * @example
 * ```ts
 * parsePredicateText('P.between(20, 30)', { name: 'age', dataType: 'INT' }); // Predicate P.between(20, 30)
 * parsePredicateText('P.within("Beijing", "Hong Kong, China")', { name: 'city', dataType: 'TEXT' });
 * ```
 */
export function parsePredicateText(text: string, key: FilterKey): Predicate {
  const where = `Invalid predicate ${quoted(text)} for property '${key.name}'`;
  const m = SHAPE.exec(text);
  if (m === null) throw new ArgumentError('PREDICATE_TEXT', `${where}: expected P.<operator>(<values>)`);
  const op = m[1] ?? '';
  const arity = OPERATORS.get(op);
  if (arity === undefined) {
    const hint = OPERATORS.has(op.toLowerCase()) ? `; operators are written in lower case: P.${op.toLowerCase()}` : '';
    throw new ArgumentError('PREDICATE_OPERATOR', `${where}: unknown operator '${op}', expected one of ${[...OPERATORS.keys()].join(', ')}${hint}`);
  }
  const written = scanValues(m[2] ?? '', (detail) => {
    throw new ArgumentError('PREDICATE_TEXT', `${where}: ${detail}`);
  });
  const only = written[0];
  const values: readonly Literal[] = arity === 'some' && written.length === 1 && Array.isArray(only) ? only : written;
  if (arity === 'some' ? values.length === 0 : values.length !== arity) {
    const wanted = arity === 'some' ? 'at least one value' : arity === 1 ? 'one value' : 'two values';
    throw new ArgumentError('PREDICATE_ARITY', `${where}: P.${op} takes ${wanted} but got ${values.length}`);
  }
  const converted = values.map((v) => {
    const value = keyValue(v, key.dataType);
    if (value === undefined) throw new ArgumentError('PREDICATE_VALUE', `${where}: ${shown(v)} is not ${typeName(key)}`);
    return value;
  });
  if (op !== 'textcontains') return new Predicate('P', op, converted);
  const [word] = converted;
  if (typeof word !== 'string') throw new ArgumentError('PREDICATE_VALUE', `${where}: P.textcontains takes text but got ${shown(word)}`);
  return new Predicate('TextP', 'containing', [word]);
}

/**
 * One property filter value as a condition of an element query or a traverser: a text starting
 * with `P.` is a predicate ({@link parsePredicateText}), unless `keepStartP` (HugeGraph's
 * `keep_start_p=true`) makes it an exact value; a predicate object is kept as it is; any other
 * value means equality and is converted to the key's data type (a list element by element).
 * A value that does not convert is ArgumentError `PREDICATE_VALUE`.
 *
 * @example
 * ```ts
 * propertyCondition('P.gt(29)', { name: 'age', dataType: 'INT' }); // Predicate P.gt(29)
 * propertyCondition(29, { name: 'age', dataType: 'INT' });         // 29
 * propertyCondition('P.gt(29)', { name: 'note', dataType: 'TEXT' }, { keepStartP: true }); // 'P.gt(29)'
 * ```
 */
export function propertyCondition(value: unknown, key: FilterKey, options: { readonly keepStartP?: boolean } = {}): Predicate | PropertyValue {
  if (typeof value === 'string' && value.startsWith('P.') && options.keepStartP !== true) return parsePredicateText(value, key);
  if (value instanceof Predicate) return value;
  const elementwise = Array.isArray(value) && key.dataType !== undefined && key.dataType !== 'OBJECT';
  const items = elementwise ? (value as readonly unknown[]).map((v) => keyValue(v, key.dataType)) : undefined;
  const converted = items === undefined ? keyValue(value, key.dataType) : items.includes(undefined) ? undefined : (items as PropertyValue[]);
  if (converted === undefined) throw new ArgumentError('PREDICATE_VALUE', `Invalid value ${shown(value)} for property '${key.name}': expected ${typeName(key)}`);
  return converted;
}
