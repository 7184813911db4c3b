/**
 * is(value | predicate): keeps traversers whose value passes the test.
 * @module
 */
import { predicateTest } from '../../exec/predicate.js';
import type { Traverser } from '../../exec/traverser.js';
import type { StepDef } from '../step-def.js';
import { badArguments, describeArg } from '../args.js';

/**
 * The is() step.
 *
 * @example
 * ```ts
 * isStep.compile({ op: 'is', args: [new Predicate('P', 'gt', [30])] }, cc);
 * ```
 */
export const isStep: StepDef<{ readonly test: unknown }> = {
  kind: 'is',
  category: 'filter',
  ops: ['is'],
  compile(ins) {
    if (ins.args.length !== 1) throw badArguments(ins, 'expected one value or predicate');
    return { test: ins.args[0] };
  },
  *run(p, input: Iterable<Traverser>) {
    const test = predicateTest(p.test);
    for (const t of input) if (test(t.value)) yield t;
  },
  describe: (p) => describeArg(p.test),
};
