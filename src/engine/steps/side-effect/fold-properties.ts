/**
 * Folding of property() steps into the addV()/addE() they directly follow, as TinkerPop does
 * (AddVertexStep and AddEdgeStep are Mutating steps with parameters): the element is created
 * with those properties in one write, so a graph with primary keys or sort keys can assign its
 * id, and value traversals run against the traverser entering addV()/addE().
 * @module
 */
import type { PropertyValue } from '../../values.js';
import type { PlanStep } from '../../plan/plan.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { PropertyWrite } from './property-step.js';
import { argValue, storable } from './write-values.js';

/**
 * A property folded into element creation: a key and a value or a child plan yielding it.
 *
 * @example
 * ```ts
 * const p: FoldedProperty = ['name', 'marko'];
 * ```
 */
export type FoldedProperty = readonly [key: string, value: unknown];

/** The part of addV()/addE() parameters that folding fills. */
interface Folding {
  readonly properties?: readonly FoldedProperty[];
}

/**
 * The addV()/addE() step with a following property() step folded in, or undefined when the
 * property() step cannot be folded: a cardinality, meta-properties, a non-string key, a null
 * value or a key already folded (the later write then runs as its own step) keep it separate.
 *
 * @example
 * ```ts
 * const folded = foldProperty(addVStep, { writes: [{ cardinality: undefined, key: 'name', value: 'marko', meta: [] }] });
 * ```
 */
export function foldProperty(target: PlanStep, property: { readonly writes: readonly PropertyWrite[] }): PlanStep | undefined {
  if (target.kind !== 'addV' && target.kind !== 'addE') return undefined;
  const params = target.params as Folding;
  const folded = [...(params.properties ?? [])];
  const keys = new Set(folded.map(([k]) => k));
  for (const w of property.writes) {
    if (w.cardinality !== undefined || w.meta.length > 0 || typeof w.key !== 'string' || w.value === null) return undefined;
    if (keys.has(w.key)) return undefined;
    keys.add(w.key);
    folded.push([w.key, w.value]);
  }
  return { ...target, params: { ...params, properties: folded } };
}

/**
 * Evaluates folded properties for one traverser; a value that evaluates to null is left out.
 *
 * @example
 * ```ts
 * const props = foldedValues(rt, t, params.properties);
 * w.addVertex('person', { properties: props });
 * ```
 */
export function foldedValues(rt: Runtime, t: Traverser, properties: readonly FoldedProperty[] | undefined): [string, PropertyValue][] {
  const out: [string, PropertyValue][] = [];
  for (const [key, value] of properties ?? []) {
    const raw = argValue(rt, t, value);
    if (raw !== null) out.push([key, storable(raw, key)]);
  }
  return out;
}
