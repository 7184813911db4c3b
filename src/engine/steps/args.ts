/**
 * Argument checks shared by the step compilers. Each failure is a PlanError naming the step.
 * @module
 */
import { Bytecode, EnumValue, Predicate } from '../bytecode.js';
import type { Argument, Instruction } from '../bytecode.js';
import { PlanError } from '../../errors.js';
import { Plan } from '../plan/plan.js';
import type { ParamsOf, PlanStep } from '../plan/plan.js';
import type { StepKind } from '../plan/kinds.js';
import type { CompileContext } from './step-def.js';

/**
 * A PlanError for a step called with arguments it does not accept.
 */
export function badArguments(ins: Instruction, detail: string): PlanError {
  return new PlanError('STEP_ARGUMENTS', `Invalid arguments for ${ins.op}(): ${detail}`);
}

/**
 * The `[key, value]` of a with(key) or with(key, value) modulator (a bare key is `true`); any
 * other modulator of `step` is a PlanError UNSUPPORTED_MODULATOR.
 */
export function withOption(ins: Instruction, step: string): readonly [string, unknown] {
  if (ins.op !== 'with') throw new PlanError('UNSUPPORTED_MODULATOR', `The ${step}() step does not accept ${ins.op}()`);
  const [k, v] = ins.args;
  if (typeof k !== 'string' || ins.args.length > 2) throw badArguments(ins, 'expected with(key) or with(key, value)');
  return [k, ins.args.length === 1 ? true : v];
}

/**
 * True when `a` is the enum constant `type.name` (any name when omitted).
 */
export function isEnum(a: unknown, type: string, name?: string): a is EnumValue {
  return a instanceof EnumValue && a.type === type && (name === undefined || a.name === name);
}

/**
 * All arguments as strings, or a PlanError.
 */
export function strings(ins: Instruction, from = 0): string[] {
  const out: string[] = [];
  for (const a of flattenArgs(ins.args.slice(from))) {
    if (typeof a !== 'string') throw badArguments(ins, `expected strings but got ${describeArg(a)}`);
    out.push(a);
  }
  return out;
}

/**
 * Arguments with nested arrays (varargs passed as one list) flattened one level.
 */
export function flattenArgs(args: readonly Argument[]): Argument[] {
  const out: Argument[] = [];
  for (const a of args) {
    if (Array.isArray(a)) out.push(...(a as readonly Argument[]));
    else out.push(a);
  }
  return out;
}

/**
 * An integer argument (plain or long), or a PlanError.
 */
function integer(ins: Instruction, index: number): number {
  const a = ins.args[index];
  const n = toJsNumber(a);
  if (n === undefined || !Number.isInteger(n)) throw badArguments(ins, `argument ${index + 1} must be an integer`);
  return n;
}

/**
 * A numeric argument as a JS number, or undefined.
 */
export function toJsNumber(a: unknown): number | undefined {
  if (typeof a === 'number') return a;
  if (typeof a === 'bigint') return Number(a);
  if (a !== null && typeof a === 'object' && 'toNumber' in a && typeof a.toNumber === 'function') {
    const v: unknown = (a as { toNumber(): unknown }).toNumber();
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

/**
 * A plan node built in code (used by strategies and by-modulator shorthands).
 */
export function stepNode<K extends StepKind>(kind: K, params: ParamsOf<K>, labels: readonly string[] = []): PlanStep<K> {
  return { kind, labels, params };
}

/**
 * Compiles a `by()` modulator argument into a child plan: nothing is identity, a string is a
 * property value, `T.*` is a token, a traversal is itself, `Column.*` selects keys or values.
 */
export function byPlan(arg: Argument | undefined, cc: CompileContext, ins: Instruction): Plan {
  const plan = byChild(arg, cc, ins);
  return cc.productive === true ? productive(plan) : plan;
}

function byChild(arg: Argument | undefined, cc: CompileContext, ins: Instruction): Plan {
  if (arg === undefined) return new Plan([]);
  if (typeof arg === 'string') return new Plan([stepNode('properties', { keys: [arg], values: true })]);
  if (arg instanceof Bytecode) return cc.child(arg);
  if (isEnum(arg, 'T')) return new Plan([tokenStep(arg.name, ins)]);
  if (isEnum(arg, 'Column')) return new Plan([stepNode('selectColumn', { column: arg.name })]);
  throw badArguments(ins, `by() cannot take ${describeArg(arg)}`);
}

/** Reducing steps always yield one value, so ProductiveByStrategy leaves them alone. */
const ALWAYS_PRODUCTIVE = new Set<StepKind>(['count', 'fold', 'reduce', 'group', 'identity', 'constant', 'id', 'label']);

/** ProductiveByStrategy's rewrite: `t` becomes `coalesce(t, constant(null))`. */
function productive(plan: Plan): Plan {
  const last = plan.steps[plan.steps.length - 1];
  if (last === undefined || ALWAYS_PRODUCTIVE.has(last.kind)) return plan;
  return new Plan([stepNode('coalesce', { plans: [plan, new Plan([stepNode('constant', { value: null })])] })]);
}

/**
 * The step that reads a T token (`id`, `label`, `key`, `value`).
 */
function tokenStep(name: string, ins: Instruction): PlanStep {
  if (name === 'id' || name === 'label' || name === 'key' || name === 'value') return stepNode(name, {});
  throw badArguments(ins, `unknown token T.${name}`);
}

/**
 * Short text for an argument in messages and explain().
 */
export function describeArg(a: unknown): string {
  if (a === null) return 'null';
  if (a === undefined) return 'nothing';
  if (typeof a === 'string') return `'${a}'`;
  if (a instanceof EnumValue) return a.toString();
  if (a instanceof Predicate) return `${a.family === 'P' ? '' : 'TextP.'}${a.op}(${a.args.map(describeArg).join(', ')})`;
  if (a instanceof Bytecode) return '__.' + a.steps.map((s) => `${s.op}(${s.args.map(describeArg).join(',')})`).join('.');
  if (Array.isArray(a)) return `[${a.map(describeArg).join(', ')}]`;
  if (a instanceof Map) return `[${[...a].map(([k, v]) => `${describeArg(k)}:${describeArg(v)}`).join(', ')}]`;
  try {
    return String(a);
  } catch {
    return 'an object without a text form';
  }
}
