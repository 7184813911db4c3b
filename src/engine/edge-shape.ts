/**
 * The one plain-object shape of an edge slot (hugegraph-notes 7.3): what the Graph's read
 * methods return (values as stored) and what the traversers return with `withEdge` (values in
 * their JSON form). Both are built here, with the value conversion as the only difference.
 * @module
 */
import type { GraphSource } from '../port/index.js';
import type { ElementId, PropertyValue } from '../values/index.js';

/**
 * An edge as a plain object, its property values of type `V`.
 *
 * @example
 * ```ts
 * const e: EdgeShape<PropertyValue> = { id: 'S1:marko>1>>S1:vadas', label: 'knows', type: 'edge', outV: '1:marko', outVLabel: 'person', inV: '1:vadas', inVLabel: 'person', properties: { weight: 0.5 } };
 * ```
 */
export interface EdgeShape<V> {
  readonly id: ElementId;
  readonly label: string;
  readonly type: 'edge';
  readonly outV: ElementId;
  readonly outVLabel: string;
  readonly inV: ElementId;
  readonly inVLabel: string;
  readonly properties: Readonly<Record<string, V>>;
}

/**
 * Reads the edge in `slot` as an {@link EdgeShape}, each property value passed through `value`.
 *
 * @example
 * ```ts
 * declare const source: GraphSource;
 * const stored = edgeShape(source, 0, (v) => v);
 * const json = edgeShape(source, 0, jsonValue);
 * ```
 */
export function edgeShape<V>(source: GraphSource, slot: number, value: (stored: PropertyValue) => V): EdgeShape<V> {
  const properties: Record<string, V> = {};
  for (const key of source.edgePropertyKeys(slot)) {
    const stored = source.edgeProperty(slot, key);
    if (stored !== undefined) properties[key] = value(stored);
  }
  const out = source.edgeOutVertex(slot);
  const inV = source.edgeInVertex(slot);
  return {
    id: source.edgeId(slot),
    label: source.edgeLabel(slot),
    type: 'edge',
    outV: source.vertexId(out),
    outVLabel: source.vertexLabel(out),
    inV: source.vertexId(inV),
    inVLabel: source.vertexLabel(inV),
    properties,
  };
}
