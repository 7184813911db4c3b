/**
 * The barrier half of TinkerPop's PathRetractionStrategy: in OLTP, after every path-processing
 * step (global dedup(), select() by label, where() over labels, match()) whose next step is
 * not already a barrier, it inserts a NoOpBarrierStep of 2500 traversers, so the steps after
 * it see bulked traversers. That barrier is observable: a side-effect written before it (such
 * as groupCount("x")) is complete for up to 2500 traversers when later steps read it, which
 * is why `inject(10,20,null,20,10,10).groupCount("x").dedup()...select("x")` sees a count of
 * 3 for 10. Like TinkerPop, it does nothing when any step needs full paths.
 * @module
 */
import type { PlanStep } from '../plan/plan.js';
import { Plan } from '../plan/plan.js';
import { planRequirements } from '../run/requirements.js';
import { hasBarrier } from '../steps/branch/global-children.js';
import type { Strategy } from './strategy.js';
import type { ControlParams } from '../plan/params/side-effect.js';
import type { WhereTraversal } from '../plan/params/filter.js';

/** TinkerPop's PathRetractionStrategy.DEFAULT_STANDARD_BARRIER_SIZE. */
const BARRIER_SIZE = 2500;

/** Whether a step is one of TinkerPop's PathProcessor steps. */
function isPathProcessor(step: PlanStep): boolean {
  switch (step.kind) {
    case 'dedup':
      return !step.params.local;
    case 'select':
      return step.params.column === undefined && step.params.keyPlan === undefined;
    case 'where':
      return step.params.form === 'predicate' || whereUsesLabels(step.params.traversal);
    case 'match':
      return true;
    default:
      return false;
  }
}

/** where(traversal) is a WhereTraversalStep (a PathProcessor) only when it names labels. */
function whereUsesLabels(t: WhereTraversal<Plan>): boolean {
  if (t.connective !== undefined) return t.children.some(whereUsesLabels);
  return t.startLabel !== undefined || t.endLabels.length > 0;
}

function barrier(): PlanStep {
  const params: ControlParams = { mode: 'barrier', message: undefined, maxSize: BARRIER_SIZE };
  return { kind: 'control', labels: [], params };
}

/**
 * Inserts bounded barriers after path-processing steps of the root traversal.
 */
export const pathRetraction: Strategy = {
  name: 'PathRetractionStrategy',
  semantic: true,
  apply(plan, context) {
    if (!context.root || planRequirements(plan).path) return plan;
    const steps: PlanStep[] = [];
    plan.steps.forEach((step, i) => {
      steps.push(step);
      const next = plan.steps[i + 1];
      if (isPathProcessor(step) && (next === undefined || !hasBarrier(new Plan([next])))) steps.push(barrier());
    });
    return steps.length === plan.steps.length ? plan : plan.withSteps(steps);
  },
};
