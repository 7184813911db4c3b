/**
 * identity(): passes traversers through unchanged.
 * @module
 */
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';

/**
 * The identity() step.
 */
export const identityStep: StepDef<'identity'> = {
  kind: 'identity',
  category: 'map',
  pauses: true,
  ops: ['identity'],
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return {};
  },
  run: (_p, input) => input,
};
