/**
 * choose() and branch(): route each traverser to child traversals by a condition or by the
 * value of a choice traversal matched against option() keys (values, predicates, Pick.none,
 * Pick.any, Pick.unproductive).
 * @module
 */
import { Bytecode, Predicate } from '../../bytecode.js';
import type { Argument } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import { Plan } from '../../plan/plan.js';
import { predicateTest } from '../../runtime/predicate.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { CompileContext, StepDef } from '../step-def.js';
import { badArguments, byPlan, isEnum } from '../args.js';
import { runBranches } from './global-children.js';
import type { ChooseOption, ChooseParams } from '../../plan/params/branch.js';

function run(p: ChooseParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.mode === 'ifThen') {
    const test = p.condition instanceof Predicate ? predicateTest(p.condition) : undefined;
    const condition = p.condition;
    const branch = (ok: boolean): readonly Plan[] => [ok ? p.whenTrue : p.whenFalse];
    const route =
      test !== undefined
        ? (t: Traverser) => branch(test(t.value))
        : mayRunLong(condition as Plan)
          ? function* (t: Traverser): Generator<Traverser, readonly Plan[]> {
              return branch(yield* rt.producesPausing(condition as Plan, t));
            }
          : (t: Traverser) => branch(rt.produces(condition as Plan, t));
    return runBranches(input, rt, { plans: [p.whenTrue, p.whenFalse], route });
  }
  const route = mayRunLong(p.choice)
    ? function* (t: Traverser): Generator<Traverser, readonly Plan[] | undefined> {
        return optionsFor(p, yield* rt.firstPausing(p.choice, t), rt);
      }
    : (t: Traverser) => optionsFor(p, rt.first(p.choice, t), rt);
  return runBranches(input, rt, { plans: p.options.map((o) => o.plan), route });
}

/**
 * The option branches a traverser takes, given what its choice traversal yielded (`chosen`),
 * or undefined when it passes through unchanged.
 */
function optionsFor(p: Extract<ChooseParams<Plan>, { mode: 'options' }>, chosen: Traverser | undefined, rt: Runtime): readonly Plan[] | undefined {
  const picks = (name: string): ChooseOption<Plan>[] => p.options.filter((o) => o.pick === name);
  let branches: ChooseOption<Plan>[];
  if (chosen === undefined) {
    branches = picks('unproductive').slice(0, 1);
  } else {
    const matching = p.options.filter((o) => o.pick === undefined && matches(o, chosen, rt));
    branches = p.branchAll ? matching : matching.slice(0, 1);
    if (branches.length === 0) branches = picks('none').slice(0, 1);
    if (p.branchAll) branches = [...branches, ...picks('any')];
  }
  if (branches.length === 0 && !p.branchAll) return undefined;
  return branches.map((b) => b.plan);
}

/** An option key; branch() accepts traversal keys, choose() does not (as in TinkerPop). */
function optionKey(key: Argument, p: ChooseParams<Plan>, cc: CompileContext): { key: unknown; pick: string | undefined } {
  if (isEnum(key, 'Pick')) return { key: undefined, pick: key.name };
  if (key instanceof Bytecode) {
    if (p.mode !== 'options' || !p.branchAll) throw new PlanError('PICK_TOKEN', 'Traversal is not allowed as a Pick token');
    return { key: cc.child(key), pick: undefined };
  }
  return { key, pick: undefined };
}

/** Whether an option key matches the choice: a traversal key when it yields something from the choice, else by predicate or equality. */
function matches(o: ChooseOption<Plan>, chosen: Traverser, rt: Runtime): boolean {
  return o.key instanceof Plan ? rt.produces(o.key, chosen) : predicateTest(o.key)(chosen.value);
}

/**
 * The choose()/branch() step.
 */
export const chooseStep: StepDef<'choose'> = {
  kind: 'choose',
  category: 'branch',
  pauses: true,
  ops: ['choose', 'branch'],
  compile(ins, cc) {
    const [a, b, c] = ins.args;
    if (ins.op === 'branch' || ins.args.length === 1) {
      if (ins.args.length !== 1) throw badArguments(ins, 'expected one traversal');
      return { mode: 'options', choice: byPlan(a, cc, ins), options: [], branchAll: ins.op === 'branch' };
    }
    if (ins.args.length === 2 || ins.args.length === 3) {
      const condition = a instanceof Predicate ? a : cc.child(a ?? null);
      return { mode: 'ifThen', condition, whenTrue: cc.child(b ?? null), whenFalse: c === undefined ? new Plan([]) : cc.child(c) };
    }
    throw badArguments(ins, 'expected choose(traversal), choose(condition, then) or choose(condition, then, else)');
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'option' || p.mode !== 'options') throw new PlanError('UNSUPPORTED_MODULATOR', `The choose() step does not accept ${ins.op}()`);
    const [key, branch] = ins.args;
    if (ins.args.length !== 2) throw badArguments(ins, 'expected option(key, traversal)');
    return { ...p, options: [...p.options, { ...optionKey(key ?? null, p, cc), plan: cc.child(branch ?? null) }] };
  },
  run,
  describe: (p) => p.mode,
};
