/**
 * optional(t): the child's results, or the traverser itself when the child yields nothing.
 * @module
 */
import type { Plan } from '../../plan/plan.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

function* run(p: { readonly plan: Plan }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const long = mayRunLong(p.plan);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const out = long ? yield* rt.allPausing(p.plan, t) : [...rt.runFrom(p.plan, t)];
    if (out.length > 0) yield* out;
    else yield t;
  }
}

/**
 * The optional() step.
 */
export const optionalStep: StepDef<'optional'> = {
  kind: 'optional',
  category: 'branch',
  pauses: true,
  ops: ['optional'],
  compile(ins, cc) {
    if (ins.args.length !== 1) throw badArguments(ins, 'expected one traversal');
    return { plan: cc.child(ins.args[0] ?? null) };
  },
  run,
};
