/**
 * drop(): removes elements and properties; emits nothing. Input is drained first, so scans
 * never see the graph change under them.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Edge, Property, Vertex, VertexProperty } from '../../elements.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';

function dropOne(rt: Runtime, v: unknown): void {
  const w = rt.requireWriter('drop');
  if (v instanceof Vertex) {
    if (rt.source.vertexSlot(v.id) >= 0) w.removeVertex(v.slot);
  } else if (v instanceof Edge) {
    if (rt.source.edgeSlot(v.id) >= 0) w.removeEdge(v.slot);
  } else if (v instanceof VertexProperty) {
    w.removeVertexProperty(v.element.slot, v.key, v.id);
  } else if (v instanceof Property) {
    const owner = v.element;
    if (owner instanceof Edge) w.removeEdgeProperty(owner.slot, v.key);
    else w.removeMetaProperty(owner.element.slot, owner.id, v.key);
  } else {
    throw new ArgumentError('NOT_AN_ELEMENT', `Cannot drop ${String(v)}: it is not an element or property`);
  }
}

/**
 * The drop() step.
 */
export const dropStep: StepDef<'drop'> = {
  kind: 'drop',
  category: 'filter',
  ops: ['drop'],
  mutates: true,
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return {};
  },
  *run(_p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of [...input]) dropOne(rt, t.value);
  },
};
