/**
 * property([cardinality,] key, value, metaKey, metaValue...) and property(map): sets a property
 * on the current element (vertex, edge or vertex property); a null value removes it.
 * @module
 */
import { Bytecode } from '../../bytecode.js';
import type { Argument } from '../../bytecode.js';
import { ArgumentError } from '../../../errors.js';
import { Edge, Vertex, VertexProperty } from '../../elements.js';
import type { PropertyCardinality } from '../../../port/index.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef, CompileContext } from '../step-def.js';
import { badArguments, isEnum, withOption } from '../args.js';
import { argValue, edgeCardinalityError, storable, withCardinality } from '../helpers/write-values.js';
import { currentVertexProperty } from '../helpers/step-elements.js';
import { propertyKeyName } from './fold-properties.js';
import type { PropertyWrite } from '../../plan/params/side-effect.js';

function arg(a: Argument | undefined, cc: CompileContext): unknown {
  return a instanceof Bytecode ? cc.child(a) : a;
}

function compileWrites(ins: { op: string; args: readonly Argument[] }, cc: CompileContext): PropertyWrite[] {
  let args = ins.args;
  let cardinality: PropertyCardinality | undefined;
  if (isEnum(args[0], 'Cardinality')) {
    cardinality = args[0].name as PropertyCardinality;
    args = args.slice(1);
  }
  // property(null) and property(cardinality, null) write nothing, as TinkerPop's property(Map) with null.
  if (args.length === 1 && args[0] === null) return [];
  if (args.length === 1 && args[0] instanceof Map) {
    return [...(args[0] as Map<Argument, Argument>)].map(([k, v]) => {
      const cv = withCardinality(v, cardinality);
      return { cardinality: cv.cardinality, key: arg(k, cc), value: arg(cv.value as Argument, cc), meta: [] };
    });
  }
  if (args.length < 2 || args.length % 2 !== 0) throw badArguments(ins, 'expected property(key, value, ...metaKeyValues)');
  const meta: [string, unknown][] = [];
  for (let i = 2; i < args.length; i += 2) {
    const k = args[i];
    if (typeof k !== 'string') throw badArguments(ins, 'meta-property keys must be strings');
    meta.push([k, arg(args[i + 1], cc)]);
  }
  return [{ cardinality, key: arg(args[0], cc), value: arg(args[1], cc), meta }];
}

/** Writes one property of `t`'s element; returns the element as it is after the write. */
function write(rt: Runtime, t: Traverser, pw: PropertyWrite): unknown {
  const w = rt.requireWriter('property');
  const el = t.value;
  const key = propertyKeyName(rt, t, pw.key);
  const raw = argValue(rt, t, pw.value);
  if (el instanceof Vertex) {
    if (raw === null) {
      w.removeVertexProperty(el.slot, key);
      return el;
    }
    // A null meta-property value is not stored, as in a graph without null property values.
    const meta = pw.meta.flatMap(([k, v]) => {
      const value = argValue(rt, t, v);
      return value === null ? [] : [[k, storable(value, k)] as const];
    });
    w.setVertexProperty(el.slot, key, storable(raw, key), { cardinality: pw.cardinality ?? 'single', meta });
    return el;
  }
  if (el instanceof Edge) {
    if (pw.cardinality !== undefined) throw edgeCardinalityError(key);
    if (raw === null) w.removeEdgeProperty(el.slot, key);
    else w.setEdgeProperty(el.slot, key, storable(raw, key));
    return el;
  }
  if (el instanceof VertexProperty) {
    if (raw === null) w.removeMetaProperty(el.element.slot, el.id, key);
    else w.setMetaProperty(el.element.slot, el.id, key, storable(raw, key));
    return currentVertexProperty(rt, el) ?? el;
  }
  throw new ArgumentError('NOT_AN_ELEMENT', `Cannot set property '${key}': ${String(el)} is not an element`);
}

/**
 * The property() step.
 */
export const propertyStep: StepDef<'property'> = {
  kind: 'property',
  category: 'side-effect',
  ops: ['property'],
  mutates: true,
  compile: (ins, cc) => ({ writes: compileWrites(ins, cc) }),
  // TinkerPop 3.8 accepts with() on property() and gives it no meaning ("Remove Undocumented with() modulation").
  modulate(p, ins) {
    withOption(ins, 'property');
    return p;
  },
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) {
      let now = t.value;
      for (const pw of p.writes) now = write(rt, now === t.value ? t : { ...t, value: now }, pw);
      yield now === t.value ? t : { ...t, value: now };
    }
  },
  describe: (p) => p.writes.map((w) => String(w.key)).join(', '),
};
