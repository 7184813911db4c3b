/**
 * path() with by() projections (round-robin), and from()/to() label bounds.
 * @module
 */
import { PlanError } from '../../../errors.js';
import { Path } from '../../path-tree.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING } from '../../runtime/scoped-lookup.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { applyBy, applyByPausing } from '../helpers/by.js';
import { PAUSE } from '../../runtime/pause.js';
import type { PathParams } from '../../plan/params/map.js';
import { traverserPath } from '../helpers/path.js';

function* run(p: PathParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const long = p.by.some(mayRunLong);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const path = traverserPath(t, p.from, p.to);
    if (p.by.length === 0) {
      yield moveTo(t, path, rt.trackPath);
      continue;
    }
    const objects: unknown[] = [];
    let ok = true;
    for (let i = 0; i < path.objects.length; i++) {
      const v = long ? yield* applyByPausing(rt, t, path.objects[i], p.by, i) : applyBy(rt, t, path.objects[i], p.by, i);
      if (v === MISSING) ok = false;
      objects.push(v);
    }
    if (ok) yield moveTo(t, new Path(path.labels, objects), rt.trackPath);
  }
}

/**
 * The path() step.
 */
export const pathStep: StepDef<'path'> = {
  kind: 'path',
  category: 'map',
  pauses: true,
  ops: ['path'],
  requirements: () => ({ path: true }),
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return { by: [], from: undefined, to: undefined };
  },
  modulate(p, ins, cc) {
    const [a] = ins.args;
    if (ins.op === 'by') return { ...p, by: [...p.by, byPlan(a, cc, ins)] };
    if ((ins.op === 'from' || ins.op === 'to') && typeof a === 'string') return { ...p, [ins.op]: a };
    throw new PlanError('UNSUPPORTED_MODULATOR', `The path() step does not accept ${ins.op}()`);
  },
  run,
};
