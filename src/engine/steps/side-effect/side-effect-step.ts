/**
 * sideEffect(t): runs the child traversal for each traverser and passes the traverser on.
 * @module
 */
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

/**
 * The sideEffect() step.
 */
export const sideEffectStep: StepDef<'sideEffect'> = {
  kind: 'sideEffect',
  category: 'side-effect',
  pauses: true,
  ops: ['sideEffect'],
  compile(ins, cc) {
    if (ins.args.length !== 1) throw badArguments(ins, 'expected one traversal');
    return { plan: cc.child(ins.args[0] ?? null) };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      for (const out of rt.stream(p.plan, [t])) if (out === PAUSE) yield out;
      yield t;
    }
  },
};
