/**
 * simplePath() and cyclicPath(), with from()/to() bounds and by() projections: keep traversers
 * whose path repeats no object (simple) or repeats one (cyclic). A traverser for which a by()
 * yields nothing is filtered out, as TinkerPop does for unproductive by() modulators.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { valueKey } from '../../semantics/index.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { traverserPath } from '../helpers/path.js';
import { applyBy } from '../helpers/by.js';
import { MISSING } from '../../runtime/scoped-lookup.js';
import { PAUSE } from '../../runtime/pause.js';
import type { PathFilterParams } from '../../plan/params/filter.js';

function* run(p: PathFilterParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const objects = traverserPath(t, p.from, p.to).objects.map((o, i) => applyBy(rt, t, o, p.by, i));
    if (objects.includes(MISSING)) continue;
    const unique = new Set(objects.map(valueKey)).size === objects.length;
    if (unique === p.simple) yield t;
  }
}

/**
 * The simplePath()/cyclicPath() step.
 */
export const pathFilterStep: StepDef<'pathFilter'> = {
  kind: 'pathFilter',
  category: 'filter',
  pauses: true,
  ops: ['simplePath', 'cyclicPath'],
  requirements: () => ({ path: true }),
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return { simple: ins.op === 'simplePath', from: undefined, to: undefined, by: [] };
  },
  modulate(p, ins, cc) {
    const [a] = ins.args;
    if (ins.op === 'by') return { ...p, by: [...p.by, byPlan(a, cc, ins)] };
    if ((ins.op === 'from' || ins.op === 'to') && typeof a === 'string') return { ...p, [ins.op]: a };
    throw new PlanError('UNSUPPORTED_MODULATOR', `The ${p.simple ? 'simplePath' : 'cyclicPath'}() step does not accept ${ins.op}()`);
  },
  run,
  describe: (p) => (p.simple ? 'simple' : 'cyclic'),
};
