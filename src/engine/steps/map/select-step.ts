/**
 * select(keys...) with Pop and by(): labelled path values, side-effects or map entries; one
 * key gives the value, several give a map. Traversers missing a key are filtered.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING, scopeValue } from '../../runtime/scoped-lookup.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan, isEnum } from '../args.js';
import { column } from '../helpers/step-values.js';
import { Bytecode } from '../../bytecode.js';
import { valueKey } from '../../semantics/index.js';
import { PAUSE } from '../../runtime/pause.js';
import type { Pop, SelectParams } from '../../plan/params/map.js';
import { applyBy, applyByPausing } from '../helpers/by.js';

/** A scope value under a computed key: a map entry by Java equality, or a string key's scope value. */
function keyedValue(rt: Runtime, t: Traverser, key: unknown, pop: Pop): unknown {
  if (t.value instanceof Map) {
    const wanted = valueKey(key);
    for (const [k, v] of t.value as Map<unknown, unknown>) if (valueKey(k) === wanted) return v;
  }
  return typeof key === 'string' ? scopeValue(rt, t, key, pop) : MISSING;
}

function* run(p: SelectParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const long = p.by.some(mayRunLong);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (rt.tick()) yield PAUSE;
    if (p.column !== undefined) {
      yield moveTo(t, column(t.value, p.column, false), rt.trackPath);
      continue;
    }
    if (p.keyPlan !== undefined) {
      const key = mayRunLong(p.keyPlan) ? yield* rt.firstPausing(p.keyPlan, t) : rt.first(p.keyPlan, t);
      const v = key === undefined ? MISSING : keyedValue(rt, t, key.value, p.pop);
      const projected = v === MISSING ? MISSING : long ? yield* applyByPausing(rt, t, v, p.by, 0) : applyBy(rt, t, v, p.by, 0);
      if (projected !== MISSING) yield moveTo(t, projected, rt.trackPath);
      continue;
    }
    if (p.keys.length === 1) {
      const v = scopeValue(rt, t, p.keys[0] as string, p.pop);
      if (v === MISSING) continue;
      const projected = long ? yield* applyByPausing(rt, t, v, p.by, 0) : applyBy(rt, t, v, p.by, 0);
      if (projected !== MISSING) yield moveTo(t, projected, rt.trackPath);
      continue;
    }
    const out = new Map<unknown, unknown>();
    let ok = true;
    for (let i = 0; ok && i < p.keys.length; i++) {
      const key = p.keys[i] as string;
      const v = scopeValue(rt, t, key, p.pop);
      const projected = v === MISSING ? MISSING : long ? yield* applyByPausing(rt, t, v, p.by, i) : applyBy(rt, t, v, p.by, i);
      if (projected === MISSING) ok = false;
      else out.set(key, projected);
    }
    if (ok) yield moveTo(t, out, rt.trackPath);
  }
}

/**
 * The select() step.
 */
export const selectStep: StepDef<'select'> = {
  kind: 'select',
  category: 'map',
  pauses: true,
  ops: ['select'],
  requirements: (p) => ({ labels: p.column === undefined }),
  compile(ins, cc) {
    let args = ins.args;
    let pop: Pop = 'last';
    if (isEnum(args[0], 'Pop')) {
      pop = args[0].name as Pop;
      args = args.slice(1);
    }
    const first = args[0];
    if (args.length === 1 && isEnum(first, 'Column')) return { keys: [], pop, by: [], column: first.name };
    if (args.length === 1 && first instanceof Bytecode) return { keys: [], pop, by: [], keyPlan: cc.child(first) };
    if (args.length === 0 || args.some((a) => typeof a !== 'string')) throw badArguments(ins, 'expected one or more keys');
    return { keys: args as string[], pop, by: [] };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The select() step does not accept ${ins.op}()`);
    return { ...p, by: [...p.by, byPlan(ins.args[0], cc, ins)] };
  },
  run,
  describe: (p) => `${p.pop === 'last' ? '' : p.pop + ', '}${p.keys.join(', ')}`,
};
