/**
 * coin(p) and sample(n) (global and local): random filters. Under SeedStrategy the generator
 * is seeded, so results repeat.
 * @module
 */
import { moveTo, withFields } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan, toJsNumber } from '../args.js';
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { splitScope } from '../scope-args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { RandomParams } from '../../plan/params/filter.js';

function sampleOf<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return out;
}

/**
 * sample(local, n) of one value, as TinkerPop's SampleLocalStep: a list, set or map of at most
 * n items stays as it is; a longer one gives n items picked with `nextInt(size)` (a list, or a
 * map of the picked entries); anything else (a path included) passes unchanged.
 */
function sampleLocal(value: unknown, n: number, below: (bound: number) => number): unknown {
  const map = value instanceof Map ? (value as Map<unknown, unknown>) : undefined;
  const items = map !== undefined ? [...map] : Array.isArray(value) ? (value as unknown[]) : value instanceof Set ? [...(value as Set<unknown>)] : undefined;
  if (items === undefined || items.length <= n) return value;
  const pool = [...items];
  const out: unknown[] = [];
  while (out.length < n) out.push(...pool.splice(below(pool.length), 1));
  return map === undefined ? out : new Map(out as [unknown, unknown][]);
}

/** Bulks from this size on are thinned by expectation instead of one toss per unit, as TinkerPop does. */
const COIN_TOSS_LIMIT = 100;

function run(p: RandomParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  return p.mode === 'coin' ? coin(p.amount, input, rt.random(p)) : sample(p, input, rt);
}

function* coin(probability: number, input: Iterable<Traverser>, random: () => number): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    let kept = 0;
    if (t.bulk < COIN_TOSS_LIMIT) {
      for (let i = 0; i < t.bulk; i++) if (probability >= random()) kept++;
    } else {
      kept = Math.round(probability * t.bulk);
    }
    if (kept > 0) yield kept === t.bulk ? t : withFields(t, { bulk: kept });
  }
}

/**
 * Weighted sampling without replacement: each pick is proportional to the remaining weights;
 * a traverser whose weight traversal yields no number is left out, as unproductive by() filters.
 */
function weightedSample(items: readonly Traverser[], p: RandomParams<Plan>, rt: Runtime, random: () => number): Traverser[] {
  const by = p.by as Plan;
  const pool: { t: Traverser; w: number }[] = [];
  for (const t of items) {
    const w = toJsNumber(rt.first(by, t)?.value);
    if (w !== undefined && w > 0) pool.push({ t, w });
  }
  const out: Traverser[] = [];
  while (out.length < p.amount && pool.length > 0) {
    let r = random() * pool.reduce((sum, e) => sum + e.w, 0);
    let i = 0;
    while (i < pool.length - 1 && r >= (pool[i] as { w: number }).w) r -= (pool[i++] as { w: number }).w;
    out.push(...pool.splice(i, 1).map((e) => e.t));
  }
  return out;
}

function* sample(p: RandomParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (p.local) {
    const below = rt.randomBelow(p);
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const sampled = sampleLocal(t.value, p.amount, below);
      yield sampled === t.value ? t : moveTo(t, sampled, rt.trackPath);
    }
    return;
  }
  const random = rt.random(p);
  const expanded: Traverser[] = [];
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    rt.memory.hold(t.bulk);
    for (let i = 0; i < t.bulk; i++) expanded.push(withFields(t, { bulk: 1 }));
  }
  yield* p.by === undefined ? sampleOf(expanded, p.amount, random) : weightedSample(expanded, p, rt, random);
}

/**
 * The coin()/sample() step.
 */
export const randomStep: StepDef<'random'> = {
  kind: 'random',
  category: 'filter',
  pauses: true,
  ops: ['coin', 'sample'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    const n = toJsNumber(rest[0]);
    if (rest.length !== 1 || n === undefined) throw badArguments(ins, 'expected one number');
    return { mode: ins.op as RandomParams<Plan>['mode'], amount: n, local };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by' || p.mode !== 'sample' || p.local) throw new PlanError('UNSUPPORTED_MODULATOR', `The ${p.mode}() step does not accept ${ins.op}()`);
    if (p.by !== undefined) throw new PlanError('BY_ALREADY_SET', 'Sample step can only have one by modulator');
    return { ...p, by: byPlan(ins.args[0], cc, ins) };
  },
  run,
  describe: (p) => `${p.mode} ${p.amount}`,
};
