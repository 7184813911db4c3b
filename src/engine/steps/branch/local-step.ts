/**
 * local(t): runs the child traversal once per traverser, so its barriers see one object.
 * @module
 */
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { mayRunLong } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

/**
 * The local() step. Also serves map(t) (first result only) and flatMap(t) (all results); both
 * add only the child's result to the path, as TinkerPop's TraversalMapStep and
 * TraversalFlatMapStep do, while local() keeps the child's own path.
 */
export const localStep: StepDef<'local'> = {
  kind: 'local',
  category: 'branch',
  pauses: true,
  ops: ['local', 'map', 'flatMap'],
  compile(ins, cc) {
    if (ins.args.length !== 1) throw badArguments(ins, 'expected one traversal');
    return { plan: cc.child(ins.args[0] ?? null), firstOnly: ins.op === 'map', flat: ins.op === 'flatMap' };
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    const long = mayRunLong(p.plan);
    for (const t of input) {
      if (t === PAUSE) {
        yield t;
        continue;
      }
      if (p.flat) {
        // flatMap() hands on the child's objects only: its steps stay out of the path.
        for (const out of rt.stream(p.plan, [t])) {
          if (out === PAUSE) yield out;
          else yield { ...moveTo(t, out.value, rt.trackPath), bulk: out.bulk };
        }
        continue;
      }
      if (!p.firstOnly) {
        yield* rt.stream(p.plan, [t]);
        continue;
      }
      const out = long ? yield* rt.firstPausing(p.plan, t) : rt.first(p.plan, t);
      if (out !== undefined) yield moveTo(t, out.value, rt.trackPath);
    }
  },
  describe: (p) => (p.firstOnly ? 'map' : ''),
};
