/**
 * Start selection: a has() right after a start V()/E() narrows the scan: label conditions
 * become per-label scans and a property condition becomes an index lookup (GraphSource.lookup,
 * which may decline; the has() filter always stays, so results never change).
 * @module
 */
import { Predicate } from '../bytecode.js';
import type { PlanStep } from '../plan/plan.js';
import type { IndexPredicate } from '../../port/index.js';
import type { PropertyValue } from '../../values/index.js';
import type { Strategy } from './strategy.js';
import type { GraphParams } from '../plan/params/map.js';
import type { HasCondition, HasParams } from '../plan/params/filter.js';

const INDEX_OPS: Readonly<Record<string, IndexPredicate['op']>> = {
  eq: 'eq', neq: 'neq', lt: 'lt', lte: 'lte', gt: 'gt', gte: 'gte', between: 'between', inside: 'inside',
  outside: 'outside', within: 'within', without: 'without', containing: 'textcontains',
  // HugeGraph's P.contains: a secondary index holds each element of a list or set value.
  contains: 'eq',
};

/**
 * The index form of a has() test, or undefined when it has none.
 *
 * @example
 * ```ts
 * indexPredicate('marko'); // { op: 'eq', values: ['marko'] }
 * ```
 */
export function indexPredicate(test: unknown): IndexPredicate | undefined {
  if (!(test instanceof Predicate)) return test === undefined ? undefined : { op: 'eq', values: [test as PropertyValue] };
  const op = INDEX_OPS[test.op];
  if (op === undefined || test.args.some((a) => a instanceof Predicate)) return undefined;
  const values = test.args.flatMap((a) => (Array.isArray(a) ? (a as PropertyValue[]) : [a as PropertyValue]));
  return { op, values };
}

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
 *
 * @example
 * ```ts
 * startSelection.apply(plan, { root: true, tracksPath: false });
 * ```
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
