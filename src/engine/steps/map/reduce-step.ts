/**
 * sum(), min(), max(), mean() (global and local) with Java numeric promotion: sum of ints is an
 * int (or wider on overflow), mean is a double, min/max follow comparability.
 * @module
 */
import { maxOf, meanOf, minOf, sumOf } from '../../semantics/index.js';
import { fresh, moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { localItems, splitScope } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { ReduceParams, Reducer } from '../../plan/params/map.js';

/**
 * Reduces values with one of the reducers, skipping nulls; null when every value is null and
 * undefined when there is nothing to reduce.
 */
function reduceValues(op: Reducer, values: readonly unknown[]): unknown {
  if (values.length > 0 && values.every((v) => v === null)) return null;
  switch (op) {
    case 'sum':
      return sumOf(values);
    case 'mean':
      return meanOf(values);
    case 'min':
      return minOf(values);
    default:
      return maxOf(values);
  }
}

/** Every value as many times as its bulk, into `out`; yields the PAUSE markers on the way. */
function* expand(ts: Iterable<Traverser>, rt: Runtime, out: unknown[]): Generator<Traverser, void> {
  for (const t of ts) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    rt.memory.hold(t.bulk);
    for (let i = 0; i < t.bulk; i++) out.push(t.value);
    if (rt.tick()) yield PAUSE;
  }
}

function* run(p: ReduceParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.local) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const items = localItems(t.value) ?? [t.value];
      const r = reduceValues(p.op, items);
      if (r !== undefined) yield moveTo(t, r, rt.trackPath);
    }
    return;
  }
  const values: unknown[] = [];
  yield* expand(input, rt, values);
  const r = reduceValues(p.op, values);
  rt.memory.release(values.length);
  if (r !== undefined) yield fresh(r, rt.trackPath);
}

/**
 * The sum()/min()/max()/mean() step.
 */
export const reduceStep: StepDef<'reduce'> = {
  kind: 'reduce',
  category: 'map',
  pauses: true,
  ops: ['sum', 'min', 'max', 'mean'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    if (rest.length > 0) throw badArguments(ins, 'expected at most a scope');
    return { op: ins.op as Reducer, local };
  },
  run,
  describe: (p) => `${p.op}${p.local ? ' local' : ''}`,
};
