/**
 * values() and properties(): the properties of an element (vertex properties of a vertex,
 * properties of an edge, meta-properties of a vertex property), or their values.
 * @module
 */
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { strings } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { PropertiesParams } from '../../plan/params/map.js';
import { elementProperties } from '../helpers/step-elements.js';

function* run(p: PropertiesParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (rt.tick()) yield PAUSE;
    if (p.none === true) continue;
    for (const prop of elementProperties(rt, t.value, p.keys)) yield moveTo(t, p.values ? prop.value : prop, rt.trackPath);
  }
}

/**
 * The values()/properties() step.
 */
export const propertiesStep: StepDef<'properties'> = {
  kind: 'properties',
  category: 'map',
  pauses: true,
  ops: ['values', 'properties'],
  compile(ins) {
    // A null key names no property (TinkerPop's values('name', null) reads name only).
    const given = ins.args.filter((a) => a !== null);
    const keys = strings({ ...ins, args: given });
    const values = ins.op === 'values';
    return given.length === 0 && ins.args.length > 0 ? { keys, values, none: true } : { keys, values };
  },
  run,
  describe: (p) => `${p.values ? 'values' : 'properties'}(${p.keys.join(', ')})`,
};
