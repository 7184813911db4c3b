/**
 * count() and count(local): the number of traversers (bulk included) or of items in a
 * collection, always a long.
 * @module
 */
import { LimitError } from '../../../errors.js';
import { TypedNumber } from '../../../values/index.js';
import { Tree } from '../../elements.js';
import type { Traverser } from '../../exec/traverser.js';
import { fresh, moveTo } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { localItems, splitScope } from '../scope.js';
import { PAUSE } from '../../exec/pause.js';

/**
 * A long count value. Bulks are counted in doubles, which are exact up to 2^53 - 1; a count past
 * that (a bulk that doubled 53 times, or reached Infinity) is refused rather than rounded or
 * wrapped, so a count Quiver returns is always exact.
 *
 * @throws LimitError BULK_OVERFLOW when `n` is not a safe integer.
 * @example
 * ```ts
 * long(3); // TypedNumber('long', 3n)
 * ```
 */
export function long(n: number | bigint): TypedNumber {
  if (typeof n === 'number' && !Number.isSafeInteger(n)) {
    throw new LimitError('BULK_OVERFLOW', `Count failed: ${n} traversers is past ${Number.MAX_SAFE_INTEGER}, the largest count kept exact`, {
      details: { count: n, limit: Number.MAX_SAFE_INTEGER },
    });
  }
  return new TypedNumber('long', BigInt(n));
}

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
 *
 * @example
 * ```ts
 * countStep.compile({ op: 'count', args: [] }, cc); // { local: false }
 * ```
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
