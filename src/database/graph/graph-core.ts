/**
 * The core of one graph: its schema catalog, columnar store and (when durable) its WAL and
 * snapshots. Every change goes through {@link GraphCore.write} or a schema operation, is
 * applied to memory and logged in the same tick, and resolves once the log is fsynced.
 * @module
 */
import { ArgumentError, ConflictError, NotFoundError, StorageError, UnsupportedError } from '../../errors.js';
import type { GraphSource, GraphWriter, Pacing, Script, SourceDecorator } from '../../engine/index.js';
import { SchemaCatalog } from '../../storage/index.js';
import type { GraphMode, GraphStore, SchemaChange } from '../../storage/index.js';
import type { GraphConfig } from './config.js';
import type { GraphChangeLog } from '../durability/durability.js';
import { encodeModes, MODES_SECTION } from '../durability/records.js';
import { RequestTransaction, WriteLock } from './request-transaction.js';
import type { GraphModes, ReadMode } from '../durability/records.js';
import { SchemaBuilder, schemaOperations } from './schema/index.js';
import type { SchemaOperations } from './schema/index.js';
import { describeValue, optionalNumber, requireFunction, requireRecord } from './validate.js';

/**
 * Everything a Graph is built from; made by the Database.
 *
 * @example
 * ```ts
 * declare const config: GraphConfig;
 * declare const store: GraphParts['store'];
 * const parts: GraphParts = { name: 'g', config, store, modes: { mode: 'NONE', readMode: 'OLTP_ONLY' } };
 * ```
 */
export interface GraphParts {
  readonly name: string;
  readonly config: GraphConfig;
  readonly store: GraphStore;
  /** Current modes; shared with the store's and catalog's mode getters, so it is not copied. */
  readonly modes: { mode: GraphMode; readMode: ReadMode };
  /** Present for a durable graph. */
  readonly log?: GraphChangeLog;
  /** Period of the TTL sweep in ms; 0 turns it off. */
  readonly ttlSweepMs?: number;
  /** Services wired in by the composition root (src/index.ts). */
  readonly services?: GraphServices;
  /** Directory io() may read files from (see docs/io.md); absent means no file access. */
  readonly ioBase?: string;
  /** Default limits of the graph's queries. */
  readonly limits?: QueryLimits;
}

/**
 * Limits every query of a graph runs under, unless the call gives its own.
 *
 * @example
 * ```ts
 * const limits: QueryLimits = { timeoutMs: 30_000, memoryLimit: 1_000_000 };
 * ```
 */
export interface QueryLimits {
  /** Time limit in milliseconds; undefined or 0 means none. */
  readonly timeoutMs?: number;
  /** Most traversers, path nodes and collection entries one query may hold; default from the heap size. */
  readonly memoryLimit?: number;
}

/**
 * Services a graph gets from the composition root: the Gremlin-Groovy parser lives in the
 * grammar layer, which the database layer may not import.
 *
 * @example
 * ```ts
 * declare const parseScript: GraphServices['parseScript']; // the grammar layer's parser
 * const services: GraphServices = { parseScript };
 * ```
 */
export interface GraphServices {
  readonly parseScript?: (text: string, options?: { readonly bindings?: ReadonlyMap<string, unknown>; readonly variables?: Iterable<string> }) => Script;
}

/** The mutable state of one graph, shared by its handles. */
interface GraphState {
  limits: QueryLimits;
  closed: boolean;
  readonly unsynced: Set<Promise<void>>;
  /** Held by a `graph.gremlin()` request from its first write to its end. */
  readonly writeLock: WriteLock;
  sweepTimer: NodeJS.Timeout | undefined;
}

/**
 * A second handle on a graph (see {@link Graph.withSourceDecorator}): the graph's shared state
 * and the decorator the handle reads through.
 *
 * @example
 * ```ts
 * const [parts, handle] = graph.handleParts((source) => source);
 * ```
 */
interface GraphHandle {
  readonly state: GraphState;
  readonly decorate: SourceDecorator;
}

const MODES: readonly GraphMode[] = ['NONE', 'RESTORING', 'MERGING', 'LOADING'];
const READ_MODES: readonly ReadMode[] = ['OLTP_ONLY', 'ALL'];

/**
 * The engine room of a {@link Graph}: store, write path, durability, modes and schema.
 * Reads are synchronous on the in-memory store; writes are atomic batches that resolve once
 * durable. Use it through {@link Graph}, which adds the CRUD methods.
 *
 * @example
 * ```ts
 * const graph: GraphCore = await db.createGraph('hugegraph');
 * await graph.write((w) => w.addVertex('person', { properties: [['name', 'marko']] }));
 * ```
 */
export class GraphCore {
  /** Name of the graph. */
  readonly name: string;
  /** The validated configuration (spec Part A 2.3 keys). */
  readonly config: GraphConfig;
  protected readonly store: GraphStore;
  private readonly modes: { mode: GraphMode; readMode: ReadMode };
  private readonly log: GraphChangeLog | undefined;
  /** Services from the composition root. */
  protected readonly services: GraphServices;
  private readonly ioBase: string | undefined;
  /** The mutable state this graph shares with its decorated handles. */
  readonly #state: GraphState;
  /** The decorator every read of this handle goes through; undefined on the graph itself. */
  protected readonly decorate: SourceDecorator | undefined;
  readonly #parts: GraphParts;

  /**
   * Built by {@link Database}; use `db.createGraph` or `db.graph` instead. `handle` is given
   * only by {@link Graph.withSourceDecorator}: a second handle on the same graph.
   *
   * @example
   * ```ts
   * declare const parts: GraphParts;
   * const core = new GraphCore(parts);
   * ```
   */
  constructor(parts: GraphParts, handle?: GraphHandle) {
    this.#parts = parts;
    this.name = parts.name;
    this.config = parts.config;
    this.store = parts.store;
    this.modes = parts.modes;
    this.log = parts.log;
    this.services = parts.services ?? {};
    this.ioBase = parts.ioBase;
    this.decorate = handle?.decorate;
    if (handle !== undefined) {
      this.#state = handle.state;
      return;
    }
    this.#state = { limits: parts.limits ?? {}, closed: false, unsynced: new Set(), writeLock: new WriteLock(), sweepTimer: undefined };
    this.log?.attach(({ copy }) => {
      const capture = this.store.captureSnapshot({ copy });
      capture.sections.set(MODES_SECTION, [encodeModes(this.modes)]);
      return capture;
    });
    const period = parts.ttlSweepMs ?? 60_000;
    if (period > 0) {
      const timer = setInterval(() => {
        this.expire().catch(() => undefined);
      }, period);
      timer.unref();
      this.#state.sweepTimer = timer;
    }
  }

  /**
   * What a decorated handle on this graph is built from: the same parts and shared state, and
   * `decorate` applied after this handle's own decorator.
   *
   * @example
   * ```ts
   * const restricted = new Graph(...graph.handleParts(hideSecrets));
   * ```
   */
  protected handleParts(decorate: SourceDecorator): [GraphParts, GraphHandle] {
    this.checkOpen();
    const own = this.decorate;
    const both: SourceDecorator = own === undefined ? decorate : (source) => decorate(own(source));
    return [this.#parts, { state: this.#state, decorate: both }];
  }

  /** The graph mode: NONE, RESTORING, MERGING or LOADING (Part A §3). */
  get mode(): GraphMode {
    return this.modes.mode;
  }

  /** The read mode: OLTP_ONLY or ALL. */
  get readMode(): ReadMode {
    return this.modes.readMode;
  }

  /** True for a graph kept in a directory (WAL + snapshots). */
  get durable(): boolean {
    return this.log !== undefined;
  }

  /**
   * Read access to the graph for the engine and algorithms: the live store, seen through this
   * handle's decorator (see {@link Graph.withSourceDecorator}). Queries read a pinned view
   * instead; prefer them.
   *
   * @example
   * ```ts
   * const count = graph.source().vertexCount('person');
   * ```
   */
  source(): GraphSource {
    this.checkOpen();
    return this.decorate === undefined ? this.store : this.decorate(this.store);
  }

  /**
   * The schema catalog (read-only use; change it through {@link Graph.schema}).
   *
   * @example
   * ```ts
   * const keys = graph.catalog().propertyKeys().map((k) => k.name);
   * ```
   */
  catalog(): SchemaCatalog {
    return this.store.catalog;
  }

  /**
   * The fluent schema builder, in the style of HugeGraph's Groovy schema API.
   *
   * @example
   * ```ts
   * await graph.schema().propertyKey('age').asInt().ifNotExist().create();
   * await graph.schema().indexLabel('personByAge').onV('person').by('age').range().create();
   * ```
   */
  schema(): SchemaBuilder {
    this.checkOpen();
    return new SchemaBuilder(schemaOperations((mutate) => this.changeSchema(mutate)), this.store.catalog);
  }

  /**
   * The schema mutators taking whole specs (the REST layer's entry), each validated on a copy
   * of the catalog and made durable before it resolves, like {@link GraphCore.schema}'s builders.
   *
   * @example
   * ```ts
   * await graph.schemaOperations().createPropertyKey({ name: 'age', dataType: 'int' });
   * ```
   */
  schemaOperations(options: { readonly deferIndexBuild?: boolean } = {}): SchemaOperations {
    this.checkOpen();
    return schemaOperations((mutate) => this.changeSchema(mutate, undefined, options.deferIndexBuild === true));
  }

  /**
   * Builds an index label's index in steps of `chunk` slots (default 1024), returning to the
   * event loop between steps: the work of a rebuild task. An index created through
   * `schemaOperations({ deferIndexBuild: true })` is built from where it stands; with `restart`
   * (a rebuild) it is emptied first. Until the build ends, lookups do not use the index, so
   * queries answer as if it did not exist; writes keep it current meanwhile. `progress` gets
   * the slots visited and the slot count. On `signal` abort the build stops with the abort
   * reason and the index stays unused until a later build finishes it. A UNIQUE index whose
   * elements conflict (stored before the build or written during it) fails the build with
   * ConflictError `UNIQUE_CONFLICT` and reads INVALID until a rebuild succeeds. Resolves with
   * the slots visited; throws NotFoundError `SCHEMA_NOT_FOUND` for an unknown index label.
   *
   * @example
   * ```ts
   * await graph.schemaOperations({ deferIndexBuild: true }).createIndexLabel({ name: 'byAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'], indexType: 'RANGE' });
   * await graph.buildIndex('byAge', { progress: (done, total) => console.log(done, total) });
   * ```
   */
  async buildIndex(
    name: string,
    options: { readonly restart?: boolean; readonly chunk?: number; readonly signal?: AbortSignal; readonly progress?: (done: number, total: number) => void } = {},
  ): Promise<number> {
    this.checkOpen();
    if (this.store.catalog.indexLabel(name) === undefined) throw new NotFoundError('SCHEMA_NOT_FOUND', `index label with name '${name}' does not exist`);
    if (options.restart === true) {
      await this.passGates();
      this.store.startIndexBuild(name, { rebuild: true });
    }
    let done = 0;
    while (this.store.indexBuilding(name)) {
      options.signal?.throwIfAborted();
      await this.passGates();
      const step = this.store.indexBuildStep(name, options.chunk ?? 1024);
      done = step.done;
      options.progress?.(step.done, step.total);
      if (!step.finished) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return done;
  }

  /**
   * True while an index label's index is being built by {@link GraphCore.buildIndex} (its
   * status reads CREATING or REBUILDING over REST).
   *
   * @example
   * ```ts
   * if (graph.indexBuilding('byAge')) console.log('not used by queries yet');
   * ```
   */
  indexBuilding(name: string): boolean {
    return this.store.indexBuilding(name);
  }

  /**
   * The status an index label reads while its index is not simply built: CREATING during its
   * first build, REBUILDING during a rebuild, INVALID after a build that failed on a UNIQUE
   * conflict; undefined when the index is in use (the catalog's status applies).
   *
   * @example
   * ```ts
   * console.log(graph.indexStatus('byName') ?? graph.catalog().indexLabel('byName')?.status);
   * ```
   */
  indexStatus(name: string): 'CREATING' | 'REBUILDING' | 'INVALID' | undefined {
    return this.store.indexStatus(name);
  }

  /**
   * Runs `fn` as one atomic batch: either all of its changes commit or none do. Resolves with
   * `fn`'s result once the batch is durable (fsynced in the WAL for a durable graph). This is the
   * low-level path: the writer addresses elements by slot, and `w.vertexSlot(id)` /
   * `w.edgeSlot(id)` (or {@link GraphReads.vertexSlotsOf} before the batch) map ids to slots; the
   * id-taking methods of {@link Graph} (addVertex, addEdges, addEdgesBulk...) are the public face.
   *
   * @example
   * ```ts
   * const slot = await graph.write((w) => w.addVertex('person', { properties: [['name', 'marko']] }));
   * ```
   */
  async write<T>(fn: (writer: GraphWriter) => T): Promise<T> {
    this.checkOpen();
    requireFunction(fn, 'write function');
    if (this.gated()) await this.passGates();
    const { result, log } = this.store.batch(fn, { log: this.log !== undefined });
    if (log !== undefined && this.log !== undefined) await this.log.append({ type: 'data', log });
    return result;
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
    return this.commitNow(fn).result;
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
  async sync(): Promise<void> {
    await Promise.all([...this.#state.unsynced]);
  }

  /**
   * The context the engine runs traversals and element reads in: this graph's store as the
   * source, this handle's decorator,
   * {@link Graph.writeNow} as the write path, and `settled`, which resolves once every write
   * made through this context is durable (or rejects with its failed append).
   *
   * @example
   * ```ts
   * const context = graph.executionContext({ deadline: Date.now() + 30_000 });
   * const count = await new GraphTraversalSource(() => context).V().count().next();
   * await context.settled();
   * ```
   */
  executionContext(
    options: {
      readonly signal?: AbortSignal;
      readonly deadline?: number;
      readonly ioBase?: string;
      readonly memoryLimit?: number;
      readonly pacing?: Pacing;
    } = {},
  ): {
    readonly source: GraphSource;
    readonly write: <T>(fn: (writer: GraphWriter) => T) => T;
    readonly settled: () => Promise<void>;
    readonly signal?: AbortSignal;
    readonly deadline?: number;
    readonly ioBase?: string;
    readonly memoryLimit?: number;
    readonly pacing?: Pacing;
    readonly decorate?: SourceDecorator;
  } {
    this.checkOpen();
    const appends: Promise<void>[] = [];
    const write = <T>(fn: (writer: GraphWriter) => T): T => {
      const { result, appended } = this.commitNow(fn);
      if (appended !== undefined) appends.push(appended);
      return result;
    };
    const settled = async (): Promise<void> => {
      await Promise.all(appends);
    };
    const timeoutMs = this.#state.limits.timeoutMs;
    const deadline = options.deadline ?? (timeoutMs === undefined || timeoutMs === 0 ? undefined : Date.now() + timeoutMs);
    return {
      source: this.store,
      write,
      settled,
      signal: options.signal,
      deadline,
      ioBase: options.ioBase ?? this.ioBase,
      memoryLimit: options.memoryLimit ?? this.#state.limits.memoryLimit,
      pacing: options.pacing,
      decorate: this.decorate,
    };
  }

  /** The limits this graph's queries run under when a call gives none. */
  get queryLimits(): QueryLimits {
    return this.#state.limits;
  }

  /**
   * Sets the limits this graph's queries run under when a call gives none (not persisted; the
   * defaults come from {@link OpenOptions}).
   *
   * @example
   * ```ts
   * graph.setQueryLimits({ timeoutMs: 5_000, memoryLimit: 2_000_000 });
   * ```
   */
  setQueryLimits(limits: QueryLimits): void {
    this.#state.limits = checkQueryLimits(limits, 'query limits');
  }

  /**
   * Sets the graph mode; persisted with the graph.
   *
   * @example
   * ```ts
   * await graph.setMode('RESTORING');
   * ```
   */
  async setMode(mode: GraphMode): Promise<void> {
    if (!MODES.includes(mode)) throw new ArgumentError('INVALID_GRAPH_MODE', `Invalid graph mode ${describeValue(mode)}: expected one of ${MODES.join(', ')}`);
    await this.changeModes({ mode, readMode: this.modes.readMode });
  }

  /**
   * Sets the read mode (OLTP_ONLY or ALL); persisted with the graph.
   *
   * @example
   * ```ts
   * await graph.setReadMode('ALL');
   * ```
   */
  async setReadMode(readMode: ReadMode): Promise<void> {
    if (!READ_MODES.includes(readMode)) {
      throw new ArgumentError('INVALID_GRAPH_MODE', `Invalid graph read mode ${describeValue(readMode)}: expected one of ${READ_MODES.join(', ')}`);
    }
    await this.changeModes({ mode: this.modes.mode, readMode });
  }

  /**
   * Removes elements whose TTL has passed (also run by a timer). Resolves with the count.
   *
   * @example
   * ```ts
   * const removed = await graph.expire();
   * ```
   */
  async expire(now: number = Date.now()): Promise<number> {
    this.checkOpen();
    optionalNumber(now, 'expiry time', { min: Number.NEGATIVE_INFINITY });
    await this.passGates();
    const removed = this.store.expire(now);
    if (removed > 0 && this.log !== undefined) await this.log.append({ type: 'expire', now });
    return removed;
  }

  /**
   * Writes a snapshot now (durable graphs; a no-op in memory). Snapshots are also written in
   * the background after `snapshotEveryBytes` of WAL and on close.
   *
   * @example
   * ```ts
   * await graph.snapshot();
   * ```
   */
  async snapshot(): Promise<void> {
    this.checkOpen();
    if (this.log !== undefined) await this.log.snapshot();
  }

  /**
   * Stops timers and, for a durable graph, writes a final snapshot and closes the WAL.
   * Called by `db.close()` and `db.dropGraph()`.
   *
   * @example
   * ```ts
   * await graph.close();
   * ```
   */
  async close(): Promise<void> {
    if (this.#state.closed) return;
    this.#state.closed = true;
    if (this.#state.sweepTimer !== undefined) clearInterval(this.#state.sweepTimer);
    await Promise.allSettled([...this.#state.unsynced]);
    if (this.log !== undefined) await this.log.close();
  }

  protected checkOpen(): void {
    if (this.#state.closed) throw new StorageError('GRAPH_CLOSED', `Cannot use graph '${this.name}': it is closed`);
  }

  /** Applies one batch and starts its WAL append in the same tick; `appended` settles when it is durable. */
  private commitNow<T>(fn: (writer: GraphWriter) => T): { result: T; appended: Promise<void> | undefined } {
    this.checkOpen();
    if (this.store.transactionOpen) {
      throw new ConflictError('TRANSACTION_OPEN', `Cannot write to graph '${this.name}': a Gremlin request holds it in a transaction; retry when it ends`);
    }
    const { result, log } = this.store.batch(fn, { log: this.log !== undefined });
    return { result, appended: log === undefined ? undefined : this.appendData(log) };
  }

  /** Starts the WAL append of one data batch log in this tick; resolves once it is durable (a no-op in memory). */
  private appendData(log: Uint8Array): Promise<void> | undefined {
    if (this.log === undefined) return undefined;
    const appended = this.log.append({ type: 'data', log });
    this.#state.unsynced.add(appended);
    const settle = (): void => {
      this.#state.unsynced.delete(appended);
    };
    appended.then(settle, settle);
    return appended;
  }

  /**
   * Opens the transaction of one Gremlin request (see {@link RequestTransaction}).
   *
   * @example
   * ```ts
   * const tx = graph.requestTransaction();
   * ```
   */
  protected requestTransaction(): RequestTransaction {
    return new RequestTransaction({
      graph: this.name,
      store: this.store,
      lock: this.#state.writeLock,
      log: this.log,
      append: async (log) => this.appendData(log),
    });
  }

  /**
   * The schema builder a Gremlin request uses: it refuses changes while the request has
   * uncommitted writes, and does not wait for the write lock the request holds itself.
   *
   * @example
   * ```ts
   * const schema = graph.requestSchema(tx);
   * ```
   */
  protected requestSchema(tx: RequestTransaction): SchemaBuilder {
    this.checkOpen();
    return new SchemaBuilder(schemaOperations((mutate) => this.changeSchema(mutate, tx)), this.store.catalog);
  }

  private cloneCatalog(): SchemaCatalog {
    return SchemaCatalog.fromJSON(this.store.catalog.toJSON(), {
      illegalNameRegex: this.config['schema.illegal_name_regex'],
      mode: () => this.modes.mode,
    });
  }

  private async passGate(): Promise<void> {
    for (let gate = this.log?.gate; gate !== undefined; gate = this.log?.gate) await gate;
  }

  /** Waits until neither a snapshot nor a Gremlin request's transaction holds writers back. */
  /** Whether a snapshot gate or a Gremlin transaction's write lock stands before writers now. */
  private gated(): boolean {
    return this.log?.gate !== undefined || this.#state.writeLock.held;
  }

  private async passGates(): Promise<void> {
    while (this.gated()) {
      await this.passGate();
      await this.#state.writeLock.pass();
    }
  }

  private async changeSchema<R extends { readonly change?: SchemaChange }>(mutate: (catalog: SchemaCatalog) => R, tx?: RequestTransaction, deferIndexBuild = false): Promise<R> {
    this.checkOpen();
    if (tx?.writing === true) {
      throw new UnsupportedError(
        'SCHEMA_IN_TRANSACTION',
        'Cannot change the schema in this Gremlin request: it has uncommitted writes, and schema changes are not rolled back; change the schema before the first write or after g.tx().commit()',
      );
    }
    if (tx?.holding === true) await this.passGate();
    else await this.passGates();
    const out = mutate(this.cloneCatalog());
    if (out.change !== undefined) {
      this.store.applySchemaChange(out.change, { deferIndexBuild, refuseConflicts: true });
      if (this.log !== undefined) await this.log.append({ type: 'schema', change: out.change });
    }
    return out;
  }

  private async changeModes(modes: GraphModes): Promise<void> {
    this.checkOpen();
    await this.passGates();
    this.modes.mode = modes.mode;
    this.modes.readMode = modes.readMode;
    if (this.log !== undefined) await this.log.append({ type: 'modes', modes });
  }
}

/**
 * Validated query limits, or ArgumentError INVALID_ARGUMENT.
 *
 * @example
 * ```ts
 * checkQueryLimits({ timeoutMs: 1000 }, 'query limits');
 * ```
 */
export function checkQueryLimits(limits: QueryLimits, what: string): QueryLimits {
  const given = requireRecord(limits, what);
  const timeoutMs = optionalNumber(given.timeoutMs, `${what} timeoutMs`, { min: 0 });
  const memoryLimit = optionalNumber(given.memoryLimit, `${what} memoryLimit`, { min: 1, integer: true });
  return { timeoutMs, memoryLimit };
}
