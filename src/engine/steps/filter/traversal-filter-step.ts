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

/** Whether the step keeps `t`; yields the PAUSE markers of the child traversals. */
function* keep(p: TraversalFilterParams<Plan>, t: Traverser, rt: Runtime): Generator<Traverser, boolean> {
  // filter() and and() keep when every child produces, or() when one does, not() when none does.
  const every = p.mode === 'filter' || p.mode === 'and';
  for (const plan of p.plans) {
    const produces = yield* rt.producesPausing(plan, t);
    if (produces !== every) return p.mode === 'or';
  }
  return every || p.mode === 'not';
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
      if (yield* keep(p, t, rt)) yield t;
    }
  },
  describe: (p) => p.mode,
};
