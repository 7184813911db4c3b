/**
 * all(P), any(P), none(P): keep list values whose items all / some / none pass the predicate.
 * Values that are not lists are filtered.
 * @module
 */
import { Predicate } from '../../bytecode.js';
import { predicateTest } from '../../runtime/predicate.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { QuantifierParams } from '../../plan/params/filter.js';

function items(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v as unknown[];
  if (v instanceof Set) return [...(v as Set<unknown>)];
  return undefined;
}

/**
 * The all()/any()/none() step.
 */
export const quantifierStep: StepDef<'quantifier'> = {
  kind: 'quantifier',
  category: 'filter',
  pauses: true,
  ops: ['all', 'any', 'none'],
  compile(ins) {
    const [p] = ins.args;
    if (ins.args.length !== 1 || !(p instanceof Predicate)) throw badArguments(ins, 'expected one predicate');
    return { quantifier: ins.op as QuantifierParams['quantifier'], predicate: p };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    const test = predicateTest(p.predicate);
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const list = items(t.value);
      if (list === undefined) continue;
      const ok = p.quantifier === 'all' ? list.every(test) : p.quantifier === 'any' ? list.some(test) : !list.some(test);
      if (ok) yield t;
      else if (rt.tick()) yield PAUSE;
    }
  },
  describe: (p) => p.quantifier,
};
