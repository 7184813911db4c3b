/**
 * math(expression).by(...): evaluates an arithmetic expression over the current value (`_`) and
 * labelled values, always giving a double. by() modulators apply round-robin to the variables
 * in order of first use.
 * @module
 */
import { ArgumentError, PlanError } from '../../../errors.js';
import { parseMath, evaluateMath } from '../../functions/index.js';
import { isNumber, toDouble } from '../../semantics/index.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING, scopeValue } from '../../runtime/scoped-lookup.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan } from '../args.js';
import { applyBy, applyByPausing } from '../helpers/by.js';
import { PAUSE } from '../../runtime/pause.js';
import type { MathParams } from '../../plan/params/map.js';

function* run(p: MathParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const variables = [...p.expression.variables];
  const long = p.by.some(mayRunLong);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const values = new Map<string, number>();
    let ok = true;
    for (let i = 0; ok && i < variables.length; i++) {
      const name = variables[i] as string;
      const raw = name === '_' ? t.value : scopeValue(rt, t, name, 'last');
      const v = raw === MISSING ? MISSING : long ? yield* applyByPausing(rt, t, raw, p.by, i) : applyBy(rt, t, raw, p.by, i);
      if (v === MISSING) {
        ok = false;
        break;
      }
      if (!isNumber(v)) throw new ArgumentError('NOT_A_NUMBER', `Cannot evaluate math(): variable '${name}' is ${String(v)}, not a number`);
      values.set(name, toDouble(v));
    }
    if (ok) yield moveTo(t, evaluateMath(p.expression, (n) => values.get(n)), rt.trackPath);
  }
}

/**
 * The math() step.
 */
export const mathStep: StepDef<'math'> = {
  kind: 'math',
  category: 'map',
  pauses: true,
  ops: ['math'],
  requirements: (p) => ({ labels: [...p.expression.variables].some((v) => v !== '_') }),
  compile(ins) {
    const [text] = ins.args;
    if (ins.args.length !== 1 || typeof text !== 'string') throw badArguments(ins, 'expected one expression string');
    return { expression: parseMath(text), by: [] };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'by') throw new PlanError('UNSUPPORTED_MODULATOR', `The math() step does not accept ${ins.op}()`);
    return { ...p, by: [...p.by, byPlan(ins.args[0], cc, ins)] };
  },
  run,
  describe: (p) => p.expression.text,
};
