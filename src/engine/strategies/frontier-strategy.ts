/**
 * Frontier strategy: multi-hop shapes of a root traversal become one `frontier` step that runs
 * over typed-array frontiers, with the results (order included) of the step-by-step plan:
 * - `repeat(out|in|both(labels).dedup()).times(k)`, with or without `emit()` after;
 * - `repeat(out|in|both(labels).dedup()).until(hasId(ids))` (so `...limit(1).path()` is a
 *   shortest path);
 * - `repeat(out|in|both(labels).simplePath()).until(hasId(ids)).limit(1)`: the first simple
 *   path to arrive is a shortest path, and the lexicographically first one, which is the path
 *   a BFS with first-reached predecessors and the start marked visited finds; so the frontier
 *   prunes every vertex reached before instead of enumerating simple paths. From one start
 *   traverser whose path is just its vertex; other inputs run the original repeat();
 * - either `times(k)` form followed by `count()`: the frontier step counts, with no traverser built;
 * - two or more `out|in|both(labels)` in a row followed by `dedup()` (and so by `count()` or
 *   `limit(n)` after it), or by `count()`.
 *
 * Why each shape keeps the step-by-step order: repeat() runs breadth-first, one round per
 * level, and the global dedup() keeps the first traverser to reach a vertex; a queue BFS with
 * visited marks meets the vertices in exactly that order. A chain then dedup() keeps first
 * occurrences; merging equal vertices at each hop into the first (adding bulks) does not move
 * any first occurrence. A chain then count() only needs the bulk total.
 * @module
 */
import type { Plan, PlanStep } from '../plan/plan.js';
import { Predicate } from '../bytecode.js';
import type { FrontierHop, FrontierParams } from '../plan/params/branch.js';
import { stepNode } from '../steps/args.js';
import type { Strategy } from './strategy.js';

/** A frontier step and the number of steps of the plan it replaces. */
interface Replacement {
  readonly node: PlanStep;
  readonly length: number;
}

/** The hop of an unlabelled `out/in/both(labels)`, else undefined. */
function hopOf(s: PlanStep | undefined): FrontierHop | undefined {
  if (s === undefined || s.kind !== 'vertex' || s.labels.length > 0) return undefined;
  const v = s.params;
  return v.returns === 'vertex' ? { direction: v.direction, edgeLabels: v.edgeLabels } : undefined;
}

/** A plain global `dedup()`. */
function plainDedup(s: PlanStep | undefined): boolean {
  if (s === undefined || s.kind !== 'dedup') return false;
  const d = s.params;
  return !d.local && d.keys.length === 0 && d.by === undefined;
}

/** The ids of an until() child that is exactly `hasId(id, ...)` with plain ids. */
function hasIds(plan: Plan): readonly unknown[] | undefined {
  const [only] = plan.steps;
  if (plan.steps.length !== 1 || only === undefined || only.kind !== 'has' || only.labels.length > 0) return undefined;
  const conditions = only.params.conditions;
  const [c] = conditions;
  if (conditions.length !== 1 || c === undefined || c.on !== 'id' || c.negate) return undefined;
  const plainId = (v: unknown): boolean => typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint' || (typeof v === 'object' && v !== null && 'value' in v && !(v instanceof Predicate));
  if (c.test instanceof Predicate) return (c.test.op === 'within' || c.test.op === 'eq') && c.test.args.every(plainId) ? c.test.args : undefined;
  return plainId(c.test) ? [c.test] : undefined;
}

/** A plain `simplePath()`. */
function plainSimplePath(s: PlanStep | undefined): boolean {
  if (s === undefined || s.kind !== 'pathFilter') return false;
  const f = s.params;
  return f.simple && f.from === undefined && f.to === undefined && f.by.length === 0;
}

/** `limit(1)`. */
function limitOne(s: PlanStep | undefined): boolean {
  if (s === undefined || s.kind !== 'range') return false;
  const r = s.params;
  return !r.local && r.low === 0 && r.high === 1;
}

/** A global `count()`. */
function plainCount(s: PlanStep | undefined): s is PlanStep<'count'> {
  return s !== undefined && s.kind === 'count' && !s.params.local;
}

/**
 * The frontier step replacing a repeat() step (followed by `next`, which it takes in when it is
 * a `count()` after `times(k)`), and how many steps it replaces; undefined when the shape is not one of ours.
 */
function fromRepeat(s: PlanStep<'repeat'>, next: PlanStep | undefined): Replacement | undefined {
  const r = s.params;
  if (r.name !== undefined || r.body === undefined || r.untilFirst || r.emitFirst || r.until === undefined) return undefined;
  const [a, b] = r.body.steps;
  const hop = hopOf(a);
  if (r.body.steps.length !== 2 || hop === undefined || b === undefined || b.labels.length > 0) return undefined;
  const simple = plainSimplePath(b) && 'plan' in r.until && r.emit === undefined && limitOne(next);
  if (!simple && !plainDedup(b)) return undefined;
  const emit = r.emit !== undefined && 'always' in r.emit;
  if (r.emit !== undefined && !emit) return undefined;
  const base = { mode: 'repeat', hops: [hop], result: 'distinct', simple: simple ? r : undefined } as const;
  if ('times' in r.until) {
    if (r.until.times < 1) return undefined;
    if (plainCount(next) && s.labels.length === 0) {
      return { node: stepNode('frontier', { ...base, depth: r.until.times, emit, until: undefined, result: 'count' } satisfies FrontierParams<Plan>, next.labels), length: 2 };
    }
    return { node: stepNode('frontier', { ...base, depth: r.until.times, emit, until: undefined } satisfies FrontierParams<Plan>, s.labels), length: 1 };
  }
  if (!('plan' in r.until) || emit) return undefined;
  const ids = hasIds(r.until.plan);
  if (ids === undefined) return undefined;
  return { node: stepNode('frontier', { ...base, depth: Infinity, emit: false, until: { plan: r.until.plan, ids } } satisfies FrontierParams<Plan>, s.labels), length: 1 };
}

/** A chain of ≥ 2 hops at `i` ending in dedup() or count(): the frontier step and how many steps it replaces. */
function fromChain(steps: readonly PlanStep[], i: number): Replacement | undefined {
  const hops: FrontierHop[] = [];
  for (let h = hopOf(steps[i]); h !== undefined; h = hopOf(steps[i + hops.length])) hops.push(h);
  const end = steps[i + hops.length];
  if (hops.length < 2 || end === undefined) return undefined;
  const count = plainCount(end);
  if (!count && !plainDedup(end)) return undefined;
  const params: FrontierParams<Plan> = { mode: 'chain', hops, depth: hops.length, emit: false, until: undefined, result: count ? 'count' : 'distinct', simple: undefined };
  return { node: stepNode('frontier', params, end.labels), length: hops.length + 1 };
}

/**
 * The frontier strategy.
 */
export const frontierStrategy: Strategy = {
  name: 'FrontierStrategy',
  apply(plan, context): Plan {
    if (!context.root || plan.settings.sack !== undefined || plan.settings.oneBulk === true) return plan;
    const out: PlanStep[] = [];
    let changed = false;
    for (let i = 0; i < plan.steps.length; ) {
      const s = plan.steps[i] as PlanStep;
      const repeat = s.kind === 'repeat' ? fromRepeat(s, plan.steps[i + 1]) : undefined;
      const chain = repeat === undefined && !context.tracksPath && plan.settings.withPath !== true ? fromChain(plan.steps, i) : undefined;
      const replaced = repeat ?? chain;
      out.push(replaced?.node ?? s);
      i += replaced?.length ?? 1;
      changed ||= replaced !== undefined;
    }
    return changed ? plan.withSteps(out) : plan;
  },
};
