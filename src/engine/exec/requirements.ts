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
 *
 * @example
 * ```ts
 * planRequirements(compile(bytecode)).path; // true for g.V().out().path()
 * ```
 */
export function planRequirements(plan: Plan): Requirements {
  const r = { path: false, labels: false, loops: false, sack: plan.settings.sack !== undefined };
  const visit = (p: Plan): void => {
    for (const step of p.steps) {
      if (step.labels.length > 0) r.labels = true;
      const own = stepRequirements(step);
      r.path ||= own.path === true;
      r.labels ||= own.labels === true;
      r.loops ||= own.loops === true;
      r.sack ||= own.sack === true;
      for (const child of childPlans(step.params)) visit(child);
    }
  };
  visit(plan);
  return r;
}

/**
 * Whether any step of the plan (or a child plan) writes to the graph.
 *
 * @example
 * ```ts
 * planMutates(compile(addVBytecode)); // true
 * ```
 */
export function planMutates(plan: Plan): boolean {
  return plan.steps.some(
    (s) => STEPS[s.kind].mutates === true || childPlans(s.params).some(planMutates),
  );
}

/** What one step declares it needs, from its implementation. */
function stepRequirements<K extends StepKind>(step: PlanStep<K>): Partial<Requirements> {
  return STEPS[step.kind].requirements?.(step.params) ?? {};
}
