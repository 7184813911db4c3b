/**
 * mergeV() and mergeE(): find elements matching a search map (T.id, T.label, Direction.OUT/IN
 * and properties) and apply option(Merge.onMatch), or create one from the search map merged
 * with option(Merge.onCreate). Merge.outV/inV options resolve placeholder edge ends.
 * @module
 */
import { Bytecode, CardinalityValue, EnumValue } from '../../bytecode.js';
import type { Argument } from '../../bytecode.js';
import { ArgumentError, PlanError } from '../../../errors.js';
import { Edge, Vertex } from '../../elements.js';
import { Plan } from '../../plan/plan.js';
import { formatValue, isEqual, typeOfValue } from '../../semantics/index.js';
import type { ElementId, PropertyValue } from '../../../values/index.js';
import { fresh, moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, isEnum } from '../args.js';
import { argValue, edgeCardinalityError, storable, vertexSlotOf, withCardinality } from '../helpers/write-values.js';
import type { MergeParams } from '../../plan/params/side-effect.js';

type Entries = Map<unknown, unknown>;

function tokenName(k: unknown): string | undefined {
  if (k instanceof EnumValue) return `${k.type}.${k.name}`;
  return undefined;
}

function asMap(v: unknown, what: string): Entries | undefined {
  if (v === null || v === undefined) return undefined;
  if (v instanceof Map) return v as Entries;
  throw new ArgumentError('MERGE_ARGUMENT', `Cannot merge: ${what} must be a map but got ${String(v)}`);
}

function get(m: Entries, token: string): unknown {
  for (const [k, v] of m) if (tokenName(k) === token) return v;
  return undefined;
}

function props(m: Entries): [string, unknown][] {
  return [...m].filter(([k]) => typeof k === 'string') as [string, unknown][];
}

function resolveEnd(rt: Runtime, t: Traverser, p: MergeParams, v: unknown, which: 'outV' | 'inV'): number {
  let value = v;
  if (isEnum(value, 'Merge')) {
    if (!p.options.has(which)) throw new ArgumentError('MERGE_END', `Cannot merge edge: option(Merge.${which}) is not given`);
    value = argValue(rt, t, p.options.get(which));
  }
  if (value instanceof Map) {
    const found = findVertices(rt, value as Entries);
    if (found[0] === undefined) throw new ArgumentError('VERTEX_NOT_RESOLVED', `Vertex id could not be resolved from mergeE: ${String(v)}`);
    return found[0];
  }
  if (value instanceof Vertex) return vertexSlotOf(rt, value, 'mergeE');
  const slot = value === undefined || value === null ? -1 : rt.source.vertexSlot(value as ElementId);
  if (slot < 0) throw new ArgumentError('VERTEX_NOT_RESOLVED', `Vertex id could not be resolved from mergeE: ${String(value)}`);
  return slot;
}

function matchesProps(rt: Runtime, el: Vertex | Edge, m: Entries): boolean {
  return props(m).every(([k, want]) => {
    if (el instanceof Vertex) return rt.source.vertexProperties(el.slot, [k]).some((r) => isEqual(r.value, want));
    return isEqual(rt.source.edgeProperty(el.slot, k), want);
  });
}

function findVertices(rt: Runtime, m: Entries): number[] {
  const id = get(m, 'T.id');
  const label = get(m, 'T.label');
  const candidates = id !== undefined ? [rt.source.vertexSlot(id as ElementId)].filter((s) => s >= 0) : [...rt.source.vertexSlots(typeof label === 'string' ? label : undefined)];
  return candidates.filter((s) => {
    const v = rt.vertex(s);
    return (label === undefined || v.label === label) && matchesProps(rt, v, m);
  });
}

function findEdges(rt: Runtime, t: Traverser, p: MergeParams, m: Entries): number[] {
  const id = get(m, 'T.id');
  const label = get(m, 'T.label');
  const outRaw = get(m, 'Direction.OUT');
  const inRaw = get(m, 'Direction.IN');
  const out = outRaw === undefined ? undefined : resolveEnd(rt, t, p, outRaw, 'outV');
  const inV = inRaw === undefined ? undefined : resolveEnd(rt, t, p, inRaw, 'inV');
  const candidates = id !== undefined ? [rt.source.edgeSlot(id as ElementId)].filter((s) => s >= 0) : [...rt.source.edgeSlots(typeof label === 'string' ? label : undefined)];
  return candidates.filter((s) => {
    const e = rt.edge(s);
    return (label === undefined || e.label === label) && (out === undefined || e.outV.slot === out) && (inV === undefined || e.inV.slot === inV) && matchesProps(rt, e, m);
  });
}

function combine(search: Entries, onCreate: Entries | undefined): Entries {
  const out = new Map(search);
  for (const [k, v] of onCreate ?? []) {
    const existing = [...search].find(([sk]) => sk === k || (tokenName(sk) !== undefined && tokenName(sk) === tokenName(k)));
    if (existing !== undefined && !isEqual(existing[1], v)) {
      throw new ArgumentError('MERGE_OVERRIDE', 'option(onCreate) cannot override values from merge() argument');
    }
    out.set(k, v);
  }
  return out;
}

/** mergeE() maps take plain values: an edge property has no cardinality (TinkerPop's property() refuses one on an edge). */
function refuseEdgeCardinality(m: Entries): void {
  for (const [k, v] of m) if (v instanceof CardinalityValue) throw edgeCardinalityError(String(k));
}

/** Java's names of the tokens a merge map may hold besides string keys, in TinkerPop's order. */
const ALLOWED_TOKENS = { vertex: ['T.id', 'T.label'], edge: ['T.id', 'T.label', 'Direction.OUT', 'Direction.IN'] } as const;

/** How Java prints a map key or a token in its messages: `label`, `OUT`, or the value. */
function javaText(v: unknown): string {
  return v instanceof EnumValue ? v.name : formatValue(v);
}

/** A property key TinkerPop's ElementHelper accepts: not empty, not hidden (`~...`). */
function checkPropertyKey(key: string): void {
  if (key === '') throw new ArgumentError('PROPERTY_KEY', 'Property key can not be empty');
  if (key.startsWith('~')) throw new ArgumentError('HIDDEN_KEY', `Property key can not be a hidden key: ${key}`);
}

/**
 * Checks a merge map as TinkerPop's MergeElementStep.validate does: the merge argument and
 * option(onCreate) take string keys and the step's tokens (never null), a string T.label that
 * is neither empty nor hidden, and only Merge.outV/inV as Merge values of Direction.OUT/IN;
 * option(onMatch) takes string keys only. Property keys are neither empty nor hidden.
 */
function validateMap(m: Entries | undefined, element: 'vertex' | 'edge', onMatch: boolean): void {
  const op = element === 'vertex' ? 'mergeV' : 'mergeE';
  for (const [k, v] of m ?? []) {
    if (typeof k === 'string') {
      checkPropertyKey(k);
      continue;
    }
    if (onMatch) throw new ArgumentError('MERGE_MAP', `option(onMatch) expects keys in Map to be of String - check: ${javaText(k)}`);
    if (k instanceof EnumValue && (v === null || v === undefined)) throw new ArgumentError('MERGE_MAP', `${op}() does not allow null Map values - check: ${k.name}`);
    const token = tokenName(k);
    if (token === undefined || !(ALLOWED_TOKENS[element] as readonly string[]).includes(token)) {
      const allowed = ALLOWED_TOKENS[element].map((t) => t.split('.')[1]).join(', ');
      throw new ArgumentError('MERGE_MAP', `${op}() and option(onCreate) args expect keys in Map to be either String or [${allowed}] - check: ${javaText(k)}`);
    }
    if (token === 'T.label') {
      if (typeof v !== 'string') throw new ArgumentError('MERGE_MAP', `${op}() and option(onCreate) args expect T.label value to be of String - found: ${typeOfValue(v)}`);
      if (v === '') throw new ArgumentError('LABEL_VALUE', 'Label can not be empty');
      if (v.startsWith('~')) throw new ArgumentError('LABEL_VALUE', `Label can not be a hidden key: ${v}`);
    }
    const end = token === 'Direction.OUT' ? 'outV' : token === 'Direction.IN' ? 'inV' : undefined;
    if (end !== undefined && isEnum(v, 'Merge') && v.name !== end) {
      throw new ArgumentError('MERGE_MAP', `Only Merge.${end} token may be used for ${token}, found: ${v.name}`);
    }
  }
}

/**
 * Applies option(onMatch) to a matched element: the option's traversal runs on that element; a null
 * value removes the property. A vertex value without its own cardinality takes the graph's
 * cardinality for the key (the schema's, or single on an auto-create graph), as TinkerPop's
 * MergeVertexStep asks the graph's features for it.
 */
function applyOnMatch(rt: Runtime, t: Traverser, el: Vertex | Edge, option: unknown): void {
  const m = asMap(argValue(rt, { ...t, value: el }, option), 'option(onMatch)');
  if (m === undefined) return;
  if (el instanceof Edge) refuseEdgeCardinality(m);
  const w = rt.requireWriter('merge');
  validateMap(m, el instanceof Vertex ? 'vertex' : 'edge', true);
  for (const [k, v] of m as Map<string, unknown>) {
    const cv = withCardinality(v, undefined);
    if (el instanceof Vertex) {
      if (cv.value === null) w.removeVertexProperty(el.slot, k);
      else w.setVertexProperty(el.slot, k, storable(cv.value, k), { cardinality: cv.cardinality });
    } else if (cv.value === null) w.removeEdgeProperty(el.slot, k);
    else w.setEdgeProperty(el.slot, k, storable(cv.value, k));
  }
}

function create(rt: Runtime, t: Traverser, p: MergeParams, m: Entries): Vertex | Edge {
  const w = rt.requireWriter(p.element === 'vertex' ? 'mergeV' : 'mergeE');
  const id = get(m, 'T.id') as ElementId | undefined;
  const label = get(m, 'T.label');
  // Values with an explicit cardinality are written after creation, as TinkerPop's MergeVertexStep does.
  if (p.element === 'edge') refuseEdgeCardinality(m);
  const plain = props(m).filter(([, v]) => !(v instanceof CardinalityValue));
  const properties = plain.map(([k, v]) => [k, storable(v, k)] as [string, PropertyValue]);
  if (p.element === 'vertex') {
    const slot = w.addVertex(typeof label === 'string' ? label : 'vertex', { id, properties });
    for (const [k, v] of props(m)) {
      const cv = withCardinality(v, undefined);
      if (v instanceof CardinalityValue) w.setVertexProperty(slot, k, storable(cv.value, k), { cardinality: cv.cardinality });
    }
    return rt.vertex(slot);
  }
  const outRaw = get(m, 'Direction.OUT');
  const inRaw = get(m, 'Direction.IN');
  if (outRaw === undefined) throw new ArgumentError('EDGE_END_MISSING', 'Out Vertex not specified');
  if (inRaw === undefined) throw new ArgumentError('EDGE_END_MISSING', 'In Vertex not specified');
  const out = resolveEnd(rt, t, p, outRaw, 'outV');
  const inV = resolveEnd(rt, t, p, inRaw, 'inV');
  return rt.edge(w.addEdge(typeof label === 'string' ? label : 'edge', { out, in: inV }, { id, properties }));
}

function* run(p: MergeParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    const search = asMap(p.search === undefined ? t.value : argValue(rt, t, p.search), 'the merge argument') ?? new Map();
    validateMap(search, p.element, false);
    // A constant option(onCreate) map is checked against the merge map before the search, as TinkerPop does.
    const constantOnCreate = p.options.get('onCreate');
    if (constantOnCreate instanceof Map) combine(search, constantOnCreate as Entries);
    if (p.element === 'edge') refuseEdgeCardinality(search);
    const found = p.element === 'vertex' ? findVertices(rt, search) : findEdges(rt, t, p, search);
    const results: (Vertex | Edge)[] = [];
    if (found.length > 0) {
      for (const slot of found) {
        const el = p.element === 'vertex' ? rt.vertex(slot) : rt.edge(slot);
        applyOnMatch(rt, t, el, p.options.get('onMatch'));
        results.push(el);
      }
    } else {
      const onCreate = asMap(argValue(rt, t, p.options.get('onCreate')), 'option(onCreate)');
      validateMap(onCreate, p.element, false);
      results.push(create(rt, t, p, combine(search, onCreate)));
    }
    for (const el of results) yield p.start ? { ...fresh(el, rt.trackPath), sack: t.sack } : moveTo(t, el, rt.trackPath);
  }
}

/**
 * option(Merge, map, cardinality): the cardinality applies to every value of the map that does
 * not carry its own, as TinkerPop's GraphTraversal.option(Merge, Map, Cardinality) does.
 */
function withDefaultCardinality(map: Argument | undefined, card: Argument, ins: { op: string; args: readonly Argument[] }): Argument | undefined {
  if (!isEnum(card, 'Cardinality') || !(map instanceof Map || map === null)) throw badArguments(ins, 'expected option(Merge, map, Cardinality)');
  if (map === null) return map;
  const out = new Map<Argument, Argument>();
  // A T key takes no cardinality: its value stays as it is.
  for (const [key, value] of map as Map<Argument, Argument>) out.set(key, value instanceof CardinalityValue || isEnum(key, 'T') ? value : new CardinalityValue(card.name, value));
  return out;
}

function optionValue(a: Argument | undefined, cc: { child(a: Argument): Plan }): unknown {
  return a instanceof Bytecode ? cc.child(a) : a;
}

/**
 * The mergeV()/mergeE() step.
 */
export const mergeStep: StepDef<'merge'> = {
  kind: 'merge',
  category: 'map',
  ops: ['mergeV', 'mergeE'],
  mutates: true,
  compile(ins, cc) {
    const [a] = ins.args;
    if (ins.args.length > 1) throw badArguments(ins, 'expected one map or traversal');
    if (a !== undefined && a !== null && !(a instanceof Map) && !(a instanceof Bytecode)) throw badArguments(ins, 'expected a map or a traversal');
    // No argument merges the incoming map; null is an empty map.
    const search = a instanceof Bytecode ? cc.child(a) : a === undefined ? undefined : (a ?? new Map());
    return { element: ins.op === 'mergeV' ? 'vertex' : 'edge', search, options: new Map(), start: cc.atStart };
  },
  modulate(p, ins, cc) {
    const [k, given, card] = ins.args;
    if (ins.op !== 'option' || !isEnum(k, 'Merge')) throw new PlanError('UNSUPPORTED_MODULATOR', `The merge step does not accept ${ins.op}()`);
    if (card !== undefined && p.element === 'edge') throw new PlanError('STEP_ARGUMENTS', 'option() with the Cardinality argument can only be used following mergeV()');
    const v = card === undefined ? given : withDefaultCardinality(given, card, ins);
    const options = new Map(p.options);
    if (k.name === 'onMatch' && v instanceof Map) validateMap(v as Entries, p.element, true);
    options.set(k.name, optionValue(v, cc));
    return { ...p, options };
  },
  run,
  describe: (p) => p.element,
};
