/**
 * Column scans: a root traversal that starts with a full V()/E() scan, filters it by label or
 * by one property key, and ends the scan in `count()`, `groupCount().by(label)`,
 * `label().groupCount()` or `values(key).dedup().count()` reads the label and property columns
 * in batches (one `columnScan` step) instead of building an element object per element.
 * @module
 */
import type { Plan, PlanStep } from '../plan/plan.js';
import { stepNode } from '../steps/args.js';
import type { Strategy } from './strategy.js';
import type { ColumnScanParams, GroupParams } from '../plan/params/map.js';
import type { HasCondition } from '../plan/params/filter.js';

/** How the steps after the filters end the scan, and how many steps that takes. */
function ending(steps: readonly PlanStep[]): { readonly result: ColumnScanParams['result']; readonly key?: string; readonly length: number } | undefined {
  const [a, b, c] = steps;
  if (a === undefined) return undefined;
  if (a.kind === 'count' && !a.params.local) return { result: 'count', length: 1 };
  if (a.kind === 'group' && labelGroupCount(a.params, true)) return { result: 'labelCounts', length: 1 };
  if (a.kind === 'label' && b?.kind === 'group' && labelGroupCount(b.params, false)) return { result: 'labelCounts', length: 2 };
  if (a.kind !== 'properties' || b?.kind !== 'dedup' || c?.kind !== 'count') return undefined;
  const values = a.params;
  const dedup = b.params;
  if (!values.values || values.keys.length !== 1 || dedup.local || dedup.keys.length > 0 || dedup.by !== undefined || c.params.local) return undefined;
  return { result: 'distinctValues', key: values.keys[0], length: 3 };
}

/** groupCount() with no side-effect key, keyed by label (`byLabel`) or by the value itself. */
function labelGroupCount(g: GroupParams<Plan>, byLabel: boolean): boolean {
  if (!g.count || g.sideEffect !== undefined || g.valueBy !== undefined) return false;
  const keySteps = g.keyBy?.steps ?? [];
  if (!byLabel) return keySteps.length === 0;
  const [only] = keySteps;
  return keySteps.length === 1 && only !== undefined && only.kind === 'label' && only.labels.length === 0;
}

/** A has() condition a column answers: on the label, or on one property key. */
function columnCondition(c: HasCondition): boolean {
  return c.on === 'label' ? !c.negate : c.on === 'property' && c.key !== undefined;
}

/**
 * The column-scan strategy.
 */
export const columnScan: Strategy = {
  name: 'ColumnScanStrategy',
  apply(plan: Plan, context): Plan {
    if (!context.root || context.tracksPath || plan.settings.withPath === true || plan.settings.sack !== undefined) return plan;
    const [first] = plan.steps;
    if (first === undefined || first.kind !== 'graph' || first.labels.length > 0) return plan;
    const g = first.params;
    if (!g.start || g.ids !== undefined) return plan;
    let i = 1;
    const conditions: HasCondition[] = [];
    for (let s = plan.steps[i]; s?.kind === 'has' && s.labels.length === 0; s = plan.steps[++i]) conditions.push(...s.params.conditions);
    const end = ending(plan.steps.slice(i));
    if (end === undefined || plan.steps.slice(i, i + end.length).some((s) => s.labels.length > 0)) return plan;
    if (!conditions.every(columnCondition)) return plan;
    const keys = new Set(conditions.filter((c) => c.on === 'property').map((c) => c.key));
    if (end.key !== undefined) keys.add(end.key);
    if (keys.size > 1) return plan;
    const [key] = [...keys];
    const params: ColumnScanParams = { element: g.element, labels: g.scanLabels, lookup: g.lookup, key, conditions, result: end.result };
    return plan.withSteps([stepNode('columnScan', params), ...plan.steps.slice(i + end.length)]);
  },
};
