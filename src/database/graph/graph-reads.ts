/**
 * The element reads of a graph: lookups by id, property queries, edge lists, pages, shards and
 * scans. Every one runs through the engine ({@link queryElements}) on the graph's execution
 * context, so it reads the view pinned at its start, through the handle's source decorator,
 * under the graph's time limit.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { elementShards, P, queryElements, readNow } from '../../engine/index.js';
import type { Direction, ElementId, ElementQuery, GraphSource, PropertyValue, ValueTypes } from '../../engine/index.js';
import { edgeView, vertexView } from './element-views.js';
import type { EdgeViewOf, VertexViewOf } from './element-views.js';
import { GraphCore } from './graph-core.js';
import { describeValue, optionalNumber, resultTypes, requireElementId, requireList, requireRecord, requireText } from './validate.js';

/**
 * Property conditions of a query: a plain value means equality, a `P` or `TextP` predicate
 * (`P.gt(30)`, `P.between(20, 30)`, `P.within('a', 'b')`, `TextP.containing('x')`...) tests as
 * in `has()`.
 *
 * @example
 * ```ts
 * const q: PropertyQuery = { city: 'Beijing', age: P.gte(18) };
 * ```
 */
export type PropertyQuery = Readonly<Record<string, PropertyValue | P>>;

/**
 * How a Graph method returns values: `plain` JavaScript values (the default, as
 * `graph.gremlin()` returns them) or, with `types: 'java'`, the stored Java-typed values
 * (TypedNumber, Uuid).
 *
 * @example
 * ```ts
 * const v = await graph.getVertex(1, { types: 'java' });   // v.id is TypedNumber('long', 1n)
 * ```
 */
export interface TypesOption<T extends ValueTypes = ValueTypes> {
  readonly types?: T;
}

/**
 * A vertex list query ({@link GraphReads.vertices}).
 *
 * @example
 * ```ts
 * const q: VertexQuery = { label: 'person', properties: { age: P.gt(30) }, limit: 100, page: '' };
 * ```
 */
export interface VertexQuery {
  readonly label?: string;
  readonly properties?: PropertyQuery;
  /** Most vertices to return; default all. */
  readonly limit?: number;
  /** `''` for the first page, or the `page` of an earlier answer to resume after it. */
  readonly page?: string;
}

/**
 * An edge list query ({@link GraphReads.edges}), with the rules of spec Part B §4.2.
 *
 * @example
 * ```ts
 * const q: EdgeQuery = { vertexId: '1:marko', direction: 'OUT', label: 'knows', limit: 10 };
 * ```
 */
export interface EdgeQuery {
  /** Only the edges of this vertex (then `page` may not be used). */
  readonly vertexId?: ElementId | bigint;
  /** With `vertexId`: OUT, IN or BOTH (default); without it, refused with a page and ignored otherwise. */
  readonly direction?: Direction;
  readonly label?: string;
  readonly properties?: PropertyQuery;
  /** Matching edges to skip first; must be absent or 0 with a page. */
  readonly offset?: number;
  readonly limit?: number;
  /** `''` for the first page, or the `page` of an earlier answer; at most one property with it. */
  readonly page?: string;
}

/**
 * A slot range of the vertices or edges ({@link GraphReads.vertexShards}): `start` inclusive,
 * `end` exclusive, both opaque strings, and `length` the elements in it when it was cut.
 *
 * @example
 * ```ts
 * const shard: Shard = { start: '0', end: '1024', length: 1024 };
 * ```
 */
export interface Shard {
  readonly start: string;
  readonly end: string;
  readonly length: number;
}

/**
 * A scan of one shard ({@link GraphReads.scanVertices}).
 *
 * @example
 * ```ts
 * const [shard] = await graph.vertexShards(1000);
 * const q: ScanQuery = { start: shard!.start, end: shard!.end, page: '', pageLimit: 1000 };
 * ```
 */
export interface ScanQuery {
  readonly start: string;
  readonly end: string;
  /** Absent: the whole range at once. `''`: the first page; else an earlier answer's `page`. */
  readonly page?: string;
  /** Most elements per page; default 1000 for vertices, 100000 for edges. */
  readonly pageLimit?: number;
}

const DIRECTIONS: readonly Direction[] = ['OUT', 'IN', 'BOTH'];
const TOKEN_VERSION = 1;

/** A resumable page token: the element kind and the slot the next page starts at. */
function encodePage(element: 'vertex' | 'edge', next: number | undefined): string | null {
  return next === undefined ? null : Buffer.from(JSON.stringify([TOKEN_VERSION, element, next])).toString('base64url');
}

function decodePage(page: unknown, element: 'vertex' | 'edge'): number {
  if (typeof page !== 'string') throw new ArgumentError('INVALID_ARGUMENT', `Invalid page: expected a string but got ${describeValue(page)}`);
  if (page === '') return 0;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (!Array.isArray(decoded) || decoded[0] !== TOKEN_VERSION || decoded[1] !== element || !Number.isSafeInteger(decoded[2]) || (decoded[2] as number) < 0) {
    throw new ArgumentError('INVALID_PAGE', `Invalid page: '${page}' is not a ${element} page token of this graph`);
  }
  return decoded[2] as number;
}

function slotBound(value: unknown, what: string): number {
  const text = requireText(value, what);
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${what}: expected a shard bound but got '${text}'`);
  return n;
}

function conditions(value: unknown, what: string): Array<readonly [string, unknown]> {
  if (value === undefined) return [];
  return Object.entries(requireRecord(value, what))
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => [key, v instanceof P ? v.predicate : v] as const);
}


function optionalLabel(value: unknown, what: string): string | undefined {
  return value === undefined ? undefined : requireText(value, what);
}

/**
 * A graph's element reads on top of {@link GraphCore}. Use it through {@link Graph}.
 *
 * @example
 * ```ts
 * const { vertices, page } = await graph.vertices({ label: 'person', limit: 10, page: '' });
 * ```
 */
export class GraphReads extends GraphCore {
  /**
   * The vertex with this id, or undefined (also when this handle's decorator hides it). The id
   * may be given as the view hands it out (a plain number, bigint or UUID text) or Java-typed.
   *
   * @example
   * ```ts
   * const v = await graph.getVertex('1:marko');
   * const java = await graph.getVertex(1, { types: 'java' });   // java.id is TypedNumber('long', 1n)
   * ```
   */
  async getVertex<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options: TypesOption<T> = {}): Promise<VertexViewOf<T> | undefined> {
    const types = resultTypes(options);
    const { items } = await this.vertexQuery({ element: 'vertex', ids: [requireElementId(id, 'vertex id')] }, types);
    return items[0];
  }

  /**
   * The edge with this id, or undefined (also when this handle's decorator hides it).
   *
   * @example
   * ```ts
   * const e = await graph.getEdge('S1:marko>1>1>>S1:vadas');
   * ```
   */
  async getEdge<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options: TypesOption<T> = {}): Promise<EdgeViewOf<T> | undefined> {
    const types = resultTypes(options);
    const { items } = await this.edgeQuery({ element: 'edge', ids: [requireElementId(id, 'edge id')] }, types);
    return items[0];
  }

  /**
   * Vertices, optionally of one label and with property conditions, in insertion order, up to
   * `limit`. `page` is the token that resumes after the last vertex returned (null when none
   * is left). In a graph without `schema.auto_create`, a property condition that no index can
   * answer fails with NoIndexError `NO_INDEX` (HugeGraph's rule; a single primary key is an id
   * lookup and needs none).
   *
   * @example
   * ```ts
   * const { vertices, page } = await graph.vertices({ label: 'person', properties: { age: P.gte(29) }, limit: 10, page: '' });
   * const next = await graph.vertices({ label: 'person', properties: { age: P.gte(29) }, limit: 10, page: page! });
   * ```
   */
  async vertices<T extends ValueTypes = 'plain'>(query: VertexQuery = {}, options: TypesOption<T> = {}): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const given = requireRecord(query, 'vertex query');
    const { items, next } = await this.vertexQuery({
      element: 'vertex',
      label: optionalLabel(given.label, 'vertex label'),
      properties: conditions(given.properties, 'vertex properties'),
      limit: optionalNumber(given.limit, 'limit', { min: 0, integer: true }),
      from: given.page === undefined ? undefined : decodePage(given.page, 'vertex'),
      requireIndex: this.requiresIndex,
    }, types);
    return { vertices: items, page: encodePage('vertex', next) };
  }

  /**
   * Edges: of one vertex (`vertexId`, `direction`), or of the whole graph, optionally of one
   * label and with property conditions, in insertion order, after `offset` and up to `limit`;
   * `page` resumes after the last edge returned. The rules of spec Part B §4.2 hold: no `page`
   * with `vertexId`; with `page`, no `direction`, `offset` 0 and at most one property. Property
   * conditions need an index as in {@link GraphReads.vertices}, except on the edges of one vertex.
   *
   * @example
   * ```ts
   * const { edges } = await graph.edges({ vertexId: '1:marko', direction: 'OUT', label: 'knows' });
   * const { edges: heavy, page } = await graph.edges({ label: 'knows', properties: { weight: P.gt(0.5) }, limit: 100, page: '' });
   * ```
   */
  async edges<T extends ValueTypes = 'plain'>(query: EdgeQuery = {}, options: TypesOption<T> = {}): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const given = requireRecord(query, 'edge query');
    const vertexId = given.vertexId === undefined ? undefined : requireElementId(given.vertexId, 'edge query vertexId');
    if (given.direction !== undefined && !DIRECTIONS.includes(given.direction as Direction)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid edge query direction: expected OUT, IN or BOTH but got ${describeValue(given.direction)}`);
    }
    const direction = given.direction as Direction | undefined;
    const offset = optionalNumber(given.offset, 'offset', { min: 0, integer: true }) ?? 0;
    const properties = conditions(given.properties, 'edge properties');
    const paged = given.page !== undefined;
    if (paged && vertexId !== undefined) throw new ArgumentError('INVALID_ARGUMENT', 'Invalid edge query: page cannot be used with vertexId');
    if (paged && (direction !== undefined || offset !== 0 || properties.length > 1)) {
      throw new ArgumentError('INVALID_ARGUMENT', 'Invalid edge query: with page, direction and a non-zero offset are not allowed and at most one property may be given');
    }
    const limit = optionalNumber(given.limit, 'limit', { min: 0, integer: true });
    const { items, next } = await this.edgeQuery({
      element: 'edge',
      label: optionalLabel(given.label, 'edge label'),
      properties,
      adjacent: vertexId === undefined ? undefined : { vertex: vertexId, direction: direction ?? 'BOTH' },
      limit: limit === undefined ? undefined : offset + limit,
      from: paged ? decodePage(given.page, 'edge') : undefined,
      requireIndex: vertexId === undefined && this.requiresIndex,
    }, types);
    return { edges: items.slice(offset), page: encodePage('edge', next) };
  }

  /**
   * Cuts the vertices into shards of about `splitSize` each; scanning every shard with
   * {@link GraphReads.scanVertices} meets every vertex exactly once (the last shard is
   * open-ended, so vertices added since are met too).
   *
   * @example
   * ```ts
   * const shards = await graph.vertexShards(1000);
   * ```
   */
  async vertexShards(splitSize: number): Promise<Shard[]> {
    return this.shards('vertex', splitSize);
  }

  /**
   * Cuts the edges into shards of about `splitSize` each (see {@link GraphReads.vertexShards}).
   *
   * @example
   * ```ts
   * const shards = await graph.edgeShards(100000);
   * ```
   */
  async edgeShards(splitSize: number): Promise<Shard[]> {
    return this.shards('edge', splitSize);
  }

  /**
   * The vertices of one shard, in insertion order: all of them, or a page of `pageLimit` when
   * `page` is given (`''` for the first).
   *
   * @example
   * ```ts
   * const [shard] = await graph.vertexShards(1000);
 * const { vertices, page } = await graph.scanVertices({ start: shard!.start, end: shard!.end, page: '', pageLimit: 500 });
   * ```
   */
  async scanVertices<T extends ValueTypes = 'plain'>(query: ScanQuery, options: TypesOption<T> = {}): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const { items, next } = await this.vertexQuery(this.scanQuery('vertex', query, 1000), types);
    return { vertices: items, page: encodePage('vertex', next) };
  }

  /**
   * The edges of one shard (see {@link GraphReads.scanVertices}); `pageLimit` defaults to 100000.
   *
   * @example
   * ```ts
   * const [shard] = await graph.edgeShards(1000);
 * const { edges } = await graph.scanEdges({ start: shard!.start, end: shard!.end });
   * ```
   */
  async scanEdges<T extends ValueTypes = 'plain'>(query: ScanQuery, options: TypesOption<T> = {}): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const { items, next } = await this.edgeQuery(this.scanQuery('edge', query, 100_000), types);
    return { edges: items, page: encodePage('edge', next) };
  }

  /**
   * The slots of vertices given by id, in order (-1 for an id with no vertex visible to this
   * handle): the id-to-slot lookup of the bulk path ({@link Graph.addEdgesBulk},
   * `graph.write`). Slots are never reused, so a slot stays the vertex's until it is removed.
   *
   * @example
   * ```ts
   * const [marko, vadas] = await graph.vertexSlotsOf(['1:marko', '1:vadas']);
   * ```
   */
  async vertexSlotsOf(ids: readonly (ElementId | bigint)[]): Promise<Int32Array> {
    const wanted = requireList(ids, 'vertex ids').map((id) => requireElementId(id, 'vertex id'));
    return readNow(this.executionContext(), (source) => Int32Array.from(wanted, (id) => source.vertexSlot(id)));
  }

  /** True when property queries must be answered by indexes: a strict (non auto-create) graph. */
  private get requiresIndex(): boolean {
    return !this.config['schema.auto_create'];
  }

  private scanQuery(element: 'vertex' | 'edge', query: ScanQuery, defaultLimit: number): ElementQuery {
    const given = requireRecord(query, `${element} scan`);
    const start = slotBound(given.start, 'scan start');
    const end = slotBound(given.end, 'scan end');
    const paged = given.page !== undefined;
    const resume = paged ? decodePage(given.page, element) : 0;
    const pageLimit = optionalNumber(given.pageLimit, 'pageLimit', { min: 1, integer: true }) ?? defaultLimit;
    return { element, from: Math.max(start, resume), to: end, limit: paged ? pageLimit : undefined };
  }

  private async shards(element: 'vertex' | 'edge', splitSize: number): Promise<Shard[]> {
    const size = optionalNumber(splitSize, 'split size', { min: 1, integer: true });
    if (size === undefined) throw new ArgumentError('INVALID_ARGUMENT', 'Invalid split size: expected a positive integer but got undefined');
    const ranges = await elementShards(element, size, this.executionContext());
    return ranges.map((r) => ({ start: String(r.start), end: String(r.end), length: r.length }));
  }

  private async vertexQuery<T extends ValueTypes>(query: ElementQuery, types: T): Promise<{ items: VertexViewOf<T>[]; next: number | undefined }> {
    const catalog = this.store.catalog;
    return queryElements(query, this.executionContext(), (source: GraphSource, slot) => vertexView(source, { slot, catalog, types }));
  }

  private async edgeQuery<T extends ValueTypes>(query: ElementQuery, types: T): Promise<{ items: EdgeViewOf<T>[]; next: number | undefined }> {
    return queryElements(query, this.executionContext(), (source: GraphSource, slot) => edgeView(source, slot, types));
  }
}
