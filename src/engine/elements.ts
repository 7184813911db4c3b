/**
 * Result objects of traversals, shaped like TinkerPop's and gremlin-javascript's:
 * {@link Vertex}, {@link Edge}, {@link VertexProperty} and {@link Property} ({@link Path} and
 * {@link Tree} are in path-tree.ts).
 *
 * Vertices and edges carry the GraphSource slot for fast access next to their id and label; the
 * slot, the owner of a property and the meta-properties map are private fields behind getters,
 * so that only the gremlin-javascript shape (`id`, `label`, `properties`, `inV`/`outV`, `key`,
 * `value`) is enumerable. Elements are equal when their ids are (numeric ids by numeric value),
 * as in TinkerGraph. Every class has `toJSON()`: its shape in the one JSON module (json.ts), the
 * shapes of HugeGraph's /gremlin JSON.
 * @module
 */
import { Uuid, type ElementId } from '../values/index.js';
import type { GraphSource } from '../port/index.js';
import { formatValue } from './semantics/format.js';
import { VALUE_KEY, valueKey } from './semantics/value-key.js';
import { edgeJson, jsonValue, TO_JSON_VALUE, vertexJson, vertexPropertyJson, type JsonProperty, type JsonShaper } from './json.js';

/** What a lazy {@link Edge} reads its id from: a GraphSource, whose slot ids never change (the port's contract). */
type EdgeIds = Pick<GraphSource, 'edgeId'>;

/**
 * Canonical key of an element id: `L123` for numeric ids, `S<text>` for strings, `U<uuid>`
 * for UUIDs (the same form as the storage layer's `vertexIdKey`).
 */
export function elementIdKey(id: ElementId): string {
  if (typeof id === 'string') return 'S' + id;
  if (typeof id === 'number') return 'L' + String(id);
  if (id instanceof Uuid) return 'U' + id.text;
  return 'L' + String(id.value);
}

const EMPTY_META: ReadonlyMap<string, unknown> = new Map<string, unknown>();

function* propertyList(properties: VertexProperties | undefined): Iterable<JsonProperty> {
  for (const key in properties) yield* properties[key]!;
}

function abbreviate(text: string): string {
  return text.length > 20 ? text.slice(0, 17) + '...' : text;
}

/**
 * Properties of a vertex as gremlin-javascript shapes them: key -> its vertex properties.
 *
 * @example
 * ```ts
 * declare const v: Vertex;
 * const p: VertexProperties = { name: [new VertexProperty(0, 'name', 'marko', { element: v })] };
 * ```
 */
export type VertexProperties = Readonly<Record<string, readonly VertexProperty[]>>;

/**
 * Properties of an edge (or meta-properties of a vertex property) as gremlin-javascript shapes
 * them: key -> property.
 *
 * @example
 * ```ts
 * declare const e: Edge;
 * const p: EdgeProperties = { weight: new Property('weight', 0.5, e) };
 * ```
 */
export type EdgeProperties = Readonly<Record<string, Property>>;

/**
 * A vertex: its id, label and storage slot, and its properties when the result was made plain
 * (`graph.gremlin()` and the fluent terminals; traversal internals carry no properties).
 *
 * @example
 * ```ts
 * const v = new Vertex(1, 'person', 0);
 * String(v);   // 'v[1]'
 * ```
 */
export class Vertex {
  readonly #slot: number;
  /** Key -> vertex properties, present on plain results. */
  declare readonly properties?: VertexProperties;

  constructor(
    readonly id: ElementId,
    readonly label: string,
    slot: number,
    properties?: VertexProperties,
  ) {
    this.#slot = slot;
    if (properties !== undefined) this.properties = properties;
  }

  /** Dense slot of the vertex in the GraphSource (not enumerable). */
  get slot(): number {
    return this.#slot;
  }

  /** `{ id, label, type: 'vertex', properties: { key: value | [values] } }`, as HugeGraph's /gremlin writes a vertex. */
  toJSON(): Record<string, unknown> {
    return jsonValue(this) as Record<string, unknown>;
  }

  /** This vertex in the one JSON shape (see `jsonValue`). */
  [TO_JSON_VALUE](shaper: JsonShaper): unknown {
    return vertexJson(this, shaper, { properties: propertyList(this.properties) });
  }

  /** `v[<id>]`, as TinkerPop prints a vertex. */
  toString(): string {
    return `v[${formatValue(this.id)}]`;
  }

  /** Hash key: vertices with equal ids are one vertex. */
  [VALUE_KEY](): string {
    return 'V' + elementIdKey(this.id);
  }
}

/**
 * The id of an edge that is read from `source` (by the edge's slot) only when first asked for:
 * what the engine hands the Edge constructor in place of an id for the edges it builds from
 * slots, so a step that walks on to a vertex never formats one.
 */
export class DeferredEdgeId {
  constructor(readonly source: EdgeIds) {}
}

/**
 * An edge with its two end vertices. Edges that the engine builds from slots format their id
 * only when it is first read (see {@link DeferredEdgeId}); a step that walks on to a vertex never
 * pays for it.
 *
 * @example
 * ```ts
 * const e = new Edge(7, 'knows', 0, { outV: new Vertex(1, 'person', 0), inV: new Vertex(2, 'person', 1) });
 * String(e);   // 'e[7][1-knows->2]'
 * ```
 */
export class Edge {
  declare readonly label: string;
  /** Tail vertex (the edge goes out of it). */
  declare readonly outV: Vertex;
  /** Head vertex (the edge comes into it). */
  declare readonly inV: Vertex;
  /** Key -> property, present on plain results. */
  declare readonly properties?: EdgeProperties;
  readonly #slot: number;
  #ids: EdgeIds | undefined;
  #id: ElementId | undefined;

  /** `id` is the edge's id, or a {@link DeferredEdgeId} to read it from its source on first access. */
  constructor(id: ElementId | DeferredEdgeId, label: string, slot: number, ends: { readonly outV: Vertex; readonly inV: Vertex; readonly properties?: EdgeProperties }) {
    // An eager edge's own `id` hides the getter, and comes first among its keys, as on gremlin-javascript's edges.
    if (id instanceof DeferredEdgeId) this.#ids = id.source;
    else Object.defineProperty(this, 'id', { value: id, enumerable: true });
    this.#slot = slot;
    this.label = label;
    this.outV = ends.outV;
    this.inV = ends.inV;
    if (ends.properties !== undefined) this.properties = ends.properties;
  }

  /** Dense slot of the edge in the GraphSource (not enumerable). */
  get slot(): number {
    return this.#slot;
  }

  /** The edge's id; a lazy edge reads it once from its source (an eager edge's own `id` property hides this getter). */
  get id(): ElementId {
    if (this.#id === undefined) {
      this.#id = this.#ids!.edgeId(this.#slot);
      this.#ids = undefined;
    }
    return this.#id;
  }

  /** `{ id, label, type: 'edge', outV, outVLabel, inV, inVLabel, properties: { key: value } }`, as HugeGraph's /gremlin writes an edge. */
  toJSON(): Record<string, unknown> {
    return jsonValue(this) as Record<string, unknown>;
  }

  /** This edge in the one JSON shape (see `jsonValue`). */
  [TO_JSON_VALUE](shaper: JsonShaper): unknown {
    return edgeJson(this, shaper, { properties: Object.values(this.properties ?? {}) });
  }

  /** `e[<id>][<out>-<label>-><in>]`, as TinkerPop prints an edge. */
  toString(): string {
    return `e[${formatValue(this.id)}][${formatValue(this.outV.id)}-${this.label}->${formatValue(this.inV.id)}]`;
  }

  /** Hash key: edges with equal ids are one edge. */
  [VALUE_KEY](): string {
    return 'E' + elementIdKey(this.id);
  }
}

/**
 * A property of a vertex, with an id and meta-properties; its label is its key.
 *
 * @example
 * ```ts
 * const vp = new VertexProperty(0, 'name', 'marko', { element: new Vertex(1, 'person', 0) });
 * String(vp);   // 'vp[name->marko]'
 * ```
 */
export class VertexProperty {
  /** Same as {@link VertexProperty.key}, as in TinkerPop. */
  readonly label: string;
  /** Meta-properties as key -> property, present on plain results. */
  declare readonly properties?: EdgeProperties;
  readonly #element: Vertex;
  readonly #meta: ReadonlyMap<string, unknown>;
  readonly #multiValued: boolean;

  constructor(
    readonly id: ElementId,
    readonly key: string,
    readonly value: unknown,
    owner: {
      readonly element: Vertex;
      readonly meta?: ReadonlyMap<string, unknown>;
      readonly properties?: EdgeProperties;
      /** True when the key holds several values per vertex (list or set cardinality). */
      readonly multiValued?: boolean;
    },
  ) {
    this.label = key;
    this.#element = owner.element;
    this.#meta = owner.meta ?? EMPTY_META;
    this.#multiValued = owner.multiValued ?? false;
    if (owner.properties !== undefined) this.properties = owner.properties;
  }

  /** Whether the key holds several values per vertex (list or set cardinality), so that the vertex's JSON lists it (not enumerable). */
  get multiValued(): boolean {
    return this.#multiValued;
  }

  /** The vertex owning this property (not enumerable). */
  get element(): Vertex {
    return this.#element;
  }

  /** Meta-properties of this vertex property (not enumerable). */
  get meta(): ReadonlyMap<string, unknown> {
    return this.#meta;
  }

  /** `{ id, label, value, properties: { key: value } }`. */
  toJSON(): Record<string, unknown> {
    return jsonValue(this) as Record<string, unknown>;
  }

  /** This vertex property in the one JSON shape (see `jsonValue`). */
  [TO_JSON_VALUE](shaper: JsonShaper): unknown {
    return vertexPropertyJson(this, shaper);
  }

  /** `vp[<key>-><value>]` with the value abbreviated to 20 characters. */
  toString(): string {
    return `vp[${this.key}->${abbreviate(formatValue(this.value))}]`;
  }

  /** Hash key: vertex properties with equal ids are one vertex property. */
  [VALUE_KEY](): string {
    return 'P' + elementIdKey(this.id);
  }
}

/**
 * A key/value property of an edge, or a meta-property of a vertex property.
 *
 * @example
 * ```ts
 * declare const edge: Edge;
 * const p = new Property('weight', new TypedNumber('double', 0.5), edge);
 * String(p);   // 'p[weight->0.5]'
 * ```
 */
export class Property {
  readonly #element: Edge | VertexProperty;

  constructor(
    readonly key: string,
    readonly value: unknown,
    element: Edge | VertexProperty,
  ) {
    this.#element = element;
  }

  /** The edge or vertex property owning this property (not enumerable). */
  get element(): Edge | VertexProperty {
    return this.#element;
  }

  /** `{ key, value }`. */
  toJSON(): Record<string, unknown> {
    return jsonValue(this) as Record<string, unknown>;
  }

  /** This property in the one JSON shape (see `jsonValue`). */
  [TO_JSON_VALUE](shaper: JsonShaper): unknown {
    return { key: this.key, value: shaper.value(this.value) };
  }

  /** `p[<key>-><value>]` with the value abbreviated to 20 characters. */
  toString(): string {
    return `p[${this.key}->${abbreviate(formatValue(this.value))}]`;
  }

  /** Hash key: equal key and equal value, whatever the owner (TinkerPop's `ElementHelper.areEqual`). */
  [VALUE_KEY](): string {
    return `p${JSON.stringify(this.key)}:${valueKey(this.value)}`;
  }
}

/**
 * Any graph element: vertex, edge or vertex property.
 */
type Element = Vertex | Edge | VertexProperty;

/**
 * Whether a value is a graph element (vertex, edge or vertex property).
 */
export function isElement(v: unknown): v is Element {
  return v instanceof Vertex || v instanceof Edge || v instanceof VertexProperty;
}

/**
 * Whether two elements are the same element: same kind and equal ids (numeric ids by value).
 */
export function sameElement(a: Element, b: Element): boolean {
  return a[VALUE_KEY]() === b[VALUE_KEY]();
}
