/**
 * The one plain-object shape of an edge slot (hugegraph-notes 7.3): what the Graph's read
 * methods return (values as stored) and what the traversers return with `withEdge` (values in
 * their JSON form). Both are built here, with the value conversion as the only difference.
 * @module
 */
import type { GraphSource } from '../port/index.js';
import type { ElementId, PropertyValue } from '../values/index.js';

/**
 * An edge as a plain object, its property values of type `V` and its ids of type `I`.
 */
export interface EdgeShape<V, I = ElementId> {
  readonly id: I;
  readonly label: string;
  readonly type: 'edge';
  readonly outV: I;
  readonly outVLabel: string;
  readonly inV: I;
  readonly inVLabel: string;
  readonly properties: Readonly<Record<string, V>>;
}

/** How {@link edgeShape} converts what it reads: each stored property value, and each id (the edge's and its ends'). */
interface EdgeConversion<V, I> {
  readonly value: (stored: PropertyValue) => V;
  readonly id: (id: ElementId) => I;
}

/**
 * Reads the edge in `slot` as an {@link EdgeShape}, values and ids passed through `convert`.
 */
export function edgeShape<V, I>(source: GraphSource, slot: number, convert: EdgeConversion<V, I>): EdgeShape<V, I> {
  const properties: Record<string, V> = {};
  for (const key of source.edgePropertyKeys(slot)) {
    const stored = source.edgeProperty(slot, key);
    if (stored !== undefined) properties[key] = convert.value(stored);
  }
  const out = source.edgeOutVertex(slot);
  const inV = source.edgeInVertex(slot);
  return {
    id: convert.id(source.edgeId(slot)),
    label: source.edgeLabel(slot),
    type: 'edge',
    outV: convert.id(source.vertexId(out)),
    outVLabel: source.vertexLabel(out),
    inV: convert.id(source.vertexId(inV)),
    inVLabel: source.vertexLabel(inV),
    properties,
  };
}
