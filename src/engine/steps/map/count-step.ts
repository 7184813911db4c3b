/**
 * count() and count(local): the number of traversers (bulk included) or of items in a
 * collection, always a long.
 * @module
 */
import { Tree } from '../../path-tree.js';
import type { Traverser } from '../../runtime/traverser.js';
import { fresh, moveTo } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { localItems, splitScope } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';
import { long } from '../helpers/step-values.js';

function* run(p: { readonly local: boolean }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.local) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const v = t.value;
      const n = v instanceof Map || v instanceof Tree ? v.size : (localItems(v)?.length ?? 1);
      yield moveTo(t, long(n), rt.trackPath);
    }
    return;
  }
  let total = 0;
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (rt.tick()) yield PAUSE;
    total += t.bulk;
  }
  yield fresh(long(total), rt.trackPath);
}

/**
 * The count() step.
 */
export const countStep: StepDef<'count'> = {
  kind: 'count',
  category: 'map',
  pauses: true,
  ops: ['count'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    if (rest.length > 0) throw badArguments(ins, 'expected at most a scope');
    return { local };
  },
  run,
  describe: (p) => (p.local ? 'local' : ''),
};
