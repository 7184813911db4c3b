/**
 * inject(values...): at the start, emits the values; mid-traversal, emits them after the
 * incoming traversers.
 * @module
 */
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { PAUSE } from '../../runtime/pause.js';
import type { InjectParams } from '../../plan/params/side-effect.js';

function* run(p: InjectParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.start) {
    for (const seed of input) {
      if (seed === PAUSE) yield seed;
      else for (const v of p.values) yield { ...fresh(v, rt.trackPath), sack: seed.sack };
    }
    return;
  }
  yield* input;
  for (const v of p.values) yield fresh(v, rt.trackPath);
}

/**
 * The inject() step. `inject(null)` injects one null; `inject()` injects nothing.
 */
export const injectStep: StepDef<'inject'> = {
  kind: 'inject',
  category: 'spawn',
  pauses: true,
  ops: ['inject'],
  compile: (ins, cc) => ({ values: [...ins.args], start: cc.atStart }),
  run,
  describe: (p) => p.values.map(String).join(', '),
};
