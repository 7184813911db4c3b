/**
 * format(template).by(...): fills `%{name}` with the element's property, a map entry or a
 * labelled value, and each positional `%{_}` with the next by() projection of the current
 * value (the by() list cycles, and without by() `%{_}` is the current value itself), as
 * TinkerPop's FormatStep does. Traversers missing a value, or whose value is null, are filtered.
 * @module
 */
import { PlanError } from '../../../errors.js';
import { formatString } from '../../functions/index.js';
import { Edge, Vertex, VertexProperty } from '../../elements.js';
import { MISSING, scopeValue } from '../../runtime/scoped-lookup.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { applyBy } from '../helpers/by.js';
import { elementProperties } from '../helpers/step-elements.js';
import { PAUSE } from '../../runtime/pause.js';

/** The name of a positional placeholder, filled from the by() modulators. */
const FROM_BY = '_';

function lookup(rt: Runtime, t: Traverser, name: string): unknown {
  const v = t.value;
  if (v instanceof Vertex || v instanceof Edge || v instanceof VertexProperty) {
    const props = elementProperties(rt, v, [name]);
    if (props[0] !== undefined) return props[0].value;
  }
  const s = scopeValue(rt, t, name, 'last');
  return s === MISSING ? undefined : s;
}

/**
 * The format() step.
 */
export const formatStep: StepDef<'format'> = {
  kind: 'format',
  category: 'map',
  pauses: true,
  ops: ['format'],
  requirements: () => ({ labels: true }),
  compile(ins) {
    const [template] = ins.args;
    if (ins.args.length !== 1 || typeof template !== 'string') throw badArguments(ins, 'expected one template string');
    return { template, by: [] };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The format() step does not accept ${ins.op}()`);
    return { ...p, by: [...p.by, byPlan(ins.args[0], cc, ins)] };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      let positional = 0;
      const out = formatString(p.template, (n) => {
        if (n !== FROM_BY) return lookup(rt, t, n);
        const v = applyBy(rt, t, t.value, p.by, positional++);
        return v === MISSING ? undefined : v;
      });
      if (out !== undefined) yield moveTo(t, out, rt.trackPath);
    }
  },
  describe: (p) => p.template,
};
