/**
 * Frontier steps, produced only by the frontier strategy: multi-hop shapes run as typed-array
 * frontier operators (src/engine/frontier) instead of one traverser per edge. The results, and
 * their order, are those of the step-by-step plan the strategy replaced.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { ParamsOf } from '../../plan/plan.js';
import type { FrontierHop } from '../../plan/params/branch.js';
import { fresh, moveTo, withFields } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import { PAUSE } from '../../runtime/pause.js';
import { Vertex } from '../../elements.js';
import { Frontier, SlotMap, distinctFrontier, expand, firstBfsPath, kHop, pathTo } from '../../frontier/index.js';
import type { FrontierOperation, HopOptions, KHopResult } from '../../frontier/index.js';
import type { StepDef } from '../step-def.js';
import { asVertex } from '../helpers/step-elements.js';
import { long } from '../helpers/step-values.js';
import { repeatStep } from '../branch/repeat-step.js';

type FrontierParams = ParamsOf<'frontier'>;

/** Forwards an operator's pauses as PAUSE markers and returns its result. */
function* paused<R>(op: FrontierOperation<R>): Generator<Traverser, R> {
  for (;;) {
    const r = op.next();
    if (r.done === true) return r.value;
    yield PAUSE;
  }
}

function hopOf(h: FrontierHop): HopOptions {
  return { direction: h.direction, labels: h.edgeLabels };
}

/** Slots of the vertices the until() condition holds on: candidates by id, confirmed by the condition itself. */
function targetSlots(p: FrontierParams, rt: Runtime): Int32Array {
  const until = p.until as NonNullable<FrontierParams['until']>;
  const found: number[] = [];
  for (const id of until.ids) {
    const raw = typeof id === 'object' && id !== null && 'value' in id ? (id as { value: unknown }).value : id;
    const slot = typeof raw === 'number' || typeof raw === 'string' ? rt.source.vertexSlot(raw) : typeof raw === 'bigint' ? rt.source.vertexSlot(Number(raw)) : -1;
    if (slot >= 0 && rt.produces(until.plan, { value: rt.vertex(slot), bulk: 1, path: undefined, loops: undefined, sack: undefined })) found.push(slot);
  }
  return Int32Array.from(found);
}

/** The traverser for reached entry `at`: moved from the first input on its source, path rebuilt when tracked. */
function reachedTraverser(r: KHopResult, at: number, first: readonly Traverser[], firstOf: SlotMap, rt: Runtime): Traverser {
  const slot = r.reached.slots[at]!;
  if (!rt.trackPath) return withFields(moveTo(first[0] as Traverser, rt.vertex(slot), false), { bulk: 1 });
  const path = pathTo(r, at);
  let t = first[firstOf.get(path[0]!)] as Traverser;
  for (let i = 1; i < path.length; i++) t = moveTo(t, rt.vertex(path[i]!), true);
  return withFields(t, { bulk: 1 });
}

/**
 * One source and one other target, no simplePath: the BFS's path to the target, found by a
 * bidirectional search ({@link firstBfsPath}) instead of the whole BFS up to the target's level.
 */
function* runToTarget(p: FrontierParams, input: Traverser, source: number, target: number, rt: Runtime): Iterable<Traverser> {
  const path = yield* paused(firstBfsPath(rt.source, source, target, hopOf(p.hops[0] as FrontierHop), rt));
  if (path === undefined) return;
  if (!rt.trackPath) {
    yield withFields(moveTo(input, rt.vertex(target), false), { bulk: 1 });
    return;
  }
  let t = input;
  for (let i = 1; i < path.length; i++) t = moveTo(t, rt.vertex(path[i]!), true);
  yield withFields(t, { bulk: 1 });
}

function* runRepeat(p: FrontierParams, inputs: readonly Traverser[], slots: Int32Array, rt: Runtime): Iterable<Traverser> {
  const firstOf = new SlotMap();
  for (let i = 0; i < slots.length; i++) if (slots[i]! >= 0 && !firstOf.has(slots[i]!)) firstOf.set(slots[i]!, i);
  const targets = p.until === undefined ? undefined : targetSlots(p, rt);
  const [only] = inputs;
  if (targets?.length === 1 && inputs.length === 1 && only !== undefined && slots[0]! >= 0 && slots[0] !== targets[0] && p.simple === undefined) {
    yield* runToTarget(p, only, slots[0]!, targets[0]!, rt);
    return;
  }
  const sources = slots.filter((s) => s >= 0);
  const hop = hopOf(p.hops[0] as FrontierHop);
  const r = yield* paused(kHop(rt.source, sources, { hop, depth: p.depth, excludeSources: p.simple !== undefined, ...(targets === undefined ? {} : { targets }) }, rt));
  const n = r.reached.length;
  rt.memory.hold(n);
  try {
    if (targets !== undefined) {
      const wanted = new SlotMap();
      for (const t of targets) wanted.set(t, 0);
      for (let at = 0; at < n; at++) {
        if (rt.tick()) yield PAUSE;
        if (wanted.has(r.reached.slots[at]!)) yield reachedTraverser(r, at, inputs, firstOf, rt);
      }
      return;
    }
    // Entries emitted: every level with emit(), else the last one (when it was reached).
    const reachedLast = r.levels.length > p.depth;
    const from = p.emit ? 0 : reachedLast ? r.levels[p.depth - 1]! : n;
    const to = p.emit ? n : reachedLast ? r.levels[p.depth]! : n;
    if (p.result === 'count') {
      yield fresh(long(to - from), rt.trackPath);
      return;
    }
    for (let at = from; at < to; at++) {
      if (rt.tick()) yield PAUSE;
      yield reachedTraverser(r, at, inputs, firstOf, rt);
    }
  } finally {
    rt.memory.release(n);
  }
}

function* runChain(p: FrontierParams, inputs: readonly Traverser[], slots: Int32Array, rt: Runtime): Iterable<Traverser> {
  const kept = inputs.filter((_t, i) => slots[i]! >= 0);
  let f: Frontier = distinctFrontier(slots.filter((s) => s >= 0), { bulks: kept.map((t) => t.bulk) });
  for (const h of p.hops) {
    f = yield* paused(expand(rt.source, f, { hop: hopOf(h) }, rt));
    rt.memory.checkHeap();
  }
  if (p.result === 'count') {
    yield fresh(long(f.total()), rt.trackPath);
    return;
  }
  rt.memory.hold(f.length);
  try {
    for (let i = 0; i < f.length; i++) {
      if (rt.tick()) yield PAUSE;
      yield withFields(moveTo(kept[0] as Traverser, rt.vertex(f.slots[i]!), false), { bulk: 1 });
    }
  } finally {
    rt.memory.release(f.length);
  }
}

function* run(p: FrontierParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const inputs: Traverser[] = [];
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    asVertex(t.value, (p.hops[0] as FrontierHop).direction.toLowerCase());
    inputs.push(t);
  }
  const slots = Int32Array.from(inputs, (t) => {
    const v = t.value as Vertex;
    return v.slot >= 0 ? v.slot : rt.source.vertexSlot(v.id);
  });
  const [only] = inputs;
  if (p.simple !== undefined && (inputs.length !== 1 || (only?.path?.prev ?? undefined) !== undefined)) yield* repeatStep.run(p.simple, inputs, rt);
  else if (p.mode === 'repeat') yield* runRepeat(p, inputs, slots, rt);
  else if (inputs.length > 0 || p.result === 'count') yield* runChain(p, inputs, slots, rt);
}

/**
 * The frontier step (no Gremlin name: the frontier strategy creates it).
 */
export const frontierStep: StepDef<'frontier'> = {
  kind: 'frontier',
  category: 'map',
  pauses: true,
  ops: [],
  compile() {
    throw new PlanError('UNKNOWN_STEP', 'The frontier step has no Gremlin form');
  },
  run,
  describe: (p) =>
    `${p.mode} ${p.hops.map((h) => `${h.direction}(${h.edgeLabels.join(', ')})`).join('.')}` +
    (p.mode === 'repeat'
      ? (p.until === undefined ? ` times ${p.depth}` : ' until') + (p.emit ? ' emit' : '') + (p.simple === undefined ? '' : ' simple') + (p.result === 'count' ? ' count' : '')
      : ` ${p.result}`),
};
