/**
 * filter(t), not(t), and(t...), or(t...): keep a traverser when its child traversals do (or,
 * for not, do not) produce a result.
 * @module
 */
import type { Plan } from '../../plan/plan.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { TraversalFilterParams } from '../../plan/params/filter.js';

// filter() and and() keep when every child produces, or() when one does, not() when none does.

/** Whether the step keeps `t`. */
function keep(p: TraversalFilterParams<Plan>, t: Traverser, rt: Runtime): boolean {
  const every = p.mode === 'filter' || p.mode === 'and';
  for (const plan of p.plans) if (rt.produces(plan, t) !== every) return p.mode === 'or';
  return every || p.mode === 'not';
}

/** {@link keep} for children that may run long: yields their PAUSE markers. */
function* keepPausing(p: TraversalFilterParams<Plan>, t: Traverser, rt: Runtime): Generator<Traverser, boolean> {
  const every = p.mode === 'filter' || p.mode === 'and';
  for (const plan of p.plans) if ((yield* rt.producesPausing(plan, t)) !== every) return p.mode === 'or';
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
    const long = p.plans.some(mayRunLong);
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      if (rt.tick()) yield PAUSE;
      if (long ? yield* keepPausing(p, t, rt) : keep(p, t, rt)) yield t;
    }
  },
  describe: (p) => p.mode,
};
