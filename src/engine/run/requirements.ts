/**
 * Requirements of a whole plan: the union of what its steps (and their child plans) declare.
 * @module
 */
import type { Plan, PlanStep, Requirements } from '../plan/plan.js';
import { childPlans } from '../plan/plan.js';
import { STEPS } from '../steps/step-registry.js';
import type { StepKind } from '../plan/kinds.js';

/**
 * Union of the requirements of every step in the plan, children included. Any `as()` label
 * turns label tracking on.
 */
export function planRequirements(plan: Plan): Requirements {
  const r = { path: false, labels: false, loops: false, sack: plan.settings.sack !== undefined };
  for (const step of plan.steps) addRequirements(r, stepInfo(step));
  return r;
}

/** Turns on in `into` what `from` requires. */
function addRequirements(into: { -readonly [K in keyof Requirements]: boolean }, from: Requirements): void {
  into.path ||= from.path;
  into.labels ||= from.labels;
  into.loops ||= from.loops;
  into.sack ||= from.sack;
}

/**
 * Whether any step of the plan (or a child plan) writes to the graph.
 */
export function planMutates(plan: Plan): boolean {
  return plan.steps.some((s) => stepInfo(s).mutates);
}

/** What a step and its child plans need, and whether they write. */
interface StepInfo extends Requirements {
  readonly mutates: boolean;
}

/**
 * Step infos, kept per step object: plan steps are immutable, and a cached plan runs many times
 * (its steps are shared by the plans the cache derives from it).
 */
const infos = new WeakMap<PlanStep, StepInfo>();

function stepInfo(step: PlanStep): StepInfo {
  const known = infos.get(step);
  if (known !== undefined) return known;
  const own = stepRequirements(step);
  const r = { path: own.path === true, labels: step.labels.length > 0 || own.labels === true, loops: own.loops === true, sack: own.sack === true, mutates: STEPS[step.kind].mutates === true };
  for (const child of childPlans(step.params)) {
    for (const s of child.steps) {
      const c = stepInfo(s);
      addRequirements(r, c);
      r.mutates ||= c.mutates;
    }
  }
  infos.set(step, r);
  return r;
}

/** What one step declares it needs, from its implementation. */
function stepRequirements<K extends StepKind>(step: PlanStep<K>): Partial<Requirements> {
  return STEPS[step.kind].requirements?.(step.params) ?? {};
}
