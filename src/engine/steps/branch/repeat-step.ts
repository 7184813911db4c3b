/**
 * repeat(t) with times/until/emit before or after, and named loops. Traversers loop
 * breadth-first: each round runs the body over the whole frontier in one pull. The body is one
 * global child: its stateful steps keep their state from round to round (a dedup() inside
 * remembers earlier rounds; a limit() counts per round, keyed by the loop counter).
 * @module
 */
import { Bytecode } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import type { LoopFrame, PathNode, Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime, StepScope } from '../../runtime/runtime.js';
import type { CompileContext, StepDef } from '../step-def.js';
import type { Instruction } from '../../bytecode.js';
import { badArguments, toJsNumber } from '../args.js';
import { valueKey } from '../../semantics/index.js';
import { PAUSE } from '../../runtime/pause.js';
import type { LoopCondition, RepeatParams } from '../../plan/params/branch.js';

/**
 * Whether a loop condition holds on `t`. A traversal condition runs as a child that passes its
 * PAUSE markers on (use with `yield*`), so a condition that runs long pauses too.
 */
function* holds(rt: Runtime, c: LoopCondition<Plan> | undefined, t: Traverser): Generator<Traverser, boolean> {
  if (c === undefined) return false;
  if ('always' in c) return true;
  if ('times' in c) return (t.loops?.count ?? 0) >= c.times;
  return yield* rt.producesPausing(c.plan, t);
}

function exit(t: Traverser): Traverser {
  return { ...t, loops: t.loops?.prev };
}

/**
 * Merges traversers that stand on equal values with equal loop counters (and equal labelled
 * objects, when labels are tracked) into one, adding their bulks, so fan-out does not multiply
 * work (TinkerPop's lazy barrier bulking). Not done for sacks, whole paths or withBulk(false).
 * Passes PAUSE markers on (use with `yield*`).
 */
function* bulked(ts: readonly Traverser[], rt: Runtime): Generator<Traverser, Traverser[]> {
  if (ts.length < 2 || rt.settings.oneBulk === true || rt.fullPath) return [...ts];
  const byKey = new Map<string, Traverser>();
  for (let i = 0; i < ts.length; ) {
    i = bulkSome(ts, i, byKey, rt);
    if (i < 0) return [...ts];
    if (i < ts.length) yield PAUSE;
  }
  return [...byKey.values()];
}

/**
 * Bulks `ts[from]`, `ts[from + 1]`... into `byKey` until the time slice is over; returns the
 * index to go on from (`ts.length` when done), or -1 at a traverser with a sack (no bulking).
 * A plain function, so that the JIT optimises its loop (it does so poorly inside generators).
 */
function bulkSome(ts: readonly Traverser[], from: number, byKey: Map<string, Traverser>, rt: Runtime): number {
  for (let i = from; i < ts.length; i++) {
    const t = ts[i] as Traverser;
    if (t.sack !== undefined) return -1;
    const k = `${valueKey(t.value)}${loopKey(t.loops)}${rt.trackPath ? labelKey(t.path) : ''}`;
    const seen = byKey.get(k);
    byKey.set(k, seen === undefined ? t : { ...seen, bulk: seen.bulk + t.bulk });
    if (rt.tick()) return i + 1;
  }
  return ts.length;
}

/** Every enclosing loop counter, so that traversers of different outer rounds stay apart. */
function loopKey(loops: LoopFrame | undefined): string {
  let key = '';
  for (let f = loops; f !== undefined; f = f.prev) key += `#${f.name ?? ''}:${f.count}`;
  return key;
}

/** The labelled part of a path, which is all that steps read when no step needs whole paths. */
function labelKey(path: PathNode | undefined): string {
  let key = '';
  for (let n = path; n !== undefined; n = n.prev) if (n.labels.length > 0) key += `|${n.labels.join(',')}=${valueKey(n.object)}`;
  return key;
}

function* run(p: RepeatParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const body = p.body;
  if (body === undefined) throw new PlanError('REPEAT_UNDEFINED', 'The repeat()-traversal was not defined');
  // Conditions that cannot run long are tested without a generator of their own (the hot case).
  const plain = (c: LoopCondition<Plan> | undefined): boolean => c === undefined || !('plan' in c) || !mayRunLong(c.plan);
  const untilPlain = plain(p.until);
  const emitPlain = plain(p.emit);
  let exitQueue: Traverser[] = [];
  /** Tests the conditions placed before the body; returns the traversers that enter it. */
  function* entering(ts: readonly Traverser[]): Generator<Traverser, readonly Traverser[]> {
    if (!p.untilFirst && !p.emitFirst) return ts;
    const next: Traverser[] = [];
    for (const t of ts) {
      if (rt.tick()) yield PAUSE;
      if (p.untilFirst && (untilPlain ? holdsNow(rt, p.until, t) : yield* holds(rt, p.until, t))) {
        exitQueue.push(exit(t));
        continue;
      }
      if (p.emitFirst && (emitPlain ? holdsNow(rt, p.emit, t) : yield* holds(rt, p.emit, t))) exitQueue.push(exit(t));
      next.push(t);
    }
    return next;
  }
  const scope: StepScope = new Map();
  const entered: Traverser[] = [];
  for (const t of input) {
    if (t === PAUSE) yield t;
    else entered.push({ ...t, loops: { name: p.name, count: 0, prev: t.loops } });
  }
  let frontier = yield* entering(entered);
  yield* exitQueue;
  exitQueue = [];
  // What the frontier holds: its traversers and, when whole paths are kept, the path nodes each
  // round adds (at most one per body step).
  const perTraverser = (round: number): number => (rt.fullPath ? 1 + round * body.steps.length : 1);
  let held = 0;
  try {
    for (let round = 1; frontier.length > 0; round++) {
      const after: Traverser[] = [];
      const units = perTraverser(round);
      for (const out of rt.stream(body, frontier, scope)) {
        if (out === PAUSE) {
          yield out;
          continue;
        }
        const loops = out.loops;
        const t: Traverser = { ...out, loops: loops === undefined ? undefined : { ...loops, count: loops.count + 1 } };
        if (!p.untilFirst && (untilPlain ? holdsNow(rt, p.until, t) : yield* holds(rt, p.until, t))) {
          yield exit(t);
          continue;
        }
        if (!p.emitFirst && (emitPlain ? holdsNow(rt, p.emit, t) : yield* holds(rt, p.emit, t))) yield exit(t);
        rt.memory.hold(units);
        held += units;
        after.push(t);
        if (rt.tick()) yield PAUSE;
      }
      rt.memory.release(held - after.length * units);
      held = after.length * units;
      frontier = yield* entering(yield* bulked(after, rt));
      yield* exitQueue;
      exitQueue = [];
      if (rt.tick()) yield PAUSE;
    }
  } finally {
    rt.memory.release(held);
  }
}

/** {@link holds} without passing pauses on: for a condition that cannot run long. */
function holdsNow(rt: Runtime, c: LoopCondition<Plan> | undefined, t: Traverser): boolean {
  if (c === undefined) return false;
  if ('plan' in c) return rt.produces(c.plan, t);
  return 'always' in c || (t.loops?.count ?? 0) >= c.times;
}

function condition(ins: Instruction, cc: CompileContext): LoopCondition<Plan> {
  const op = ins.op;
  const [a] = ins.args;
  if (op === 'times') {
    const n = toJsNumber(a);
    if (n === undefined || !Number.isInteger(n)) throw badArguments({ op, args: [] }, 'expected an integer');
    return { times: n };
  }
  if (op === 'emit' && a === undefined) return { always: true };
  if (!(a instanceof Bytecode)) throw badArguments({ op, args: [] }, 'expected a traversal');
  return { plan: cc.child(a) };
}

/**
 * The repeat() step.
 */
export const repeatStep: StepDef<'repeat'> = {
  kind: 'repeat',
  category: 'branch',
  pauses: true,
  ops: ['repeat'],
  requirements: () => ({ loops: true }),
  compile(ins, cc) {
    const [a, b] = ins.args;
    const named = ins.args.length === 2 && typeof a === 'string';
    if (!named && ins.args.length !== 1) throw badArguments(ins, 'expected repeat(traversal) or repeat(name, traversal)');
    const body = cc.child((named ? b : a) ?? null);
    if (body.steps.some((s) => s.kind === 'inject')) {
      throw new PlanError('INJECT_IN_REPEAT', 'The parent of inject()-step can not be repeat()-step');
    }
    return { name: named ? a : undefined, body, until: undefined, untilFirst: false, emit: undefined, emitFirst: false };
  },
  modulate(p, m, cc) {
    if (m.op === 'emit') return { ...p, emit: condition(m, cc), emitFirst: m.before };
    if (m.op === 'until' || m.op === 'times') return { ...p, until: condition(m, cc), untilFirst: m.before };
    throw new PlanError('UNSUPPORTED_MODULATOR', `The repeat() step does not accept ${m.op}()`);
  },
  run,
  describe: (p) => `${p.name ?? ''}${p.until !== undefined && 'times' in p.until ? ` times ${p.until.times}` : ''}`,
};
