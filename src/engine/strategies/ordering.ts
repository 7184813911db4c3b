/**
 * Filter ranking (cheap filters first within a run of adjacent filters) and early limit
 * (range() moved before one-to-one map steps, so they run on fewer traversers).
 * @module
 */
import type { PlanStep } from '../plan/plan.js';
import type { Strategy } from './strategy.js';

/** Cost rank of reorderable filters: lower runs first. */
const RANK: Readonly<Partial<Record<PlanStep['kind'], number>>> = { has: 1, is: 2, quantifier: 3, filter: 4 };

/**
 * Sorts each run of adjacent, unlabelled, reorderable filters by cost. Filters are pure and
 * per-traverser, so their order never changes the results, only the work done.
 */
export const filterRanking: Strategy = {
  name: 'FilterRankingStrategy',
  apply(plan) {
    const out: PlanStep[] = [];
    let run: PlanStep[] = [];
    const flush = (): void => {
      out.push(...run.map((s, i) => ({ s, i })).sort((a, b) => (RANK[a.s.kind] ?? 9) - (RANK[b.s.kind] ?? 9) || a.i - b.i).map((x) => x.s));
      run = [];
    };
    for (const s of plan.steps) {
      if (RANK[s.kind] !== undefined && s.labels.length === 0) run.push(s);
      else {
        flush();
        out.push(s);
      }
    }
    flush();
    return out.every((s, i) => s === plan.steps[i]) ? plan : plan.withSteps(out);
  },
};

/** Map steps that turn one traverser into exactly one, with no side effects. */
const ONE_TO_ONE = new Set<PlanStep['kind']>(['id', 'label', 'constant', 'identity', 'key', 'value']);

/**
 * Moves a global range() before the one-to-one map steps right in front of it, when no step
 * needs the path (the moved steps would otherwise be missing from it).
 */
export const earlyLimit: Strategy = {
  name: 'EarlyLimitStrategy',
  apply(plan, context) {
    if (context.tracksPath) return plan;
    const steps = [...plan.steps];
    let changed = false;
    for (let i = 1; i < steps.length; i++) {
      const s = steps[i] as PlanStep;
      if (s.kind !== 'range' || s.params.local || s.labels.length > 0) continue;
      let j = i;
      while (j > 0 && ONE_TO_ONE.has((steps[j - 1] as PlanStep).kind) && (steps[j - 1] as PlanStep).labels.length === 0) j--;
      if (j < i) {
        steps.splice(i, 1);
        steps.splice(j, 0, s);
        changed = true;
      }
    }
    return changed ? plan.withSteps(steps) : plan;
  },
};
