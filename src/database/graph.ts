/**
 * A graph's public face: the core's write path and durability plus vertex and edge CRUD and
 * batch methods returning plain objects.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../errors.js';
import { fromPlain, GraphTraversalSource, resultConverter, runScript } from '../engine/index.js';
import type { ElementId, Pacing, PropertyCardinality, ValueTypes } from '../engine/index.js';
import { edgeView, requireEdge, requireVertex, sameValue, toEntries, vertexView } from './elements.js';
import type { EdgeInput, EdgeView, Properties, VertexInput, VertexView } from './elements.js';
import { checkQueryLimits, GraphCore } from './graph-core.js';
import { Traversers } from './traversers.js';
import type { QueryLimits } from './graph-core.js';
import { describeValue, optionalNumber, rejectInvalidDates, optionalProperties, requireElementId, requireList, requireRecord, requireText } from './validate.js';

const CARDINALITIES: readonly PropertyCardinality[] = ['single', 'list', 'set'];

function vertexInput(value: unknown): VertexInput {
  const v = requireRecord(value, 'vertex input');
  return {
    label: requireText(v.label, 'vertex label'),
    properties: optionalProperties(v.properties, 'vertex properties'),
    id: v.id === undefined ? undefined : requireElementId(v.id, 'vertex id'),
  };
}

function edgeInput(value: unknown): EdgeInput {
  const e = requireRecord(value, 'edge input');
  return {
    label: requireText(e.label, 'edge label'),
    out: requireElementId(e.out, 'edge out vertex id'),
    in: requireElementId(e.in, 'edge in vertex id'),
    id: e.id === undefined ? undefined : requireElementId(e.id, 'edge id'),
    properties: optionalProperties(e.properties, 'edge properties'),
  };
}

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
    const [vertex] = await this.addVertices([{ label, properties, id: requireRecord(options, 'vertex options').id as ElementId | undefined }]);
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
  async addVertices(vertices: readonly VertexInput[]): Promise<VertexView[]> {
    const inputs = requireList(vertices, 'vertex batch').map(vertexInput);
    return this.write((w) => {
      const slots = inputs.map((v) => w.addVertex(v.label, { id: v.id, properties: toEntries(v.properties) }));
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
    const [added] = await this.addEdges([{ ...(requireRecord(edge, 'edge') as Omit<EdgeInput, 'label'>), label }]);
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
  async addEdges(edges: readonly EdgeInput[]): Promise<EdgeView[]> {
    const inputs = requireList(edges, 'edge batch').map(edgeInput);
    return this.write((w) => {
      const slots = inputs.map((e) => {
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
    const slot = this.store.vertexSlot(requireElementId(id, 'vertex id'));
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
    const slot = this.store.edgeSlot(requireElementId(id, 'edge id'));
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
  async updateVertexProperties(id: ElementId, properties: Properties, options: { readonly cardinality?: PropertyCardinality } = {}): Promise<VertexView> {
    const vertexId = requireElementId(id, 'vertex id');
    const entries = toEntries(optionalProperties(properties ?? null, 'vertex properties'));
    const cardinality = requireRecord(options, 'update options').cardinality;
    if (cardinality !== undefined && !CARDINALITIES.includes(cardinality as PropertyCardinality)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid cardinality: expected one of ${CARDINALITIES.join(', ')} but got ${describeValue(cardinality)}`);
    }
    return this.write((w) => {
      const slot = requireVertex(w, { id: vertexId, action: 'Cannot update vertex' });
      for (const [key, value] of entries) w.setVertexProperty(slot, key, value, { cardinality: cardinality as PropertyCardinality | undefined });
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
  async updateEdgeProperties(id: ElementId, properties: Properties): Promise<EdgeView> {
    const edgeId = requireElementId(id, 'edge id');
    const entries = toEntries(optionalProperties(properties ?? null, 'edge properties'));
    return this.write((w) => {
      const slot = requireEdge(w, { id: edgeId, action: 'Cannot update edge' });
      for (const [key, value] of entries) w.setEdgeProperty(slot, key, value);
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
    const vertexId = requireElementId(id, 'vertex id');
    await this.write((w) => w.removeVertex(requireVertex(w, { id: vertexId, action: 'Cannot remove vertex' })));
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
    const edgeId = requireElementId(id, 'edge id');
    await this.write((w) => w.removeEdge(requireEdge(w, { id: edgeId, action: 'Cannot remove edge' })));
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
    const given = requireRecord(query, 'vertex query');
    const label = given.label === undefined ? undefined : requireText(given.label, 'vertex label');
    const limit = optionalNumber(given.limit, 'limit', { min: 0 }) ?? Number.POSITIVE_INFINITY;
    const wanted = toEntries(optionalProperties(given.properties, 'vertex properties'));
    const first = wanted[0];
    const candidates =
      (first === undefined
        ? undefined
        : this.store.lookup('vertex', { label, key: first[0], predicate: { op: 'eq', values: [first[1]] } })) ??
      this.store.vertexSlots(label);
    const out: VertexView[] = [];
    for (const slot of candidates) {
      if (out.length >= limit) break;
      if (label !== undefined && this.store.vertexLabel(slot) !== label) continue;
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
    const given = requireRecord(query, 'edge query');
    const label = given.label === undefined ? undefined : requireText(given.label, 'edge label');
    const limit = optionalNumber(given.limit, 'limit', { min: 0 }) ?? Number.POSITIVE_INFINITY;
    const out: EdgeView[] = [];
    for (const slot of this.store.edgeSlots(label)) {
      if (out.length >= limit) break;
      out.push(edgeView(this.store, slot));
    }
    return out;
  }

  /**
   * HugeGraph's traversers over this graph (kout, kneighbor, shortestpath, jaccardsimilarity...),
   * with the REST parameters in camelCase; see docs/traversers.md.
   *
   * @example
   * ```ts
   * const { path } = await graph.traversers.shortestpath({ source: '1:marko', target: '1:josh', maxDepth: 3 });
   * ```
   */
  get traversers(): Traversers {
    this.checkOpen();
    return new Traversers((o) => this.executionContext(o));
  }

  /**
   * The fluent traversal source `g` over this graph, with the method names of the `gremlin`
   * npm package. Reads see the graph as it is; a traversal's writes commit as one atomic batch,
   * and its terminal Promise (`toList`, `next`, `hasNext`, `iterate`, `toSet`) resolves only once
   * they are fsynced in the WAL (or rejects when the append fails). Results are plain
   * JavaScript values; `{ types: 'java' }` keeps the engine's Java-typed values (TypedNumber...).
   *
   * @example
   * ```ts
   * const names = await graph.traversal().V().has('person', 'name', 'marko').out('knows').values('name').toList();
   * const [n] = await graph.traversal().V().count().toList();   // 6, a number
   * const [long] = await graph.traversal({ types: 'java' }).V().count().toList();   // TypedNumber('long', 6n)
   * ```
   */
  traversal(options: { readonly types?: ValueTypes } = {}): GraphTraversalSource {
    this.checkOpen();
    const types = checkTypes(requireRecord(options, 'traversal options').types, 'traversal');
    return new GraphTraversalSource(() => this.executionContext(), { types });
  }

  /**
   * Runs a Gremlin-Groovy script (the subset HugeGraph's /gremlin accepts) and resolves with the
   * value of its last statement as a list, once every write it made is durable. The request is
   * one transaction: its writes commit together when it ends (one WAL record), and a failing
   * statement undoes every write of the request; `g.tx().commit()` and `g.tx().rollback()`
   * commit or discard the writes so far. Results are
   * plain JavaScript values (numbers, strings, Map, Set, elements with `properties`);
   * `types: 'java'` returns the engine's Java-typed values instead (TypedNumber, Uuid).
   *
   * @example
   * ```ts
   * const [count] = await graph.gremlin("g.V().hasLabel('person').count()");   // 6
   * const [long] = await graph.gremlin('g.V().count()', { types: 'java' });   // TypedNumber('long', 6n)
   * const ages = await graph.gremlin('g.V(id).values("age")', { bindings: { id: '1:marko' } });
   * ```
   */
  async gremlin(
    text: string,
    options: {
      readonly bindings?: Readonly<Record<string, unknown>>;
      readonly signal?: AbortSignal;
      /** Time limit in milliseconds; 0 means none; default the graph's {@link QueryLimits}. */
      readonly timeoutMs?: number;
      /** Most traversers, path nodes and collection entries the query may hold. */
      readonly memoryLimit?: number;
      /** How often the query returns to the event loop (default every 8 ms of work). */
      readonly pacing?: Pacing;
      /** Overrides the database's io() base directory for this call. */
      readonly ioBase?: string;
      /** Set false to run without the optimisation strategies (results must not change). */
      readonly optimise?: boolean;
      /** `plain` JavaScript values (default) or the engine's `java`-typed values. */
      readonly types?: ValueTypes;
      /**
       * Variables kept across calls, as a Gremlin Console session keeps them: pass the same
       * (initially empty) `GremlinScope` to each call; a script sees the variables earlier calls
       * assigned, and its own assignments are kept when it succeeds.
       */
      readonly scope?: GremlinScope;
    } = {},
  ): Promise<unknown[]> {
    this.checkOpen();
    const parse = this.services.parseScript;
    if (parse === undefined) throw new UnsupportedError('GREMLIN_UNAVAILABLE', 'Cannot run Gremlin: this database was opened without a Gremlin parser');
    const source = requireText(text, 'Gremlin script');
    const given = requireRecord(options, 'Gremlin options');
    const bindings = new Map(Object.entries(requireRecord(given.bindings, 'Gremlin bindings')).map(([k, v]) => [k, fromPlain(v)]));
    for (const [name, value] of bindings) rejectInvalidDates(value, `Gremlin binding '${name}'`);
    if (given.signal !== undefined && !(given.signal instanceof AbortSignal)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin signal: expected an AbortSignal but got ${describeValue(given.signal)}`);
    }
    const signal = given.signal;
    const { timeoutMs, memoryLimit } = checkQueryLimits({ timeoutMs: given.timeoutMs, memoryLimit: given.memoryLimit } as QueryLimits, 'Gremlin');
    const pacing = checkPacing(given.pacing);
    if (given.ioBase !== undefined && (typeof given.ioBase !== 'string' || given.ioBase === '')) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin ioBase: expected a non-empty directory path but got ${describeValue(given.ioBase)}`);
    }
    const ioBase = given.ioBase as string | undefined;
    if (given.optimise !== undefined && typeof given.optimise !== 'boolean') {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin optimise: expected a boolean but got ${describeValue(given.optimise)}`);
    }
    const optimise = given.optimise !== false;
    const types = checkTypes(given.types, 'Gremlin');
    const scope = given.scope === undefined ? undefined : requireScope(given.scope);
    const script = parse(source, { bindings, variables: scope?.variables.keys() });
    const deadline = timeoutMs === undefined ? undefined : timeoutMs === 0 ? Infinity : Date.now() + timeoutMs;
    const tx = this.requestTransaction();
    try {
      const results = await runScript(script, {
        context: () => ({
          ...this.executionContext({ signal, deadline, ioBase, memoryLimit, pacing }),
          write: tx.write,
          openReadView: () => (tx.writing ? this.store.openOwnReadView() : this.store.openReadView()),
        }),
        schema: () => this.requestSchema(tx),
        bindings,
        optimise,
        transaction: tx,
        ...(scope === undefined ? {} : { scope: scope.variables }),
      });
      await tx.commit();
      return results.map(resultConverter(types, { source: this.executionContext().source }));
    } finally {
      tx.release();
      await this.sync();
    }
  }
}

/**
 * The variables of a Gremlin session (see the `scope` option of {@link Graph.gremlin}): what
 * `x = ...` assigned in earlier calls, kept as engine values until the scope is dropped.
 *
 * @example
 * ```ts
 * const scope = new GremlinScope();
 * await graph.gremlin("marko = graph.addVertex(T.label, 'person', 'name', 'marko')", { scope });
 * await graph.gremlin("marko.value('name')", { scope });   // ['marko']
 * ```
 */
export class GremlinScope {
  /** Variable name → value. */
  readonly variables = new Map<string, unknown>();
}

function requireScope(value: unknown): GremlinScope {
  if (!(value instanceof GremlinScope)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin scope: expected a GremlinScope but got ${describeValue(value)}`);
  return value;
}

const VALUE_TYPES: readonly ValueTypes[] = ['plain', 'java'];

function checkTypes(value: unknown, what: string): ValueTypes {
  if (value === undefined) return 'plain';
  if (!VALUE_TYPES.includes(value as ValueTypes)) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${what} types: expected 'plain' or 'java' but got ${describeValue(value)}`);
  }
  return value as ValueTypes;
}

function checkPacing(value: unknown): Pacing | undefined {
  if (value === undefined) return undefined;
  const given = requireRecord(value, 'Gremlin pacing');
  const sliceMs = optionalNumber(given.sliceMs, 'Gremlin pacing sliceMs', { min: 0 });
  const checkEvery = optionalNumber(given.checkEvery, 'Gremlin pacing checkEvery', { min: 1, integer: true });
  if (sliceMs === undefined || checkEvery === undefined) {
    throw new ArgumentError('INVALID_ARGUMENT', 'Invalid Gremlin pacing: expected { sliceMs, checkEvery }');
  }
  return { sliceMs, checkEvery };
}
