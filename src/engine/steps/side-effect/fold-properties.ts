/**
 * Folding of property() steps into the addV()/addE() they directly follow, as TinkerPop does
 * (AddVertexStep and AddEdgeStep are Mutating steps with parameters): the element is created
 * with those properties in one write, so a graph with primary keys or sort keys can assign its
 * id, and value traversals run against the traverser entering addV()/addE().
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { TypedNumber, Uuid } from '../../../values/index.js';
import type { ElementId, PropertyValue } from '../../../values/index.js';
import { isEnum } from '../args.js';
import { Plan, type PlanStep } from '../../plan/plan.js';
import { formatValue } from '../../semantics/index.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import { argValue, storable } from '../helpers/write-values.js';
import type { FoldedProperty, PropertyWrite } from '../../plan/params/side-effect.js';


/** The part of addV()/addE() parameters that folding fills. */
interface Folding {
  readonly label: unknown;
  readonly properties?: readonly FoldedProperty[];
  readonly id?: unknown;
}

/**
 * Where the property() step about to be added would fold: the addV()/addE() it follows directly
 * or after other property() steps (as TinkerPop walks back over AddPropertyStep), or -1.
 */
export function foldTarget(steps: readonly PlanStep[]): number {
  let at = steps.length - 1;
  while (at > 0 && steps[at]?.kind === 'property') at--;
  const target = steps[at];
  return target !== undefined && (target.kind === 'addV' || target.kind === 'addE') ? at : -1;
}

/**
 * Folds the `T.id` and `T.label` writes of a property() step into the addV()/addE() it follows
 * (directly or after other property() steps), as TinkerPop keeps them among the creation
 * parameters: the id becomes the new element's id and the label replaces the step's label.
 * Returns the writes left for the property() step itself; `steps` is updated in place. Without
 * such a target the writes are returned unchanged (and a token key is refused when they run).
 */
export function foldTokens(steps: PlanStep[], property: { readonly writes: readonly PropertyWrite[] }): PropertyWrite[] {
  const tokens = property.writes.filter((w) => isEnum(w.key, 'T', 'id') || isEnum(w.key, 'T', 'label'));
  if (tokens.length === 0) return [...property.writes];
  const at = foldTarget(steps);
  const target = steps[at];
  if (target === undefined || (target.kind !== 'addV' && target.kind !== 'addE')) return [...property.writes];
  steps[at] = target.kind === 'addV' ? { ...target, params: withTokens(target.params, tokens) } : { ...target, params: withTokens(target.params, tokens) };
  return property.writes.filter((w) => !tokens.includes(w));
}

/** Creation parameters with the `T.id` and `T.label` writes applied. */
function withTokens<F extends Folding>(params: F, tokens: readonly PropertyWrite[]): F {
  let out = params;
  for (const w of tokens) {
    if (w.value === null || w.value === undefined) {
      throw new ArgumentError('PROPERTY_VALUE', `Cannot set ${String(w.key)}: the value must not be null`);
    }
    out = isEnum(w.key, 'T', 'id') ? { ...out, id: w.value } : { ...out, label: w.value };
  }
  return out;
}

/**
 * The id folded into addV()/addE() for one traverser, or undefined when none was given; a value
 * that is not an element id is an ArgumentError.
 */
export function foldedId(rt: Runtime, t: Traverser, id: unknown): ElementId | undefined {
  if (id === undefined) return undefined;
  const v = argValue(rt, t, id);
  if (typeof v === 'number' || typeof v === 'string' || v instanceof TypedNumber || v instanceof Uuid) return v;
  if (typeof v === 'bigint') return new TypedNumber('long', v);
  throw new ArgumentError('ELEMENT_ID_VALUE', `Cannot set T.id: ${String(v)} is not an element id`);
}

/**
 * The addV()/addE() step with a following property() step folded in, or undefined when the
 * property() step cannot be folded, as TinkerPop decides: a vertex write folds when it has no
 * meta-properties and its key is a string without a cardinality or a traversal; an edge write
 * folds unless it names a multi-value cardinality or meta-properties (then it fails as its own
 * step). Several values of one key fold in order: a multi-valued key keeps them all, as
 * TinkerGraph attaches creation properties with list cardinality.
 */
export function foldProperty(target: PlanStep, property: { readonly writes: readonly PropertyWrite[] }): PlanStep | undefined {
  if (target.kind !== 'addV' && target.kind !== 'addE') return undefined;
  const folds = (w: PropertyWrite): boolean =>
    w.meta.length === 0 &&
    (target.kind === 'addE'
      ? (w.cardinality === undefined || w.cardinality === 'single') && (typeof w.key === 'string' || w.key instanceof Plan)
      : (typeof w.key === 'string' && w.cardinality === undefined) || w.key instanceof Plan);
  if (!property.writes.every(folds)) return undefined;
  const folded: FoldedProperty[] = [...(target.params.properties ?? []), ...property.writes.map((w) => [w.key, w.value] as const)];
  return target.kind === 'addV'
    ? { ...target, params: { ...target.params, properties: folded } }
    : { ...target, params: { ...target.params, properties: folded } };
}

/**
 * The name of a property key: a string, or what a key traversal yields for the traverser.
 *
 * @throws ArgumentError HIDDEN_KEY for `T` tokens (TinkerPop's "T.id is immutable on existing
 *   elements"), PROPERTY_KEY for anything else.
 */
export function propertyKeyName(rt: Runtime, t: Traverser, key: unknown): string {
  const name = argValue(rt, t, key);
  if (typeof name === 'string') return name;
  if (isEnum(name, 'T')) throw new ArgumentError('HIDDEN_KEY', `T.${name.name} is immutable on existing elements`);
  throw new ArgumentError('PROPERTY_KEY', `Cannot set property: ${formatValue(name)} is not a property key`);
}

/**
 * Evaluates folded properties for one traverser, in order; a value that evaluates to null
 * removes the values of its key folded before it, as TinkerGraph does for a graph that does
 * not store nulls.
 */
export function foldedValues(rt: Runtime, t: Traverser, properties: readonly FoldedProperty[] | undefined): [string, PropertyValue][] {
  let out: [string, PropertyValue][] = [];
  for (const [key, value] of properties ?? []) {
    const name = propertyKeyName(rt, t, key);
    const raw = argValue(rt, t, value);
    if (raw === null) out = out.filter(([k]) => k !== name);
    else out.push([name, storable(raw, name)]);
  }
  return out;
}
