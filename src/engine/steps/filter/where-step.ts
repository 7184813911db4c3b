/**
 * where(): the predicate form compares the current value (or a labelled one) with labelled
 * values, after optional by() projections; the traversal form filters by a child traversal
 * whose leading and trailing as() labels bind to the path.
 * @module
 */
import { Predicate } from '../../bytecode.js';
import type { Argument } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import { Plan } from '../../plan/plan.js';
import { predicateTest } from '../../exec/predicate.js';
import { MISSING, scopeValue } from '../../exec/scope.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import { isEqual } from '../../semantics/index.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';

/**
 * Parameters of where().
 *
 * @example
 * ```ts
 * const p: WhereParams = { form: 'predicate', start: undefined, predicate: new Predicate('P', 'neq', ['a']), by: [] };
 * ```
 */
export type WhereParams =
  | { readonly form: 'predicate'; readonly start: string | undefined; readonly predicate: Predicate; readonly by: readonly Plan[] }
  | { readonly form: 'traversal'; readonly plan: Plan; readonly startLabel: string | undefined; readonly endLabels: readonly string[] };

function project(rt: Runtime, t: Traverser, value: unknown, by: Plan | undefined): unknown {
  if (by === undefined) return value;
  const out = rt.first(by, { ...t, value });
  return out === undefined ? MISSING : out.value;
}

/** Replaces label operands by their (projected) scope values; undefined when one is missing. */
function resolve(rt: Runtime, t: Traverser, p: Predicate, by: Plan | undefined): Predicate | undefined {
  if (p.op === 'and' || p.op === 'or' || p.op === 'not') {
    const args: Argument[] = [];
    for (const a of p.args) {
      const r = a instanceof Predicate ? resolve(rt, t, a, by) : undefined;
      if (r === undefined) return undefined;
      args.push(r);
    }
    return new Predicate(p.family, p.op, args);
  }
  const args: Argument[] = [];
  for (const a of p.args) {
    if (typeof a !== 'string') {
      args.push(a);
      continue;
    }
    const v = scopeValue(rt, t, a, 'last');
    if (v === MISSING) return undefined;
    const projected = project(rt, t, v, by);
    if (projected === MISSING) return undefined;
    if ((p.op === 'within' || p.op === 'without') && Array.isArray(projected)) args.push(...(projected as Argument[]));
    else args.push(projected as Argument);
  }
  return new Predicate(p.family, p.op, args);
}

function keep(p: WhereParams, t: Traverser, rt: Runtime): boolean {
  if (p.form === 'predicate') {
    const startValue = p.start === undefined ? t.value : scopeValue(rt, t, p.start, 'last');
    if (startValue === MISSING) return false;
    const left = project(rt, t, startValue, p.by[0]);
    if (left === MISSING) return false;
    const resolved = resolve(rt, t, p.predicate, p.by.length > 1 ? p.by[1] : p.by[0]);
    return resolved !== undefined && predicateTest(resolved)(left);
  }
  let start = t;
  if (p.startLabel !== undefined) {
    const v = scopeValue(rt, t, p.startLabel, 'last');
    if (v === MISSING) return false;
    start = { ...t, value: v };
  }
  for (const out of rt.runFrom(p.plan, { ...start, bulk: 1 })) {
    if (p.endLabels.every((l) => isEqual(scopeValue(rt, t, l, 'last'), out.value))) return true;
  }
  return false;
}

function compileTraversal(plan: Plan): WhereParams {
  const steps = [...plan.steps];
  const first = steps[0];
  let startLabel: string | undefined;
  if (first !== undefined && first.labels.length > 0) {
    startLabel = first.labels[0];
    steps[0] = { ...first, labels: first.labels.slice(1) };
  }
  const last = steps[steps.length - 1];
  let endLabels: readonly string[] = [];
  if (last !== undefined && steps.length > 1 && last.labels.length > 0) {
    endLabels = last.labels;
    steps[steps.length - 1] = { ...last, labels: [] };
  }
  return { form: 'traversal', plan: new Plan(steps), startLabel, endLabels };
}

/**
 * The where() step.
 *
 * @example
 * ```ts
 * whereStep.compile({ op: 'where', args: ['a', new Predicate('P', 'eq', ['b'])] }, cc);
 * ```
 */
export const whereStep: StepDef<WhereParams> = {
  kind: 'where',
  category: 'filter',
  ops: ['where'],
  requirements: () => ({ labels: true }),
  compile(ins, cc) {
    const [a, b] = ins.args;
    if (ins.args.length === 1 && a instanceof Predicate) return { form: 'predicate', start: undefined, predicate: a, by: [] };
    if (ins.args.length === 2 && typeof a === 'string' && b instanceof Predicate) return { form: 'predicate', start: a, predicate: b, by: [] };
    if (ins.args.length === 1) return compileTraversal(cc.child(a as Argument));
    throw badArguments(ins, 'expected where(predicate), where(label, predicate) or where(traversal)');
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by' || p.form !== 'predicate') throw new PlanError('UNSUPPORTED_MODULATOR', `The where() step does not accept ${ins.op}()`);
    return { ...p, by: [...p.by, byPlan(ins.args[0], cc, ins)] };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) if (keep(p, t, rt)) yield t;
  },
  describe: (p) => p.form,
};
