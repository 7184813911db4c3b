/**
 * group() and groupCount(), as a barrier producing one map or, given a key, as a side-effect
 * barrier that passes every traverser on once all are counted. Keys follow Java equality.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { EnumValue } from '../../bytecode.js';
import type { Argument } from '../../bytecode.js';
import { valueKey } from '../../semantics/index.js';
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import { accumulator } from '../../runtime/side-effects.js';
import type { Accumulator } from '../../runtime/side-effects.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan, stepNode } from '../args.js';
import { long } from '../helpers/step-values.js';
import { PAUSE, settle } from '../../runtime/pause.js';
import type { GroupParams } from '../../plan/params/map.js';

/**
 * The value traversal as TinkerPop runs it: a key, token or identity by() collects every value
 * (a fold() is appended); any other traversal gives its first result per group.
 */
function valuePlan(arg: Argument | undefined, plan: Plan): Plan {
  const collects = arg === undefined || typeof arg === 'string' || arg instanceof EnumValue;
  return collects ? plan.withSteps([...plan.steps, stepNode('fold', {})]) : plan;
}

class GroupAccumulator implements Accumulator {
  readonly groups = new Map<string, { key: unknown; members: Traverser[] }>();
  constructor(
    readonly p: GroupParams<Plan>,
    readonly rt: Runtime,
  ) {}

  /** Adds a member to its group, keyed by the adding step's key by() (several steps may share a side-effect). */
  add(t: Traverser, keyBy: Plan | undefined): void {
    if (keyBy === undefined || keyBy.steps.length === 0) this.addAt(t.value, t);
    else {
      const out = this.rt.first(keyBy, t);
      if (out !== undefined) this.addAt(out.value, t);
    }
  }

  /** {@link GroupAccumulator.add} for a key's by() child that may run long: yields its PAUSE markers. */
  *addPausing(t: Traverser, keyBy: Plan): Generator<Traverser, void> {
    const out = yield* this.rt.firstPausing(keyBy, t);
    if (out !== undefined) this.addAt(out.value, t);
  }

  /** Adds a member to the group of `key`. */
  private addAt(key: unknown, t: Traverser): void {
    const k = valueKey(key);
    let g = this.groups.get(k);
    if (g === undefined) this.groups.set(k, (g = { key, members: [] }));
    g.members.push(t);
  }

  result(): Map<unknown, unknown> {
    return settle(this.resultPausing());
  }

  /** The groups, their values reduced by the value's by() child, whose PAUSE markers it yields. */
  *resultPausing(): Generator<Traverser, Map<unknown, unknown>> {
    const out = new Map<unknown, unknown>();
    for (const { key, members } of this.groups.values()) {
      if (this.p.count) {
        out.set(key, long(members.reduce((n, t) => n + t.bulk, 0)));
        continue;
      }
      const plan = this.p.valueBy;
      if (plan === undefined || plan.steps.length === 0) {
        out.set(key, members.flatMap((t) => Array<unknown>(t.bulk).fill(t.value)));
        continue;
      }
      for (const first of this.rt.stream(plan, members)) {
        if (first === PAUSE) {
          yield first;
          continue;
        }
        out.set(key, first.value);
        break;
      }
    }
    return out;
  }
}

function isGroupAccumulator(v: unknown): v is GroupAccumulator {
  return v instanceof GroupAccumulator;
}

function* run(p: GroupParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const pausingKey = p.keyBy !== undefined && mayRunLong(p.keyBy) ? p.keyBy : undefined;
  if (p.sideEffect !== undefined) {
    // A side-effect barrier, as TinkerPop 3.8's GroupSideEffectStep: every traverser is counted before any passes.
    const acc = accumulator(rt, p.sideEffect, () => new GroupAccumulator(p, rt), isGroupAccumulator);
    const all: Traverser[] = [];
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      rt.memory.hold(1);
      if (pausingKey !== undefined) yield* acc.addPausing(t, pausingKey);
      else acc.add(t, p.keyBy);
      all.push(t);
      if (rt.tick()) yield PAUSE;
    }
    yield* all;
    return;
  }
  const acc = new GroupAccumulator(p, rt);
  let held = 0;
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (rt.tick()) yield PAUSE;
    rt.memory.hold(1);
    held++;
    if (pausingKey !== undefined) yield* acc.addPausing(t, pausingKey);
    else acc.add(t, p.keyBy);
  }
  const result = yield* acc.resultPausing();
  rt.memory.release(held);
  yield fresh(result, rt.trackPath);
}

/**
 * The group()/groupCount() step.
 */
export const groupStep: StepDef<'group'> = {
  kind: 'group',
  category: 'map',
  pauses: true,
  ops: ['group', 'groupCount'],
  compile(ins) {
    const [a] = ins.args;
    if (ins.args.length > 1 || (a !== undefined && typeof a !== 'string')) throw badArguments(ins, 'expected at most a side-effect key');
    return { count: ins.op === 'groupCount', sideEffect: a, keyBy: undefined, valueBy: undefined };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The group() step does not accept ${ins.op}()`);
    if (p.keyBy === undefined) return { ...p, keyBy: byPlan(ins.args[0], cc, ins) };
    // ProductiveByStrategy leaves the value traversal of a grouping step alone.
    if (p.valueBy === undefined && !p.count) return { ...p, valueBy: valuePlan(ins.args[0], byPlan(ins.args[0], { ...cc, productive: false }, ins)) };
    if (p.count) throw new PlanError('BY_ALREADY_SET', 'GroupCount step can only have one by modulator');
    throw new PlanError('BY_ALREADY_SET', 'The key and value traversals for group()-step have already been set');
  },
  run,
  describe: (p) => `${p.count ? 'count' : ''}${p.sideEffect === undefined ? '' : ' ' + p.sideEffect}`,
};
