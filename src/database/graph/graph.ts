/**
 * A graph's public face: the core's write path and durability plus vertex and edge CRUD and
 * batch methods returning plain objects.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../errors.js';
import { fromPlain, GraphTraversalSource, jsonOptions, mapInTurns, plainId, resultConverter, runScript } from '../../engine/index.js';
import type { ElementId, GraphWriter, JsonOptions, Pacing, PlainId, PropertyCardinality, PropertyValue, ReadView, SourceDecorator, ValueTypes } from '../../engine/index.js';
import { edgeView, requireEdge, requireVertex, toEntries, vertexView } from './element-views.js';
import type { CheckedEdgeInput, CheckedVertexInput, EdgeInput, EdgeViewOf, PropertiesInput, VertexInput, VertexViewOf } from './element-views.js';
import { checkQueryLimits } from './graph-core.js';
import { addEdgeBatch, addEdgeRow, addVertexBatch, addVertexRow } from './element-batches.js';
import { UPDATE_STRATEGIES, updateEdgesIn, updateVerticesIn } from './batch-update.js';
import type { BatchUpdate, EdgeInputLike, UpdateStrategy, VertexInputLike } from './batch-update.js';
import { GraphReads } from './graph-reads.js';
import type { TypesOption } from './graph-reads.js';
import { Traversers } from './traverser-api.js';
import type { QueryLimits } from './graph-core.js';
import { describeValue, optionalNumber, optionalTypes, resultTypes, rejectInvalidDates, optionalProperties, requireElementId, requireFunction, requireList, requireRecord, requireText } from './validate.js';

const CARDINALITIES: readonly PropertyCardinality[] = ['single', 'list', 'set'];

function vertexInput(value: unknown): CheckedVertexInput {
  const v = requireRecord(value, 'vertex input');
  return {
    label: requireText(v.label, 'vertex label'),
    properties: optionalProperties(v.properties, 'vertex properties'),
    id: v.id === undefined ? undefined : requireElementId(v.id, 'vertex id'),
  };
}

function bulkEnds(value: unknown, end: string): Int32Array | ElementId[] {
  if (value instanceof Int32Array) return value;
  return requireList(value, `bulk edge ${end} ends`).map((id) => requireElementId(id, `bulk edge ${end} vertex id`));
}

function edgeInput(value: unknown): CheckedEdgeInput {
  const e = requireRecord(value, 'edge input');
  return {
    label: requireText(e.label, 'edge label'),
    out: requireElementId(e.out, 'edge out vertex id'),
    in: requireElementId(e.in, 'edge in vertex id'),
    id: e.id === undefined ? undefined : requireElementId(e.id, 'edge id'),
    properties: optionalProperties(e.properties, 'edge properties'),
    outLabel: e.outLabel === undefined ? undefined : requireText(e.outLabel, 'edge out vertex label'),
    inLabel: e.inLabel === undefined ? undefined : requireText(e.inLabel, 'edge in vertex label'),
  };
}

/**
 * A graph of a {@link Database}. Reads go through the engine (each on a view pinned at its
 * start, see {@link GraphReads}); writes are atomic batches that resolve once durable.
 *
 * @example
 * ```ts
 * const graph = await db.createGraph('hugegraph');
 * await graph.schema().propertyKey('name').asText().ifNotExist().create();
 * await graph.schema().vertexLabel('person').properties('name').primaryKeys('name').create();
 * const marko = await graph.addVertex('person', { name: 'marko' });
 * ```
 */
export class Graph extends GraphReads {
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
  async addVertex<T extends ValueTypes = 'plain'>(label: string, properties?: PropertiesInput, options: { readonly id?: ElementId | bigint } & TypesOption<T> = {}): Promise<VertexViewOf<T>> {
    const given = requireRecord(options, 'vertex options');
    const types = resultTypes(given as TypesOption<T>);
    const input = vertexInput({ label, properties, id: given.id as ElementId | undefined });
    return await this.write((w) => this.vertexViews(w, [addVertexRow(w, input)], types)[0]!);
  }

  /**
   * Adds many vertices in one atomic batch (bounded by `vertex.tx_capacity`).
   *
   * @example
   * ```ts
   * await graph.addVertices([{ label: 'person', properties: { name: 'a' } }, { label: 'person', properties: { name: 'b' } }]);
   * ```
   */
  async addVertices<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options: TypesOption<T> = {}): Promise<VertexViewOf<T>[]> {
    const types = resultTypes(options);
    const inputs = requireList(vertices, 'vertex batch').map(vertexInput);
    return this.write((w) => this.vertexViews(w, inputs.map((v) => addVertexRow(w, v)), types));
  }

  /**
   * Adds many vertices in one atomic batch, as {@link Graph.addVertices}, and resolves with
   * their ids only (no element is read back: the batch REST route).
   *
   * @example
   * ```ts
   * const ids = await graph.addVertexIds([{ label: 'person', properties: { name: 'a' } }]);
   * ```
   */
  async addVertexIds<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options: TypesOption<T> = {}): Promise<IdOf<T>[]> {
    const id = idConverter(resultTypes(options));
    const inputs = requireList(vertices, 'vertex batch').map(vertexInput);
    return this.write((w) => idsOf(addVertexBatch(w, inputs), (slot) => id(w.vertexId(slot)) as IdOf<T>));
  }

  /**
   * Adds an edge between two existing vertices, given by id, and returns it.
   *
   * @example
   * ```ts
   * const e = await graph.addEdge('knows', { out: '1:marko', in: '1:vadas', properties: { weight: 0.5 } });
   * ```
   */
  async addEdge<T extends ValueTypes = 'plain'>(label: string, edge: Omit<EdgeInput, 'label'>, options: TypesOption<T> = {}): Promise<EdgeViewOf<T>> {
    const [added] = await this.addEdges([{ ...(requireRecord(edge, 'edge') as Omit<EdgeInput, 'label'>), label }], options);
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
  async addEdges<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options: TypesOption<T> = {}): Promise<EdgeViewOf<T>[]> {
    const types = resultTypes(options);
    const inputs = requireList(edges, 'edge batch').map(edgeInput);
    return this.write((w) => inputs.map((e) => addEdgeRow(w, e)).map((slot) => edgeView(w, slot, types)));
  }

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
  async addEdgeIds<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options: TypesOption<T> = {}): Promise<IdOf<T>[]> {
    const id = idConverter(resultTypes(options));
    const inputs = requireList(edges, 'edge batch').map(edgeInput);
    return this.write((w) => idsOf(addEdgeBatch(w, inputs), (slot) => id(w.edgeId(slot)) as IdOf<T>));
  }

  /**
   * Adds property-less edges of one label, `out[i] → in[i]`, in one atomic batch through the
   * store's columnar bulk path (same rules as {@link Graph.addEdge}; a SINGLE label's existing
   * pair keeps its edge). The ends are vertex ids, or Int32Arrays of the slots that
   * {@link GraphReads.vertexSlotsOf} returns. Resolves with the number of edges written.
   *
   * @example
   * ```ts
   * await graph.addEdgesBulk('knows', { out: ['1:josh', '1:josh'], in: ['1:marko', '1:peter'] });
   * const slots = await graph.vertexSlotsOf(['1:josh', '1:marko']);
   * await graph.addEdgesBulk('knows', { out: slots.subarray(0, 1), in: slots.subarray(1) });
   * ```
   */
  async addEdgesBulk(label: string, ends: { readonly out: Int32Array | readonly (ElementId | bigint)[]; readonly in: Int32Array | readonly (ElementId | bigint)[] }): Promise<number> {
    const name = requireText(label, 'edge label');
    const given = requireRecord(ends, 'bulk edge ends');
    const outEnds = bulkEnds(given.out, 'out');
    const inEnds = bulkEnds(given.in, 'in');
    return this.write((w) => {
      // Slots are checked by the writer (VERTEX_NOT_FOUND for a slot with no live vertex).
      const slots = (given: Int32Array | ElementId[]): Int32Array =>
        given instanceof Int32Array ? given : Int32Array.from(given, (id) => requireVertex(w, { id, action: 'Cannot create edge' }));
      const outSlots = slots(outEnds);
      const inSlots = slots(inEnds);
      if (w.addEdgesBulk !== undefined) return w.addEdgesBulk(name, outSlots, inSlots).length;
      if (outSlots.length !== inSlots.length) throw new ArgumentError('BULK_LENGTH_MISMATCH', `Cannot add edges: ${outSlots.length} out slots but ${inSlots.length} in slots`);
      outSlots.forEach((out, i) => w.addEdge(name, { out, in: inSlots[i]! }));
      return outSlots.length;
    });
  }

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
  async updateVertexProperties<T extends ValueTypes = 'plain'>(
    id: ElementId | bigint,
    properties: PropertiesInput,
    options: { readonly cardinality?: PropertyCardinality } & TypesOption<T> = {},
  ): Promise<VertexViewOf<T>> {
    const vertexId = requireElementId(id, 'vertex id');
    const entries = toEntries(optionalProperties(properties ?? null, 'vertex properties'));
    const types = resultTypes(options);
    const cardinality = requireRecord(options, 'update options').cardinality;
    if (cardinality !== undefined && !CARDINALITIES.includes(cardinality as PropertyCardinality)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid cardinality: expected one of ${CARDINALITIES.join(', ')} but got ${describeValue(cardinality)}`);
    }
    return this.write((w) => {
      const slot = requireVertex(w, { id: vertexId, action: 'Cannot update vertex' });
      for (const [key, value] of entries) {
        const multi = this.store.catalog.propertyKey(key)?.cardinality;
        const values = Array.isArray(value) && multi !== undefined && multi !== 'SINGLE' && cardinality === undefined ? (value as PropertyValue[]) : [value];
        for (const item of values) w.setVertexProperty(slot, key, item, { cardinality: cardinality as PropertyCardinality | undefined });
      }
      return vertexView(w, { slot, catalog: this.store.catalog, types });
    });
  }

  /**
   * Sets properties of an existing edge. Throws NotFoundError `EDGE_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * declare const edge: EdgeView;
   * await graph.updateEdgeProperties(edge.id, { weight: 0.9 });
   * ```
   */
  async updateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, properties: PropertiesInput, options: TypesOption<T> = {}): Promise<EdgeViewOf<T>> {
    const edgeId = requireElementId(id, 'edge id');
    const entries = toEntries(optionalProperties(properties ?? null, 'edge properties'));
    const types = resultTypes(options);
    return this.write((w) => {
      const slot = requireEdge(w, { id: edgeId, action: 'Cannot update edge' });
      for (const [key, value] of entries) w.setEdgeProperty(slot, key, value);
      return edgeView(w, slot, types);
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
  async removeVertex(id: ElementId | bigint): Promise<void> {
    const vertexId = requireElementId(id, 'vertex id');
    await this.write((w) => w.removeVertex(requireVertex(w, { id: vertexId, action: 'Cannot remove vertex' })));
  }

  /**
   * Removes an edge. Throws NotFoundError `EDGE_NOT_FOUND` when absent.
   *
   * @example
   * ```ts
   * declare const edge: EdgeView;
   * await graph.removeEdge(edge.id);
   * ```
   */
  async removeEdge(id: ElementId | bigint): Promise<void> {
    const edgeId = requireElementId(id, 'edge id');
    await this.write((w) => w.removeEdge(requireEdge(w, { id: edgeId, action: 'Cannot remove edge' })));
  }

  /**
   * Removes whole properties (key and every value) from a vertex. Throws NotFoundError
   * `VERTEX_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * const v = await graph.eliminateVertexProperties('1:marko', ['age']);
   * ```
   */
  async eliminateVertexProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options: TypesOption<T> = {}): Promise<VertexViewOf<T>> {
    const vertexId = requireElementId(id, 'vertex id');
    const types = resultTypes(options);
    const names = requireList(keys, 'property keys').map((k) => requireText(k, 'property key'));
    return this.write((w) => {
      const slot = requireVertex(w, { id: vertexId, action: 'Cannot update vertex' });
      const present = w.vertexPropertyKeys(slot);
      for (const key of names) if (present.includes(key)) w.removeVertexProperty(slot, key);
      return vertexView(w, { slot, catalog: this.store.catalog, types });
    });
  }

  /**
   * Removes properties from an edge. Throws NotFoundError `EDGE_NOT_FOUND` for an unknown id.
   *
   * @example
   * ```ts
   * declare const edge: EdgeView;
   * await graph.eliminateEdgeProperties(edge.id, ['weight']);
   * ```
   */
  async eliminateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options: TypesOption<T> = {}): Promise<EdgeViewOf<T>> {
    const edgeId = requireElementId(id, 'edge id');
    const types = resultTypes(options);
    const names = requireList(keys, 'property keys').map((k) => requireText(k, 'property key'));
    return this.write((w) => {
      const slot = requireEdge(w, { id: edgeId, action: 'Cannot update edge' });
      for (const key of names) if (w.edgeProperty(slot, key) !== undefined) w.removeEdgeProperty(slot, key);
      return edgeView(w, slot, types);
    });
  }

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
  async updateVertices<T extends ValueTypes = 'plain'>(update: BatchUpdate<VertexInputLike>, options: TypesOption<T> = {}): Promise<VertexViewOf<T>[]> {
    const types = resultTypes(options);
    const checked = checkBatchUpdate(update, 'vertex');
    const items = checked.items.map((v) => {
      const input = vertexInput(v);
      return { ...input, properties: input.properties ?? {} };
    });
    return this.write((w) => this.vertexViews(w, updateVerticesIn(w, this.store.catalog, { ...checked, items }), types));
  }

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
  async updateEdges<T extends ValueTypes = 'plain'>(update: BatchUpdate<EdgeInputLike> & { readonly checkVertex?: boolean }, options: TypesOption<T> = {}): Promise<EdgeViewOf<T>[]> {
    const types = resultTypes(options);
    const checked = checkBatchUpdate(update, 'edge');
    const items = checked.items.map((e) => {
      const input = edgeInput(e);
      return { ...input, properties: input.properties ?? {} };
    });
    const checkVertex = requireRecord(update, 'edge update').checkVertex !== false;
    return this.write((w) => updateEdgesIn(w, this.store.catalog, { ...checked, items }, checkVertex).map((slot) => edgeView(w, slot, types)));
  }

  /** The views of vertex slots written in a batch. */
  private vertexViews<T extends ValueTypes>(w: GraphWriter, slots: readonly number[], types: T): VertexViewOf<T>[] {
    return slots.map((slot) => vertexView(w, { slot, catalog: this.store.catalog, types }));
  }

  /**
   * A handle on this same graph whose every read goes through `decorate(source)`: Gremlin
   * text, the fluent traversal source, getVertex/getEdge, vertices()/edges() with their pages,
   * shards and scans, and {@link GraphCore.source}. This is where a per-request filter (access
   * control) plugs in: what the decorated source hides, no read of the handle sees. Writes,
   * modes, limits and closing are shared with the graph; decorators of nested handles compose
   * (the outer one wraps the inner one).
   *
   * @example
   * ```ts
   * const noSecrets = graph.withSourceDecorator((source) => new FilteredSource(source, { vertex: (s) => source.vertexLabel(s) !== 'secret' }));
   * await noSecrets.gremlin("g.V().hasLabel('secret').count()");   // [0]
   * ```
   */
  withSourceDecorator(decorate: SourceDecorator): Graph {
    requireFunction(decorate, 'source decorator');
    const [parts, handle] = this.handleParts(decorate);
    return new Graph(parts, handle);
  }

  /**
   * HugeGraph's traversers over this graph (kout, kneighbor, shortestPath, jaccardSimilarity...),
   * with typed camelCase options and answers; see docs/traversers.md.
   *
   * @example
   * ```ts
   * const { path } = await graph.traversers.shortestPath({ source: '1:marko', target: '1:josh', maxDepth: 3 });
   * ```
   */
  get traversers(): Traversers {
    this.checkOpen();
    return new Traversers((o) => this.executionContext(o), (key) => this.store.catalog.propertyKey(key)?.dataType);
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
    const types = optionalTypes(requireRecord(options, 'traversal options').types, 'traversal');
    return new GraphTraversalSource(() => this.executionContext(), { types });
  }

  /**
   * Runs a Gremlin-Groovy script (the subset HugeGraph's /gremlin accepts) and resolves with the
   * value of its last statement as a list, once every write it made is durable. The request is
   * one transaction: its writes commit together when it ends (one WAL record), and a failing
   * statement undoes every write of the request; `g.tx().commit()` and `g.tx().rollback()`
   * commit or discard the writes so far. Results are
   * plain JavaScript values (numbers, strings, Map, Set, elements with `properties`);
   * `types: 'java'` returns the engine's Java-typed values instead (TypedNumber, Uuid), and
   * `json` their JSON values in the one result shape (`jsonValue`, what `toJSON()` writes).
   *
   * @example
   * ```ts
   * const [count] = await graph.gremlin("g.V().hasLabel('person').count()");   // 6
   * const [long] = await graph.gremlin('g.V().count()', { types: 'java' });   // TypedNumber('long', 6n)
   * const ages = await graph.gremlin('g.V(id).values("age")', { bindings: { id: '1:marko' } });
   * const [vertex] = await graph.gremlin("g.V('1:marko')", { json: { dates: 'epoch' } });   // { id, label, type, properties }
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
      /** How often the query returns to the event loop (default every 4 ms of work). */
      readonly pacing?: Pacing;
      /** Overrides the database's io() base directory for this call. */
      readonly ioBase?: string;
      /** Set false to run without the optimisation strategies (results must not change). */
      readonly optimise?: boolean;
      /** `plain` JavaScript values (default) or the engine's `java`-typed values. */
      readonly types?: ValueTypes;
      /** Results as their JSON values (`jsonValue` in these modes; not with `types`), converted once as they leave. */
      readonly json?: JsonOptions;
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
    const types = optionalTypes(given.types, 'Gremlin');
    const json = given.json === undefined ? undefined : jsonOptions(given.json);
    if (json !== undefined && given.types !== undefined) throw new ArgumentError('INVALID_ARGUMENT', "Invalid Gremlin options: 'json' and 'types' exclude each other");
    const scope = given.scope === undefined ? undefined : requireScope(given.scope);
    const script = parse(source, { bindings, variables: scope?.variables.keys() });
    const deadline = timeoutMs === undefined ? undefined : timeoutMs === 0 ? Infinity : Date.now() + timeoutMs;
    const tx = this.requestTransaction();
    let results: unknown[];
    // The views the script's reads ran on stay pinned until its results are converted: the
    // results are converted from the state the last statement read, in slices, so a large
    // result neither stalls other work nor shows writes made since it was read.
    const views: ReadView[] = [];
    let view: ReadView | undefined;
    try {
      results = await runScript(script, {
        context: () => ({
          ...this.executionContext({ signal, deadline, ioBase, memoryLimit, pacing }),
          write: tx.write,
          openReadView: () => {
            if (tx.writing) return this.store.openOwnReadView();
            const pinned = this.store.openReadView();
            views.push(pinned);
            return { source: pinned.source, release: () => undefined };
          },
        }),
        schema: () => this.requestSchema(tx),
        bindings,
        optimise,
        transaction: tx,
        ...(scope === undefined ? {} : { scope: scope.variables }),
      });
      const wrote = tx.writing;
      await tx.commit();
      // A script that wrote is read back as committed, while it still holds the graph's transaction.
      if (types === 'plain' || json !== undefined) view = wrote || views.length === 0 ? this.store.openReadView() : views.pop();
    } finally {
      for (const pinned of views) pinned.release();
      tx.release();
      await this.sync();
    }
    if (view === undefined) return results;
    try {
      const source = this.decorate === undefined ? view.source : this.decorate(view.source);
      return await mapInTurns(results, resultConverter(types, { source, json }), signal);
    } finally {
      view.release();
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

/** The ids of written slots, in order (a counted loop: `Array.from` with a mapper walks the typed array through its iterator). */
function idsOf<I>(slots: Int32Array, idOf: (slot: number) => I): I[] {
  const ids = new Array<I>(slots.length);
  for (let i = 0; i < slots.length; i++) ids[i] = idOf(slots[i]!);
  return ids;
}

function idConverter(types: ValueTypes): (id: ElementId) => ElementId | PlainId {
  return types === 'java' ? (id) => id : plainId;
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

function checkBatchUpdate(value: unknown, element: string): { items: readonly unknown[]; strategies: Readonly<Record<string, UpdateStrategy>>; createIfNotExist: boolean } {
  const given = requireRecord(value, `${element} batch update`);
  const strategies = requireRecord(given.strategies, `${element} update strategies`);
  for (const [key, strategy] of Object.entries(strategies)) {
    if (!UPDATE_STRATEGIES.includes(strategy as UpdateStrategy)) {
      throw new ArgumentError('INVALID_UPDATE_STRATEGY', `Invalid update strategy for '${key}': expected one of ${UPDATE_STRATEGIES.join(', ')} but got ${describeValue(strategy)}`);
    }
  }
  if (given.createIfNotExist !== undefined && typeof given.createIfNotExist !== 'boolean') {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid createIfNotExist: expected a boolean but got ${describeValue(given.createIfNotExist)}`);
  }
  return { items: requireList(given.items, `${element} batch`), strategies: strategies as Record<string, UpdateStrategy>, createIfNotExist: given.createIfNotExist !== false };
}
