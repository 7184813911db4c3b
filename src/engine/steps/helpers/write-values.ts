/**
 * Conversions shared by the writing steps: argument values that may be child traversals, and
 * element slots.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { CardinalityValue } from '../../bytecode.js';
import { Edge, Vertex } from '../../elements.js';
import { Plan } from '../../plan/plan.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { PropertyValue } from '../../../values/index.js';
import type { PropertyCardinality } from '../../../port/index.js';

/**
 * The value of a write argument: a child plan gives its first result (undefined when none).
 */
export function argValue(rt: Runtime, t: Traverser, arg: unknown): unknown {
  if (!(arg instanceof Plan)) return arg;
  return rt.first(arg, t)?.value;
}

/**
 * A value as a storable property value, or ArgumentError for elements and other engine objects.
 */
export function storable(v: unknown, key: string): PropertyValue {
  if (v instanceof Vertex || v instanceof Edge || v === undefined || typeof v === 'function') {
    throw new ArgumentError('PROPERTY_VALUE', `Cannot set property '${key}': ${String(v)} is not a property value`);
  }
  return v as PropertyValue;
}

/**
 * The vertex slot of a vertex or vertex id, or ArgumentError.
 */
export function vertexSlotOf(rt: Runtime, v: unknown, step: string): number {
  if (v instanceof Vertex) {
    const slot = rt.source.vertexSlot(v.id);
    if (slot >= 0) return slot;
  } else if (v !== null && v !== undefined && !(v instanceof Edge) && (typeof v !== 'object' || 'type' in v || 'text' in v)) {
    const slot = rt.source.vertexSlot(v as Parameters<Runtime['source']['vertexSlot']>[0]);
    if (slot >= 0) return slot;
  }
  throw new ArgumentError('VERTEX_NOT_RESOLVED', `Cannot run ${step}(): ${String(v)} must resolve to a Vertex or the ID of a Vertex present in the graph`);
}

/**
 * A write value with its cardinality: a `single(v)`, `list(v)` or `set(v)` value
 * (TinkerPop's CardinalityValueTraversal) overrides `fallback` for its own entry, as
 * `property(map)` and the mergeV() option maps do; any other value keeps `fallback`.
 */
export function withCardinality(
  v: unknown,
  fallback: PropertyCardinality | undefined,
): { readonly cardinality: PropertyCardinality | undefined; readonly value: unknown } {
  if (!(v instanceof CardinalityValue)) return { cardinality: fallback, value: v };
  const c = v.cardinality;
  if (c !== 'single' && c !== 'list' && c !== 'set') throw new ArgumentError('INVALID_CARDINALITY', `Invalid cardinality: '${c}', expect one of single, list, set`);
  return { cardinality: c, value: v.value };
}

/**
 * The error for a cardinality given to an edge property: only vertex properties have one, so
 * TinkerPop refuses `property(single, k, v)` on an edge, and mergeE() refuses `single(v)`,
 * `list(v)` and `set(v)` map values the same way.
 */
export function edgeCardinalityError(key: string): ArgumentError {
  return new ArgumentError('EDGE_CARDINALITY', `Cannot set edge property '${key}': cardinality applies to vertex properties only`);
}
