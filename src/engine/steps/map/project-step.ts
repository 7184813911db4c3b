/**
 * project(keys...).by(...): a map from each key to a by() projection of the current value.
 * Keys whose projection yields nothing are left out.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING } from '../../runtime/scoped-lookup.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { byPlan, strings } from '../args.js';
import { applyBy, applyByPausing } from '../helpers/by.js';
import { PAUSE } from '../../runtime/pause.js';
import type { ProjectParams } from '../../plan/params/map.js';

function* run(p: ProjectParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const long = p.by.some(mayRunLong);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const out = new Map<unknown, unknown>();
    for (let i = 0; i < p.keys.length; i++) {
      const v = p.by.length === 0 || i >= p.by.length ? t.value : long ? yield* applyByPausing(rt, t, t.value, p.by, i) : applyBy(rt, t, t.value, p.by, i);
      if (v !== MISSING) out.set(p.keys[i], v);
    }
    yield moveTo(t, out, rt.trackPath);
  }
}

/**
 * The project() step.
 */
export const projectStep: StepDef<'project'> = {
  kind: 'project',
  category: 'map',
  pauses: true,
  ops: ['project'],
  compile(ins) {
    const keys = strings(ins);
    if (new Set(keys).size !== keys.length) throw new PlanError('DUPLICATE_KEY', `Invalid project(): keys must be unique: ${keys.join(', ')}`);
    return { keys, by: [] };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The project() step does not accept ${ins.op}()`);
    return { ...p, by: [...p.by, byPlan(ins.args[0], cc, ins)] };
  },
  run,
  describe: (p) => p.keys.join(', '),
};
