/**
 * order() (global and local) with by() comparators (asc, desc, shuffle), using TinkerPop's
 * orderability: every value can be ordered, types ordered by type first.
 * @module
 */
import { Bytecode, EnumValue } from '../../bytecode.js';
import type { Argument, Instruction } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { orderCompare } from '../../semantics/index.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef, CompileContext } from '../step-def.js';
import { badArguments, byPlan, isEnum } from '../args.js';
import { localItems, splitScope } from '../scope-args.js';
import { PAUSE, gather } from '../../runtime/pause.js';
import type { Comparator, OrderParams } from '../../plan/params/map.js';

function orderOf(a: Argument | undefined): Comparator<Plan>['order'] | undefined {
  if (a instanceof EnumValue && a.type === 'Order') {
    if (a.name === 'asc' || a.name === 'incr') return 'asc';
    if (a.name === 'desc' || a.name === 'decr') return 'desc';
    if (a.name === 'shuffle') return 'shuffle';
  }
  return undefined;
}

/**
 * Compiles a by() of order-like steps: `by()`, `by(Order)`, `by(key|T|traversal|Column[, Order])`.
 */
function comparator(ins: Instruction, cc: CompileContext): Comparator<Plan> {
  const [a, b] = ins.args;
  const first = orderOf(a);
  if (first !== undefined) return { by: byPlan(undefined, cc, ins), order: first };
  const order = b === undefined ? 'asc' : orderOf(b);
  if (order === undefined) throw badArguments(ins, 'the second argument must be an Order');
  if (a !== undefined && !(typeof a === 'string' || a instanceof Bytecode || isEnum(a, 'T') || isEnum(a, 'Column'))) {
    throw badArguments(ins, 'expected a key, token, traversal or column');
  }
  return { by: byPlan(a, cc, ins), order };
}

/** An item with its sort keys (and a random number, for shuffle). */
interface Keyed {
  readonly t: Traverser;
  readonly keys: unknown[];
  readonly r: number;
}

/** A comparator, or the natural order of the values (no by()). */
interface Sorter {
  readonly by: Plan | undefined;
  readonly order: Comparator<Plan>['order'];
}

/** The comparators of an order(), or the natural order of the values when none is given. */
function comparatorsOf(comparators: readonly Comparator<Plan>[]): readonly Sorter[] {
  return comparators.length === 0 ? [{ by: undefined, order: 'asc' }] : comparators;
}

/** The sort keys of `t`, undefined when a by() child yields nothing (the item is dropped). */
function keysOf(rt: Runtime, t: Traverser, cs: readonly Sorter[]): unknown[] | undefined {
  const keys: unknown[] = [];
  for (const c of cs) {
    if (c.by === undefined || c.by.steps.length === 0) keys.push(t.value);
    else {
      const out = rt.first(c.by, t);
      if (out === undefined) return undefined;
      keys.push(out.value);
    }
  }
  return keys;
}

/** {@link keysOf} for by() children that may run long: yields their PAUSE markers. */
function* keysOfPausing(rt: Runtime, t: Traverser, cs: readonly Sorter[]): Generator<Traverser, unknown[] | undefined> {
  const keys: unknown[] = [];
  for (const c of cs) {
    if (c.by === undefined || c.by.steps.length === 0) keys.push(t.value);
    else {
      const out = yield* rt.firstPausing(c.by, t);
      if (out === undefined) return undefined;
      keys.push(out.value);
    }
  }
  return keys;
}

/** Sorts keyed items by the comparators. */
function sortKeyed(keyed: Keyed[], cs: readonly Sorter[]): Traverser[] {
  keyed.sort((x, y) => {
    for (let i = 0; i < cs.length; i++) {
      const c = cs[i] as Sorter;
      const d = c.order === 'shuffle' ? x.r - y.r : orderCompare(x.keys[i], y.keys[i]);
      if (d !== 0) return c.order === 'desc' ? -d : d;
    }
    return 0;
  });
  return keyed.map((k) => k.t);
}

/**
 * Sorts items by comparators; items whose projection yields nothing are dropped. Yields the
 * PAUSE markers of by() children that may run long, and pauses between items (use with `yield*`).
 */
function* sortItems(rt: Runtime, items: readonly Traverser[], comparators: readonly Comparator<Plan>[]): Generator<Traverser, Traverser[]> {
  const cs = comparatorsOf(comparators);
  const random = rt.random(comparators);
  const keyed: Keyed[] = [];
  if (!cs.some((c) => c.by !== undefined && mayRunLong(c.by))) {
    for (let i = 0; i < items.length; ) {
      i = keySome(rt, items, i, cs, keyed, random);
      if (i < items.length) yield PAUSE;
    }
    return sortKeyed(keyed, cs);
  }
  for (const t of items) {
    const keys = yield* keysOfPausing(rt, t, cs);
    if (keys !== undefined) keyed.push({ t, keys, r: random() });
    if (rt.tick()) yield PAUSE;
  }
  return sortKeyed(keyed, cs);
}

/**
 * Keys `items[from]`, `items[from + 1]`... into `keyed` until the time slice is over; returns
 * the index to go on from. A plain function, so that the JIT optimises its loop.
 */
function keySome(rt: Runtime, items: readonly Traverser[], from: number, cs: readonly Sorter[], keyed: Keyed[], random: () => number): number {
  for (let i = from; i < items.length; i++) {
    const t = items[i] as Traverser;
    const keys = keysOf(rt, t, cs);
    if (keys !== undefined) keyed.push({ t, keys, r: random() });
    if (rt.tick()) return i + 1;
  }
  return items.length;
}

function* run(p: OrderParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (!p.local) {
    const all: Traverser[] = [];
    yield* gather(input, rt, all);
    const sorted = yield* sortItems(rt, all, p.comparators);
    rt.memory.release(all.length);
    yield* sorted;
    return;
  }
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const v = t.value;
    if (v instanceof Map) {
      const entries = [...(v as Map<unknown, unknown>)].map(([k, x]) => ({ ...t, value: new Map([[k, x]]) }));
      const sorted = yield* sortItems(rt, entries, p.comparators);
      yield moveTo(t, new Map(sorted.flatMap((e) => [...(e.value as Map<unknown, unknown>)])), rt.trackPath);
      continue;
    }
    const items = localItems(v);
    if (items === undefined) {
      yield t;
      continue;
    }
    const sorted = (yield* sortItems(rt, items.map((x) => ({ ...t, value: x })), p.comparators)).map((e) => e.value);
    yield moveTo(t, sorted, rt.trackPath);
  }
}

/**
 * The order() step.
 */
export const orderStep: StepDef<'order'> = {
  kind: 'order',
  category: 'map',
  pauses: true,
  ops: ['order'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    if (rest.length > 0) throw badArguments(ins, 'expected at most a scope');
    return { local, comparators: [] };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The order() step does not accept ${ins.op}()`);
    return { ...p, comparators: [...p.comparators, comparator(ins, cc)] };
  },
  run,
};
