/**
 * call([service[, params][, traversal]]) with with(key, value) modulators: runs a registered
 * service (see engine/services). Parameters merge in this order: the static map, then with()
 * values, then the map the dynamic traversal yields for each traverser. call() with no service,
 * or `--list`, runs the directory service.
 * @module
 */
import { Bytecode } from '../../bytecode.js';
import { PlanError } from '../../../errors.js';
import { Plan } from '../../plan/plan.js';
import { fresh, moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, describeArg } from '../args.js';
import { DEFAULT_SERVICES } from '../../services/index.js';
import { argValue } from '../helpers/write-values.js';
import { PAUSE } from '../../runtime/pause.js';
import type { CallParams } from '../../plan/params/map.js';

function parameters(p: CallParams<Plan>, rt: Runtime, t: Traverser): Map<unknown, unknown> {
  const out = new Map<unknown, unknown>();
  for (const [k, v] of p.params) out.set(k, argValue(rt, t, v));
  if (p.dynamic !== undefined) {
    const m = rt.first(p.dynamic, t)?.value;
    if (m !== undefined && !(m instanceof Map)) throw new PlanError('STEP_ARGUMENTS', `Invalid arguments for call(): the parameter traversal yielded ${describeArg(m)}, not a map`);
    for (const [k, v] of m ?? []) out.set(k, v);
  }
  return out;
}

function* run(p: CallParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const service = DEFAULT_SERVICES.resolve(p.service, p.start);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (rt.tick()) yield PAUSE;
    const params = parameters(p, rt, t);
    const results = service === undefined ? DEFAULT_SERVICES.list(params) : service.execute(rt, t, params);
    for (const r of results) yield p.start ? { ...fresh(r, rt.trackPath), sack: t.sack } : moveTo(t, r, rt.trackPath);
  }
}

/**
 * The call() step.
 */
export const callStep: StepDef<'call'> = {
  kind: 'call',
  category: 'map',
  pauses: true,
  ops: ['call'],
  compile(ins, cc) {
    const [name, ...rest] = ins.args;
    if (name !== undefined && typeof name !== 'string') throw badArguments(ins, 'the service name must be a string');
    const params: [unknown, unknown][] = [];
    let dynamic: Plan | undefined;
    rest.forEach((a, i) => {
      if (a instanceof Map && i === 0) params.push(...(a as Map<unknown, unknown>));
      else if (a instanceof Bytecode && i === rest.length - 1) dynamic = cc.child(a);
      else throw badArguments(ins, 'expected call(service, [params map], [params traversal])');
    });
    DEFAULT_SERVICES.resolve(name, cc.atStart);
    return { service: name, params, dynamic, start: cc.atStart };
  },
  modulate(p, ins, cc) {
    if (ins.op !== 'with') throw new PlanError('UNSUPPORTED_MODULATOR', `The call() step does not accept ${ins.op}()`);
    const [k, v] = ins.args;
    if (ins.args.length < 1 || ins.args.length > 2) throw badArguments(ins, 'expected with(key) or with(key, value)');
    const value = ins.args.length === 1 ? true : v instanceof Bytecode ? cc.child(v) : v;
    return { ...p, params: [...p.params, [k, value]] };
  },
  run,
  describe: (p) => p.service ?? '--list',
};
