/**
 * index(): pairs each item of a collection with its position, as a list of [item, index]
 * pairs or, with(WithOptions.indexer, WithOptions.map), a map from index to item.
 * @module
 */
import { PlanError } from '../../../errors.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, isEnum, toJsNumber } from '../args.js';
import { localItems } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';

function indexed(v: unknown, asMap: boolean): unknown {
  const items = localItems(v) ?? [v];
  if (asMap) return new Map(items.map((x, i) => [i, x]));
  return items.map((x, i) => [x, i]);
}

/**
 * The index() step.
 */
export const indexStep: StepDef<'index'> = {
  kind: 'index',
  category: 'map',
  pauses: true,
  ops: ['index'],
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return { asMap: false };
  },
  modulate(p, ins) {
    const [k, v] = ins.args;
    if (ins.op !== 'with' || !(k === '~tinkerpop.index.indexer' || isEnum(k, 'WithOptions', 'indexer'))) {
      throw new PlanError('UNSUPPORTED_MODULATOR', `The index() step does not accept ${ins.op}()`);
    }
    return { ...p, asMap: isEnum(v, 'WithOptions', 'map') || toJsNumber(v) === 1 };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) yield t === PAUSE ? t : moveTo(t, indexed(t.value, p.asMap), rt.trackPath);
  },
};
