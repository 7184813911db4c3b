/**
 * The patterns of match(), compiled after TinkerPop's MatchStep: each pattern starts from a
 * variable (its leading `as()`, or the labels a leading where()/not() reads) and may end in one
 * (its trailing `as()`). A leading and()/or() becomes a nested group of patterns whose variables
 * belong to the enclosing match, and a leading not() becomes a where(not()) pattern.
 * @module
 */
import { Predicate } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import { Plan } from '../../plan/plan.js';
import type { PlanStep } from '../../plan/plan.js';
import { compileWhereTraversal } from '../filter/where-step.js';
import type { MatchGroup, MatchHead, MatchPattern } from '../../plan/params/branch.js';
import type { TraversalFilterParams, WhereParams, WhereTraversal } from '../../plan/params/filter.js';

function patternError(plan: Plan, detail: string): PlanError {
  return new PlanError('MATCH_PATTERN', `Invalid match() pattern [${plan.steps.map((s) => s.kind).join(', ')}]: ${detail}`);
}

/** Labels a where() reads: its start key and label operands, or its traversals' start and end labels. */
function whereKeys(w: WhereParams<Plan>): string[] {
  if (w.form === 'traversal') return traversalKeys(w.traversal);
  const keys = w.start === undefined ? [] : [w.start];
  const visit = (p: Predicate): void => {
    for (const a of p.args) {
      if (a instanceof Predicate) visit(a);
      else if (typeof a === 'string') keys.push(a);
    }
  };
  visit(w.predicate);
  return keys;
}

function traversalKeys(t: WhereTraversal<Plan>): string[] {
  if (t.connective !== undefined) return t.children.flatMap(traversalKeys);
  return t.startLabel === undefined ? [...t.endLabels] : [t.startLabel, ...t.endLabels];
}

function connectiveOf(step: PlanStep | undefined): TraversalFilterParams<Plan> | undefined {
  if (step === undefined || step.kind !== 'filter') return undefined;
  return step.params;
}

/** A pattern before its group is known: `reads` are the labels its where() steps read. */
type RawPattern = Omit<MatchPattern<Plan>, 'needs'> & { readonly reads: readonly string[] };

/** Start labels of a where() traversal's leaves (TinkerPop pulls a single one out as the pattern's start). */
function whereStarts(t: WhereTraversal<Plan>): string[] {
  if (t.connective !== undefined) return t.children.flatMap(whereStarts);
  return t.startLabel === undefined ? [] : [t.startLabel];
}

function whereHead(where: WhereParams<Plan>): { select: string | undefined; head: MatchHead<Plan> } {
  const starts = where.form === 'predicate' ? (where.start === undefined ? [] : [where.start]) : [...new Set(whereStarts(where.traversal))];
  return { select: starts.length === 1 ? starts[0] : undefined, head: { kind: 'where', where } };
}

/** The head of a pattern and its start variable, after MatchStep.configureStartAndEndSteps. */
function compileStart(plan: Plan, first: PlanStep | undefined): { select: string | undefined; head: MatchHead<Plan> | undefined } {
  const connective = connectiveOf(first);
  if (connective !== undefined && (connective.mode === 'and' || connective.mode === 'or')) {
    return { select: undefined, head: { kind: 'group', group: compileMatchGroup(connective.mode, connective.plans) } };
  }
  if (first !== undefined && connective?.mode === 'not') {
    return whereHead({ form: 'traversal', traversal: compileWhereTraversal(new Plan([{ ...first, labels: [] }])) });
  }
  if (first !== undefined && first.kind === 'where') return whereHead(first.params);
  if (first !== undefined && first.kind === 'identity' && first.labels.length === 1) return { select: first.labels[0], head: undefined };
  throw patternError(plan, 'all match()-traversals must have a single start label (i.e. variable)');
}

function compileRaw(plan: Plan): RawPattern {
  const [first, ...rest] = plan.steps;
  const { select, head } = compileStart(plan, first);
  const body = [...rest];
  const last = body.length > 0 ? body[body.length - 1] : head === undefined ? undefined : first;
  if (last !== undefined && last.labels.length > 1) throw patternError(plan, 'the end step of a match()-traversal can have at most one label');
  const end = last?.labels[0];
  if (end !== undefined && body.length > 0) body[body.length - 1] = { ...(last as PlanStep), labels: [] };
  const reads = head?.kind === 'where' ? whereKeys(head.where) : [];
  for (const step of body) if (step.kind === 'where') reads.push(...whereKeys(step.params));
  return { select, head, plan: new Plan(body), end, reads };
}

/** Java's String.hashCode. */
function javaHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** The first element a java.util.HashSet of strings iterates over, after `added` were added to it. */
function hashSetFirst(members: readonly string[], added: number): string | undefined {
  let capacity = 16;
  while (added > capacity * 0.75) capacity *= 2;
  const bucket = (s: string): number => {
    const h = javaHash(s);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  let best: string | undefined;
  for (const m of members) if (best === undefined || bucket(m) < bucket(best)) best = m;
  return best;
}

/**
 * The variable a match() binds to its incoming object, as TinkerPop's Helper.computeStartLabel
 * picks it: a start label that no pattern ends in (the first in java.util.HashSet order), or else
 * the first of the start and end labels stably sorted so that a pattern's start precedes its end.
 */
function matchStartLabel(patterns: readonly MatchPattern<Plan>[]): string | undefined {
  const starts = [...new Set(patterns.flatMap((p) => p.needs))];
  const ends = new Set(patterns.flatMap((p) => (p.end === undefined ? [] : [p.end])));
  const free = hashSetFirst(starts.filter((l) => !ends.has(l)), starts.length);
  if (free !== undefined) return free;
  const order: string[] = [];
  for (const p of patterns) {
    for (const l of p.needs) if (!order.includes(l)) order.push(l);
    if (p.end !== undefined && !order.includes(p.end)) order.push(p.end);
  }
  order.sort((a, b) => {
    for (const p of patterns) {
      if (p.end === undefined) continue;
      if (a === p.end && p.needs.includes(b)) return 1;
      if (b === p.end && p.needs.includes(a)) return -1;
    }
    return 0;
  });
  return order[0];
}

/**
 * Compiles the patterns of a match() (mode `and`) or of an and()/or() nested in one. A pattern
 * needs its start variable and the group's end variables its where() steps read; a nested group
 * needs what its patterns need, less its own end variables and its start label.
 */
export function compileMatchGroup(mode: 'and' | 'or', plans: readonly Plan[]): MatchGroup<Plan> {
  const raw = plans.map(compileRaw);
  const starts = new Set<string>();
  const ends = new Set<string>();
  for (const p of raw) {
    if (p.select !== undefined && p.head === undefined) starts.add(p.select);
    if (p.end !== undefined) ends.add(p.end);
    if (p.head?.kind === 'group') {
      for (const l of p.head.group.starts) starts.add(l);
      for (const l of p.head.group.ends) ends.add(l);
    }
  }
  const patterns = raw.map(({ reads, ...p }): MatchPattern<Plan> => {
    if (p.head?.kind === 'group') return { ...p, needs: p.head.group.needs };
    const needs = new Set(p.select === undefined ? [] : [p.select]);
    for (const l of reads) if (ends.has(l)) needs.add(l);
    return { ...p, needs: [...needs] };
  });
  const startLabel = matchStartLabel(patterns);
  const needs = new Set(patterns.flatMap((p) => p.needs));
  for (const l of ends) needs.delete(l);
  if (startLabel !== undefined) needs.delete(startLabel);
  return { mode, patterns, starts, ends, startLabel, needs: [...needs] };
}
