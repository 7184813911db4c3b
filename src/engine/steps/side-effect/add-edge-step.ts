/**
 * addE(label).from(x).to(y): creates an edge per traverser. Ends are a vertex, a vertex id, a
 * path label (select) or a child traversal; a missing end is the current traverser's vertex.
 * @module
 */
import { Bytecode } from '../../bytecode.js';
import { ArgumentError, PlanError } from '../../../errors.js';
import { MISSING, scopeValue } from '../../runtime/scoped-lookup.js';
import type { Traverser } from '../../runtime/traverser.js';
import { fresh, moveTo } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, withOption } from '../args.js';
import { argValue, vertexSlotOf } from '../helpers/write-values.js';
import { foldedId, foldedValues } from './fold-properties.js';
import type { AddEdgeParams, EdgeEnd } from '../../plan/params/side-effect.js';

function resolve(rt: Runtime, t: Traverser, end: EdgeEnd | undefined, which: string): number {
  if (end === undefined) {
    if (t.value === undefined) throw new ArgumentError('EDGE_END_MISSING', `${which === 'from' ? 'Out' : 'In'} Vertex not specified`);
    return vertexSlotOf(rt, t.value, 'addE');
  }
  if ('select' in end) {
    const v = scopeValue(rt, t, end.select, 'last');
    if (v === MISSING) throw new ArgumentError('EDGE_END_MISSING', `Cannot run addE(): no value labelled '${end.select}'`);
    return vertexSlotOf(rt, v, 'addE');
  }
  const v = argValue(rt, t, end.value);
  if (v === undefined) throw new ArgumentError('EDGE_END_MISSING', `${which === 'from' ? 'Out' : 'In'} Vertex not specified`);
  return vertexSlotOf(rt, v, 'addE');
}

function* run(p: AddEdgeParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const w = rt.requireWriter('addE');
  for (const t of input) {
    const label = argValue(rt, t, p.label);
    const out = resolve(rt, t, p.from, 'from');
    const inV = resolve(rt, t, p.to, 'to');
    const properties = foldedValues(rt, t, p.properties);
    const id = foldedId(rt, t, p.id);
    const e = rt.edge(w.addEdge(typeof label === 'string' ? label : 'edge', { out, in: inV }, { ...(id === undefined ? {} : { id }), properties }));
    yield p.start ? { ...fresh(e, rt.trackPath), sack: t.sack } : moveTo(t, e, rt.trackPath);
  }
}

/**
 * The addE() step.
 */
export const addEdgeStep: StepDef<'addE'> = {
  kind: 'addE',
  category: 'map',
  ops: ['addE'],
  mutates: true,
  requirements: (p) => ({ labels: (p.from !== undefined && 'select' in p.from) || (p.to !== undefined && 'select' in p.to) }),
  compile(ins, cc) {
    const [a] = ins.args;
    if (ins.args.length !== 1) throw badArguments(ins, 'expected addE(label) or addE(traversal)');
    if (a instanceof Bytecode) return { label: cc.child(a), from: undefined, to: undefined, start: cc.atStart };
    if (typeof a !== 'string') throw badArguments(ins, 'the label must be a string');
    return { label: a, from: undefined, to: undefined, start: cc.atStart };
  },
  modulate(p, ins, cc) {
    if (ins.op === 'with') return { ...p, config: [...(p.config ?? []), withOption(ins, 'addE')] };
    if (ins.op !== 'from' && ins.op !== 'to') throw new PlanError('UNSUPPORTED_MODULATOR', `The addE() step does not accept ${ins.op}()`);
    const [a] = ins.args;
    if (ins.args.length !== 1) throw badArguments(ins, 'expected one argument');
    const end: EdgeEnd = typeof a === 'string' ? { select: a } : a instanceof Bytecode ? { value: cc.child(a) } : { value: a };
    return { ...p, [ins.op]: end };
  },
  run,
  describe: (p) => `${typeof p.label === 'string' ? p.label : 'traversal'}${(p.properties ?? []).map(([k]) => `, ${typeof k === 'string' ? k : 'traversal'}`).join('')}`,
};
