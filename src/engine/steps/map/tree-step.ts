/**
 * tree() and tree(key): the paths of all traversers merged into a Tree, with by() projections
 * applied round-robin to path objects. tree(key) is a side-effect barrier: the tree is complete
 * before the first traverser passes on.
 * @module
 */
import { PlanError } from '../../../errors.js';
import { Tree } from '../../path-tree.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING } from '../../runtime/scoped-lookup.js';
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { traverserPath } from '../helpers/path.js';
import { applyBy } from '../helpers/by.js';
import { PAUSE, gather } from '../../runtime/pause.js';
import type { TreeParams } from '../../plan/params/map.js';

/**
 * Adds a traverser's path under `tree`. An unproductive by() leaves its object out (tree()),
 * or puts null in its place (tree(key), as TinkerPop's side-effect step does).
 */
function addPath(rt: Runtime, tree: Tree, t: Traverser, p: TreeParams<Plan>): void {
  let node = tree;
  traverserPath(t).objects.forEach((o, i) => {
    const v = applyBy(rt, t, o, p.by, i);
    if (v !== MISSING) node = node.child(v);
    else if (p.sideEffect !== undefined) node = node.child(null);
  });
}

function* run(p: TreeParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.sideEffect !== undefined) {
    const existing = rt.sideEffects.get(p.sideEffect);
    const tree = existing instanceof Tree ? existing : new Tree();
    rt.sideEffects.set(p.sideEffect, tree);
    const all: Traverser[] = [];
    yield* gather(input, rt, all);
    for (const t of all) addPath(rt, tree, t, p);
    yield* all;
    return;
  }
  const tree = new Tree();
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    rt.memory.hold(1);
    addPath(rt, tree, t, p);
    if (rt.tick()) yield PAUSE;
  }
  yield fresh(tree, rt.trackPath);
}

/**
 * The tree() step.
 */
export const treeStep: StepDef<'tree'> = {
  kind: 'tree',
  category: 'map',
  pauses: true,
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
