/**
 * Start selection: a has() right after a start V()/E() narrows the scan: label conditions
 * become per-label scans and a property condition becomes an index lookup (GraphSource.lookup,
 * which may decline; the has() filter always stays, so results never change).
 * @module
 */
import { Predicate } from '../bytecode.js';
import type { PlanStep } from '../plan/plan.js';
import type { IndexPredicate } from '../../port/index.js';
import { indexPredicate } from '../runtime/predicate.js';
import type { Strategy } from './strategy.js';
import type { GraphParams } from '../plan/params/map.js';
import type { HasCondition, HasParams } from '../plan/params/filter.js';

function labelsOf(c: HasCondition): string[] | undefined {
  if (c.on !== 'label') return undefined;
  if (typeof c.test === 'string') return [c.test];
  if (c.test instanceof Predicate && (c.test.op === 'eq' || c.test.op === 'within')) {
    const values = c.test.args.flat();
    if (values.every((v) => typeof v === 'string')) return values as string[];
  }
  return undefined;
}

/**
 * The start-selection strategy (per-label scans and index lookups).
 */
export const startSelection: Strategy = {
  name: 'IndexSelectionStrategy',
  apply(plan) {
    const [first, second] = plan.steps;
    if (first === undefined || second === undefined || first.kind !== 'graph' || second.kind !== 'has') return plan;
    const g = first.params;
    if (g.ids !== undefined || g.lookup !== undefined || g.scanLabels !== undefined) return plan;
    const conditions = second.params.conditions;
    const labels = conditions.map(labelsOf).find((l) => l !== undefined);
    const property = conditions.find((c) => c.on === 'property' && !c.negate && indexPredicate(c.test) !== undefined);
    let params: GraphParams = labels === undefined ? g : { ...g, scanLabels: labels };
    if (property !== undefined && property.key !== undefined) {
      const predicate = indexPredicate(property.test) as IndexPredicate;
      params = { ...params, lookup: { label: labels?.length === 1 ? labels[0] : undefined, key: property.key, predicate } };
    }
    if (params === g) return plan;
    const graphStep: PlanStep = { ...first, params };
    // The label condition is answered by the scan (and by the lookup when it names one label).
    const labelCovered = labels !== undefined && (params.lookup === undefined || labels.length === 1);
    const rest = labelCovered ? conditions.filter((c) => labelsOf(c) === undefined) : conditions;
    const hasSteps: PlanStep[] = rest.length === 0 && second.labels.length === 0 ? [] : [{ ...second, params: { conditions: rest } satisfies HasParams }];
    return plan.withSteps([graphStep, ...hasSteps, ...plan.steps.slice(2)]);
  },
};
