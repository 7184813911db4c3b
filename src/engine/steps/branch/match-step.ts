/**
 * match(patterns...): declarative pattern matching. Each pattern is a child traversal from a
 * start label (its leading as()) to an optional end label (its trailing as()); patterns without
 * a start label (where(), not()...) filter the bindings. Solutions are found by backtracking,
 * always running next a pattern whose start label is bound. Each solution leaves the step as a
 * map of the match's labels, with those labels added to the path for later select().
 * @module
 */
import { Plan } from '../../plan/plan.js';
import type { PathNode, Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import { isEqual } from '../../semantics/index.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { labelled } from '../../exec/traverser.js';

/**
 * One compiled pattern.
 *
 * @example
 * ```ts
 * const p: MatchPattern = { start: 'a', end: 'b', plan };
 * ```
 */
export interface MatchPattern {
  readonly start: string | undefined;
  readonly end: string | undefined;
  readonly plan: Plan;
}

function compilePattern(plan: Plan): MatchPattern {
  const steps = [...plan.steps];
  const first = steps[0];
  let start: string | undefined;
  if (first !== undefined && first.kind === 'identity' && first.labels.length > 0) {
    start = first.labels[0];
    steps.shift();
  }
  const last = steps[steps.length - 1];
  let end: string | undefined;
  if (start !== undefined && last !== undefined && last.labels.length > 0) {
    end = last.labels[last.labels.length - 1];
    steps[steps.length - 1] = { ...last, labels: last.labels.slice(0, -1) };
  }
  return { start, end, plan: new Plan(steps) };
}

function withBindings(t: Traverser, bindings: ReadonlyMap<string, unknown>, value: unknown): Traverser {
  let path: PathNode | undefined = t.path;
  for (const [label, object] of bindings) path = { object, labels: [label], prev: path };
  return { ...t, value, path };
}

function* solve(rt: Runtime, t: Traverser, patterns: readonly MatchPattern[], bindings: Map<string, unknown>): Iterable<Map<string, unknown>> {
  rt.tick();
  if (patterns.length === 0) {
    yield bindings;
    return;
  }
  const i = patterns.findIndex((p) => p.start === undefined || bindings.has(p.start));
  const pattern = patterns[i];
  if (pattern === undefined) return;
  const rest = patterns.filter((_, j) => j !== i);
  const from = pattern.start === undefined ? t.value : bindings.get(pattern.start);
  const start = withBindings(t, bindings, from);
  if (pattern.start === undefined || pattern.end === undefined) {
    if (rt.produces(pattern.plan, start)) yield* solve(rt, t, rest, bindings);
    return;
  }
  for (const out of rt.runFrom(pattern.plan, { ...start, bulk: 1 })) {
    if (bindings.has(pattern.end)) {
      if (isEqual(bindings.get(pattern.end), out.value)) yield* solve(rt, t, rest, bindings);
      continue;
    }
    yield* solve(rt, t, rest, new Map([...bindings, [pattern.end, out.value]]));
  }
}

function* run(p: { readonly patterns: readonly MatchPattern[] }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const ends = new Set(p.patterns.map((x) => x.end));
  const starts = p.patterns.map((x) => x.start).filter((l): l is string => l !== undefined);
  const startLabel = starts.find((l) => !ends.has(l)) ?? starts[0];
  for (const t of input) {
    const initial = new Map<string, unknown>();
    for (const pattern of p.patterns) {
      for (const l of [pattern.start, pattern.end]) {
        if (l === undefined || initial.has(l)) continue;
        const found = labelled(t.path, l);
        if (found.length > 0) initial.set(l, found[found.length - 1]);
      }
    }
    if (startLabel !== undefined && !initial.has(startLabel)) initial.set(startLabel, t.value);
    for (const solution of solve(rt, t, p.patterns, initial)) {
      let path = t.path;
      for (const [label, object] of solution) if (!initial.has(label) || label === startLabel) path = { object, labels: [label], prev: path };
      yield { ...t, value: new Map(solution), path };
    }
  }
}

/**
 * The match() step.
 *
 * @example
 * ```ts
 * matchStep.compile({ op: 'match', args: [pattern1, pattern2] }, cc);
 * ```
 */
export const matchStep: StepDef<{ readonly patterns: readonly MatchPattern[] }> = {
  kind: 'match',
  category: 'branch',
  ops: ['match'],
  requirements: () => ({ labels: true }),
  compile(ins, cc) {
    if (ins.args.length === 0) throw badArguments(ins, 'expected at least one pattern');
    return { patterns: ins.args.map((a) => compilePattern(cc.child(a))) };
  },
  run,
  describe: (p) => p.patterns.map((x) => `${x.start ?? '?'}->${x.end ?? '?'}`).join(', '),
};
