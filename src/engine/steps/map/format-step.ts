/**
 * format(template): fills `%{name}` with the element's property, a map entry or a labelled
 * value; traversers missing a value are filtered.
 * @module
 */
import { formatString } from '../../functions/index.js';
import { Edge, Vertex, VertexProperty } from '../../elements.js';
import { MISSING, scopeValue } from '../../exec/scope.js';
import { moveTo } from '../../exec/traverser.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { elementProperties } from './properties-step.js';
import { PAUSE } from '../../exec/pause.js';

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
 *
 * @example
 * ```ts
 * formatStep.compile({ op: 'format', args: ['%{name} is %{age}'] }, cc);
 * ```
 */
export const formatStep: StepDef<{ readonly template: string }> = {
  kind: 'format',
  category: 'map',
  pauses: true,
  ops: ['format'],
  requirements: () => ({ labels: true }),
  compile(ins) {
    const [template] = ins.args;
    if (ins.args.length !== 1 || typeof template !== 'string') throw badArguments(ins, 'expected one template string');
    return { template };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const out = formatString(p.template, (n) => lookup(rt, t, n));
      if (out !== undefined) yield moveTo(t, out, rt.trackPath);
    }
  },
  describe: (p) => p.template,
};
