/**
 * aggregate(key) (a barrier: everything is collected before anything passes) and store(key)
 * (lazy), optionally with by(); the side-effect is Java's BulkSet, a list with bulk expanded
 * marked as a set (or the initial set, or a value folded with the reducer given to
 * withSideEffect).
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING } from '../../runtime/scoped-lookup.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { splitScope } from '../scope-args.js';
import { applyBy } from '../helpers/by.js';
import { applyOperator } from '../operators.js';
import { PAUSE, gather } from '../../runtime/pause.js';
import type { AggregateParams } from '../../plan/params/side-effect.js';
import { bulkSet, isBulkSet } from '../../semantics/index.js';

/** A copy of a collection that still belongs to the source settings, so runs never share it. */
function owned(rt: Runtime, key: string, v: unknown): unknown {
  if (v !== rt.settings.sideEffects.get(key)) return v;
  if (v instanceof Set) return new Set(v as Set<unknown>);
  if (Array.isArray(v)) return isBulkSet(v) ? bulkSet([...(v as unknown[])]) : [...(v as unknown[])];
  return v;
}

/**
 * Folds a batch of values (bulk expanded) into the side-effect with the key's reducer:
 * addAll and assign take the batch as a whole, the other operators fold value by value.
 */
function reduceInto(rt: Runtime, key: string, batch: readonly unknown[]): void {
  const op = rt.settings.reducers?.get(key) ?? 'addAll';
  const current = owned(rt, key, rt.sideEffects.get(key));
  if (op === 'assign') {
    rt.sideEffects.set(key, [...batch]);
  } else if (op !== 'addAll') {
    rt.sideEffects.set(key, batch.reduce((acc, v) => applyOperator(op, acc, v), current));
  } else if (current instanceof Set) {
    for (const v of batch) (current as Set<unknown>).add(v);
    rt.sideEffects.set(key, current);
  } else if (Array.isArray(current)) {
    (current as unknown[]).push(...batch);
    rt.sideEffects.set(key, current);
  } else {
    rt.sideEffects.set(key, current === undefined ? [...batch] : applyOperator(op, current, batch));
  }
}

function collect(rt: Runtime, p: AggregateParams<Plan>, t: Traverser, into: unknown[]): void {
  const v = p.by === undefined ? t.value : applyBy(rt, t, t.value, [p.by], 0);
  if (v === MISSING) return;
  for (let i = 0; i < t.bulk; i++) into.push(v);
}

function* run(p: AggregateParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  if (!rt.sideEffects.has(p.key)) rt.sideEffects.set(p.key, bulkSet([]));
  if (p.lazy) {
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      const batch: unknown[] = [];
      collect(rt, p, t, batch);
      if (batch.length > 0) reduceInto(rt, p.key, batch);
      yield t;
    }
    return;
  }
  const all: Traverser[] = [];
  yield* gather(input, rt, all);
  const batch: unknown[] = [];
  for (const t of all) collect(rt, p, t, batch);
  if (all.length > 0) reduceInto(rt, p.key, batch);
  yield* all;
}

/**
 * The aggregate()/store() step.
 */
export const aggregateStep: StepDef<'aggregate'> = {
  kind: 'aggregate',
  category: 'side-effect',
  pauses: true,
  ops: ['aggregate', 'store'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    const [key] = rest;
    if (rest.length !== 1 || typeof key !== 'string') throw badArguments(ins, 'expected a side-effect key');
    return { key, lazy: local || ins.op === 'store', by: undefined };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The aggregate() step does not accept ${ins.op}()`);
    if (p.by !== undefined) throw new PlanError('BY_ALREADY_SET', 'Aggregate step can only have one by modulator');
    return { ...p, by: byPlan(ins.args[0], cc, ins) };
  },
  run,
  describe: (p) => p.key,
};
