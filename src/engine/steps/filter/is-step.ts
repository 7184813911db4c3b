/**
 * is(value | predicate): keeps traversers whose value passes the test.
 * @module
 */
import { predicateTest } from '../../runtime/predicate.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, describeArg } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

/**
 * The is() step.
 */
export const isStep: StepDef<'is'> = {
  kind: 'is',
  category: 'filter',
  pauses: true,
  ops: ['is'],
  compile(ins) {
    if (ins.args.length !== 1) throw badArguments(ins, 'expected one value or predicate');
    return { test: ins.args[0] };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    const test = predicateTest(p.test);
    for (const t of input) {
      if (t === PAUSE || test(t.value)) yield t;
      else if (rt.tick()) yield PAUSE;
    }
  },
  describe: (p) => describeArg(p.test),
};
