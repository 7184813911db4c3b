/**
 * timeLimit(ms): passes traversers until the time since the first one exceeds the limit.
 * @module
 */
import type { Traverser } from '../../runtime/traverser.js';
import type { StepDef } from '../step-def.js';
import { badArguments, toJsNumber } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

/**
 * The timeLimit() step.
 */
export const timeLimitStep: StepDef<'timeLimit'> = {
  kind: 'timeLimit',
  category: 'filter',
  pauses: true,
  ops: ['timeLimit'],
  compile(ins) {
    const ms = toJsNumber(ins.args[0]);
    if (ins.args.length !== 1 || ms === undefined) throw badArguments(ins, 'expected a number of milliseconds');
    return { ms };
  },
  *run(p, input: Iterable<Traverser>) {
    let start: number | undefined;
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      start ??= Date.now();
      if (Date.now() - start > p.ms) return;
      yield t;
    }
  },
  describe: (p) => `${p.ms} ms`,
};
