/**
 * Evaluation of P and TextP predicates with Gremlin semantics (numbers compare across types,
 * incomparable values fail the test, text predicates only hold for strings), and their index
 * form for GraphSource.lookup.
 * @module
 */
import { Predicate } from '../bytecode.js';
import { PlanError } from '../../errors.js';
import { isEqual, isOfType, testCompare } from '../semantics/index.js';
import { EnumValue } from '../bytecode.js';
import { compileRegex, type LinearRegex, type PropertyValue } from '../../values/index.js';
import type { IndexPredicate } from '../../port/index.js';

/**
 * A compiled test.
 */
export type Test = (value: unknown) => boolean;

const cache = new WeakMap<Predicate, Test>();

/**
 * A test for a predicate, or for equality when given a plain value.
 */
export function predicateTest(p: unknown): Test {
  if (!(p instanceof Predicate)) return (v) => isEqual(v, p);
  let t = cache.get(p);
  if (t === undefined) {
    t = build(p);
    cache.set(p, t);
  }
  return t;
}

function operands(p: Predicate): unknown[] {
  const out: unknown[] = [];
  for (const a of p.args) {
    if (Array.isArray(a)) out.push(...(a as unknown[]));
    else if (a instanceof Set) out.push(...(a as Set<unknown>));
    else out.push(a);
  }
  return out;
}

function text(p: Predicate, f: (s: string, arg: string) => boolean): Test {
  const arg = p.args[0];
  if (typeof arg !== 'string') throw new PlanError('PREDICATE_ARGUMENTS', `Invalid TextP.${p.op}(): expected a string argument`);
  return (v) => typeof v === 'string' && f(v, arg);
}

/** TextP.regex() matches like Java's `Matcher.find()`: anywhere in the value, in RE2 syntax. */
function regex(p: Predicate): LinearRegex {
  const arg = p.args[0];
  if (typeof arg !== 'string') throw new PlanError('PREDICATE_ARGUMENTS', `Invalid TextP.${p.op}(): expected a string argument`);
  return compileRegex(arg, { what: `TextP.${p.op}() pattern` });
}

function build(p: Predicate): Test {
  const [a, b] = p.args;
  switch (p.op) {
    case 'eq':
    case 'neq':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const op = p.op;
      return (v) => testCompare(op, v, a);
    }
    case 'between':
      return (v) => testCompare('gte', v, a) && testCompare('lt', v, b);
    case 'inside':
      return (v) => testCompare('gt', v, a) && testCompare('lt', v, b);
    case 'outside':
      return (v) => testCompare('lt', v, a) || testCompare('gt', v, b);
    case 'within': {
      const values = operands(p);
      return (v) => values.some((x) => isEqual(v, x));
    }
    case 'without': {
      const values = operands(p);
      return (v) => !values.some((x) => isEqual(v, x));
    }
    case 'contains':
      // HugeGraph's P.contains: the value, or an element of a list or set value, equals the operand.
      return (v) => (Array.isArray(v) ? (v as unknown[]) : v instanceof Set ? [...(v as Set<unknown>)] : [v]).some((x) => isEqual(x, a));
    case 'not': {
      const inner = predicateTest(a);
      return (v) => !inner(v);
    }
    case 'and': {
      const [x, y] = [predicateTest(a), predicateTest(b)];
      return (v) => x(v) && y(v);
    }
    case 'or': {
      const [x, y] = [predicateTest(a), predicateTest(b)];
      return (v) => x(v) || y(v);
    }
    case 'typeOf': {
      const type = a instanceof EnumValue ? a.name : String(a);
      return (v) => isOfType(v, type);
    }
    case 'containing':
      return text(p, (s, x) => s.includes(x));
    case 'notContaining':
      return text(p, (s, x) => !s.includes(x));
    case 'startingWith':
      return text(p, (s, x) => s.startsWith(x));
    case 'notStartingWith':
      return text(p, (s, x) => !s.startsWith(x));
    case 'endingWith':
      return text(p, (s, x) => s.endsWith(x));
    case 'notEndingWith':
      return text(p, (s, x) => !s.endsWith(x));
    case 'regex': {
      const re = regex(p);
      return (v) => typeof v === 'string' && re.test(v);
    }
    case 'notRegex': {
      const re = regex(p);
      return (v) => typeof v === 'string' && !re.test(v);
    }
    default:
      throw new PlanError('UNKNOWN_PREDICATE', `Unknown predicate: ${p.family}.${p.op}()`);
  }
}

const INDEX_OPS: Readonly<Record<string, IndexPredicate['op']>> = {
  eq: 'eq', neq: 'neq', lt: 'lt', lte: 'lte', gt: 'gt', gte: 'gte', between: 'between', inside: 'inside',
  outside: 'outside', within: 'within', without: 'without', containing: 'textcontains',
  // HugeGraph's P.contains: a secondary index holds each element of a list or set value.
  contains: 'eq',
};

/**
 * The index form of a has() test, or undefined when it has none.
 */
export function indexPredicate(test: unknown): IndexPredicate | undefined {
  if (!(test instanceof Predicate)) return test === undefined ? undefined : { op: 'eq', values: [test as PropertyValue] };
  const op = INDEX_OPS[test.op];
  if (op === undefined || test.args.some((a) => a instanceof Predicate)) return undefined;
  const values = test.args.flatMap((a) => (Array.isArray(a) ? (a as PropertyValue[]) : [a as PropertyValue]));
  return { op, values };
}
