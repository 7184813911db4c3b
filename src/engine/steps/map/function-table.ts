/**
 * The string, list, date and cast steps as a table: each entry validates its arguments and
 * applies one pure function from src/engine/functions to the traverser's value.
 * @module
 */
import type { Argument, Instruction } from '../../bytecode.js';
import { EnumValue } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import * as fn from '../../functions/index.js';
import type { DateUnit } from '../../functions/index.js';
import { badArguments, toJsNumber } from '../args.js';

/**
 * One function step: how many arguments it takes and how it maps a value. Arguments that were
 * child traversals arrive already evaluated, with `fromTraversal` set.
 */
interface FunctionSpec {
  /** Accepts a leading Scope argument. */
  readonly scoped: boolean;
  /** Minimum and maximum number of arguments (Infinity for varargs). */
  readonly arity: readonly [number, number];
  apply(value: unknown, args: readonly unknown[], options: { readonly local: boolean; readonly fromTraversal: boolean }): unknown;
}

function str(a: unknown, ins: string): string {
  if (typeof a !== 'string') throw new PlanError('STEP_ARGUMENTS', `Invalid arguments for ${ins}(): expected a string`);
  return a;
}

function num(a: unknown, ins: string): number {
  const n = toJsNumber(a);
  if (n === undefined) throw new PlanError('STEP_ARGUMENTS', `Invalid arguments for ${ins}(): expected a number`);
  return n;
}

const unary = (f: (v: unknown, o: { local?: boolean }) => unknown): FunctionSpec => ({
  scoped: true,
  arity: [0, 0],
  apply: (v, _a, o) => f(v, { local: o.local }),
});

const listOp = (f: (v: unknown, a: unknown, o: fn.ListArgumentOptions) => unknown): FunctionSpec => ({
  scoped: false,
  arity: [1, 1],
  apply: (v, a, o) => f(v, a[0], { fromTraversal: o.fromTraversal }),
});

/**
 * Function steps by name.
 */
export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  length: unary(fn.length),
  toLower: unary(fn.toLower),
  toUpper: unary(fn.toUpper),
  trim: unary(fn.trim),
  lTrim: unary(fn.lTrim),
  rTrim: unary(fn.rTrim),
  asString: unary(fn.asString),
  reverse: { scoped: false, arity: [0, 0], apply: (v) => fn.reverse(v) },
  concat: { scoped: false, arity: [0, Infinity], apply: (v, a) => fn.concat(v, a) },
  replace: {
    scoped: true,
    arity: [2, 2],
    apply: (v, a, o) => {
      const options = { search: a[0] as string | null, replacement: a[1] as string | null };
      if (o.local && Array.isArray(v)) return (v as unknown[]).map((x) => fn.replace(x, options));
      return fn.replace(v, options);
    },
  },
  split: {
    scoped: true,
    arity: [1, 1],
    apply: (v, a, o) => {
      const sep = a[0] === null ? null : str(a[0], 'split');
      if (o.local && Array.isArray(v)) return (v as unknown[]).map((x) => fn.split(x, sep));
      return fn.split(v, sep);
    },
  },
  substring: {
    scoped: true,
    arity: [1, 2],
    apply: (v, a, o) => {
      const options = { start: num(a[0], 'substring'), end: a[1] === undefined ? undefined : num(a[1], 'substring') };
      if (o.local && Array.isArray(v)) return (v as unknown[]).map((x) => fn.substring(x, options));
      return fn.substring(v, options);
    },
  },
  conjoin: { scoped: false, arity: [1, 1], apply: (v, a) => fn.conjoin(v, str(a[0], 'conjoin')) },
  combine: listOp(fn.combine),
  difference: listOp(fn.difference),
  disjunct: listOp(fn.disjunct),
  intersect: listOp(fn.intersect),
  merge: listOp(fn.merge),
  product: listOp(fn.product),
  asBool: { scoped: false, arity: [0, 0], apply: (v) => fn.asBool(v) },
  asNumber: {
    scoped: false,
    arity: [0, 1],
    apply: (v, a) => fn.asNumber(v, a[0] instanceof EnumValue ? a[0].name : (a[0] as string | undefined)),
  },
  asDate: { scoped: false, arity: [0, 0], apply: (v) => fn.asDate(v) },
  dateAdd: {
    scoped: false,
    arity: [2, 2],
    apply: (v, a) => {
      const unit = a[0] instanceof EnumValue ? a[0].name : str(a[0], 'dateAdd');
      return fn.dateAdd(v, { unit: unit as DateUnit, amount: num(a[1], 'dateAdd') });
    },
  },
  dateDiff: { scoped: false, arity: [1, 1], apply: (v, a) => fn.dateDiff(v, a[0]) },
};

/**
 * Checks the argument count of a function step.
 */
export function checkArity(ins: Instruction, spec: FunctionSpec, args: readonly Argument[]): void {
  const [min, max] = spec.arity;
  if (args.length < min || args.length > max) throw badArguments(ins, `expected ${min === max ? min : `${min} to ${max}`} arguments`);
}
