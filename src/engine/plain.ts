/**
 * The result boundary: turns the engine's Java-typed values into plain JavaScript values, as
 * `graph.gremlin()` and the fluent terminals return them by default. The engine keeps its
 * TypedNumbers inside (Gremlin's semantics need them); only what leaves is converted.
 *
 * - every Java integral and floating type becomes a `number`; a long or BigInteger outside
 *   ±(2^53 - 1) a `bigint`; a BigDecimal as {@link plainNumber} says;
 * - a UUID becomes its text; dates and byte arrays stay `Date` and `Uint8Array`;
 * - lists stay arrays, maps become {@link PlainMap} and sets {@link PlainSet} (a `Map` and a
 *   `Set` that JSON.stringify can write);
 * - enum values become the exported constants (`t.id`, `t.label`...);
 * - vertices and edges get their `properties` read from the graph, shaped as in
 *   gremlin-javascript (vertex: key -> VertexProperty[]; edge: key -> Property);
 * - paths and trees are rebuilt around plain objects.
 *
 * The same boundary can hand results out as JSON values instead (the `json` option of
 * {@link resultConverter}): one walk from the engine's values to the one JSON shape (json.ts),
 * reading element properties from the graph as the plain conversion does.
 * @module
 */
import { EnumValue } from './bytecode.js';
import { Edge, Property, Vertex, VertexProperty } from './elements.js';
import { Path, Tree } from './path-tree.js';
import type { EdgeProperties, VertexProperties } from './elements.js';
import type { GraphSource, VertexPropertyRecord } from '../port/index.js';
import { canonicalEnum } from './fluent/fluent-tokens.js';
import { edgeJson, jsonValue, shapeJson, vertexJson, type JsonOptions, type JsonShaper } from './json.js';
import { QUERY_LIMITS, tooDeep } from './compiler/limits.js';
import { plainId as plainValueId, plainNumber, TypedNumber, Uuid, type ElementId, type PropertyValue } from '../values/index.js';

/**
 * How results leave the engine: `plain` JavaScript values (the default), or `java`, the
 * engine's own values (TypedNumber, Uuid...) that keep every Java type apart.
 *
 * @example
 * ```ts
 * const r = await graph.gremlin('g.V().count()', { types: 'java' });   // [TypedNumber { type: 'long', value: 6n }]
 * ```
 */
export type ValueTypes = 'plain' | 'java';

/**
 * A `Map` result whose `toJSON()` writes an object with string keys (elements as `v[1]`,
 * tokens by name), so that `JSON.stringify` of a result keeps its entries.
 *
 * @example
 * ```ts
 * JSON.stringify(new PlainMap([['name', ['marko']]]));   // '{"name":["marko"]}'
 * ```
 */
export class PlainMap<K = unknown, V = unknown> extends Map<K, V> {
  /** The map as a JSON object. */
  toJSON(): unknown {
    return jsonValue(this);
  }
}

/**
 * A `Set` result whose `toJSON()` writes an array.
 *
 * @example
 * ```ts
 * JSON.stringify(new PlainSet([1, 2]));   // '[1,2]'
 * ```
 */
export class PlainSet<T = unknown> extends Set<T> {
  /** The set as a JSON array. */
  toJSON(): unknown {
    return jsonValue(this);
  }
}

/**
 * How a walk converts the leaves of a result: `plain` makes them plain JavaScript values,
 * `typed` keeps the engine's Java-typed values (and only gives elements their properties).
 */
interface Leaves {
  readonly typed: boolean;
  readonly source: GraphSource | undefined;
}

/** An element's id as a plain value; an element's `id` field is typed ElementId, which a bigint long id does not fit. */
function leafId(id: ElementId, leaves: Leaves): ElementId {
  return leaves.typed ? id : (plainValueId(id) as ElementId);
}

/** A vertex with its id as the walk gives it and no properties: the ends of an edge, the owner of a property. */
function reference(v: Vertex, leaves: Leaves): Vertex {
  return new Vertex(leafId(v.id, leaves), v.label, v.slot);
}

function metaProperties(meta: ReadonlyMap<string, unknown>, owner: () => VertexProperty | Edge, leaves: Leaves): EdgeProperties {
  const out: Record<string, Property> = {};
  for (const [key, value] of meta) out[key] = new Property(key, convertValue(value, leaves), owner());
  return out;
}

function plainVertexProperty(vp: VertexProperty, owner: Vertex, leaves: Leaves): VertexProperty {
  let self: VertexProperty | undefined;
  const properties = metaProperties(vp.meta, () => self!, leaves);
  self = new VertexProperty(leafId(vp.id, leaves), vp.key, convertValue(vp.value, leaves), { element: owner, meta: vp.meta, properties, multiValued: vp.multiValued });
  return self;
}

const NO_RECORDS: readonly VertexPropertyRecord[] = [];

/** The property records of a vertex in `source`, none when the source is absent or no longer holds the vertex. */
function vertexRecords(v: Vertex, source: GraphSource | undefined): readonly VertexPropertyRecord[] {
  const slot = source === undefined ? -1 : source.vertexSlot(v.id);
  return slot < 0 ? NO_RECORDS : source!.vertexProperties(slot);
}

/** The properties of an edge in `source` as key and value, none when the source is absent or no longer holds the edge. */
function* edgeRecords(e: Edge, source: GraphSource | undefined): Iterable<{ readonly key: string; readonly value: PropertyValue }> {
  const slot = source === undefined ? -1 : source.edgeSlot(e.id);
  if (slot < 0) return;
  for (const key of source!.edgePropertyKeys(slot)) {
    const value = source!.edgeProperty(slot, key);
    if (value !== undefined) yield { key, value };
  }
}

function vertexProperties(v: Vertex, leaves: Leaves): VertexProperties {
  const out: Record<string, VertexProperty[]> = {};
  const owner = reference(v, leaves);
  const { source } = leaves;
  for (const r of vertexRecords(v, source)) {
    const multiValued = source!.multiValuedKey?.(r.key) === true;
    const vp = plainVertexProperty(new VertexProperty(r.id, r.key, r.value, { element: owner, meta: r.meta, multiValued }), owner, leaves);
    (out[r.key] ??= []).push(vp);
  }
  return out;
}

function plainEdge(e: Edge, leaves: Leaves): Edge {
  const properties: Record<string, Property> = {};
  const edge: Edge = new Edge(leafId(e.id, leaves), e.label, e.slot, { outV: reference(e.outV, leaves), inV: reference(e.inV, leaves), properties });
  for (const { key, value } of edgeRecords(e, leaves.source)) properties[key] = new Property(key, convertValue(value, leaves), edge);
  return edge;
}

function plainTree(tree: Tree, convert: (v: unknown) => unknown): Tree {
  const out = new Tree();
  for (const [node, subtree] of tree.entries()) out.child(convert(node)).addTree(plainTree(subtree, convert));
  return out;
}

function convertValue(value: unknown, leaves: Leaves): unknown {
  const convert = (v: unknown): unknown => convertValue(v, leaves);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' && !leaves.typed ? plainNumber(new TypedNumber('long', value)) : value;
  }
  if (value instanceof TypedNumber) return leaves.typed ? value : plainNumber(value);
  if (value instanceof Uuid) return leaves.typed ? value : value.text;
  if (value instanceof EnumValue) return leaves.typed ? value : canonicalEnum(value);
  if (Array.isArray(value)) return value.map(convert);
  if (value instanceof Map) return new PlainMap([...(value as Map<unknown, unknown>)].map(([k, v]) => [convert(k), convert(v)]));
  if (value instanceof Set) return new PlainSet([...(value as Set<unknown>)].map(convert));
  if (value instanceof Vertex) return new Vertex(leafId(value.id, leaves), value.label, value.slot, vertexProperties(value, leaves));
  if (value instanceof Edge) return plainEdge(value, leaves);
  if (value instanceof VertexProperty) return plainVertexProperty(value, reference(value.element, leaves), leaves);
  if (value instanceof Property) {
    const bare = { typed: leaves.typed, source: undefined };
    const owner = value.element instanceof Edge ? plainEdge(value.element, bare) : plainVertexProperty(value.element, reference(value.element.element, leaves), leaves);
    return new Property(value.key, convert(value.value), owner);
  }
  if (value instanceof Path) return new Path(value.labels, value.objects.map(convert));
  if (value instanceof Tree) return plainTree(value, convert);
  return value;
}

function plainValue(value: unknown, source?: GraphSource): unknown {
  return convertValue(value, { typed: false, source });
}

/**
 * A result as a plain JavaScript value (see the module comment), reading element properties
 * from `options.source` (elements no longer in the graph get no properties).
 *
 * @example
 * ```ts
 * toPlain(new TypedNumber('long', 6n));                  // 6
 * declare const vertex: Vertex, source: GraphSource;
 * toPlain(vertex, { source });                           // the vertex with its properties, plain
 * ```
 */
export function toPlain(value: unknown, options: { readonly source?: GraphSource } = {}): unknown {
  return plainValue(value, options.source);
}

/**
 * The JSON shaper of results read from `source`: engine vertices and edges, which carry no
 * properties, get theirs from the graph, in the one JSON shape.
 */
function sourceShaper(options: Required<JsonOptions>, source: GraphSource | undefined): JsonShaper {
  const multiValued = (key: string): boolean => source?.multiValuedKey?.(key) === true;
  const shaper: JsonShaper = {
    options,
    value: (v) => {
      if (v instanceof Vertex && v.properties === undefined) return vertexJson(v, shaper, { properties: vertexRecords(v, source), multiValued });
      if (v instanceof Edge && v.properties === undefined) return edgeJson(v, shaper, { properties: edgeRecords(v, source) });
      return shapeJson(v, shaper);
    },
  };
  return shaper;
}

/**
 * A converter for results in the chosen {@link ValueTypes}: {@link toPlain} for `plain`, the
 * identity for `java` (with `properties`, Java-typed values whose vertices and edges carry
 * their properties read from `source`, as Gremlin Server's detached elements do); with `json` (options as `jsonOptions` completes them), the result as
 * its JSON value (`jsonValue`) in one walk, whatever `types` says.
 */
export function resultConverter(
  types: ValueTypes,
  options: { readonly source?: GraphSource; readonly json?: Required<JsonOptions>; readonly properties?: boolean } = {},
): (value: unknown) => unknown {
  if (options.json !== undefined) return sourceShaper(options.json, options.source).value;
  if (types === 'plain') return (v) => plainValue(v, options.source);
  if (options.properties !== true) return (v) => v;
  const leaves: Leaves = { typed: true, source: options.source };
  return (v) => convertValue(v, leaves);
}


const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/**
 * A user's value as the engine takes it: a `bigint` becomes a Java long (a BigInteger beyond
 * the long range), inside lists, sets and maps too, so that an id or number a plain result
 * handed out as a bigint can be given back. Everything else is unchanged.
 */
export function fromPlain(value: unknown, depth = 0): unknown {
  if (typeof value === 'bigint') return new TypedNumber(value >= LONG_MIN && value <= LONG_MAX ? 'long' : 'biginteger', value);
  if (!(Array.isArray(value) || value instanceof Map || value instanceof Set)) return value;
  if (depth >= QUERY_LIMITS.maxNestingDepth) throw tooDeep();
  const inner = (v: unknown): unknown => fromPlain(v, depth + 1);
  if (Array.isArray(value)) return value.map(inner);
  if (value instanceof Map) return new Map([...(value as Map<unknown, unknown>)].map(([k, v]) => [inner(k), inner(v)]));
  return new Set([...(value as Set<unknown>)].map(inner));
}
