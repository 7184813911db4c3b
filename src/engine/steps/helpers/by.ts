/**
 * by() modulators applied: the value a traverser's object maps to under the i-th by() child.
 * @module
 */
import type { Plan } from '../../plan/plan.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { Traverser } from '../../runtime/traverser.js';
import { MISSING } from '../../runtime/scoped-lookup.js';

/**
 * Applies the i-th by() (round-robin) to a value; MISSING when it yields nothing.
 */
export function applyBy(rt: Runtime, t: Traverser, value: unknown, by: readonly Plan[], i: number): unknown {
  if (by.length === 0) return value;
  const plan = by[i % by.length] as Plan;
  if (plan.steps.length === 0) return value;
  const out = rt.first(plan, { ...t, value });
  return out === undefined ? MISSING : out.value;
}

/**
 * {@link applyBy} for a step that declares `pauses`: the by() child's PAUSE markers are
 * yielded on the way (`const v = yield* applyByPausing(...)`).
 */
export function* applyByPausing(rt: Runtime, t: Traverser, value: unknown, by: readonly Plan[], i: number): Generator<Traverser, unknown> {
  if (by.length === 0) return value;
  const plan = by[i % by.length] as Plan;
  if (plan.steps.length === 0) return value;
  const out = yield* rt.firstPausing(plan, { ...t, value });
  return out === undefined ? MISSING : out.value;
}
