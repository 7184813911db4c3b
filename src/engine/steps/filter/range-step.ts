/**
 * range/limit/skip (global and local): keeps traversers by position, counting bulk.
 * @module
 */
import { PlanError } from '../../../errors.js';
import { moveTo, withFields } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, toJsNumber } from '../args.js';
import { rangeOfItems, splitScope } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { RangeParams } from '../../plan/params/filter.js';

function run(p: RangeParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  return p.local ? rangeLocalStream(p, input, rt) : rangeGlobal(p, input, rt.stepState(p, () => new Map<number, number>()));
}

function* rangeLocalStream(p: RangeParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) yield t === PAUSE ? t : moveTo(t, rangeOfItems(t.value, p.low, p.high), rt.trackPath);
}

/**
 * Global range. Counts are kept per loop iteration (the traverser's innermost loop counter), so
 * inside a repeat() every round gets its own range, while the inputs of a branch share one. One
 * run sees one loop counter (repeat() runs its body round by round), so a full range ends it.
 */
function* rangeGlobal(p: RangeParams, input: Iterable<Traverser>, counts: Map<number, number>): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const loop = t.loops?.count ?? -1;
    const start = counts.get(loop) ?? 0;
    if (p.high !== -1 && start >= p.high) return;
    const seen = start + t.bulk;
    counts.set(loop, seen);
    const from = Math.max(start, p.low);
    const to = p.high === -1 ? seen : Math.min(seen, p.high);
    if (to > from) yield to - from === t.bulk ? t : withFields(t, { bulk: to - from });
  }
}

function bound(ins: { op: string; args: readonly unknown[] }, a: unknown): number {
  const n = toJsNumber(a);
  if (n === undefined || !Number.isInteger(n)) throw badArguments({ op: ins.op, args: [] }, 'bounds must be integers');
  return n;
}

/**
 * The range()/limit()/skip() step.
 */
export const rangeStep: StepDef<'range'> = {
  kind: 'range',
  category: 'filter',
  pauses: true,
  ops: ['range', 'limit', 'skip'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    if (ins.op === 'range') {
      if (rest.length !== 2) throw badArguments(ins, 'expected range(low, high)');
      const low = bound(ins, rest[0]);
      const high = bound(ins, rest[1]);
      if (high !== -1 && high < low) throw new PlanError('ILLEGAL_RANGE', `Not a legal range: [${low}, ${high}]`);
      return { low, high, local };
    }
    if (rest.length !== 1) throw badArguments(ins, `expected ${ins.op}(n)`);
    const n = bound(ins, rest[0]);
    return ins.op === 'limit' ? { low: 0, high: n, local } : { low: n, high: -1, local };
  },
  run,
  describe: (p) => `${p.local ? 'local, ' : ''}${p.low}, ${p.high}`,
};
