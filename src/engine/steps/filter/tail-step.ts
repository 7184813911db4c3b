/**
 * tail(n) (global and local): the last n traversers, counting bulk; tail(local, n) keeps the
 * last n items of a collection in a collection of its kind, also when n is 1 (TinkerPop 3.8).
 * @module
 */
import { moveTo, withFields } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, toJsNumber } from '../args.js';
import { localItems, rangeOfItems, splitScope } from '../scope-args.js';
import { PAUSE, gather } from '../../runtime/pause.js';

function* run(p: { readonly n: number; readonly local: boolean }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.local) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const size = t.value instanceof Map ? (t.value as Map<unknown, unknown>).size : localItems(t.value)?.length;
      yield size === undefined ? t : moveTo(t, rangeOfItems(t.value, Math.max(0, size - p.n), -1), rt.trackPath);
    }
    return;
  }
  const all: Traverser[] = [];
  yield* gather(input, rt, all);
  rt.memory.release(all.length);
  let remaining = p.n;
  const out: Traverser[] = [];
  for (let i = all.length - 1; i >= 0 && remaining > 0; i--) {
    const t = all[i] as Traverser;
    const take = Math.min(t.bulk, remaining);
    remaining -= take;
    out.push(take === t.bulk ? t : withFields(t, { bulk: take }));
  }
  yield* out.reverse();
}

/**
 * The tail() step.
 */
export const tailStep: StepDef<'tail'> = {
  kind: 'tail',
  category: 'filter',
  pauses: true,
  ops: ['tail'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    if (rest.length > 1) throw badArguments(ins, 'expected tail(), tail(n) or tail(scope, n)');
    const n = rest.length === 0 ? 1 : toJsNumber(rest[0]);
    if (n === undefined || !Number.isInteger(n)) throw badArguments(ins, 'n must be an integer');
    return { n, local };
  },
  run,
};
