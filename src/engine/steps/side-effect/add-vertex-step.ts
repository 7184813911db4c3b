/**
 * addV(label | traversal): creates a vertex per traverser (or one at the start).
 * @module
 */
import { Bytecode } from '../../bytecode.js';
import type { Traverser } from '../../runtime/traverser.js';
import { fresh, moveTo } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, withOption } from '../args.js';
import { argValue } from '../helpers/write-values.js';
import { foldedId, foldedValues } from './fold-properties.js';
import type { AddVertexParams } from '../../plan/params/side-effect.js';

function* run(p: AddVertexParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const w = rt.requireWriter('addV');
  for (const t of input) {
    const label = argValue(rt, t, p.label);
    const properties = foldedValues(rt, t, p.properties);
    const id = foldedId(rt, t, p.id);
    const slot = w.addVertex(typeof label === 'string' ? label : 'vertex', { ...(id === undefined ? {} : { id }), properties });
    const v = rt.vertex(slot);
    yield p.start ? { ...fresh(v, rt.trackPath), sack: t.sack } : moveTo(t, v, rt.trackPath);
  }
}

/**
 * The addV() step.
 */
export const addVertexStep: StepDef<'addV'> = {
  kind: 'addV',
  category: 'map',
  ops: ['addV'],
  mutates: true,
  compile(ins, cc) {
    const [a] = ins.args;
    if (ins.args.length > 1) throw badArguments(ins, 'expected addV(), addV(label) or addV(traversal)');
    if (a instanceof Bytecode) return { label: cc.child(a), start: cc.atStart };
    if (a !== undefined && a !== null && typeof a !== 'string') throw badArguments(ins, 'the label must be a string');
    return { label: a ?? 'vertex', start: cc.atStart };
  },
  // TinkerPop 3.8 accepts with() on addV() and gives it no meaning ("Remove Undocumented with() modulation").
  modulate(p, ins) {
    withOption(ins, 'addV');
    return p;
  },
  run,
  describe: (p) => `${typeof p.label === 'string' ? p.label : 'traversal'}${(p.properties ?? []).map(([k]) => `, ${typeof k === 'string' ? k : 'traversal'}`).join('')}`,
};
