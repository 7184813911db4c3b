/**
 * repeat(t) with times/until/emit before or after, and named loops. Traversers loop
 * breadth-first: each round runs the body over the whole frontier in one pull.
 * @module
 */
import { Bytecode } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, toJsNumber } from '../args.js';
import { valueKey } from '../../semantics/index.js';

/**
 * A loop condition: a child traversal, a fixed count (times) or always (emit()).
 *
 * @example
 * ```ts
 * const c: LoopCondition = { times: 2 };
 * ```
 */
export type LoopCondition = { readonly plan: Plan } | { readonly times: number } | { readonly always: true };

/**
 * Parameters of repeat().
 *
 * @example
 * ```ts
 * const p: RepeatParams = { name: undefined, body, until: { times: 2 }, untilFirst: false, emit: undefined, emitFirst: false };
 * ```
 */
export interface RepeatParams {
  readonly name: string | undefined;
  readonly body: Plan | undefined;
  readonly until: LoopCondition | undefined;
  readonly untilFirst: boolean;
  readonly emit: LoopCondition | undefined;
  readonly emitFirst: boolean;
}

function holds(rt: Runtime, c: LoopCondition | undefined, t: Traverser): boolean {
  if (c === undefined) return false;
  if ('always' in c) return true;
  if ('times' in c) return (t.loops?.count ?? 0) >= c.times;
  return rt.produces(c.plan, t);
}

function exit(t: Traverser): Traverser {
  return { ...t, loops: t.loops?.prev };
}

/**
 * Merges traversers that stand on equal values with equal loop counters and sacks into one,
 * adding their bulks, so fan-out does not multiply work (TinkerPop's lazy barrier bulking).
 */
function bulked(ts: readonly Traverser[]): Traverser[] {
  if (ts.length < 2) return [...ts];
  const byKey = new Map<string, Traverser>();
  for (const t of ts) {
    if (t.sack !== undefined) return [...ts];
    const k = `${valueKey(t.value)}#${t.loops?.count ?? 0}#${t.loops?.name ?? ''}`;
    const seen = byKey.get(k);
    byKey.set(k, seen === undefined ? t : { ...seen, bulk: seen.bulk + t.bulk });
  }
  return [...byKey.values()];
}

function* run(p: RepeatParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const body = p.body;
  if (body === undefined) throw new PlanError('REPEAT_UNDEFINED', 'The repeat()-traversal was not defined');
  const entering = (ts: Iterable<Traverser>): Traverser[] => {
    const next: Traverser[] = [];
    for (const t of ts) {
      rt.tick();
      if (p.untilFirst && holds(rt, p.until, t)) {
        exitQueue.push(exit(t));
        continue;
      }
      if (p.emitFirst && holds(rt, p.emit, t)) exitQueue.push(exit(t));
      next.push(t);
    }
    return next;
  };
  let exitQueue: Traverser[] = [];
  let frontier = entering(
    (function* () {
      for (const t of input) yield { ...t, loops: { name: p.name, count: 0, prev: t.loops } };
    })(),
  );
  yield* exitQueue;
  exitQueue = [];
  while (frontier.length > 0) {
    const after: Traverser[] = [];
    for (const out of rt.run(body, frontier)) {
      const loops = out.loops;
      const t: Traverser = { ...out, loops: loops === undefined ? undefined : { ...loops, count: loops.count + 1 } };
      if (!p.untilFirst && holds(rt, p.until, t)) {
        yield exit(t);
        continue;
      }
      if (!p.emitFirst && holds(rt, p.emit, t)) yield exit(t);
      after.push(t);
    }
    frontier = entering(rt.trackPath ? after : bulked(after));
    yield* exitQueue;
    exitQueue = [];
  }
}

function condition(ins: { op: string; args: readonly unknown[] }, cc: { child(a: never): Plan }): LoopCondition {
  const op = ins.op.replace(':before', '');
  const [a] = ins.args;
  if (op === 'times') {
    const n = toJsNumber(a);
    if (n === undefined || !Number.isInteger(n)) throw badArguments({ op, args: [] }, 'expected an integer');
    return { times: n };
  }
  if (op === 'emit' && a === undefined) return { always: true };
  if (!(a instanceof Bytecode)) throw badArguments({ op, args: [] }, 'expected a traversal');
  return { plan: cc.child(a as never) };
}

/**
 * The repeat() step.
 *
 * @example
 * ```ts
 * repeatStep.compile({ op: 'repeat', args: [out] }, cc);
 * ```
 */
export const repeatStep: StepDef<RepeatParams> = {
  kind: 'repeat',
  category: 'branch',
  ops: ['repeat'],
  requirements: () => ({ loops: true }),
  compile(ins, cc) {
    const [a, b] = ins.args;
    if (ins.args.length === 2 && typeof a === 'string') {
      return { name: a, body: cc.child(b ?? null), until: undefined, untilFirst: false, emit: undefined, emitFirst: false };
    }
    if (ins.args.length !== 1) throw badArguments(ins, 'expected repeat(traversal) or repeat(name, traversal)');
    return { name: undefined, body: cc.child(a ?? null), until: undefined, untilFirst: false, emit: undefined, emitFirst: false };
  },
  modulate(p, ins, cc) {
    const before = ins.op.endsWith(':before');
    const op = ins.op.replace(':before', '');
    if (op === 'emit') return { ...p, emit: condition(ins, cc), emitFirst: before };
    if (op === 'until' || op === 'times') return { ...p, until: condition(ins, cc), untilFirst: before };
    throw new PlanError('UNSUPPORTED_MODULATOR', `The repeat() step does not accept ${op}()`);
  },
  run,
  describe: (p) => `${p.name ?? ''}${p.until !== undefined && 'times' in p.until ? ` times ${p.until.times}` : ''}`,
};
