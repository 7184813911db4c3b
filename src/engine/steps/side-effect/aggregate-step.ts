/**
 * aggregate(key) (a barrier: everything is collected before anything passes) and store(key)
 * (lazy), optionally with by(); the side-effect is a list with bulk expanded.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING } from '../../exec/scope.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { splitScope } from '../scope.js';
import { applyBy } from '../map/select-step.js';

/**
 * Parameters of aggregate()/store().
 *
 * @example
 * ```ts
 * const p: AggregateParams = { key: 'x', lazy: false, by: undefined };
 * ```
 */
export interface AggregateParams {
  readonly key: string;
  /** store() and aggregate(local) add as traversers pass. */
  readonly lazy: boolean;
  readonly by: Plan | undefined;
}

function list(rt: Runtime, key: string): unknown[] {
  const v = rt.sideEffects.get(key);
  if (Array.isArray(v)) return v as unknown[];
  const fresh: unknown[] = v instanceof Set ? [...(v as Set<unknown>)] : [];
  rt.sideEffects.set(key, fresh);
  return fresh;
}

function add(rt: Runtime, p: AggregateParams, t: Traverser): void {
  const v = p.by === undefined ? t.value : applyBy(rt, t, t.value, [p.by], 0);
  if (v === MISSING) return;
  const target = list(rt, p.key);
  for (let i = 0; i < t.bulk; i++) target.push(v);
}

function* run(p: AggregateParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  list(rt, p.key);
  if (p.lazy) {
    for (const t of input) {
      add(rt, p, t);
      yield t;
    }
    return;
  }
  const all = [...input];
  for (const t of all) add(rt, p, t);
  yield* all;
}

/**
 * The aggregate()/store() step.
 *
 * @example
 * ```ts
 * aggregateStep.compile({ op: 'aggregate', args: ['x'] }, cc);
 * ```
 */
export const aggregateStep: StepDef<AggregateParams> = {
  kind: 'aggregate',
  category: 'side-effect',
  ops: ['aggregate', 'store'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    const [key] = rest;
    if (rest.length !== 1 || typeof key !== 'string') throw badArguments(ins, 'expected a side-effect key');
    return { key, lazy: local || ins.op === 'store', by: undefined };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The aggregate() step does not accept ${ins.op}()`);
    if (p.by !== undefined) throw new PlanError('BY_ALREADY_SET', 'Aggregate step can only have one by modulator');
    return { ...p, by: byPlan(ins.args[0], cc, ins) };
  },
  run,
  describe: (p) => p.key,
};
