/**
 * A graph's public face: the core's write path and durability plus vertex and edge CRUD and
 * batch methods returning plain objects.
 * @module
 */
import { UnsupportedError } from '../errors.js';
import { GraphTraversalSource, runScript } from '../engine/index.js';
import type { ElementId, PropertyCardinality } from '../engine/index.js';
import { edgeView, requireEdge, requireVertex, sameValue, toEntries, vertexView } from './elements.js';
import type { EdgeInput, EdgeView, Properties, VertexInput, VertexView } from './elements.js';
import { GraphCore } from './graph-core.js';

/**
 * A graph of a {@link Database}. Reads are synchronous on the in-memory store; writes are
 * atomic batches that resolve once durable.
 *
 * @example
 * ```ts
 * const graph = await db.createGraph('hugegraph');
 * await graph.schema().propertyKey('name').asText().ifNotExist().create();
 * await graph.schema().vertexLabel('person').properties('name').primaryKeys('name').create();
 * const marko = await graph.addVertex('person', { name: 'marko' });
 * ```
 */
export class Graph extends GraphCore {
  /**
   * Adds a vertex and returns it.
   *
   * @example
   * ```ts
   * const v = await graph.addVertex('person', { name: 'marko', age: 29 });
   * const w = await graph.addVertex('account', { owner: 'x' }, { id: 42 });
   * ```
   */
  async addVertex(label: string, properties?: Properties, options: { readonly id?: ElementId } = {}): Promise<VertexView> {
    const [vertex] = await this.addVertices([{ label, properties, id: options.id }]);
    return vertex!;
  }

  /**
   * Adds many vertices in one atomic batch (bounded by `vertex.tx_capacity`).
   *
   * @example
   * ```ts
   * await graph.addVertices([{ label: 'person', properties: { name: 'a' } }, { label: 'person', properties: { name: 'b' } }]);
   * ```
   */
  addVertices(vertices: readonly VertexInput[]): Promise<VertexView[]> {
    return this.write((w) => {
      const slots = vertices.map((v) => w.addVertex(v.label, { id: v.id, properties: toEntries(v.properties) }));
      return slots.map((slot) => vertexView(w, { slot, catalog: this.store.catalog }));
    });
  }

  /**
   * Adds an edge between two existing vertices, given by id, and returns it.
   *
   * @example
   * ```ts
   * const e = await graph.addEdge('knows', { out: marko.id, in: vadas.id, properties: { weight: 0.5 } });
   * ```
   */
  async addEdge(label: string, edge: Omit<EdgeInput, 'label'>): Promise<EdgeView> {
    const [added] = await this.addEdges([{ ...edge, label }]);
    return added!;
  }

  /**
   * Adds many edges in one atomic batch (bounded by `edge.tx_capacity`).
   *
   * @example
   * ```ts
   * await graph.addEdges([{ label: 'knows', out: 1, in: 2 }, { label: 'knows', out: 2, in: 3 }]);
   * ```
   */
  addEdges(edges: readonly EdgeInput[]): Promise<EdgeView[]> {
    return this.write((w) => {
      const slots = edges.map((e) => {
        const out = requireVertex(w, { id: e.out, action: 'Cannot create edge' });
        const inV = requireVertex(w, { id: e.in, action: 'Cannot create edge' });
        return w.addEdge(e.label, { out, in: inV }, { id: e.id, properties: toEntries(e.properties) });
      });
      return slots.map((slot) => edgeView(w, slot));
    });
  }

  /**
   * The vertex with this id, or undefined.
   *
   * @example
   * ```ts
   * const v = graph.getVertex('1:marko');
   * ```
   */
  getVertex(id: ElementId): VertexView | undefined {
    this.checkOpen();
    const slot = this.store.vertexSlot(id);
    return slot < 0 ? undefined : vertexView(this.store, { slot, catalog: this.store.catalog });
  }

  /**
   * The edge with this id, or undefined.
   *
   * @example
   * ```ts
   * const e = graph.getEdge('S1:marko>1>1>>S1:vadas');
   * ```
   */
  getEdge(id: ElementId): EdgeView | undefined {
    this.checkOpen();
    const slot = this.store.edgeSlot(id);
    return slot < 0 ? undefined : edgeView(this.store, slot);
  }

  /**
   * Sets properties of an existing vertex (single cardinality replaces; list/set append unless
   * `cardinality` says otherwise). Throws NotFoundError `VERTEX_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * const v = await graph.updateVertexProperties('1:marko', { age: 30 });
   * ```
   */
  updateVertexProperties(id: ElementId, properties: Properties, options: { readonly cardinality?: PropertyCardinality } = {}): Promise<VertexView> {
    return this.write((w) => {
      const slot = requireVertex(w, { id, action: 'Cannot update vertex' });
      for (const [key, value] of toEntries(properties)) w.setVertexProperty(slot, key, value, { cardinality: options.cardinality });
      return vertexView(w, { slot, catalog: this.store.catalog });
    });
  }

  /**
   * Sets properties of an existing edge. Throws NotFoundError `EDGE_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * await graph.updateEdgeProperties(edge.id, { weight: 0.9 });
   * ```
   */
  updateEdgeProperties(id: ElementId, properties: Properties): Promise<EdgeView> {
    return this.write((w) => {
      const slot = requireEdge(w, { id, action: 'Cannot update edge' });
      for (const [key, value] of toEntries(properties)) w.setEdgeProperty(slot, key, value);
      return edgeView(w, slot);
    });
  }

  /**
   * Removes a vertex and its incident edges. Throws NotFoundError `VERTEX_NOT_FOUND` when absent.
   *
   * @example
   * ```ts
   * await graph.removeVertex('1:marko');
   * ```
   */
  async removeVertex(id: ElementId): Promise<void> {
    await this.write((w) => w.removeVertex(requireVertex(w, { id, action: 'Cannot remove vertex' })));
  }

  /**
   * Removes an edge. Throws NotFoundError `EDGE_NOT_FOUND` when absent.
   *
   * @example
   * ```ts
   * await graph.removeEdge(edge.id);
   * ```
   */
  async removeEdge(id: ElementId): Promise<void> {
    await this.write((w) => w.removeEdge(requireEdge(w, { id, action: 'Cannot remove edge' })));
  }

  /**
   * Vertices, optionally of one label and with given property values (an index answers the
   * first property when it can; otherwise the label is scanned), up to `limit`.
   *
   * @example
   * ```ts
   * const people = graph.vertices({ label: 'person', properties: { age: 29 }, limit: 10 });
   * ```
   */
  vertices(query: { readonly label?: string; readonly properties?: Properties; readonly limit?: number } = {}): VertexView[] {
    this.checkOpen();
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const wanted = toEntries(query.properties);
    const first = wanted[0];
    const candidates =
      (first === undefined
        ? undefined
        : this.store.lookup('vertex', { label: query.label, key: first[0], predicate: { op: 'eq', values: [first[1]] } })) ??
      this.store.vertexSlots(query.label);
    const out: VertexView[] = [];
    for (const slot of candidates) {
      if (out.length >= limit) break;
      if (query.label !== undefined && this.store.vertexLabel(slot) !== query.label) continue;
      const matches = wanted.every(([key, value]) => this.store.vertexProperties(slot, [key]).some((p) => sameValue(p.value, value)));
      if (matches) out.push(vertexView(this.store, { slot, catalog: this.store.catalog }));
    }
    return out;
  }

  /**
   * Edges, optionally of one label, up to `limit`.
   *
   * @example
   * ```ts
   * const knows = graph.edges({ label: 'knows', limit: 100 });
   * ```
   */
  edges(query: { readonly label?: string; readonly limit?: number } = {}): EdgeView[] {
    this.checkOpen();
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const out: EdgeView[] = [];
    for (const slot of this.store.edgeSlots(query.label)) {
      if (out.length >= limit) break;
      out.push(edgeView(this.store, slot));
    }
    return out;
  }

  /**
   * The fluent traversal source `g` over this graph, with the method names of the `gremlin`
   * npm package. Reads see the graph as it is; writes commit as atomic batches at once and are
   * made durable in the background: `await graph.sync()` waits for them.
   *
   * @example
   * ```ts
   * const names = await graph.traversal().V().has('person', 'name', 'marko').out('knows').values('name').toList();
   * ```
   */
  traversal(): GraphTraversalSource {
    this.checkOpen();
    return new GraphTraversalSource(() => this.executionContext());
  }

  /**
   * Runs a Gremlin-Groovy script (the subset HugeGraph's /gremlin accepts) and resolves with the
   * value of its last statement as a list, once every write it made is durable.
   *
   * @example
   * ```ts
   * const [count] = await graph.gremlin("g.V().hasLabel('person').count()");
   * const ages = await graph.gremlin('g.V(id).values("age")', { bindings: { id: '1:marko' } });
   * ```
   */
  async gremlin(
    text: string,
    options: { readonly bindings?: Readonly<Record<string, unknown>>; readonly signal?: AbortSignal; readonly timeoutMs?: number } = {},
  ): Promise<unknown[]> {
    this.checkOpen();
    const parse = this.services.parseScript;
    if (parse === undefined) throw new UnsupportedError('GREMLIN_UNAVAILABLE', 'Cannot run Gremlin: this database was opened without a Gremlin parser');
    const bindings = new Map(Object.entries(options.bindings ?? {}));
    const script = parse(text, { bindings });
    const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
    try {
      return await runScript(script, {
        context: () => this.executionContext({ signal: options.signal, deadline }),
        schema: () => this.schema(),
        bindings,
      });
    } finally {
      await this.sync();
    }
  }
}
