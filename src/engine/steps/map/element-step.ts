/**
 * element(): the element that owns a property (a vertex property's vertex, a property's edge or
 * vertex property).
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Property, VertexProperty } from '../../elements.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

/**
 * The element() step.
 */
export const elementStep: StepDef<'element'> = {
  kind: 'element',
  category: 'map',
  pauses: true,
  ops: ['element'],
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return {};
  },
  *run(_p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const v = t.value;
      if (!(v instanceof Property || v instanceof VertexProperty)) {
        throw new ArgumentError('NOT_A_PROPERTY', `Cannot run element(): ${String(v)} is not a property`);
      }
      yield moveTo(t, v.element, rt.trackPath);
    }
  },
};
