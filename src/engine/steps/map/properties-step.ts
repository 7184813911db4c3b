/**
 * values() and properties(): the properties of an element (vertex properties of a vertex,
 * properties of an edge, meta-properties of a vertex property), or their values.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Edge, Property, Vertex, VertexProperty } from '../../elements.js';
import { moveTo } from '../../exec/traverser.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { strings } from '../args.js';
import { PAUSE } from '../../exec/pause.js';
import { valueKey } from '../../semantics/index.js';
import type { PropertiesParams } from '../../plan/params/map.js';

/**
 * The properties of an element as Property or VertexProperty objects, all or of some keys.
 *
 * @example
 * ```ts
 * const props = elementProperties(rt, vertex, ['name']);
 * ```
 */
export function elementProperties(rt: Runtime, element: unknown, keys: readonly string[]): (Property | VertexProperty)[] {
  if (element instanceof Vertex) return rt.vertexProperties(element, keys);
  if (element instanceof Edge) {
    const wanted = keys.length > 0 ? keys : rt.source.edgePropertyKeys(element.slot);
    const out: Property[] = [];
    for (const key of wanted) {
      const value = rt.source.edgeProperty(element.slot, key);
      if (value !== undefined) out.push(new Property(key, value, element));
    }
    return out;
  }
  if (element instanceof VertexProperty) {
    const out: Property[] = [];
    for (const [key, value] of liveMeta(rt, element)) if (keys.length === 0 || keys.includes(key)) out.push(new Property(key, value, element));
    if (keys.length > 0) out.sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key));
    return out;
  }
  throw new ArgumentError('NOT_AN_ELEMENT', `Cannot read properties: ${String(element)} is not an element`);
}

/**
 * A vertex property as it is now in the graph (same vertex, key and id), or undefined when it is
 * gone: a VertexProperty holds the meta-properties read with it, so steps after a write read it
 * again to see the write.
 *
 * @example
 * ```ts
 * const now = currentVertexProperty(rt, vp)?.meta;
 * ```
 */
export function currentVertexProperty(rt: Runtime, vp: VertexProperty): VertexProperty | undefined {
  const id = valueKey(vp.id);
  return rt.vertexProperties(vp.element, [vp.key]).find((p) => valueKey(p.id) === id);
}

/** Meta-properties of a vertex property; a writing traversal reads them again (see currentVertexProperty). */
function liveMeta(rt: Runtime, vp: VertexProperty): ReadonlyMap<string, unknown> {
  return rt.writer === undefined ? vp.meta : (currentVertexProperty(rt, vp)?.meta ?? vp.meta);
}

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
 *
 * @example
 * ```ts
 * propertiesStep.compile({ op: 'values', args: ['name', 'age'] }, cc);
 * ```
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
