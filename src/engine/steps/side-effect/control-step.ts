/**
 * barrier() (drains its input, then passes it on), discard() (passes nothing) and fail(message)
 * (throws on the first traverser).
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import type { Traverser } from '../../exec/traverser.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';

/**
 * Parameters of the control steps.
 *
 * @example
 * ```ts
 * const p: ControlParams = { mode: 'fail', message: 'stop' };
 * ```
 */
export interface ControlParams {
  readonly mode: 'barrier' | 'discard' | 'fail';
  readonly message: string | undefined;
}

/**
 * The barrier()/discard()/fail() step.
 *
 * @example
 * ```ts
 * controlStep.compile({ op: 'fail', args: ['stop'] }, cc);
 * ```
 */
export const controlStep: StepDef<ControlParams> = {
  kind: 'control',
  category: 'side-effect',
  ops: ['barrier', 'discard', 'fail'],
  compile(ins) {
    const [a] = ins.args;
    if (ins.op === 'fail') {
      if (ins.args.length > 1 || (a !== undefined && typeof a !== 'string')) throw badArguments(ins, 'expected fail() or fail(message)');
      return { mode: 'fail', message: a };
    }
    if (ins.op === 'discard' && ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return { mode: ins.op as ControlParams['mode'], message: undefined };
  },
  *run(p, input: Iterable<Traverser>) {
    if (p.mode === 'barrier') {
      yield* [...input];
      return;
    }
    for (const t of input) {
      if (p.mode === 'fail') throw new ArgumentError('FAIL_STEP', p.message ?? `fail() step triggered: ${String(t.value)}`);
    }
  },
  describe: (p) => p.mode,
};
