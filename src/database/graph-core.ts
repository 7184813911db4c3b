/**
 * The core of one graph: its schema catalog, columnar store and (when durable) its WAL and
 * snapshots. Every change goes through {@link GraphCore.write} or a schema operation, is
 * applied to memory and logged in the same tick, and resolves once the log is fsynced.
 * @module
 */
import { ArgumentError, ConflictError, StorageError, UnsupportedError } from '../errors.js';
import type { GraphSource, GraphWriter, Pacing, Script } from '../engine/index.js';
import { SchemaBuilder, SchemaCatalog } from '../storage/index.js';
import type { GraphMode, GraphStore, SchemaChange, SchemaOperations } from '../storage/index.js';
import type { GraphConfig } from './config.js';
import type { GraphChangeLog } from './durability.js';
import { encodeModes, MODES_SECTION } from './records.js';
import { RequestTransaction, WriteLock } from './request-transaction.js';
import type { GraphModes, ReadMode } from './records.js';
import { schemaOperations } from './schema-ops.js';
import { describeValue, optionalNumber, requireFunction, requireRecord } from './validate.js';

/**
 * Everything a Graph is built from; made by the Database.
 *
 * @example
 * ```ts
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
 * const services: GraphServices = { parseScript };
 * ```
 */
export interface GraphServices {
  readonly parseScript?: (text: string, options?: { readonly bindings?: ReadonlyMap<string, unknown>; readonly variables?: Iterable<string> }) => Script;
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
  #limits: QueryLimits;
  private readonly sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly unsynced = new Set<Promise<void>>();
  /** Held by a `graph.gremlin()` request from its first write to its end. */
  private readonly writeLock = new WriteLock();

  /**
   * Built by {@link Database}; use `db.createGraph` or `db.graph` instead.
   *
   * @example
   * ```ts
   * const graph = new GraphCore({ name: 'g', config, store, modes: { mode: 'NONE', readMode: 'OLTP_ONLY' } });
   * ```
   */
  constructor(parts: GraphParts) {
    this.name = parts.name;
    this.config = parts.config;
    this.store = parts.store;
    this.modes = parts.modes;
    this.log = parts.log;
    this.services = parts.services ?? {};
    this.ioBase = parts.ioBase;
    this.#limits = parts.limits ?? {};
    this.log?.attach(() => {
      const sections = this.store.encodeSnapshot();
      sections.set(MODES_SECTION, encodeModes(this.modes));
      return sections;
    });
    const period = parts.ttlSweepMs ?? 60_000;
    if (period > 0) {
      this.sweepTimer = setInterval(() => {
        this.expire().catch(() => undefined);
      }, period);
      this.sweepTimer.unref();
    }
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
   * Read access to the graph for the engine and algorithms.
   *
   * @example
   * ```ts
   * const count = graph.source().vertexCount('person');
   * ```
   */
  source(): GraphSource {
    this.checkOpen();
    return this.store;
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
  schemaOperations(): SchemaOperations {
    this.checkOpen();
    return schemaOperations((mutate) => this.changeSchema(mutate));
  }

  /**
   * Runs `fn` as one atomic batch: either all of its changes commit or none do. Resolves with
   * `fn`'s result once the batch is durable (fsynced in the WAL for a durable graph).
   *
   * @example
   * ```ts
   * const slot = await graph.write((w) => w.addVertex('person', { properties: [['name', 'marko']] }));
   * ```
   */
  async write<T>(fn: (writer: GraphWriter) => T): Promise<T> {
    this.checkOpen();
    requireFunction(fn, 'write function');
    await this.passGates();
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
    await Promise.all([...this.unsynced]);
  }

  /**
   * The context the engine runs traversals in: this graph's store as the source,
   * {@link Graph.writeNow} as the write path, and `settled`, which resolves once every write
   * made through this context is durable (or rejects with its failed append).
   *
   * @example
   * ```ts
   * const context = graph.executionContext({ deadline: Date.now() + 30_000 });
   * const results = [...execute(plan, context)];
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
    const timeoutMs = this.#limits.timeoutMs;
    const deadline = options.deadline ?? (timeoutMs === undefined || timeoutMs === 0 ? undefined : Date.now() + timeoutMs);
    return {
      source: this.store,
      write,
      settled,
      signal: options.signal,
      deadline,
      ioBase: options.ioBase ?? this.ioBase,
      memoryLimit: options.memoryLimit ?? this.#limits.memoryLimit,
      pacing: options.pacing,
    };
  }

  /** The limits this graph's queries run under when a call gives none. */
  get queryLimits(): QueryLimits {
    return this.#limits;
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
    this.#limits = checkQueryLimits(limits, 'query limits');
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
    if (this.closed) return;
    this.closed = true;
    if (this.sweepTimer !== undefined) clearInterval(this.sweepTimer);
    await Promise.allSettled([...this.unsynced]);
    if (this.log !== undefined) await this.log.close();
  }

  protected checkOpen(): void {
    if (this.closed) throw new StorageError('GRAPH_CLOSED', `Cannot use graph '${this.name}': it is closed`);
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
    this.unsynced.add(appended);
    const settle = (): void => {
      this.unsynced.delete(appended);
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
      lock: this.writeLock,
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
  private async passGates(): Promise<void> {
    while (this.log?.gate !== undefined || this.writeLock.held) {
      await this.passGate();
      await this.writeLock.pass();
    }
  }

  private async changeSchema<R extends { readonly change?: SchemaChange }>(mutate: (catalog: SchemaCatalog) => R, tx?: RequestTransaction): Promise<R> {
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
      this.store.applySchemaChange(out.change);
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
