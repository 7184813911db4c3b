/**
 * filter(t), not(t), and(t...), or(t...): keep a traverser when its child traversals do (or,
 * for not, do not) produce a result.
 * @module
 */
import type { Plan } from '../../plan/plan.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { TraversalFilterParams } from '../../plan/params/filter.js';

function keep(p: TraversalFilterParams<Plan>, t: Traverser, rt: Runtime): boolean {
  switch (p.mode) {
    case 'filter':
    case 'and':
      return p.plans.every((plan) => rt.produces(plan, t));
    case 'or':
      return p.plans.some((plan) => rt.produces(plan, t));
    default:
      return !p.plans.some((plan) => rt.produces(plan, t));
  }
}

/**
 * The filter()/not()/and()/or() step.
 */
export const traversalFilterStep: StepDef<'filter'> = {
  kind: 'filter',
  category: 'filter',
  pauses: true,
  ops: ['filter', 'not', 'and', 'or'],
  compile(ins, cc) {
    if ((ins.op === 'filter' || ins.op === 'not') && ins.args.length !== 1) throw badArguments(ins, 'expected one traversal');
    return { mode: ins.op as TraversalFilterParams<Plan>['mode'], plans: ins.args.map((a) => cc.child(a)) };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      if (rt.tick()) yield PAUSE;
      if (keep(p, t, rt)) yield t;
    }
  },
  describe: (p) => p.mode,
};
