/**
 * where(): the predicate form compares the current value (or a labelled one) with labelled
 * values, after optional by() projections; the traversal form filters by a child traversal
 * whose leading and trailing as() labels bind to the path.
 * @module
 */
import { Predicate } from '../../bytecode.js';
import type { Argument } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import { Plan } from '../../plan/plan.js';
import { predicateTest } from '../../runtime/predicate.js';
import { MISSING, scopeValue } from '../../runtime/scoped-lookup.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import { isEqual } from '../../semantics/index.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { WhereParams, WhereTraversal } from '../../plan/params/filter.js';

/** The by() modulators of a where(predicate), applied round-robin: start value first, then each label in order. */
class ByRing {
  #next = 0;
  constructor(
    private readonly rt: Runtime,
    private readonly t: Traverser,
    private readonly by: readonly Plan[],
  ) {}

  project(value: unknown): unknown {
    const by = this.by.length === 0 ? undefined : this.by[this.#next++ % this.by.length];
    if (by === undefined) return value;
    const out = this.rt.first(by, { ...this.t, value });
    return out === undefined ? MISSING : out.value;
  }
}

/** Replaces label operands by their (projected) scope values; undefined when one is missing. */
function resolve(rt: Runtime, t: Traverser, p: Predicate, ring: ByRing): Predicate | undefined {
  if (p.op === 'and' || p.op === 'or' || p.op === 'not') {
    const args: Argument[] = [];
    for (const a of p.args) {
      const r = a instanceof Predicate ? resolve(rt, t, a, ring) : undefined;
      if (r === undefined) return undefined;
      args.push(r);
    }
    return new Predicate(p.family, p.op, args);
  }
  const args: Argument[] = [];
  for (const a of p.args) {
    if (typeof a !== 'string') {
      args.push(a);
      continue;
    }
    const v = scopeValue(rt, t, a, 'last');
    if (v === MISSING) return undefined;
    const projected = ring.project(v);
    if (projected === MISSING) return undefined;
    if ((p.op === 'within' || p.op === 'without') && Array.isArray(projected)) args.push(...(projected as Argument[]));
    else args.push(projected as Argument);
  }
  return new Predicate(p.family, p.op, args);
}

/** Whether a where() traversal keeps `t`; yields the PAUSE markers of the child traversals. */
function* keepTraversal(w: WhereTraversal<Plan>, t: Traverser, rt: Runtime): Generator<Traverser, boolean> {
  if (w.connective !== undefined) {
    // and() keeps when every child does, or() when one does, not() when none does.
    const every = w.connective === 'and';
    for (const c of w.children) if ((yield* keepTraversal(c, t, rt)) !== every) return w.connective === 'or';
    return every || w.connective === 'not';
  }
  let start = t;
  if (w.startLabel !== undefined) {
    const v = scopeValue(rt, t, w.startLabel, 'last');
    if (v === MISSING) return false;
    start = { ...t, value: v };
  }
  for (const out of rt.stream(w.plan, [{ ...start, bulk: 1 }])) {
    if (out === PAUSE) yield out;
    else if (w.endLabels.every((l) => isEqual(scopeValue(rt, t, l, 'last'), out.value))) return true;
  }
  return false;
}

/**
 * Whether where() keeps a traverser; match() also calls it for its where() and not() patterns,
 * with the pattern variables bound in the traverser's path. Yields the PAUSE markers of a
 * where() traversal (use with `yield*`, or {@link settle} where the caller cannot pause).
 */
export function* whereKeeps(p: WhereParams<Plan>, t: Traverser, rt: Runtime): Generator<Traverser, boolean> {
  if (p.form === 'traversal') return yield* keepTraversal(p.traversal, t, rt);
  return predicateKeeps(p, t, rt);
}

/** Whether a where(predicate) keeps a traverser (no child traversal but its by() modulators). */
function predicateKeeps(p: Extract<WhereParams<Plan>, { form: 'predicate' }>, t: Traverser, rt: Runtime): boolean {
  const ring = new ByRing(rt, t, p.by);
  const startValue = p.start === undefined ? t.value : scopeValue(rt, t, p.start, 'last');
  if (startValue === MISSING) return false;
  const left = ring.project(startValue);
  if (left === MISSING) return false;
  const resolved = resolve(rt, t, p.predicate, ring);
  return resolved !== undefined && predicateTest(resolved)(left);
}

/**
 * A where() traversal: connectives (and/or/not) are opened up so that their children bind labels
 * too. A leading bare `as(x)` (compiled to a labelled identity) starts from `x`; labels on the last
 * real step are end labels.
 */
export function compileWhereTraversal(plan: Plan): WhereTraversal<Plan> {
  const only = plan.steps.length === 1 ? plan.steps[0] : undefined;
  if (only !== undefined && only.kind === 'filter' && only.labels.length === 0) {
    const f = only.params;
    if (f.mode === 'and' || f.mode === 'or' || f.mode === 'not') return { connective: f.mode, children: f.plans.map(compileWhereTraversal) };
  }
  const steps = [...plan.steps];
  const first = steps[0];
  let startLabel: string | undefined;
  if (first !== undefined && first.kind === 'identity' && first.labels.length > 0) {
    startLabel = first.labels[0];
    steps[0] = { ...first, labels: first.labels.slice(1) };
  }
  const last = steps[steps.length - 1];
  let endLabels: readonly string[] = [];
  if (last !== undefined && last.labels.length > 0) {
    endLabels = last.labels;
    steps[steps.length - 1] = { ...last, labels: [] };
  }
  return { connective: undefined, plan: new Plan(steps), startLabel, endLabels };
}

/**
 * The where() step.
 */
export const whereStep: StepDef<'where'> = {
  kind: 'where',
  category: 'filter',
  pauses: true,
  ops: ['where'],
  requirements: () => ({ labels: true }),
  compile(ins, cc) {
    const [a, b] = ins.args;
    if (ins.args.length === 1 && a instanceof Predicate) return { form: 'predicate', start: undefined, predicate: a, by: [] };
    if (ins.args.length === 2 && typeof a === 'string' && b instanceof Predicate) return { form: 'predicate', start: a, predicate: b, by: [] };
    if (ins.args.length === 1) return { form: 'traversal', traversal: compileWhereTraversal(cc.child(a as Argument)) };
    throw badArguments(ins, 'expected where(predicate), where(label, predicate) or where(traversal)');
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by' || p.form !== 'predicate') throw new PlanError('UNSUPPORTED_MODULATOR', `The where() step does not accept ${ins.op}()`);
    return { ...p, by: [...p.by, byPlan(ins.args[0], cc, ins)] };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) {
      if (t === PAUSE || (p.form === 'predicate' ? predicateKeeps(p, t, rt) : yield* keepTraversal(p.traversal, t, rt))) yield t;
      else if (rt.tick()) yield PAUSE;
    }
  },
  describe: (p) => p.form,
};
