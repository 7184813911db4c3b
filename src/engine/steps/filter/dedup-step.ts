/**
 * dedup() (global and local, with labels and by): drops traversers whose value (or labelled
 * values, or by-projection) was seen before, with Java equality (1 and 1L differ).
 * @module
 */
import { PlanError } from '../../../errors.js';
import { valueKey } from '../../semantics/value-key.js';
import { moveTo, labelled, withFields } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { Plan } from '../../plan/plan.js';
import type { StepDef } from '../step-def.js';
import { byPlan, strings } from '../args.js';
import { localItems, splitScope } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { DedupParams } from '../../plan/params/filter.js';

/** The values a traverser is deduplicated by, before by(): its own, or the last object of each label. */
function dedupValues(p: DedupParams<Plan>, t: Traverser): unknown[] {
  if (p.keys.length === 0) return [t.value];
  return p.keys.map((k) => {
    const values = labelled(t.path, k);
    return values[values.length - 1];
  });
}

/** The key a traverser is deduplicated by; undefined when a by() child yields nothing. */
function keyOf(p: DedupParams<Plan>, t: Traverser, rt: Runtime): string | undefined {
  const parts: string[] = [];
  for (const v of dedupValues(p, t)) {
    const out = p.by === undefined ? { value: v } : rt.first(p.by, { ...t, value: v });
    if (out === undefined) return undefined;
    parts.push(valueKey(out.value));
  }
  return parts.join('\u0000');
}

/** {@link keyOf} for a by() child that may run long: yields its PAUSE markers. */
function* keyOfPausing(p: DedupParams<Plan>, t: Traverser, rt: Runtime): Generator<Traverser, string | undefined> {
  const parts: string[] = [];
  for (const v of dedupValues(p, t)) {
    const out = yield* rt.firstPausing(p.by as Plan, { ...t, value: v });
    if (out === undefined) return undefined;
    parts.push(valueKey(out.value));
  }
  return parts.join('\u0000');
}

function run(p: DedupParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  return p.local ? dedupLocal(p, input, rt) : dedupGlobal(p, input, rt, rt.stepState(p, () => new Set<string>()));
}

function* dedupLocal(p: DedupParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const long = p.by !== undefined && mayRunLong(p.by);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const items = localItems(t.value) ?? [t.value];
    const local = { ...p, keys: [] };
    const seen = new Map<string, unknown>();
    for (const item of items) {
      const k = p.by === undefined ? valueKey(item) : long ? yield* keyOfPausing(local, { ...t, value: item }, rt) : keyOf(local, { ...t, value: item }, rt);
      if (k !== undefined && !seen.has(k)) seen.set(k, item);
    }
    yield moveTo(t, new Set(seen.values()), rt.trackPath);
  }
}

/** Global dedup; `seen` outlives one run inside a repeat() or branch scope. */
function* dedupGlobal(p: DedupParams<Plan>, input: Iterable<Traverser>, rt: Runtime, seen: Set<string>): Iterable<Traverser> {
  const plain = p.by === undefined && p.keys.length === 0;
  const long = p.by !== undefined && mayRunLong(p.by);
  let held = 0;
  try {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      if (rt.tick()) yield PAUSE;
      const k = plain ? valueKey(t.value) : long ? yield* keyOfPausing(p, t, rt) : keyOf(p, t, rt);
      if (k === undefined || seen.has(k)) continue;
      seen.add(k);
      rt.memory.hold(1);
      held++;
      yield t.bulk === 1 ? t : withFields(t, { bulk: 1 });
    }
  } finally {
    rt.memory.release(held);
  }
}

/**
 * The dedup() step.
 */
export const dedupStep: StepDef<'dedup'> = {
  kind: 'dedup',
  category: 'filter',
  pauses: true,
  ops: ['dedup'],
  requirements: (p) => ({ labels: p.keys.length > 0 }),
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    return { local, keys: strings({ op: ins.op, args: rest }), by: undefined };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The dedup() step does not accept ${ins.op}()`);
    if (p.by !== undefined) throw new PlanError('BY_ALREADY_SET', 'Dedup step can only have one by modulator');
    return { ...p, by: byPlan(ins.args[0], cc, ins) };
  },
  run,
};
