/**
 * id(), label(), key(), value(): one accessor per element or property, as TinkerPop's
 * IdStep, LabelStep, PropertyKeyStep and PropertyValueStep.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Edge, Property, Vertex, VertexProperty } from '../../elements.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

type Accessor = 'id' | 'label' | 'key' | 'value';

/**
 * Reads an accessor from an element or property, or throws ArgumentError.
 */
function access(value: unknown, accessor: Accessor): unknown {
  if (accessor === 'id' && (value instanceof Vertex || value instanceof Edge || value instanceof VertexProperty)) return value.id;
  if (accessor === 'label' && (value instanceof Vertex || value instanceof Edge || value instanceof VertexProperty)) return value.label;
  if (accessor === 'key' && (value instanceof Property || value instanceof VertexProperty)) return value.key;
  if (accessor === 'value' && (value instanceof Property || value instanceof VertexProperty)) return value.value;
  throw new ArgumentError('NO_ACCESSOR', `Cannot read ${accessor}: ${String(value)} has no ${accessor}`);
}

function makeStep<K extends Accessor>(kind: K): StepDef<K> {
  return {
    kind,
    category: 'map',
    pauses: true,
    ops: [kind],
    compile(ins) {
      if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
      return {};
    },
    *run(_p: Record<string, never>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
      for (const t of input) yield t === PAUSE ? t : moveTo(t, access(t.value, kind), rt.trackPath);
    },
  };
}

/**
 * The id() step.
 */
export const idStep = makeStep('id');
/**
 * The label() step.
 */
export const labelStep = makeStep('label');
/**
 * The key() step.
 */
export const keyStep = makeStep('key');
/**
 * The value() step.
 */
export const valueStep = makeStep('value');
