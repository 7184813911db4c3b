/**
 * unfold(): emits the items of a list, set, path, map (as entries); other values pass.
 * @module
 */
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { localItems } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';

function* run(_p: Record<string, never>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const items = localItems(t.value);
    if (items === undefined) {
      yield t;
      continue;
    }
    for (const item of items) {
      if (rt.tick()) yield PAUSE;
      yield moveTo(t, item, rt.trackPath);
    }
  }
}

/**
 * The unfold() step.
 */
export const unfoldStep: StepDef<'unfold'> = {
  kind: 'unfold',
  category: 'map',
  pauses: true,
  ops: ['unfold'],
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return {};
  },
  run,
};
