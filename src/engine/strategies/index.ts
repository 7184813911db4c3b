/**
 * Optimisation strategies: pure plan → plan functions applied in one ordered list.
 * @module
 */
import type { Plan } from '../plan/plan.js';
import { mapStepPlans } from '../plan/plan.js';
import { planRequirements } from '../run/requirements.js';
import { STRATEGIES } from './list.js';

export { verifyPlan } from './verification.js';
export { checkStrategyName } from './known.js';

/**
 * Applies every strategy in order to the plan and, recursively, to its child plans. Strategies
 * named in `withoutStrategies` are skipped.
 */
export function applyStrategies(plan: Plan, options: { readonly optimise?: boolean } = {}): Plan {
  const without = new Set(plan.settings.without);
  const optimise = options.optimise !== false;
  const active = STRATEGIES.filter((s) => !without.has(s.name) && (optimise || s.semantic === true));
  const req = planRequirements(plan);
  const tracksPath = req.path || req.labels;
  const visit = (p: Plan, root: boolean): Plan => {
    let out = p.withSteps(
      p.steps.map((s) => mapStepPlans(s, (c) => visit(c, false))),
    );
    for (const s of active) out = s.apply(out, { root, tracksPath });
    return out;
  };
  return visit(plan, true);
}
