/**
 * valueMap(), propertyMap() and elementMap(): an element's properties as a map, with tokens
 * (id, label) on request through valueMap(true) or with(WithOptions.tokens[, which]).
 * @module
 */
import { EnumValue } from '../../bytecode.js';
import { ArgumentError, PlanError } from '../../../errors.js';
import { Edge, Vertex, VertexProperty } from '../../elements.js';
import type { Plan } from '../../plan/plan.js';
import { MISSING } from '../../runtime/scoped-lookup.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, byPlan, isEnum, toJsNumber } from '../args.js';
import { elementProperties } from '../helpers/step-elements.js';
import { applyBy } from '../helpers/by.js';
import { PAUSE } from '../../runtime/pause.js';
import type { PropertyMapParams } from '../../plan/params/map.js';

/**
 * Token key T.id.
 */
const T_ID = new EnumValue('T', 'id');
/**
 * Token key T.label.
 */
const T_LABEL = new EnumValue('T', 'label');
/**
 * Token key T.key.
 */
const T_KEY = new EnumValue('T', 'key');
/**
 * Token key T.value.
 */
const T_VALUE = new EnumValue('T', 'value');
/**
 * Direction.OUT key of elementMap on edges.
 */
const DIRECTION_OUT = new EnumValue('Direction', 'OUT');
/**
 * Direction.IN key of elementMap on edges.
 */
const DIRECTION_IN = new EnumValue('Direction', 'IN');

const WITH_OPTIONS: Readonly<Record<string, number>> = { none: 0, ids: 1, labels: 2, keys: 4, values: 8, all: 15 };

function tokenMap(rt: Runtime, v: unknown, p: PropertyMapParams<Plan>): Map<unknown, unknown> {
  const out = new Map<unknown, unknown>();
  const isElement = v instanceof Vertex || v instanceof Edge || v instanceof VertexProperty;
  if (!isElement) throw new ArgumentError('NOT_AN_ELEMENT', `Cannot run ${p.mode}(): ${String(v)} is not an element`);
  const tokens = p.mode === 'elementMap' ? 3 : p.tokens;
  if ((tokens & 1) !== 0) out.set(T_ID, v.id);
  if ((tokens & 2) !== 0 && !(v instanceof VertexProperty)) out.set(T_LABEL, v.label);
  if (v instanceof VertexProperty) {
    if ((tokens & 4) !== 0) out.set(T_KEY, v.key);
    if ((tokens & 8) !== 0) out.set(T_VALUE, v.value);
  }
  if (p.mode === 'elementMap' && v instanceof Edge) {
    out.set(DIRECTION_IN, new Map<unknown, unknown>([[T_ID, v.inV.id], [T_LABEL, v.inV.label]]));
    out.set(DIRECTION_OUT, new Map<unknown, unknown>([[T_ID, v.outV.id], [T_LABEL, v.outV.label]]));
  }
  const props = p.none === true ? [] : elementProperties(rt, v, p.keys);
  for (const prop of props) {
    if (p.mode === 'elementMap') {
      if (!out.has(prop.key)) out.set(prop.key, prop.value);
      continue;
    }
    const item = p.mode === 'propertyMap' ? prop : prop.value;
    if (v instanceof Vertex) {
      const list = (out.get(prop.key) as unknown[] | undefined) ?? [];
      list.push(item);
      out.set(prop.key, list);
    } else {
      out.set(prop.key, item);
    }
  }
  return out;
}

function* run(p: PropertyMapParams<Plan>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const m = tokenMap(rt, t.value, p);
    if (p.by !== undefined) {
      for (const [k, v] of m) {
        if (k instanceof EnumValue) continue;
        const projected = applyBy(rt, t, v, [p.by], 0);
        if (projected !== MISSING) m.set(k, projected);
      }
    }
    yield moveTo(t, m, rt.trackPath);
  }
}

/**
 * The valueMap()/propertyMap()/elementMap() step.
 */
export const propertyMapStep: StepDef<'propertyMap'> = {
  kind: 'propertyMap',
  category: 'map',
  pauses: true,
  ops: ['valueMap', 'propertyMap', 'elementMap'],
  compile(ins) {
    let args = ins.args;
    let tokens = 0;
    if (ins.op === 'valueMap' && typeof args[0] === 'boolean') {
      tokens = args[0] ? 15 : 0;
      args = args.slice(1);
    }
    const keys: string[] = [];
    for (const a of args) {
      if (typeof a === 'string') keys.push(a);
      else if (a !== null) throw badArguments(ins, 'expected property keys');
    }
    const mode = ins.op as PropertyMapParams<Plan>['mode'];
    // A null key names no property, as in values(null): only the tokens remain.
    if (keys.length === 0 && args.length > 0) return { mode, keys, tokens, by: undefined, none: true };
    return { mode, keys, tokens, by: undefined };
  },
  modulate(p, ins, cc) {
    const [a, b] = ins.args;
    if (ins.op === 'by') {
      if (p.by !== undefined) throw new PlanError('BY_ALREADY_SET', `The ${p.mode}() step can only have one by modulator`);
      return { ...p, by: byPlan(a, cc, ins) };
    }
    if (ins.op === 'with' && (a === 'tokens' || a === '~tinkerpop.valueMap.tokens' || isEnum(a, 'WithOptions', 'tokens'))) {
      if (b === undefined) return { ...p, tokens: 15 };
      const n = isEnum(b, 'WithOptions') ? WITH_OPTIONS[b.name] : toJsNumber(b);
      if (n === undefined) throw badArguments(ins, 'expected a WithOptions token value');
      return { ...p, tokens: n };
    }
    throw new PlanError('UNSUPPORTED_MODULATOR', `The ${p.mode}() step does not accept ${ins.op}()`);
  },
  run,
  describe: (p) => `${p.mode} ${p.keys.join(', ')}`,
};
