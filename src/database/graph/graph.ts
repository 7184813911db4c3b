/**
 * A graph's public face: a facade over one shared {@link GraphState}, composed of collaborators
 * (element reads, element writes, schema administration and the request runner), each of which
 * sees the graph through one {@link GraphHandle}: the shared state and the decorator every read
 * of the handle goes through.
 * @module
 */
import type { Bytecode, ElementId, GraphSource, GraphTraversalSource, GraphWriter, PropertyCardinality, ReadView, SourceDecorator, ValueTypes } from '../../engine/index.js';
import type { GraphMode } from '../../storage/index.js';
import type { GraphConfig } from './config.js';
import type { ReadMode } from '../durability/records.js';
import type { EdgeInput, EdgeViewOf, PropertiesInput, VertexInput, VertexViewOf } from './element-views.js';
import type { BatchUpdate, EdgeInputLike, VertexInputLike } from './batch-update.js';
import { checkQueryLimits, GraphState } from './graph-state.js';
import { GraphHandle } from './graph-handle.js';
import type { GraphParts, QueryLimits } from './graph-state.js';
import { GraphReads } from './graph-reads.js';
import type { EdgeQuery, ElementReads, ScanQuery, Shard, TypesOption, VertexQuery } from './read-api.js';
import { GraphWrites } from './graph-writes.js';
import type { ElementWrites, IdOf } from './write-api.js';
import type { GraphAdministration } from './admin-api.js';
import { SchemaAdmin } from './schema-admin.js';
import type { IndexBuild } from './schema-admin.js';
import type { SchemaView } from './schema-view.js';
import { RequestRunner } from './request-runner.js';
import type { GremlinOptions, GremlinRequest } from './request-runner.js';
import type { SchemaBuilder, SchemaOperations } from './schema/index.js';
import { Traversers } from './traverser-api.js';
import { GraphVariables } from './variables.js';
import { requireFunction } from './validate.js';
import type { GraphPolicy } from './access-policy.js';
import type { AlgorithmName } from '../../engine/index.js';
import type { PlainId } from '../../values/index.js';
import type { ComputeJob, ComputeOptions, ComputeParams } from './compute/compute-api.js';
import { checked, ComputeRun } from './compute/compute-run.js';
import { processScheduler } from './compute/scheduler.js';
import { storeValues } from './compute/stored-values.js';

/**
 * A graph of a {@link Database}. Reads go through the engine (each on a view pinned at its
 * start); writes are atomic batches that resolve once durable. The element reads and writes
 * are documented on {@link ElementReads} and {@link ElementWrites}, its administration on
 * {@link GraphAdministration}.
 *
 * @example
 * ```ts
 * const graph = await db.createGraph('hugegraph');
 * await graph.schema().propertyKey('name').asText().ifNotExist().create();
 * await graph.schema().vertexLabel('person').properties('name').primaryKeys('name').create();
 * const marko = await graph.addVertex('person', { name: 'marko' });
 * ```
 */
export class Graph implements ElementReads, ElementWrites, GraphAdministration {
  /** Name of the graph. */
  readonly name: string;
  /** The validated configuration (spec Part A 2.3 keys). */
  readonly config: GraphConfig;
  readonly #handle: GraphHandle;
  readonly #state: GraphState;
  readonly #reads: GraphReads;
  readonly #writes: GraphWrites;
  readonly #schema: SchemaAdmin;
  readonly #runner: RequestRunner;

  /**
   * Built by {@link Database}; use `db.createGraph` or `db.graph` instead. A {@link GraphHandle}
   * is given only by {@link Graph.withSourceDecorator}: a second handle on the same graph.
   *
   * @example
   * ```ts
   * declare const parts: GraphParts;
   * const graph = new Graph(parts);
   * ```
   */
  constructor(from: GraphParts | GraphHandle) {
    this.#handle = from instanceof GraphHandle ? from : new GraphHandle(new GraphState(from));
    this.#state = this.#handle.state;
    this.name = this.#state.name;
    this.config = this.#state.config;
    this.#reads = new GraphReads(this.#handle);
    this.#writes = new GraphWrites(this.#handle);
    this.#schema = new SchemaAdmin(this.#handle);
    this.#runner = new RequestRunner(this.#handle, this.#schema);
  }

  get mode(): GraphMode {
    return this.#state.modes.mode;
  }

  get readMode(): ReadMode {
    return this.#state.modes.readMode;
  }

  get durable(): boolean {
    return this.#state.log !== undefined;
  }

  /**
   * A view of the graph as of now, for the engine and algorithms that read the
   * {@link GraphSource} port: later writes do not change what it reads, and it reads through
   * this handle's decorator. Release it when done (the store keeps what the view needs until then).
   *
   * @example
   * ```ts
   * const view = graph.openReadView();
   * try {
   *   console.log(view.source.vertexCount('person'));
   * } finally {
   *   view.release();
   * }
   * ```
   */
  openReadView(): ReadView {
    return this.#handle.openReadView();
  }

  /**
   * The schema, read-only: a snapshot shared by every caller until the schema changes, so a
   * holder keeps one consistent schema; it has no mutators and its records are frozen. Change
   * the schema through {@link GraphAdministration.schema} or
   * {@link GraphAdministration.schemaOperations}.
   *
   * @example
   * ```ts
   * const keys = graph.catalog().propertyKeys().map((k) => k.name);
   * ```
   */
  catalog(): SchemaView {
    return this.#schema.view();
  }

  schema(): SchemaBuilder {
    return this.#schema.builder();
  }

  schemaOperations(options: { readonly deferIndexBuild?: boolean } = {}): SchemaOperations {
    return this.#schema.operations(options);
  }

  buildIndex(name: string, options: IndexBuild = {}): Promise<number> {
    return this.#schema.buildIndex(name, options);
  }

  indexBuilding(name: string): boolean {
    return this.#schema.view().indexLabel(name) !== undefined && this.#state.store.indexBuilding(name);
  }

  indexStatus(name: string): 'CREATING' | 'REBUILDING' | 'INVALID' | undefined {
    return this.#schema.view().indexLabel(name) === undefined ? undefined : this.#state.store.indexStatus(name);
  }

  /**
   * Runs `fn` as one atomic batch: either all of its changes commit or none do. Resolves with
   * `fn`'s result once the batch is durable (fsynced in the WAL for a durable graph). This is the
   * low-level path: the writer addresses elements by slot, and `w.vertexSlot(id)` /
   * `w.edgeSlot(id)` (or {@link Graph.vertexSlotsOf} before the batch) map ids to slots; the
   * id-taking methods of {@link Graph} (addVertex, addEdges, addEdgesBulk...) are the public face.
   * The writer goes through the handle's write guard, as every write of the handle does: on a
   * handle of {@link Graph.withSourceDecorator} it reads through the decorator, so what the
   * handle hides, `fn` does not find.
   *
   * @example
   * ```ts
   * const slot = await graph.write((w) => w.addVertex('person', { properties: [['name', 'marko']] }));
   * ```
   */
  async write<T>(fn: (writer: GraphWriter) => T): Promise<T> {
    this.#state.checkOpen();
    requireFunction(fn, 'write function');
    return this.#handle.write(fn);
  }

  /**
   * Runs `fn` as one atomic batch synchronously and returns its result at once; the WAL
   * append starts in the same tick and {@link Graph.sync} awaits it. This is the write path of
   * traversals, whose engine runs synchronously; prefer {@link Graph.write} elsewhere.
   *
   * @example
   * ```ts
   * const slot = graph.writeNow((w) => w.addVertex('person', { properties: [['name', 'josh']] }));
   * await graph.sync();
   * ```
   */
  writeNow<T>(fn: (writer: GraphWriter) => T): T {
    return this.#handle.writeNow(fn);
  }

  /**
   * Resolves once every write started by {@link Graph.writeNow} is durable, or rejects with
   * the first failed append.
   *
   * @example
   * ```ts
   * await graph.sync();
   * ```
   */
  sync(): Promise<void> {
    return this.#state.sync();
  }

  get queryLimits(): QueryLimits {
    return this.#state.limits;
  }

  setQueryLimits(limits: QueryLimits): void {
    this.#state.limits = checkQueryLimits(limits, 'query limits');
  }

  setMode(mode: GraphMode): Promise<void> {
    return this.#state.setModes({ mode, readMode: this.#state.modes.readMode });
  }

  setReadMode(readMode: ReadMode): Promise<void> {
    return this.#state.setModes({ mode: this.#state.modes.mode, readMode });
  }

  expire(now?: number): Promise<number> {
    return this.#state.expire(now);
  }

  async snapshot(): Promise<void> {
    this.#state.checkOpen();
    await this.#state.log?.checkpoints?.snapshot();
  }

  close(): Promise<void> {
    return this.#state.close();
  }

  getVertex<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options?: TypesOption<T>): Promise<VertexViewOf<T> | undefined> {
    return this.#reads.getVertex(id, options);
  }

  getEdge<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options?: TypesOption<T>): Promise<EdgeViewOf<T> | undefined> {
    return this.#reads.getEdge(id, options);
  }

  vertices<T extends ValueTypes = 'plain'>(query?: VertexQuery, options?: TypesOption<T>): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }> {
    return this.#reads.vertices(query, options);
  }

  edges<T extends ValueTypes = 'plain'>(query?: EdgeQuery, options?: TypesOption<T>): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }> {
    return this.#reads.edges(query, options);
  }

  vertexShards(splitSize: number): Promise<Shard[]> {
    return this.#reads.vertexShards(splitSize);
  }

  edgeShards(splitSize: number): Promise<Shard[]> {
    return this.#reads.edgeShards(splitSize);
  }

  scanVertices<T extends ValueTypes = 'plain'>(query: ScanQuery, options?: TypesOption<T>): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }> {
    return this.#reads.scanVertices(query, options);
  }

  scanEdges<T extends ValueTypes = 'plain'>(query: ScanQuery, options?: TypesOption<T>): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }> {
    return this.#reads.scanEdges(query, options);
  }

  vertexSlotsOf(ids: readonly (ElementId | bigint)[]): Promise<Int32Array> {
    return this.#reads.vertexSlotsOf(ids);
  }

  addVertex<T extends ValueTypes = 'plain'>(label: string, properties?: PropertiesInput, options?: { readonly id?: ElementId | bigint } & TypesOption<T>): Promise<VertexViewOf<T>> {
    return this.#writes.addVertex(label, properties, options);
  }

  addVertices<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options?: TypesOption<T>): Promise<VertexViewOf<T>[]> {
    return this.#writes.addVertices(vertices, options);
  }

  addVertexIds<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options?: TypesOption<T>): Promise<IdOf<T>[]> {
    return this.#writes.addVertexIds(vertices, options);
  }

  addEdge<T extends ValueTypes = 'plain'>(label: string, edge: Omit<EdgeInput, 'label'>, options?: TypesOption<T>): Promise<EdgeViewOf<T>> {
    return this.#writes.addEdge(label, edge, options);
  }

  addEdges<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options?: TypesOption<T>): Promise<EdgeViewOf<T>[]> {
    return this.#writes.addEdges(edges, options);
  }

  addEdgeIds<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options?: TypesOption<T>): Promise<IdOf<T>[]> {
    return this.#writes.addEdgeIds(edges, options);
  }

  addEdgesBulk(label: string, ends: { readonly out: Int32Array | readonly (ElementId | bigint)[]; readonly in: Int32Array | readonly (ElementId | bigint)[] }): Promise<number> {
    return this.#writes.addEdgesBulk(label, ends);
  }

  updateVertexProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, properties: PropertiesInput, options?: { readonly cardinality?: PropertyCardinality } & TypesOption<T>): Promise<VertexViewOf<T>> {
    return this.#writes.updateVertexProperties(id, properties, options);
  }

  updateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, properties: PropertiesInput, options?: TypesOption<T>): Promise<EdgeViewOf<T>> {
    return this.#writes.updateEdgeProperties(id, properties, options);
  }

  removeVertex(id: ElementId | bigint): Promise<void> {
    return this.#writes.removeVertex(id);
  }

  removeEdge(id: ElementId | bigint): Promise<void> {
    return this.#writes.removeEdge(id);
  }

  eliminateVertexProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options?: TypesOption<T>): Promise<VertexViewOf<T>> {
    return this.#writes.eliminateVertexProperties(id, keys, options);
  }

  eliminateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options?: TypesOption<T>): Promise<EdgeViewOf<T>> {
    return this.#writes.eliminateEdgeProperties(id, keys, options);
  }

  updateVertices<T extends ValueTypes = 'plain'>(update: BatchUpdate<VertexInputLike>, options?: TypesOption<T>): Promise<VertexViewOf<T>[]> {
    return this.#writes.updateVertices(update, options);
  }

  updateEdges<T extends ValueTypes = 'plain'>(update: BatchUpdate<EdgeInputLike> & { readonly checkVertex?: boolean }, options?: TypesOption<T>): Promise<EdgeViewOf<T>[]> {
    return this.#writes.updateEdges(update, options);
  }

  /**
   * A handle on this same graph whose every read goes through `decorate(source)`: Gremlin
   * text, the fluent traversal source, getVertex/getEdge, vertices()/edges() with their pages,
   * shards and scans, {@link Graph.openReadView}, and the reads of its writes (the write guard
   * of {@link Graph.write}). This is where a per-request filter (access control) plugs in: what
   * the decorated source hides, no read of the handle sees and no write of it finds. The
   * graph's data, modes, limits and closing are shared with the graph; decorators of nested
   * handles compose (the outer one wraps the inner one).
   *
   * @example
   * ```ts
   * const noSecrets = graph.withSourceDecorator((source) => new FilteredSource(source, { vertex: (s) => source.vertexLabel(s) !== 'secret' }));
   * await noSecrets.gremlin("g.V().hasLabel('secret').count()");   // [0]
   * ```
   */
  withSourceDecorator(decorate: SourceDecorator): Graph {
    requireFunction(decorate, 'source decorator');
    return new Graph(this.#handle.withDecorator(decorate));
  }

  /**
   * A handle on this same graph that reads and changes only what `policy` allows (spec Part A
   * §2.5): every road of the handle is covered, as for {@link Graph.withSourceDecorator}.
   * - Reads (READ): a vertex is visible when a READ rule covering VERTEX matches it (label `*` or
   *   its own, every property condition holding) and READ covers its label (VERTEX_LABEL); an
   *   edge likewise (EDGE, EDGE_LABEL), and only with both ends visible. Hidden elements are
   *   missing everywhere: Gremlin, lists, counts, pages, shards, scans, traversers, lookups by
   *   id. Properties of a visible element are all visible.
   * - Writes: a change to an element needs it visible and covered by WRITE (DELETE to remove it)
   *   as it was before the batch, and every element a batch leaves changed or created needs
   *   WRITE as it is after; a new edge needs visible ends. A refused change throws
   *   PermissionError `PERMISSION_DENIED` and the whole batch, or Gremlin request, rolls back.
   * - Gremlin (text, bytecode and the fluent terminals) needs EXECUTE on GREMLIN.
   * - The schema: `catalog()` and the builders' getters show the schema elements READ covers;
   *   schema changes need WRITE (create, update) or DELETE (remove) on the element, index builds
   *   WRITE on the index label.
   *
   * `unrestricted: true` checks nothing; a policy with no grants sees nothing and may do
   * nothing. Handles nest: a handle of a handle enforces both policies. A malformed policy is
   * ArgumentError `INVALID_ARGUMENT` (or a `PREDICATE_*` error for a bad predicate text).
   *
   * @example
   * ```ts
   * const adults = graph.withPolicy({
   *   grants: {
   *     READ: [{ type: 'VERTEX', label: 'person', properties: { age: 'P.gte(18)' } }, { type: 'SCHEMA', label: '*', properties: null }],
   *     WRITE: [{ type: 'VERTEX', label: 'person', properties: { age: 'P.gte(18)' } }],
   *     EXECUTE: [{ type: 'GREMLIN', label: '*', properties: null }],
   *   },
   * });
   * await adults.gremlin("g.V().hasLabel('person').values('name')");   // only people aged 18 or more
   * await adults.addVertex('person', { name: 'kid', age: 12 });       // PermissionError PERMISSION_DENIED
   * ```
   */
  withPolicy(policy: GraphPolicy): Graph {
    return new Graph(this.#handle.withPolicy(policy));
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
  /**
   * Starts a computation job (docs/jobs.md): the algorithm runs on worker threads over a
   * snapshot of what this handle may read, and its values become the algorithm's OLAP property
   * key (shown in vertex records while the read mode is ALL). Bad parameters throw an
   * ArgumentError at once; a policy needs EXECUTE. `workers` is capped at the machine's cores,
   * and jobs beyond the free cores or memory wait their turn.
   *
   * @example
   * ```ts
   * const job = graph.compute('pageRank', { alpha: 0.15, maxSuperStep: 20 }, { workers: 2 });
   * const { values } = await job.result;
   * console.log(values.get('1:marko'));
   * ```
   */
  compute<A extends AlgorithmName>(algorithm: A, params?: ComputeParams[A], options: ComputeOptions = {}): ComputeJob<A> {
    return new ComputeRun(this.#handle, processScheduler(), { algorithm, params: params ?? {}, options });
  }

  /**
   * Checks a {@link Graph.compute} request without starting it: ArgumentError for an unknown
   * algorithm, a worker count outside [1, 100] or a bad parameter, PermissionError without
   * EXECUTE. The server checks a job this way before it records the job's task.
   *
   * @example
   * ```ts
   * graph.checkCompute('pageRank', { alpha: 0.15 }, { workers: 2 });
   * ```
   */
  checkCompute<A extends AlgorithmName>(algorithm: A, params?: ComputeParams[A], options: ComputeOptions = {}): void {
    checked(algorithm, params ?? {}, options.workers);
    this.#handle.requireExecute();
  }

  /**
   * Replaces an algorithm's OLAP values by `values` (vertex id → value) in one atomic batch, as
   * a run with write-back would; missing vertices are skipped. A cluster node applies a run made
   * on another node this way. Resolves with the number of vertices written.
   */
  storeComputeValues(algorithm: AlgorithmName, values: ReadonlyMap<PlainId, unknown>): Promise<number> {
    this.#handle.requireExecute();
    return storeValues(this.#handle, algorithm, values);
  }

  get traversers(): Traversers {
    this.#state.checkOpen();
    return new Traversers((o) => this.#handle.executionContext(o), (key) => this.#state.store.catalog.propertyKey(key)?.dataType);
  }

  /**
   * The graph's variables (TinkerPop's `graph.variables()`, HugeGraph's
   * `/graphs/{graph}/variables`): named values kept with the graph's data, durable like it,
   * read and changed under this handle's policies (READ, WRITE and DELETE on VAR) and removed
   * when the graph's data is cleared. See {@link GraphVariables}.
   *
   * @example
   * ```ts
   * await graph.variables.set('owner', 'ops');
   * const owner = await graph.variables.get('owner');   // 'ops'
   * ```
   */
  get variables(): GraphVariables {
    this.#state.checkOpen();
    return new GraphVariables(this.#handle);
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
    return this.#runner.traversal(options);
  }

  /**
   * Runs a Gremlin request and resolves with the value of its last statement as a list, once
   * every write it made is durable. The request is Gremlin-Groovy text (the subset HugeGraph's
   * /gremlin accepts), a script parsed from it, or a traversal's {@link Bytecode} (run as
   * `g.<bytecode>.toList()`). It is one transaction: its writes commit together when it ends
   * (one WAL record), and a failing statement undoes every write of the request;
   * `g.tx().commit()` and `g.tx().rollback()` commit or discard the writes so far. Results are
   * plain JavaScript values (numbers, strings, Map, Set, elements with `properties`), converted
   * in turns from the state the last statement read; `types: 'java'` returns the engine's
   * Java-typed values instead (TypedNumber, Uuid), and `json` their JSON values in the one
   * result shape (`jsonValue`, what `toJSON()` writes).
   *
   * @example
   * ```ts
   * const [count] = await graph.gremlin("g.V().hasLabel('person').count()");   // 6
   * const [long] = await graph.gremlin('g.V().count()', { types: 'java' });   // TypedNumber('long', 6n)
   * const ages = await graph.gremlin('g.V(id).values("age")', { bindings: { id: '1:marko' } });
   * const names = await graph.gremlin(graph.traversal().V().values('name').bytecode);
   * const [vertex] = await graph.gremlin("g.V('1:marko')", { json: { dates: 'epoch' } });   // { id, label, type, properties }
   * ```
   */
  gremlin(request: GremlinRequest, options: GremlinOptions = {}): Promise<unknown[]> {
    return this.#runner.gremlin(request, options);
  }
}
