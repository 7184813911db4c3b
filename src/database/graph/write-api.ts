/**
 * What a graph handle writes: vertex and edge CRUD, batches, bulk edges and batch updates with
 * strategies ({@link ElementWrites}, which {@link Graph} implements).
 * @module
 */
import type { ElementId, PlainId, PropertyCardinality, ValueTypes } from '../../engine/index.js';
import type { EdgeInput, EdgeViewOf, PropertiesInput, VertexInput, VertexViewOf } from './element-views.js';
import type { BatchUpdate, EdgeInputLike, VertexInputLike } from './batch-update.js';
import type { TypesOption } from './read-api.js';

/**
 * An element id as a Graph method returns it for a {@link ValueTypes} choice: plain (a number,
 * bigint or text) or as stored.
 *
 * @example
 * ```ts
 * const ids: IdOf<'plain'>[] = await graph.addVertexIds([{ label: 'person' }]);
 * ```
 */
export type IdOf<T extends ValueTypes> = T extends 'java' ? ElementId : PlainId;

/**
 * The element writes of a graph: each call is one atomic batch that resolves once it is
 * durable, with the written elements as plain views (or Java-typed with `types: 'java'`).
 *
 * @example
 * ```ts
 * const writes: ElementWrites = graph;
 * await writes.addVertex('person', { name: 'marko' });
 * ```
 */
export interface ElementWrites {
  /**
   * Adds a vertex and returns it, plain (or Java-typed with `types: 'java'`, as every method
   * returning elements or ids).
   *
   * @example
   * ```ts
   * const v = await graph.addVertex('person', { name: 'marko', age: 29 });
   * const w = await graph.addVertex('account', { owner: 'x' }, { id: 42 });
   * ```
   */
  addVertex<T extends ValueTypes = 'plain'>(label: string, properties?: PropertiesInput, options?: { readonly id?: ElementId | bigint } & TypesOption<T>): Promise<VertexViewOf<T>>;

  /**
   * Adds many vertices in one atomic batch (bounded by `vertex.tx_capacity`).
   *
   * @example
   * ```ts
   * await graph.addVertices([{ label: 'person', properties: { name: 'a' } }, { label: 'person', properties: { name: 'b' } }]);
   * ```
   */
  addVertices<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options?: TypesOption<T>): Promise<VertexViewOf<T>[]>;

  /**
   * Adds many vertices in one atomic batch, as {@link Graph.addVertices}, and resolves with
   * their ids only (no element is read back: the batch REST route).
   *
   * @example
   * ```ts
   * const ids = await graph.addVertexIds([{ label: 'person', properties: { name: 'a' } }]);
   * ```
   */
  addVertexIds<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options?: TypesOption<T>): Promise<IdOf<T>[]>;

  /**
   * Adds an edge between two existing vertices, given by id, and returns it.
   *
   * @example
   * ```ts
   * const e = await graph.addEdge('knows', { out: '1:marko', in: '1:vadas', properties: { weight: 0.5 } });
   * ```
   */
  addEdge<T extends ValueTypes = 'plain'>(label: string, edge: Omit<EdgeInput, 'label'>, options?: TypesOption<T>): Promise<EdgeViewOf<T>>;

  /**
   * Adds many edges in one atomic batch (bounded by `edge.tx_capacity`).
   *
   * @example
   * ```ts
   * await graph.addEdges([{ label: 'knows', out: 1, in: 2 }, { label: 'knows', out: 2, in: 3 }]);
   * ```
   */
  addEdges<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options?: TypesOption<T>): Promise<EdgeViewOf<T>[]>;

  /**
   * Adds many edges in one atomic batch, as {@link Graph.addEdges}, and resolves with their ids
   * only (no element is read back: the batch REST route). Each run of consecutive edges of one
   * label is written as one columnar batch (slot arrays and one value column per property key,
   * one log op); the stored graph, the ids and the errors are those of {@link Graph.addEdges}.
   *
   * @example
   * ```ts
   * const ids = await graph.addEdgeIds([{ label: 'knows', out: 1, in: 2 }]);
   * ```
   */
  addEdgeIds<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options?: TypesOption<T>): Promise<IdOf<T>[]>;

  /**
   * Adds property-less edges of one label, `out[i] → in[i]`, in one atomic batch through the
   * store's columnar bulk path (same rules as {@link Graph.addEdge}; a SINGLE label's existing
   * pair keeps its edge). The ends are vertex ids, or Int32Arrays of the slots that
   * {@link Graph.vertexSlotsOf} returns. Resolves with the number of edges written.
   *
   * @example
   * ```ts
   * await graph.addEdgesBulk('knows', { out: ['1:josh', '1:josh'], in: ['1:marko', '1:peter'] });
   * const slots = await graph.vertexSlotsOf(['1:josh', '1:marko']);
   * await graph.addEdgesBulk('knows', { out: slots.subarray(0, 1), in: slots.subarray(1) });
   * ```
   */
  addEdgesBulk(label: string, ends: { readonly out: Int32Array | readonly (ElementId | bigint)[]; readonly in: Int32Array | readonly (ElementId | bigint)[] }): Promise<number>;

  /**
   * Sets properties of an existing vertex (single cardinality replaces; list/set append, an array
   * value appending each of its items, unless
   * `cardinality` says otherwise). Throws NotFoundError `VERTEX_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * const v = await graph.updateVertexProperties('1:marko', { age: 30 });
   * ```
   */
  updateVertexProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, properties: PropertiesInput, options?: { readonly cardinality?: PropertyCardinality } & TypesOption<T>): Promise<VertexViewOf<T>>;

  /**
   * Sets properties of an existing edge. Throws NotFoundError `EDGE_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * declare const edge: EdgeView;
   * await graph.updateEdgeProperties(edge.id, { weight: 0.9 });
   * ```
   */
  updateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, properties: PropertiesInput, options?: TypesOption<T>): Promise<EdgeViewOf<T>>;

  /**
   * Removes a vertex and its incident edges. Throws NotFoundError `VERTEX_NOT_FOUND` when absent.
   *
   * @example
   * ```ts
   * await graph.removeVertex('1:marko');
   * ```
   */
  removeVertex(id: ElementId | bigint): Promise<void>;

  /**
   * Removes an edge. Throws NotFoundError `EDGE_NOT_FOUND` when absent.
   *
   * @example
   * ```ts
   * declare const edge: EdgeView;
   * await graph.removeEdge(edge.id);
   * ```
   */
  removeEdge(id: ElementId | bigint): Promise<void>;

  /**
   * Removes whole properties (key and every value) from a vertex. Throws NotFoundError
   * `VERTEX_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * const v = await graph.eliminateVertexProperties('1:marko', ['age']);
   * ```
   */
  eliminateVertexProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options?: TypesOption<T>): Promise<VertexViewOf<T>>;

  /**
   * Removes properties from an edge. Throws NotFoundError `EDGE_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * declare const edge: EdgeView;
   * await graph.eliminateEdgeProperties(edge.id, ['weight']);
   * ```
   */
  eliminateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options?: TypesOption<T>): Promise<EdgeViewOf<T>>;

  /**
   * Batch update of vertices with update strategies (spec Part B 2.5), in one atomic write: a
   * vertex is matched by id or primary-key values; a missing one is created unless
   * `createIfNotExist` is false. A vertex label of id strategy AUTOMATIC cannot be matched, so a
   * batch naming one is refused whole with ArgumentError `AUTOMATIC_ID_UPDATE` and writes nothing.
   *
   * @example
   * ```ts
   * await graph.updateVertices({ items: [{ label: 'person', properties: { name: 'marko', visits: 1 } }], strategies: { visits: 'SUM' } });
   * ```
   */
  updateVertices<T extends ValueTypes = 'plain'>(update: BatchUpdate<VertexInputLike>, options?: TypesOption<T>): Promise<VertexViewOf<T>[]>;

  /**
   * Batch update of edges with update strategies, in one atomic write: an edge is matched by id
   * or by its ends, label and sort values. A missing end vertex is a NotFoundError
   * `VERTEX_NOT_FOUND` and changes nothing; `checkVertex` (default true) also checks the given
   * end labels against the stored ones.
   *
   * @example
   * ```ts
   * await graph.updateEdges({ items: [{ label: 'knows', out: 1, in: 2, properties: { weight: 1 } }], strategies: { weight: 'SUM' } });
   * ```
   */
  updateEdges<T extends ValueTypes = 'plain'>(update: BatchUpdate<EdgeInputLike> & { readonly checkVertex?: boolean }, options?: TypesOption<T>): Promise<EdgeViewOf<T>[]>;
}
