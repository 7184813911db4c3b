/**
 * Plain-object views of vertices and edges (the shapes of hugegraph-notes 7.3), and the
 * input shapes of the Graph's CRUD methods.
 * @module
 */
import { ArgumentError, NotFoundError } from '../../errors.js';
import { edgeShape, plainId, toPlain } from '../../engine/index.js';
import type { EdgeShape, ElementId, GraphSource, PlainId, PropertyValue, ValueTypes } from '../../engine/index.js';
import type { SchemaCatalog } from '../../storage/index.js';

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
 * Properties as the Graph's write methods take them: stored values ({@link Properties}) or the
 * plain values its reads return ({@link PlainValue}), so that a long handed out as a `bigint`
 * can be written back as it came. A `bigint` is stored as a long (a BigInteger beyond the long
 * range), inside lists, sets and maps too.
 *
 * @example
 * ```ts
 * const p: PropertiesInput = { name: 'marko', big: 1190507458385149952n };
 * ```
 */
export type PropertiesInput = Readonly<Record<string, PropertyValue | PlainValue>>;

/**
 * A property value as the Graph's methods return it by default (see `toPlain`): Java numbers
 * as `number` (a long beyond ±(2^53 - 1) as `bigint`), UUIDs as text, dates, bytes, lists,
 * sets and maps as stored.
 *
 * @example
 * ```ts
 * const v: PlainValue = 1190507458385149952n;
 * ```
 */
export type PlainValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Date
  | Uint8Array
  | readonly PlainValue[]
  | ReadonlySet<PlainValue>
  | ReadonlyMap<PlainValue, PlainValue>;

/**
 * A vertex as the Graph's methods return it by default: plain id and property values. A key
 * of LIST or SET cardinality maps to an array of values.
 *
 * @example
 * ```ts
 * const v: VertexView = { id: '1:marko', label: 'person', type: 'vertex', properties: { name: 'marko', age: 29 } };
 * ```
 */
export interface VertexView {
  readonly id: PlainId;
  readonly label: string;
  readonly type: 'vertex';
  readonly properties: Readonly<Record<string, PlainValue>>;
}

/**
 * A vertex as the Graph's methods return it with `{ types: 'java' }`: id and property values
 * as stored (TypedNumber, Uuid...).
 *
 * @example
 * ```ts
 * const v: JavaVertexView = { id: new TypedNumber('long', 1n), label: 'person', type: 'vertex', properties: { age: 29 } };
 * ```
 */
export interface JavaVertexView {
  readonly id: ElementId;
  readonly label: string;
  readonly type: 'vertex';
  readonly properties: Properties;
}

/**
 * An edge as the Graph's methods return it by default: the engine's edge shape with plain ids
 * and property values.
 *
 * @example
 * ```ts
 * const e: EdgeView = { id: 'S1:marko>1>>S1:vadas', label: 'knows', type: 'edge', outV: '1:marko', outVLabel: 'person', inV: '1:vadas', inVLabel: 'person', properties: { weight: 0.5 } };
 * ```
 */
export type EdgeView = EdgeShape<PlainValue, PlainId>;

/**
 * An edge as the Graph's methods return it with `{ types: 'java' }`: ids and values as stored.
 *
 * @example
 * ```ts
 * const e: JavaEdgeView = { id: 'L1>1>>L2', label: 'knows', type: 'edge', outV: new TypedNumber('long', 1n), outVLabel: 'person', inV: new TypedNumber('long', 2n), inVLabel: 'person', properties: {} };
 * ```
 */
export type JavaEdgeView = EdgeShape<PropertyValue>;

/**
 * The vertex view of a {@link ValueTypes} choice.
 *
 * @example
 * ```ts
 * const v: VertexViewOf<'java'> = await graph.getVertex(1, { types: 'java' }) as JavaVertexView;
 * ```
 */
export type VertexViewOf<T extends ValueTypes> = T extends 'java' ? JavaVertexView : VertexView;

/**
 * The edge view of a {@link ValueTypes} choice.
 *
 * @example
 * ```ts
 * const e: EdgeViewOf<'plain'> | undefined = await graph.getEdge('L1>1>>L2');
 * ```
 */
export type EdgeViewOf<T extends ValueTypes> = T extends 'java' ? JavaEdgeView : EdgeView;

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
  readonly properties?: PropertiesInput;
  /** Explicit id, for CUSTOMIZE_* strategies (or AUTOMATIC in RESTORING/MERGING mode). */
  readonly id?: ElementId | bigint;
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
  readonly out: ElementId | bigint;
  readonly in: ElementId | bigint;
  readonly properties?: PropertiesInput;
  readonly id?: ElementId | bigint;
  /** The label the out vertex must have (HugeGraph's `outVLabel`); checked against the stored vertex when given. */
  readonly outLabel?: string;
  /** The label the in vertex must have (HugeGraph's `inVLabel`); checked against the stored vertex when given. */
  readonly inLabel?: string;
}

/**
 * A {@link VertexInput} after validation: its id and property values in the engine's form (a bigint made a long).
 */
export type CheckedVertexInput = Omit<VertexInput, 'id' | 'properties'> & { readonly id?: ElementId; readonly properties?: Properties };

/**
 * An {@link EdgeInput} after validation: its ids and property values in the engine's form.
 */
export type CheckedEdgeInput = Omit<EdgeInput, 'out' | 'in' | 'id' | 'properties'> & { readonly out: ElementId; readonly in: ElementId; readonly id?: ElementId; readonly properties?: Properties };

/**
 * Property entries in the writer's shape. A LIST/SET key's array value is kept as one value;
 * the store splits it by cardinality.
 */
export function toEntries(properties: Properties | undefined): Array<readonly [string, PropertyValue]> {
  const entries: Array<readonly [string, PropertyValue]> = [];
  if (properties === undefined) return entries;
  for (const name in properties) {
    if (!Object.prototype.hasOwnProperty.call(properties, name)) continue;
    const value = properties[name];
    if (value !== undefined) entries.push([name, value]);
  }
  return entries;
}

function multiValued(catalog: SchemaCatalog, key: string): boolean {
  const record = catalog.propertyKey(key);
  return record !== undefined && record.cardinality !== 'SINGLE';
}

/** Plain form of one stored property value. */
function plainValue(value: PropertyValue): PlainValue {
  return toPlain(value) as PlainValue;
}

/**
 * Reads the vertex in `slot` as a view of the given {@link ValueTypes}: plain values are made
 * as the view is read, in one pass.
 */
export function vertexView<T extends ValueTypes>(source: GraphSource, at: { readonly slot: number; readonly catalog: SchemaCatalog; readonly types: T }): VertexViewOf<T> {
  const plain = at.types === 'plain';
  // Keys in the order the graph gives them, a multi-valued key's values as one list: the order of every other JSON of the vertex.
  const properties: Record<string, PropertyValue | PlainValue | Array<PropertyValue | PlainValue>> = {};
  for (const record of source.vertexProperties(at.slot)) {
    const value = plain ? plainValue(record.value) : record.value;
    if (multiValued(at.catalog, record.key)) ((properties[record.key] ??= []) as Array<PropertyValue | PlainValue>).push(value);
    else properties[record.key] = value;
  }
  const id = source.vertexId(at.slot);
  return { id: plain ? plainId(id) : id, label: source.vertexLabel(at.slot), type: 'vertex', properties } as VertexViewOf<T>;
}

/**
 * Reads the edge in `slot` as a view of the given {@link ValueTypes}.
 */
export function edgeView<T extends ValueTypes>(source: GraphSource, slot: number, types: T): EdgeViewOf<T> {
  const view = types === 'plain' ? edgeShape(source, slot, { value: plainValue, id: plainId }) : edgeShape(source, slot, { value: (stored) => stored, id: (id) => id });
  return view as EdgeViewOf<T>;
}

/**
 * Slot of an existing vertex, or a NotFoundError `VERTEX_NOT_FOUND` saying what failed.
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
 */
export function requireEdge(source: GraphSource, at: { readonly id: ElementId; readonly action: string }): number {
  const slot = source.edgeSlot(at.id);
  if (slot < 0) throw new NotFoundError('EDGE_NOT_FOUND', `${at.action}: edge '${String(at.id)}' does not exist`, { details: { id: String(at.id) } });
  return slot;
}
