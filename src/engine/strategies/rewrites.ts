/**
 * The adjacency and count rewrites: incident-to-adjacent (outE().inV() → out()) and count
 * pushdown (out().count() → degree sum, V().count() → vertexCount()).
 * @module
 */
import type { PlanStep } from '../plan/plan.js';
import { stepNode } from '../steps/args.js';
import type { Strategy } from './strategy.js';
import type { DegreeCountParams, VertexParams } from '../plan/params/map.js';

function rewritePairs(steps: readonly PlanStep[], f: (a: PlanStep, b: PlanStep) => PlanStep | undefined): PlanStep[] {
  const out: PlanStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const a = steps[i] as PlanStep;
    const b = steps[i + 1];
    const merged = b === undefined || a.labels.length > 0 ? undefined : f(a, b);
    if (merged !== undefined) {
      out.push(merged);
      i++;
    } else {
      out.push(a);
    }
  }
  return out;
}

/**
 * outE().inV() → out(), inE().outV() → in(), bothE().otherV() → both(), when no step needs
 * the path (the edge would otherwise be part of it).
 */
export const incidentToAdjacent: Strategy = {
  name: 'IncidentToAdjacentStrategy',
  apply(plan, context) {
    if (context.tracksPath) return plan;
    const steps = rewritePairs(plan.steps, (a, b) => {
      if (a.kind !== 'vertex' || b.kind !== 'edgeVertex') return undefined;
      const v = a.params;
      const e = b.params;
      const pairs = v.returns === 'edge' && ((v.direction === 'OUT' && e.end === 'in') || (v.direction === 'IN' && e.end === 'out') || (v.direction === 'BOTH' && e.end === 'other'));
      return pairs ? { kind: 'vertex', labels: b.labels, params: { ...v, returns: 'vertex' } satisfies VertexParams } : undefined;
    });
    return steps.length === plan.steps.length ? plan : plan.withSteps(steps);
  },
};

/**
 * out().count() → a degree sum and V().count() / V().hasLabel(l).count() → vertexCount(l).
 * Runs after incident-to-adjacent so outE().inV().count() is caught too.
 */
export const countPushdown: Strategy = {
  name: 'CountStrategy',
  apply(plan) {
    let steps = rewritePairs(plan.steps, (a, b) => {
      if (b.kind !== 'count' || b.params.local) return undefined;
      if (a.kind === 'vertex') {
        const v = a.params;
        const params: DegreeCountParams = { source: 'degree', direction: v.direction, labels: v.edgeLabels };
        return stepNode('degreeCount', params, b.labels);
      }
      if (a.kind === 'graph') {
        const g = a.params;
        if (g.ids !== undefined || g.lookup !== undefined) return undefined;
        const params: DegreeCountParams = { source: 'elements', element: g.element, labels: g.scanLabels };
        return stepNode('degreeCount', params, b.labels);
      }
      return undefined;
    });
    if (steps.length === plan.steps.length) steps = [...plan.steps];
    return steps.length === plan.steps.length ? plan : plan.withSteps(steps);
  },
};
