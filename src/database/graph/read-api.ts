/**
 * What a graph handle reads: elements by id, property queries, edge lists, pages, shards and
 * scans ({@link ElementReads}, which {@link Graph} implements), and the queries they take.
 * @module
 */
import type { Direction, ElementId, P, PropertyValue, ValueTypes } from '../../engine/index.js';
import type { EdgeViewOf, VertexViewOf } from './element-views.js';

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
 * A vertex list query ({@link Graph.vertices}).
 *
 * @example
 * ```ts
 * const q: VertexQuery = { label: 'person', properties: { age: P.gt(30) }, limit: 100, page: '' };
 * ```
 */
export interface VertexQuery {
  readonly label?: string;
  readonly properties?: PropertyQuery;
  /** Matching vertices to skip first; must be absent or 0 with a page. */
  readonly offset?: number;
  /** Most vertices to return; default all. */
  readonly limit?: number;
  /** `''` for the first page, or the `page` of an earlier answer to resume after it. */
  readonly page?: string;
}

/**
 * An edge list query ({@link Graph.edges}), with the rules of HugeGraph's EdgeAPI: every
 * combination is allowed except a page with a non-zero offset.
 *
 * @example
 * ```ts
 * const q: EdgeQuery = { vertexId: '1:marko', direction: 'OUT', label: 'knows', limit: 10 };
 * ```
 */
export interface EdgeQuery {
  /** Only the edges of this vertex. */
  readonly vertexId?: ElementId | bigint;
  /** With `vertexId`: OUT, IN or BOTH (default); without it, checked and ignored. */
  readonly direction?: Direction;
  readonly label?: string;
  readonly properties?: PropertyQuery;
  /** Matching edges to skip first; must be absent or 0 with a page. */
  readonly offset?: number;
  readonly limit?: number;
  /** `''` for the first page, or the `page` of an earlier answer to resume after it. */
  readonly page?: string;
}

/**
 * A slot range of the vertices or edges ({@link Graph.vertexShards}): `start` inclusive,
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
 * A scan of one shard ({@link Graph.scanVertices}).
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

/**
 * The element reads of a graph handle. Every one runs through the engine on the handle's
 * execution context, so it reads the view pinned at its start, through the handle's source
 * decorator, under the graph's time limit.
 *
 * @example
 * ```ts
 * const reads: ElementReads = graph;
 * const { vertices, page } = await reads.vertices({ label: 'person', limit: 10, page: '' });
 * ```
 */
export interface ElementReads {
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
  getVertex<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options?: TypesOption<T>): Promise<VertexViewOf<T> | undefined>;

  /**
   * The edge with this id, or undefined (also when this handle's decorator hides it).
   *
   * @example
   * ```ts
   * const e = await graph.getEdge('S1:marko>1>1>>S1:vadas');
   * ```
   */
  getEdge<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options?: TypesOption<T>): Promise<EdgeViewOf<T> | undefined>;

  /**
   * Vertices, optionally of one label and with property conditions, in insertion order, after
   * `offset` and up to `limit`. `page` is the token that resumes after the last vertex returned
   * (null when none is left), with the same label and conditions; a page with a non-zero offset
   * is ArgumentError `INVALID_ARGUMENT`. In a graph without `schema.auto_create`, a property condition that no index can
   * answer fails with NoIndexError `NO_INDEX` (HugeGraph's rule; a single primary key is an id
   * lookup and needs none).
   *
   * @example
   * ```ts
   * const { vertices, page } = await graph.vertices({ label: 'person', properties: { age: P.gte(29) }, limit: 10, page: '' });
   * const next = await graph.vertices({ label: 'person', properties: { age: P.gte(29) }, limit: 10, page: page! });
   * ```
   */
  vertices<T extends ValueTypes = 'plain'>(query?: VertexQuery, options?: TypesOption<T>): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }>;

  /**
   * Edges: of one vertex (`vertexId`, `direction`), or of the whole graph, optionally of one
   * label and with property conditions, in insertion order, after `offset` and up to `limit`;
   * `page` resumes after the last edge returned (null when none is left), with the same vertex,
   * direction, label and conditions; a page with a non-zero offset is ArgumentError
   * `INVALID_ARGUMENT`, as in HugeGraph's EdgeAPI. Property conditions need an index as in
   * {@link Graph.vertices}, except on the edges of one vertex.
   *
   * @example
   * ```ts
   * const { edges } = await graph.edges({ vertexId: '1:marko', direction: 'OUT', label: 'knows' });
   * const { edges: heavy, page } = await graph.edges({ label: 'knows', properties: { weight: P.gt(0.5) }, limit: 100, page: '' });
   * const mine = await graph.edges({ vertexId: '1:marko', direction: 'OUT', limit: 1, page: '' });
   * ```
   */
  edges<T extends ValueTypes = 'plain'>(query?: EdgeQuery, options?: TypesOption<T>): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }>;

  /**
   * Cuts the vertices into shards of about `splitSize` each; scanning every shard with
   * {@link Graph.scanVertices} meets every vertex exactly once (the last shard is
   * open-ended, so vertices added since are met too).
   *
   * @example
   * ```ts
   * const shards = await graph.vertexShards(1000);
   * ```
   */
  vertexShards(splitSize: number): Promise<Shard[]>;

  /**
   * Cuts the edges into shards of about `splitSize` each (see {@link Graph.vertexShards}).
   *
   * @example
   * ```ts
   * const shards = await graph.edgeShards(100000);
   * ```
   */
  edgeShards(splitSize: number): Promise<Shard[]>;

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
  scanVertices<T extends ValueTypes = 'plain'>(query: ScanQuery, options?: TypesOption<T>): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }>;

  /**
   * The edges of one shard (see {@link Graph.scanVertices}); `pageLimit` defaults to 100000.
   *
   * @example
   * ```ts
   * const [shard] = await graph.edgeShards(1000);
 * const { edges } = await graph.scanEdges({ start: shard!.start, end: shard!.end });
   * ```
   */
  scanEdges<T extends ValueTypes = 'plain'>(query: ScanQuery, options?: TypesOption<T>): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }>;

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
  vertexSlotsOf(ids: readonly (ElementId | bigint)[]): Promise<Int32Array>;
}
