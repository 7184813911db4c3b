/**
 * IdentityRemovalStrategy: drops identity() steps that carry no label.
 * @module
 */
import type { Strategy } from './strategy.js';

/**
 * Removes unlabelled identity() steps (a plan that becomes empty stays empty: an empty child
 * plan is itself the identity).
 */
export const identityRemoval: Strategy = {
  name: 'IdentityRemovalStrategy',
  apply: (plan) => {
    const steps = plan.steps.filter((s) => s.kind !== 'identity' || s.labels.length > 0);
    return steps.length === plan.steps.length ? plan : plan.withSteps(steps);
  },
};
