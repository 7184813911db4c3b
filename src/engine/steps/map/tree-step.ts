/**
 * tree() and tree(key): the paths of all traversers merged into a Tree, with by() projections
 * applied round-robin to path objects.
 * @module
 */
import { PlanError } from '../../../errors.js';
import { Tree } from '../../elements.js';
import type { Plan } from '../../plan/plan.js';
import { fresh } from '../../exec/traverser.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { traverserPath } from './path-step.js';
import { applyBy } from './select-step.js';

/**
 * Parameters of tree().
 *
 * @example
 * ```ts
 * const p: TreeParams = { sideEffect: undefined, by: [] };
 * ```
 */
export interface TreeParams {
  readonly sideEffect: string | undefined;
  readonly by: readonly Plan[];
}

function addPath(rt: Runtime, tree: Tree, t: Traverser, by: readonly Plan[]): void {
  let node = tree;
  traverserPath(t).objects.forEach((o, i) => {
    node = node.child(applyBy(rt, t, o, by, i));
  });
}

function* run(p: TreeParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.sideEffect !== undefined) {
    const existing = rt.sideEffects.get(p.sideEffect);
    const tree = existing instanceof Tree ? existing : new Tree();
    rt.sideEffects.set(p.sideEffect, tree);
    for (const t of input) {
      addPath(rt, tree, t, p.by);
      yield t;
    }
    return;
  }
  const tree = new Tree();
  for (const t of input) addPath(rt, tree, t, p.by);
  yield fresh(tree, rt.trackPath);
}

/**
 * The tree() step.
 *
 * @example
 * ```ts
 * treeStep.compile({ op: 'tree', args: [] }, cc);
 * ```
 */
export const treeStep: StepDef<TreeParams> = {
  kind: 'tree',
  category: 'map',
  ops: ['tree'],
  requirements: () => ({ path: true }),
  compile(ins) {
    const [a] = ins.args;
    if (ins.args.length > 1 || (a !== undefined && typeof a !== 'string')) throw badArguments(ins, 'expected at most a side-effect key');
    return { sideEffect: a, by: [] };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The tree() step does not accept ${ins.op}()`);
    return { ...p, by: [...p.by, byPlan(ins.args[0], cc, ins)] };
  },
  run,
  describe: (p) => p.sideEffect ?? '',
};
