/**
 * How branch steps run their global child traversals, after TinkerPop's BranchStep: one child
 * step instance serves every input, so dedup() and limit() inside a branch act across all
 * inputs, and a branch that holds a barrier sees all inputs before it yields anything.
 * @module
 */
import type { ParamsOf, Plan, PlanStep } from '../../plan/plan.js';
import type { StepKind } from '../../plan/kinds.js';
import type { Runtime, StepScope } from '../../runtime/runtime.js';
import type { Traverser } from '../../runtime/traverser.js';
import { PAUSE } from '../../runtime/pause.js';

/** Step kinds that are barriers, and when (most are barriers only in global scope). */
const BARRIERS: { readonly [K in StepKind]?: (p: ParamsOf<K>) => boolean } = {
  order: (p) => !p.local,
  count: (p) => !p.local,
  degreeCount: () => true,
  reduce: (p) => !p.local,
  tail: (p) => !p.local,
  fold: () => true,
  cap: () => true,
  group: (p) => p.sideEffect === undefined,
  tree: () => true,
  aggregate: (p) => !p.lazy,
  control: (p) => p.mode === 'barrier',
  random: (p) => p.mode === 'sample' && !p.local,
};

function isBarrier<K extends StepKind>(step: PlanStep<K>): boolean {
  return BARRIERS[step.kind]?.(step.params) === true;
}

/**
 * Whether a child plan holds a barrier step, so its branch must see every input first.
 */
export function hasBarrier(plan: Plan): boolean {
  return plan.steps.some(isBarrier);
}

/**
 * Picks the branches of one input, or undefined for an input that passes through unchanged;
 * when deciding runs a child traversal that may run long, a generator that yields the child's
 * PAUSE markers and returns the branches.
 */
type Route = (t: Traverser) => readonly Plan[] | undefined | Generator<Traverser, readonly Plan[] | undefined>;

/** Whether a route answered with a generator (it runs a child that may run long). */
function deferred(picked: ReturnType<Route>): picked is Generator<Traverser, readonly Plan[] | undefined> {
  return picked !== undefined && 'next' in picked;
}

/**
 * Runs each input through the branches `route` picks for it, with one step scope per branch
 * step so that stateful steps span all inputs. When any branch holds a barrier, every input is
 * routed first and each branch then runs once over all of its inputs, branch by branch.
 */
export function runBranches(input: Iterable<Traverser>, rt: Runtime, options: { readonly plans: readonly Plan[]; readonly route: Route }): Iterable<Traverser> {
  return options.plans.some(hasBarrier) ? drained(input, rt, options) : streamed(input, rt, options.route);
}

function* streamed(input: Iterable<Traverser>, rt: Runtime, route: Route): Iterable<Traverser> {
  const scope: StepScope = new Map();
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const picked = route(t);
    const plans = deferred(picked) ? yield* picked : picked;
    if (plans === undefined) yield t;
    else for (const plan of plans) yield* rt.stream(plan, [t], scope);
  }
}

function* drained(input: Iterable<Traverser>, rt: Runtime, options: { readonly plans: readonly Plan[]; readonly route: Route }): Iterable<Traverser> {
  const routed = new Map<Plan, Traverser[]>(options.plans.map((p) => [p, []]));
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const picked = options.route(t);
    const plans = deferred(picked) ? yield* picked : picked;
    if (plans === undefined) {
      yield t;
      continue;
    }
    for (const plan of plans) {
      let list = routed.get(plan);
      if (list === undefined) routed.set(plan, (list = []));
      list.push(t);
    }
  }
  for (const [plan, ts] of routed) if (ts.length > 0) yield* rt.stream(plan, ts);
}
