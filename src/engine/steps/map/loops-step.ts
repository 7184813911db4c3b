/**
 * loops(name?): how many times the traverser has gone round the (named) enclosing repeat().
 * @module
 */
import { moveTo } from '../../runtime/traverser.js';
import type { LoopFrame, Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

function count(loops: LoopFrame | undefined, name: string | undefined): number {
  for (let f = loops; f !== undefined; f = f.prev) if (name === undefined || f.name === name) return f.count;
  return 0;
}

/**
 * The loops() step.
 */
export const loopsStep: StepDef<'loops'> = {
  kind: 'loops',
  category: 'map',
  pauses: true,
  ops: ['loops'],
  requirements: () => ({ loops: true }),
  compile(ins) {
    const [a] = ins.args;
    if (ins.args.length > 1 || (a !== undefined && typeof a !== 'string')) throw badArguments(ins, 'expected loops() or loops(name)');
    return { name: a };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) yield t === PAUSE ? t : moveTo(t, count(t.loops, p.name), rt.trackPath);
  },
};
