/**
 * The ordered list of optimisation strategies. Path tracking "only when needed" is not a
 * rewrite: the executor reads the plan's requirements and leaves paths off when no step needs
 * them (see run/requirements.ts).
 * @module
 */
import type { Strategy } from './strategy.js';
import { identityRemoval } from './identity-removal.js';
import { incidentToAdjacent, countPushdown } from './rewrites.js';
import { startSelection } from './start-selection.js';
import { filterRanking, earlyLimit } from './ordering.js';
import { pathRetraction } from './path-retraction.js';
import { columnScan } from './column-scan.js';
import { frontierStrategy } from './frontier-strategy.js';

/**
 * Strategies in the order they run. Each entry says why it sits where it does.
 */
export const STRATEGIES: readonly Strategy[] = [
  // First: the pattern-matching strategies below see adjacent steps without identity() between them.
  identityRemoval,
  // Before start selection: ranking moves the cheap has() right behind V(), where start selection looks.
  filterRanking,
  // Before count pushdown: per-label scan labels on V() are what the count pushdown reuses.
  startSelection,
  // Before count pushdown: outE().inV().count() becomes out().count() and then a degree sum.
  incidentToAdjacent,
  // After incident-to-adjacent, whose out() chains it matches; before count pushdown, which
  // would turn the last hop of out().out().count() into a degree sum first.
  frontierStrategy,
  // After the rewrites above, which create the vertex()/graph() + count() pairs it matches.
  countPushdown,
  // After count pushdown, which answers V().hasLabel(x).count() from label sizes without a scan;
  // after start selection, whose per-label scans and index lookups the column scan keeps.
  columnScan,
  // Near the end: it only reorders range() with one-to-one steps and must see the final step list.
  earlyLimit,
  // After early limit, which must not see the barriers this one inserts after path processors.
  pathRetraction,
];
