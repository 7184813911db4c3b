/**
 * match(patterns...): declarative pattern matching after TinkerPop's MatchStep. Each incoming
 * object is bound to the match's start variable unless the path already binds one of its start
 * variables; then patterns run one at a time, each once all the variables it needs are bound
 * (where()/not() patterns and patterns whose end is already bound first, as CountMatchAlgorithm
 * prefers them). A pattern's results bind its end variable, or must equal it when it is bound;
 * a pattern without an end variable passes on each of its results. A nested and() solves all its
 * patterns, a nested or() each of them on its own. Each solution leaves the step as a map of the
 * match's start and end variables, with bulk multiplied along the way as TinkerPop's traversers
 * carry it.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { PathNode, Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import { isEqual } from '../../semantics/index.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { addLabels, labelled } from '../../runtime/traverser.js';
import { whereKeeps } from '../filter/where-step.js';
import { settle } from '../../runtime/pause.js';
import { compileMatchGroup } from './match-pattern.js';
import type { MatchGroup, MatchParams, MatchPattern } from '../../plan/params/branch.js';
import type { Plan } from '../../plan/plan.js';

/** A partial solution: bound variables, the path so far, the object the last pattern produced, and the bulk. */
interface State {
  readonly bindings: ReadonlyMap<string, unknown>;
  readonly path: PathNode | undefined;
  readonly current: unknown;
  readonly bulk: number;
}

function groupLabels(group: MatchGroup<Plan>, into: Set<string>): Set<string> {
  for (const l of [...group.starts, ...group.ends, ...group.needs]) into.add(l);
  for (const p of group.patterns) {
    for (const l of p.needs) into.add(l);
    if (p.end !== undefined) into.add(p.end);
    if (p.head?.kind === 'group') groupLabels(p.head.group, into);
  }
  return into;
}

function unsolvable(patterns: readonly MatchPattern<Plan>[]): PlanError {
  const shown = patterns.map((p) => `${p.select ?? p.needs.join('+')}->${p.end ?? '?'}`).join(', ');
  return new PlanError('MATCH_UNSOLVABLE', `The provided match pattern is unsolvable: ${shown}`);
}

function bind(s: State, label: string, value: unknown, path: PathNode | undefined): State {
  return { ...s, bindings: new Map([...s.bindings, [label, value]]), path, current: value };
}

/** The variables of a group in a map, as TinkerPop's MatchStep.getBindings reads them. */
function bindingsMap(group: MatchGroup<Plan>, bindings: ReadonlyMap<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [label, value] of bindings) if (group.starts.has(label) || group.ends.has(label)) out.set(label, value);
  return out;
}

/** Path after binding an end variable: the label joins the node the pattern's last step added, or a new node. */
function endPath(out: Traverser, from: PathNode | undefined, label: string): PathNode {
  if (out.path !== undefined && out.path !== from && out.path.object === out.value) return addLabels(out, [label]).path as PathNode;
  return { object: out.value, labels: [label], prev: out.path };
}

/** Steps that keep or drop a traverser as it is, each on its own (no count, order or state across traversers). */
const PURE_FILTERS: ReadonlySet<string> = new Set(['has', 'is', 'where', 'filter']);

/** A pattern that binds nothing and only keeps or drops what it starts from, so it may run whenever its variables are bound. */
function pureFilter(p: MatchPattern<Plan>): boolean {
  return p.end === undefined && p.select !== undefined && p.head === undefined && p.plan.steps.every((step) => PURE_FILTERS.has(step.kind));
}

/**
 * The next pattern to run: a where() or a pattern whose end is bound (both only filter), else a
 * pattern of plain filter steps on a bound variable, else one whose end lets such a filter run
 * next, else the first runnable one. Filtering early is what TinkerPop's CountMatchAlgorithm
 * learns from its counts: a solution dropped early is not multiplied by the patterns after it.
 */
function pickNext(patterns: readonly MatchPattern<Plan>[], s: State): MatchPattern<Plan> | undefined {
  const runnable = patterns.filter((p) => p.needs.every((l) => s.bindings.has(l)));
  const filter = runnable.find((p) => p.head?.kind === 'where' || (p.end !== undefined && s.bindings.has(p.end)) || pureFilter(p));
  if (filter !== undefined) return filter;
  const filters = patterns.filter(pureFilter);
  const unlocks = (p: MatchPattern<Plan>): boolean => p.end !== undefined && filters.some((f) => f.needs.every((l) => l === p.end || s.bindings.has(l)));
  return runnable.find(unlocks) ?? runnable[0];
}

function* runPattern(rt: Runtime, t: Traverser, p: MatchPattern<Plan>, s: State): Iterable<State> {
  const value = p.select === undefined ? s.current : s.bindings.get(p.select);
  let starts: Iterable<State> = [{ ...s, current: value }];
  if (p.head?.kind === 'where' && !settle(whereKeeps(p.head.where, { ...t, value, path: s.path, bulk: 1 }, rt))) return;
  if (p.head?.kind === 'group') starts = groupSolutions(rt, t, p.head.group, { ...s, current: value });
  const keeps = pureFilter(p);
  for (const st of starts) {
    const from: Traverser = { ...t, value: st.current, path: st.path, bulk: 1 };
    if (keeps) {
      // Run early by pickNext, a filter leaves the object and the path as the patterns before it left them.
      for (const out of rt.runFrom(p.plan, from)) yield { ...s, bulk: s.bulk * out.bulk };
      continue;
    }
    const outs = p.plan.steps.length === 0 ? [from] : rt.runFrom(p.plan, from);
    for (const out of outs) {
      const next: State = { bindings: st.bindings, path: out.path, current: out.value, bulk: st.bulk * out.bulk };
      if (p.end === undefined) yield next;
      else if (!st.bindings.has(p.end)) yield bind(next, p.end, out.value, endPath(out, st.path, p.end));
      else if (isEqual(st.bindings.get(p.end), out.value)) yield next;
    }
  }
}

function* solveAll(rt: Runtime, t: Traverser, patterns: readonly MatchPattern<Plan>[], s: State): Iterable<State> {
  rt.tick();
  if (patterns.length === 0) {
    yield s;
    return;
  }
  const next = pickNext(patterns, s);
  if (next === undefined) throw unsolvable(patterns);
  const rest = patterns.filter((p) => p !== next);
  for (const out of runPattern(rt, t, next, s)) yield* solveAll(rt, t, rest, out);
}

function* solveGroup(rt: Runtime, t: Traverser, group: MatchGroup<Plan>, state: State): Iterable<State> {
  let s = state;
  const label = group.startLabel;
  if (label !== undefined && ![...group.starts].some((l) => s.bindings.has(l))) {
    s = bind(s, label, s.current, { object: s.current, labels: [label], prev: s.path });
  }
  if (group.mode === 'and') {
    yield* solveAll(rt, t, group.patterns, s);
    return;
  }
  for (const p of group.patterns) {
    if (!p.needs.every((l) => s.bindings.has(l))) throw unsolvable([p]);
    yield* runPattern(rt, t, p, s);
  }
}

/** Solutions of a nested group, each carrying the map of the group's variables as its object. */
function* groupSolutions(rt: Runtime, t: Traverser, group: MatchGroup<Plan>, s: State): Iterable<State> {
  for (const out of solveGroup(rt, t, group, s)) yield { ...out, current: bindingsMap(group, out.bindings) };
}

function* run(p: MatchParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    const bindings = new Map<string, unknown>();
    for (const l of p.labels) {
      const found = labelled(t.path, l);
      if (found.length > 0) bindings.set(l, found[found.length - 1]);
    }
    for (const s of groupSolutions(rt, t, p.group, { bindings, path: t.path, current: t.value, bulk: 1 })) {
      const path = rt.trackPath ? { object: s.current, labels: [], prev: s.path } : s.path;
      yield { ...t, value: s.current, bulk: t.bulk * s.bulk, path };
    }
  }
}

/**
 * The match() step.
 */
export const matchStep: StepDef<'match'> = {
  kind: 'match',
  category: 'branch',
  ops: ['match'],
  requirements: () => ({ labels: true }),
  compile(ins, cc) {
    if (ins.args.length === 0) throw badArguments(ins, 'expected at least one pattern');
    const group = compileMatchGroup('and', ins.args.map((a) => cc.child(a)));
    return { group, labels: [...groupLabels(group, new Set())] };
  },
  run,
  describe: (p) => p.group.patterns.map((x) => `${x.select ?? x.needs.join('+')}->${x.end ?? '?'}`).join(', '),
};
