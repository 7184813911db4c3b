/**
 * union(t...): every child traversal's results, per traverser, in branch order. The children
 * are global: their stateful steps span all inputs (see {@link runBranches}).
 * @module
 */
import type { Plan } from '../../plan/plan.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { runBranches } from './global-children.js';

function run(p: { readonly plans: readonly Plan[] }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  return runBranches(input, rt, { plans: p.plans, route: () => p.plans });
}

/**
 * The union() step.
 */
export const unionStep: StepDef<'union'> = {
  kind: 'union',
  category: 'branch',
  pauses: true,
  ops: ['union'],
  // The children of g.union(...) are start traversals: g.union(inject(1), inject(2)) gives 1 and 2.
  compile: (ins, cc) => ({ plans: ins.args.map((a) => cc.child(a, { start: cc.atStart })) }),
  run,
};
