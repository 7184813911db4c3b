/**
 * sack() reads the traverser's sack; sack(Operator).by(...) folds a value into it.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING } from '../../runtime/scoped-lookup.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan, isEnum } from '../args.js';
import { applyOperator } from '../operators.js';
import { applyBy } from '../helpers/by.js';
import { PAUSE } from '../../runtime/pause.js';
import type { SackParams } from '../../plan/params/side-effect.js';

function* run(p: SackParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (p.operator === undefined) {
      yield moveTo(t, t.sack, rt.trackPath);
      continue;
    }
    const v = p.by === undefined ? t.value : applyBy(rt, t, t.value, [p.by], 0);
    if (v === MISSING) continue;
    yield { ...t, sack: applyOperator(p.operator, t.sack, v) };
  }
}

/**
 * The sack() step.
 */
export const sackStep: StepDef<'sack'> = {
  kind: 'sack',
  category: 'side-effect',
  pauses: true,
  ops: ['sack'],
  requirements: () => ({ sack: true }),
  compile(ins) {
    const [op] = ins.args;
    if (ins.args.length === 0) return { operator: undefined, by: undefined };
    if (ins.args.length !== 1 || !isEnum(op, 'Operator')) throw badArguments(ins, 'expected sack() or sack(Operator)');
    return { operator: op.name, by: undefined };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by' || p.operator === undefined) throw new PlanError('UNSUPPORTED_MODULATOR', `The sack() step does not accept ${ins.op}()`);
    if (p.by !== undefined) throw new PlanError('BY_ALREADY_SET', 'Sack step can only have one by modulator');
    return { ...p, by: byPlan(ins.args[0], cc, ins) };
  },
  run,
  describe: (p) => p.operator ?? '',
};
