/**
 * barrier() (drains its input, merges equal traversers, then passes them on), discard() (passes
 * nothing) and fail(message) (throws on the first traverser).
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, isEnum } from '../args.js';
import { applyOperator } from '../operators.js';
import { add, div, mul, valueKey } from '../../semantics/index.js';
import { TypedNumber } from '../../../values/index.js';
import type { ControlParams } from '../../plan/params/side-effect.js';
import { PAUSE, gather } from '../../runtime/pause.js';

/**
 * TinkerPop's TraverserSet for traversers with a sack merge operator: equal traversers (same
 * value, no path or loop state) become one, with their bulks added (kept at one under
 * withBulk(false)) and their sacks merged. Without a sack, merging would only regroup bulk, so
 * the traversers pass as they are.
 */
function merge(all: readonly Traverser[], rt: Runtime): Traverser[] {
  const sack = rt.settings.sack;
  if (rt.trackPath || sack?.merge === undefined) return [...all];
  const out: Traverser[] = [];
  const at = new Map<string, number>();
  for (const t of all) {
    const key = t.loops === undefined ? valueKey(t.value) : undefined;
    const i = key === undefined ? undefined : at.get(key);
    if (i === undefined) {
      if (key !== undefined) at.set(key, out.length);
      out.push(rt.settings.oneBulk === true ? { ...t, bulk: 1 } : t);
      continue;
    }
    const head = out[i] as Traverser;
    out[i] = {
      ...head,
      bulk: rt.settings.oneBulk === true ? 1 : head.bulk + t.bulk,
      sack: applyOperator(sack.merge, head.sack, t.sack),
    };
  }
  return out;
}

/**
 * The input in consecutive groups of at most `size` traversers (NoOpBarrierStep's
 * maxBarrierSize), each merged; the PAUSE markers of the input pass on as they come.
 */
function* chunks(input: Iterable<Traverser>, size: number, rt: Runtime): Generator<Traverser> {
  let chunk: Traverser[] = [];
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    chunk.push(t);
    if (chunk.length >= size) {
      yield* merge(chunk, rt);
      chunk = [];
    }
  }
  if (chunk.length > 0) yield* merge(chunk, rt);
}

/** SackFunctions.Barrier.normSack: each sack times its bulk, divided by the sum of those. */
function normSack(all: readonly Traverser[]): Traverser[] {
  const total = all.reduce<unknown>((acc, t) => add(acc, mul(t.sack, t.bulk)), new TypedNumber('double', 0));
  return all.map((t) => ({ ...t, sack: div(mul(t.sack, t.bulk), total) }));
}

/**
 * The barrier()/discard()/fail() step.
 */
export const controlStep: StepDef<'control'> = {
  kind: 'control',
  category: 'side-effect',
  pauses: true,
  ops: ['barrier', 'discard', 'fail'],
  compile(ins) {
    const [a] = ins.args;
    if (ins.op === 'fail') {
      if (ins.args.length > 1 || (a !== undefined && typeof a !== 'string')) throw badArguments(ins, 'expected fail() or fail(message)');
      return { mode: 'fail', message: a };
    }
    if (ins.op === 'discard' && ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    if (ins.op === 'barrier') {
      if (ins.args.length > 1 || (a !== undefined && typeof a !== 'number' && !isEnum(a, 'Barrier', 'normSack'))) {
        throw badArguments(ins, 'expected barrier(), barrier(maxBarrierSize) or barrier(Barrier.normSack)');
      }
      return typeof a === 'number' ? { mode: 'barrier', message: undefined, maxSize: a } : { mode: 'barrier', message: undefined, normSack: a !== undefined };
    }
    return { mode: ins.op as ControlParams['mode'], message: undefined };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    if (p.mode === 'barrier') {
      if (p.maxSize !== undefined) {
        yield* chunks(input, p.maxSize, rt);
        return;
      }
      const all: Traverser[] = [];
      yield* gather(input, rt, all);
      rt.memory.release(all.length);
      const merged = merge(all, rt);
      yield* p.normSack === true ? normSack(merged) : merged;
      return;
    }
    for (const t of input) {
      if (t === PAUSE) yield t;
      else if (p.mode === 'fail') throw new ArgumentError('FAIL_STEP', p.message ?? `fail() step triggered: ${String(t.value)}`);
    }
  },
  describe: (p) => p.mode,
};
