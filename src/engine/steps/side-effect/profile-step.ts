/**
 * profile() and profile(key): TinkerPop's metrics of the steps before it (see
 * runtime/profiler.ts). profile() runs them to the end and yields one TraversalMetrics;
 * profile(key) passes every traverser on and, once they are all through, stores the metrics
 * under the side-effect key (read it with cap(key)).
 * @module
 */
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import { traversalMetrics } from '../../runtime/profiler.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

function* run(p: { readonly key: string | undefined }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const meters = rt.profiled(p);
  for (const t of input) {
    if (t === PAUSE || p.key !== undefined) yield t;
    else if (rt.tick()) yield PAUSE;
  }
  const metrics = traversalMetrics(meters);
  if (p.key === undefined) yield fresh(metrics, rt.trackPath);
  else rt.sideEffects.set(p.key, metrics);
}

/**
 * The profile() step.
 */
export const profileStep: StepDef<'profile'> = {
  kind: 'profile',
  category: 'side-effect',
  pauses: true,
  ops: ['profile'],
  compile(ins) {
    const [key] = ins.args;
    if (ins.args.length > 1 || (key !== undefined && typeof key !== 'string')) throw badArguments(ins, 'expected profile() or profile(key)');
    return { key };
  },
  run,
  describe: (p) => p.key ?? '',
};
