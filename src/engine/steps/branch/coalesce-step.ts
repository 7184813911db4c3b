/**
 * coalesce(t...): the results of the first child traversal that produces any.
 * @module
 */
import type { Plan } from '../../plan/plan.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { PAUSE } from '../../runtime/pause.js';

function* run(p: { readonly plans: readonly Plan[] }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const long = p.plans.some(mayRunLong);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    for (const plan of p.plans) {
      const out = long ? yield* rt.allPausing(plan, t) : [...rt.runFrom(plan, t)];
      if (out.length > 0) {
        yield* out;
        break;
      }
    }
  }
}

/**
 * The coalesce() step.
 */
export const coalesceStep: StepDef<'coalesce'> = {
  kind: 'coalesce',
  category: 'branch',
  pauses: true,
  ops: ['coalesce'],
  compile: (ins, cc) => ({ plans: ins.args.map((a) => cc.child(a)) }),
  run,
};
