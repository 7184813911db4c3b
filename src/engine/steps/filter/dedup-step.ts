/**
 * dedup() (global and local, with labels and by): drops traversers whose value (or labelled
 * values, or by-projection) was seen before, with Java equality (1 and 1L differ).
 * @module
 */
import { PlanError } from '../../../errors.js';
import { valueKey } from '../../semantics/value-key.js';
import { moveTo, labelled, withFields } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { Plan } from '../../plan/plan.js';
import type { StepDef } from '../step-def.js';
import { byPlan, strings } from '../args.js';
import { localItems, splitScope } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { DedupParams } from '../../plan/params/filter.js';

/** The key a traverser is deduplicated by; yields the PAUSE markers of the by() child. */
function* keyOf(p: DedupParams<Plan>, t: Traverser, rt: Runtime): Generator<Traverser, string | undefined> {
  const by = p.by;
  const project = function* (v: unknown): Generator<Traverser, string | undefined> {
    if (by === undefined) return valueKey(v);
    const out = yield* rt.firstPausing(by, { ...t, value: v });
    return out === undefined ? undefined : valueKey(out.value);
  };
  if (p.keys.length === 0) return by === undefined ? valueKey(t.value) : yield* project(t.value);
  const parts: string[] = [];
  for (const k of p.keys) {
    const values = labelled(t.path, k);
    const part = yield* project(values[values.length - 1]);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts.join('\u0000');
}

function run(p: DedupParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  return p.local ? dedupLocal(p, input, rt) : dedupGlobal(p, input, rt, rt.stepState(p, () => new Set<string>()));
}

function* dedupLocal(p: DedupParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const items = localItems(t.value) ?? [t.value];
    const seen = new Map<string, unknown>();
    for (const item of items) {
      const k = p.by === undefined ? valueKey(item) : yield* keyOf({ ...p, keys: [] }, { ...t, value: item }, rt);
      if (k !== undefined && !seen.has(k)) seen.set(k, item);
    }
    yield moveTo(t, new Set(seen.values()), rt.trackPath);
  }
}

/** Global dedup; `seen` outlives one run inside a repeat() or branch scope. */
function* dedupGlobal(p: DedupParams<Plan>, input: Iterable<Traverser>, rt: Runtime, seen: Set<string>): Iterable<Traverser> {
  const plain = p.by === undefined && p.keys.length === 0;
  let held = 0;
  try {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      if (rt.tick()) yield PAUSE;
      // Without by() or labels the key is the value's (no generator per traverser).
      const k = plain ? valueKey(t.value) : yield* keyOf(p, t, rt);
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
