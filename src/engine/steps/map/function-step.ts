/**
 * The function steps (string, list, date and cast steps listed in function-table.ts): one plan
 * kind, one table of pure functions. Traversal arguments are evaluated per traverser.
 * @module
 */
import { Bytecode } from '../../bytecode.js';
import { Plan } from '../../plan/plan.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { splitScope } from '../scope-args.js';
import { FUNCTIONS, checkArity } from './function-table.js';
import { PAUSE } from '../../runtime/pause.js';
import type { FunctionParams } from '../../plan/params/map.js';

function* run(p: FunctionParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const spec = FUNCTIONS[p.name];
  if (spec === undefined) return;
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    let fromTraversal = false;
    const args: unknown[] = [];
    for (const a of p.args) {
      if (a instanceof Plan) {
        fromTraversal = true;
        const out = mayRunLong(a) ? yield* rt.firstPausing(a, t) : rt.first(a, t);
        args.push(p.name === 'concat' && out === undefined ? null : out?.value ?? null);
      } else {
        args.push(a);
      }
    }
    yield moveTo(t, spec.apply(t.value, args, { local: p.local, fromTraversal }), rt.trackPath);
  }
}

/**
 * The function step.
 */
export const functionStep: StepDef<'fn'> = {
  kind: 'fn',
  category: 'map',
  pauses: true,
  ops: Object.keys(FUNCTIONS),
  compile(ins, cc) {
    const spec = FUNCTIONS[ins.op];
    const { local, rest } = spec?.scoped === true ? splitScope(ins.args) : { local: false, rest: ins.args };
    if (spec !== undefined) checkArity(ins, spec, rest);
    return { name: ins.op, args: rest.map((a) => (a instanceof Bytecode ? cc.child(a) : a)), local };
  },
  run,
  describe: (p) => p.name,
};
