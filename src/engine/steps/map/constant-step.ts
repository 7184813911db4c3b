/**
 * constant(value): replaces each traverser's value with a constant.
 * @module
 */
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

/**
 * The constant() step.
 */
export const constantStep: StepDef<'constant'> = {
  kind: 'constant',
  category: 'map',
  pauses: true,
  ops: ['constant'],
  compile(ins) {
    if (ins.args.length !== 1) throw badArguments(ins, 'expected one value');
    return { value: ins.args[0] };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) yield t === PAUSE ? t : moveTo(t, p.value, rt.trackPath);
  },
  describe: (p) => String(p.value),
};
