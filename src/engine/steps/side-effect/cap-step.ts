/**
 * cap(keys...): after draining its input, emits a side-effect (or a map of several).
 * @module
 */
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import { readSideEffect } from '../../runtime/side-effects.js';
import type { StepDef } from '../step-def.js';
import { strings } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

function* run(p: { readonly keys: readonly string[] }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    void t;
    if (rt.tick()) yield PAUSE;
  }
  if (p.keys.length === 1) {
    yield fresh(readSideEffect(rt, p.keys[0] as string) ?? [], rt.trackPath);
    return;
  }
  yield fresh(new Map(p.keys.map((k) => [k, readSideEffect(rt, k) ?? []])), rt.trackPath);
}

/**
 * The cap() step.
 */
export const capStep: StepDef<'cap'> = {
  kind: 'cap',
  category: 'side-effect',
  pauses: true,
  ops: ['cap'],
  compile: (ins) => ({ keys: strings(ins) }),
  run,
  describe: (p) => p.keys.join(', '),
};
