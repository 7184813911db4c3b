/**
 * Bytecode → plan: source instructions become settings, step instructions become validated
 * step nodes, `as()` labels the previous step and modulators (`by`, `option`, `times`...) are
 * folded into the step they modulate. Strategies then rewrite the plan.
 * @module
 */
import { Bytecode, StrategySpec } from '../bytecode.js';
import type { Argument, Instruction } from '../bytecode.js';
import { PlanError, UnsupportedError } from '../../errors.js';
import { Plan, EMPTY_SETTINGS } from '../plan/plan.js';
import type { PlanStep, SackSpec, SourceSettings } from '../plan/plan.js';
import { STEPS } from '../steps/step-registry.js';
import type { StepDef, CompileContext, Modulation } from '../steps/step-def.js';
import type { StepKind } from '../plan/kinds.js';
import { describeArg, strings, toJsNumber } from '../steps/args.js';
import { applyStrategies, checkStrategyName, verifyPlan } from '../strategies/index.js';
import { foldProperty, foldTarget, foldTokens } from '../steps/side-effect/fold-properties.js';
import { EnumValue, VariableRef, VertexRef } from '../bytecode.js';
import { Vertex } from '../elements.js';
import { checkQueryLimits } from './limits.js';
import type { TraversalFilterParams } from '../plan/params/filter.js';

const BY_OP = new Map<string, StepKind>();
for (const def of Object.values(STEPS)) for (const op of def.ops) BY_OP.set(op, def.kind);

const MODULATORS = new Set(['by', 'option', 'from', 'to', 'with', 'times', 'until', 'emit', 'read', 'write']);
/** Modulators that may come before the repeat() they modulate. */
const PRE_REPEAT = new Set(['times', 'until', 'emit']);

/**
 * Options of {@link compile}.
 */
export interface CompileOptions {
  /** Set false to skip every optimisation strategy (results must not change); semantic ones such as PathRetractionStrategy still apply. */
  readonly strategies?: boolean;
}

/**
 * Compiles bytecode into an optimised plan. Unknown steps and wrong overloads throw PlanError.
 */
export function compile(bytecode: Bytecode, options: CompileOptions = {}): Plan {
  checkQueryLimits(bytecode);
  const settings = compileSource(bytecode.source);
  const connective = !settings.without.includes('ConnectiveStrategy');
  const plan = new Plan(compileSteps(bytecode.steps, true, { productive: productiveBy(settings), connective }), settings);
  // Verification sees the steps as written, before optimisation rewrites them.
  verifyPlan(plan);
  return applyStrategies(plan, { optimise: options.strategies !== false });
}

/**
 * Compiles an anonymous traversal (no strategies; the root's strategies reach into children).
 */
export function compileChild(bytecode: Bytecode, options: { readonly productive?: boolean; readonly connective?: boolean } = {}): Plan {
  if (bytecode.source.length > 0) throw new PlanError('STEP_ARGUMENTS', 'Invalid child traversal: it cannot have source instructions');
  const flags = { productive: options.productive === true, connective: options.connective !== false };
  return new Plan(compileSteps(bytecode.steps, false, flags));
}

/** Compile-time switches set by source strategies: ProductiveByStrategy, and ConnectiveStrategy (on unless removed). */
interface CompileFlags {
  readonly productive: boolean;
  readonly connective: boolean;
}

/** True when ProductiveByStrategy is on: by() modulators then yield null instead of filtering. */
function productiveBy(settings: SourceSettings): boolean {
  return settings.strategies.some((s) => s.name === 'ProductiveByStrategy') && !settings.without.includes('ProductiveByStrategy');
}

function childContext(atStart: boolean, flags: CompileFlags): CompileContext {
  return {
    atStart,
    productive: flags.productive,
    child(arg: Argument, options?: { readonly start?: boolean }): Plan {
      if (!(arg instanceof Bytecode)) throw new PlanError('STEP_ARGUMENTS', `Expected a traversal but got ${describeArg(arg)}`);
      if (options?.start !== true) return compileChild(arg, flags);
      if (arg.source.length > 0) throw new PlanError('STEP_ARGUMENTS', 'Invalid child traversal: it cannot have source instructions');
      return new Plan(compileSteps(arg.steps, true, flags));
    },
  };
}

function compileSteps(instructions: readonly Instruction[], root: boolean, flags: CompileFlags): PlanStep[] {
  const steps: PlanStep[] = [];
  let pending: Instruction[] = [];
  for (const raw of instructions) {
    const ins: Instruction = directionStep({ op: raw.op, args: raw.args.map(resolveArgument) });
    const cc = childContext(root && steps.length === 0, flags);
    if (ins.op === 'as') {
      const last = steps[steps.length - 1];
      if (last === undefined) steps.push({ kind: 'identity', labels: strings(ins), params: {} });
      else steps[steps.length - 1] = { ...last, labels: [...last.labels, ...strings(ins)] };
      continue;
    }
    const last = steps[steps.length - 1];
    if (MODULATORS.has(ins.op)) {
      if (PRE_REPEAT.has(ins.op) && (last === undefined || last.kind !== 'repeat')) {
        pending.push(ins);
        continue;
      }
      if (last === undefined) throw new PlanError('STEP_ARGUMENTS', `Invalid ${ins.op}(): it must follow a step`);
      const at = modulated(steps, ins.op);
      steps[at] = modulateStep(steps[at] as PlanStep, { ...ins, before: false }, cc);
      continue;
    }
    const kind = BY_OP.get(ins.op);
    if (kind === undefined) throw new PlanError('UNKNOWN_STEP', `Unknown step: ${ins.op}()`);
    if (pending.length > 0 && kind !== 'repeat') {
      throw new PlanError('UNSUPPORTED_MODULATOR', `Invalid ${pending[0]?.op ?? ''}(): it must modulate a repeat() step`);
    }
    let made = pending.reduce((s, pre) => modulateStep(s, { ...pre, before: true }, cc), newStep(kind, ins, cc));
    pending = [];
    if (made.kind === 'property') {
      const writes = foldTokens(steps, made.params);
      if (writes.length === 0) continue;
      made = { ...made, params: { ...made.params, writes } };
      const at = foldTarget(steps);
      const folded = at < 0 ? undefined : foldProperty(steps[at] as PlanStep, made.params);
      if (folded !== undefined) {
        steps[at] = folded;
        continue;
      }
    }
    steps.push(made);
  }
  if (pending.length > 0) {
    throw new PlanError('REPEAT_UNDEFINED', 'The repeat()-traversal was not defined');
  }
  return flags.connective ? connectives(steps, root) : steps;
}

/** Prefixes of the vertex steps that `to(Direction, ...)`, `toE(Direction, ...)` and `toV(Direction)` stand for. */
const DIRECTION_STEPS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  to: { OUT: 'out', IN: 'in', BOTH: 'both' },
  toE: { OUT: 'outE', IN: 'inE', BOTH: 'bothE' },
  toV: { OUT: 'outV', IN: 'inV', BOTH: 'bothV' },
};

/**
 * `to(Direction, labels...)`, `toE(Direction, labels...)` and `toV(Direction)` as the vertex
 * step they name (out(), inE(), bothV()...); `to()` with anything else stays the modulator.
 */
function directionStep(ins: Instruction): Instruction {
  const [direction, ...rest] = ins.args;
  const op = DIRECTION_STEPS[ins.op]?.[direction instanceof EnumValue && direction.type === 'Direction' ? direction.name : ''];
  return op === undefined ? ins : { op, args: rest };
}

/** A new step of `kind` compiled from its instruction. */
function newStep<K extends StepKind>(kind: K, ins: Instruction, cc: CompileContext): PlanStep<K> {
  return { kind, labels: [], params: STEPS[kind].compile(ins, cc) };
}

/** The step with a modulator applied; PlanError when its kind takes no modulator. */
function modulateStep<K extends StepKind>(step: PlanStep<K>, modulation: Modulation, cc: CompileContext): PlanStep<K> {
  const def: StepDef<K> = STEPS[step.kind];
  if (def.modulate === undefined) {
    throw new PlanError('UNSUPPORTED_MODULATOR', `The ${step.kind}() step does not accept ${modulation.op}()`);
  }
  return { ...step, params: def.modulate(step.params, modulation, cc) };
}

/**
 * Index of the step a modulator applies to: the last step, or, for from()/to()/with() after
 * property() steps, the addE()/addV() those property() steps follow (TinkerPop folds them in).
 */
function modulated(steps: readonly PlanStep[], op: string): number {
  let i = steps.length - 1;
  if (op === 'from' || op === 'to' || op === 'with') {
    while (i > 0 && steps[i]?.kind === 'property') i--;
    const k = steps[i]?.kind;
    if (k !== 'addE' && k !== 'addV') i = steps.length - 1;
  }
  return i;
}

/**
 * Rewrites infix connectives (`a.and().b`, `a.or().b`) into and(a, b) / or(a, b); and binds
 * tighter than or. The spawn step of a root traversal stays in front. Labels on the connective
 * (`a.and().as('x').b`) start its right-hand traversal, as ConnectiveStrategy moves them.
 */
function connectives(steps: PlanStep[], root: boolean): PlanStep[] {
  const isInfix = (s: PlanStep, mode: string): boolean =>
    s.kind === 'filter' && s.params.mode === mode && s.params.plans.length === 0;
  if (!steps.some((s) => isInfix(s, 'and') || isInfix(s, 'or'))) return steps;
  const head = root && steps.length > 0 ? [steps[0] as PlanStep] : [];
  const body = steps.slice(head.length);
  const group = (list: PlanStep[], mode: 'and' | 'or', inner: (l: PlanStep[]) => PlanStep[]): PlanStep[] => {
    const parts: PlanStep[][] = [[]];
    for (const s of list) {
      if (isInfix(s, mode)) parts.push(s.labels.length > 0 ? [{ kind: 'identity', labels: s.labels, params: {} }] : []);
      else (parts[parts.length - 1] as PlanStep[]).push(s);
    }
    if (parts.length === 1) return inner(list);
    const plans = parts.map((part) => new Plan(inner(part)));
    return [{ kind: 'filter', labels: [], params: { mode, plans } satisfies TraversalFilterParams<Plan> }];
  };
  return [...head, ...group(body, 'or', (l) => group(l, 'and', (x) => x))];
}

function compileSource(instructions: readonly Instruction[]): SourceSettings {
  if (instructions.length === 0) return EMPTY_SETTINGS;
  const sideEffects = new Map<string, unknown>();
  const reducers = new Map<string, string>();
  const opts = new Map<string, unknown>();
  const strategies: { name: string; config: ReadonlyMap<string, unknown> }[] = [];
  const without: string[] = [];
  let sack: SackSpec | undefined;
  let oneBulk = false;
  let withPath = false;
  let timeoutMs: number | undefined;
  for (const ins of instructions) {
    const [a, b, c] = ins.args;
    switch (ins.op) {
      case 'withSideEffect':
        if (typeof a !== 'string') throw new PlanError('STEP_ARGUMENTS', 'Invalid withSideEffect(): the key must be a string');
        sideEffects.set(a, b instanceof Bytecode ? compileChild(b) : b);
        if (c !== undefined) reducers.set(a, operatorName(c, 'withSideEffect'));
        break;
      case 'withSack':
        sack = { initial: a instanceof Bytecode ? compileChild(a) : a, merge: sackMerge(c ?? b) };
        break;
      case 'with':
        if (typeof a !== 'string') throw new PlanError('STEP_ARGUMENTS', 'Invalid with(): the key must be a string');
        opts.set(a, ins.args.length > 1 ? b : true);
        if (TIMEOUT_KEYS.has(a)) timeoutMs = timeoutOption(a, b);
        break;
      case 'withStrategies':
        for (const s of ins.args) {
          if (!(s instanceof StrategySpec)) throw new PlanError('STEP_ARGUMENTS', `Invalid withStrategies(): ${describeArg(s)} is not a strategy`);
          checkStrategyName(s.name, 'withStrategies');
          strategies.push({ name: s.name, config: s.name === 'SubgraphStrategy' ? withChildPlans(s.config) : s.config });
        }
        break;
      case 'withoutStrategies':
        for (const s of ins.args) {
          const name = s instanceof StrategySpec ? s.name : String(s);
          checkStrategyName(name, 'withoutStrategies');
          without.push(name);
        }
        break;
      case 'withBulk':
        oneBulk = a === false;
        break;
      case 'withPath':
        withPath = true;
        break;
      default:
        throw new UnsupportedError('UNSUPPORTED_SOURCE', `Unsupported traversal source step: ${ins.op}()`);
    }
  }
  return { sideEffects, reducers, sack, oneBulk, withPath, options: opts, strategies, without, ...(timeoutMs === undefined || timeoutMs === 0 ? {} : { timeoutMs }) };
}

/** The request options of TinkerPop's Tokens that set a traversal's time limit. */
const TIMEOUT_KEYS: ReadonlySet<string> = new Set(['evaluationTimeout', 'scriptEvaluationTimeout']);

/** A time limit in milliseconds from `with(key, value)`: a whole number from 0 (no limit of its own) up. */
function timeoutOption(key: string, value: unknown): number {
  const ms = toJsNumber(value);
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0) {
    throw new PlanError('STEP_ARGUMENTS', `Invalid with('${key}'): the time limit must be a whole number of milliseconds from 0, not ${describeArg(value)}`);
  }
  return ms;
}

/**
 * A strategy's configuration with its traversals compiled, as withSideEffect() and withSack()
 * keep theirs: SubgraphStrategy's filters run for every element a query reads, and are compiled
 * once here rather than each time the plan runs.
 */
function withChildPlans(config: ReadonlyMap<string, unknown>): ReadonlyMap<string, unknown> {
  return new Map([...config].map(([key, value]) => [key, value instanceof Bytecode ? compileChild(value) : value]));
}

function operatorName(arg: Argument, step: string): string {
  const name = sackMerge(arg);
  if (name === undefined) throw new PlanError('STEP_ARGUMENTS', `Invalid ${step}(): ${describeArg(arg)} is not an Operator`);
  return name;
}

function sackMerge(arg: Argument | undefined): string | undefined {
  if (arg === undefined) return undefined;
  if (arg !== null && typeof arg === 'object' && 'type' in arg && 'name' in arg && arg.type === 'Operator') return String(arg.name);
  return undefined;
}

/**
 * Replaces engine argument objects: a VertexRef becomes a Vertex (resolved by id at run time);
 * an unbound VariableRef is an error.
 */
function resolveArgument(a: Argument): Argument {
  if (a instanceof VertexRef) return new Vertex(a.id, a.label, -1) as unknown as Argument;
  if (a instanceof VariableRef) throw new PlanError('UNKNOWN_VARIABLE', `Unknown variable '${a.name}'`, { details: { name: a.name } });
  if (Array.isArray(a)) return (a as readonly Argument[]).map(resolveArgument);
  return a;
}
