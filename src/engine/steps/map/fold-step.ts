/**
 * fold() gathers all traversers into one list (bulk expanded); fold(seed, operator) reduces
 * with an Operator.
 * @module
 */
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, isEnum } from '../args.js';
import { applyOperator } from '../operators.js';
import { PAUSE } from '../../runtime/pause.js';
import type { FoldParams } from '../../plan/params/map.js';

function* run(p: FoldParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.operator === undefined) {
    const list: unknown[] = [];
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      if (rt.tick()) yield PAUSE;
      rt.memory.hold(t.bulk);
      for (let i = 0; i < t.bulk; i++) list.push(t.value);
    }
    yield fresh(list, rt.trackPath);
    return;
  }
  let acc = p.seed;
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    for (let i = 0; i < t.bulk; i++) {
      acc = applyOperator(p.operator, acc, t.value);
      if (rt.tick()) yield PAUSE;
    }
  }
  yield fresh(acc, rt.trackPath);
}

/**
 * The fold() step.
 */
export const foldStep: StepDef<'fold'> = {
  kind: 'fold',
  category: 'map',
  pauses: true,
  ops: ['fold'],
  compile(ins) {
    if (ins.args.length === 0) return {};
    const [seed, op] = ins.args;
    if (ins.args.length !== 2 || !isEnum(op, 'Operator')) throw badArguments(ins, 'expected fold() or fold(seed, Operator)');
    return { seed, operator: op.name };
  },
  run,
};
