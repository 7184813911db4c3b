/**
 * Plain-object views of vertices and edges (the shapes of hugegraph-notes 7.3), and the
 * input shapes of the Graph's CRUD methods.
 * @module
 */
import { ArgumentError, NotFoundError } from '../errors.js';
import { edgeShape } from '../engine/index.js';
import type { EdgeShape, ElementId, GraphSource, PropertyValue } from '../engine/index.js';
import type { SchemaCatalog } from '../storage/index.js';

/**
 * Properties as a plain object. A key of LIST or SET cardinality maps to an array of values.
 *
 * @example
 * ```ts
 * const p: Properties = { name: 'marko', age: 29 };
 * ```
 */
export type Properties = Readonly<Record<string, PropertyValue>>;

/**
 * A vertex as returned by the Graph's read methods.
 *
 * @example
 * ```ts
 * const v: VertexView = { id: '1:marko', label: 'person', type: 'vertex', properties: { name: 'marko' } };
 * ```
 */
export interface VertexView {
  readonly id: ElementId;
  readonly label: string;
  readonly type: 'vertex';
  readonly properties: Properties;
}

/**
 * An edge as returned by the Graph's read methods: the engine's edge shape, values as stored.
 *
 * @example
 * ```ts
 * const e: EdgeView = { id: 'S1:marko>1>>S1:vadas', label: 'knows', type: 'edge', outV: '1:marko', outVLabel: 'person', inV: '1:vadas', inVLabel: 'person', properties: {} };
 * ```
 */
export type EdgeView = EdgeShape<PropertyValue>;

/**
 * One vertex to add in {@link Graph.addVertices}.
 *
 * @example
 * ```ts
 * const input: VertexInput = { label: 'person', properties: { name: 'marko', age: 29 } };
 * ```
 */
export interface VertexInput {
  readonly label: string;
  readonly properties?: Properties;
  /** Explicit id, for CUSTOMIZE_* strategies (or AUTOMATIC in RESTORING/MERGING mode). */
  readonly id?: ElementId;
}

/**
 * One edge to add: label, the out and in vertex ids, properties and an optional explicit id.
 *
 * @example
 * ```ts
 * const input: EdgeInput = { label: 'knows', out: '1:marko', in: '1:vadas', properties: { weight: 0.5 } };
 * ```
 */
export interface EdgeInput {
  readonly label: string;
  readonly out: ElementId;
  readonly in: ElementId;
  readonly properties?: Properties;
  readonly id?: ElementId;
  /** The label the out vertex must have (HugeGraph's `outVLabel`); checked against the stored vertex when given. */
  readonly outLabel?: string;
  /** The label the in vertex must have (HugeGraph's `inVLabel`); checked against the stored vertex when given. */
  readonly inLabel?: string;
}

/**
 * Property entries in the writer's shape. A LIST/SET key's array value is kept as one value;
 * the store splits it by cardinality.
 *
 * @example
 * ```ts
 * toEntries({ name: 'marko' }); // [['name', 'marko']]
 * ```
 */
export function toEntries(properties: Properties | undefined): Array<readonly [string, PropertyValue]> {
  const entries: Array<readonly [string, PropertyValue]> = [];
  if (properties === undefined) return entries;
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue;
    const value = properties[name];
    if (value !== undefined) entries.push([name, value]);
  }
  return entries;
}

function multiValued(catalog: SchemaCatalog, key: string): boolean {
  const record = catalog.propertyKey(key);
  return record !== undefined && record.cardinality !== 'SINGLE';
}

/**
 * Reads the vertex in `slot` as a {@link VertexView}.
 *
 * @example
 * ```ts
 * const view = vertexView(store, { slot: 0, catalog: store.catalog });
 * ```
 */
export function vertexView(source: GraphSource, at: { readonly slot: number; readonly catalog: SchemaCatalog }): VertexView {
  const properties: Record<string, PropertyValue> = {};
  let lists: Map<string, PropertyValue[]> | undefined;
  for (const record of source.vertexProperties(at.slot)) {
    if (multiValued(at.catalog, record.key)) {
      lists ??= new Map();
      const list = lists.get(record.key) ?? [];
      list.push(record.value);
      lists.set(record.key, list);
    } else {
      properties[record.key] = record.value;
    }
  }
  if (lists !== undefined) for (const [key, values] of lists) properties[key] = values;
  return { id: source.vertexId(at.slot), label: source.vertexLabel(at.slot), type: 'vertex', properties };
}

/**
 * Reads the edge in `slot` as an {@link EdgeView}.
 *
 * @example
 * ```ts
 * const view = edgeView(store, 0);
 * ```
 */
export function edgeView(source: GraphSource, slot: number): EdgeView {
  return edgeShape(source, slot, { value: (stored) => stored, id: (id) => id });
}

/**
 * Slot of an existing vertex, or a NotFoundError `VERTEX_NOT_FOUND` saying what failed.
 *
 * @example
 * ```ts
 * const slot = requireVertex(store, { id: '1:marko', action: 'Cannot create edge' });
 * ```
 */
export function requireVertex(source: GraphSource, at: { readonly id: ElementId; readonly action: string }): number {
  const slot = source.vertexSlot(at.id);
  if (slot < 0) throw new NotFoundError('VERTEX_NOT_FOUND', `${at.action}: vertex '${String(at.id)}' does not exist`, { details: { id: String(at.id) } });
  return slot;
}

/**
 * Slot of an existing end vertex of an edge write: {@link requireVertex}, and when `label` is
 * given, an ArgumentError `EDGE_VERTEX_LABEL` (HugeGraph's message) if the stored vertex has
 * another label.
 *
 * @example
 * ```ts
 * const slot = requireEnd(store, { id: '1:marko', label: 'person', action: 'Cannot create edge' });
 * ```
 */
export function requireEnd(source: GraphSource, at: { readonly id: ElementId; readonly label?: string | undefined; readonly action: string }): number {
  const slot = requireVertex(source, at);
  if (at.label !== undefined) {
    const stored = source.vertexLabel(slot);
    if (stored !== at.label) {
      throw new ArgumentError(
        'EDGE_VERTEX_LABEL',
        `The label of vertex '${String(at.id)}' is unmatched, users expect label '${at.label}', actual label stored is '${stored}'`,
        { details: { id: String(at.id) } },
      );
    }
  }
  return slot;
}

/**
 * Slot of an existing edge, or a NotFoundError `EDGE_NOT_FOUND` saying what failed.
 *
 * @example
 * ```ts
 * const slot = requireEdge(store, { id: 'S1:marko>1>>S1:vadas', action: 'Cannot remove edge' });
 * ```
 */
export function requireEdge(source: GraphSource, at: { readonly id: ElementId; readonly action: string }): number {
  const slot = source.edgeSlot(at.id);
  if (slot < 0) throw new NotFoundError('EDGE_NOT_FOUND', `${at.action}: edge '${String(at.id)}' does not exist`, { details: { id: String(at.id) } });
  return slot;
}
