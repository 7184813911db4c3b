/**
 * The graph registry: an in-memory database, or a directory with one sub-directory per graph
 * (`<path>/graphs/<name>/` holding `config.json`, `wal/` and `snapshots/`) and a lock.
 * @module
 */
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ArgumentError, ConflictError, NotFoundError, StorageError } from '../errors.js';
import { GraphStore, lockDirectory, replaceFileDurably, SchemaCatalog, syncDirectory } from '../storage/index.js';
import { prepareDirectory } from './durability/data-dir.js';
import type { GraphMode } from '../storage/index.js';
import { readGraphConfig, resolveGraphConfig, validateGraphName } from './graph/config.js';
import type { GraphConfig, GraphConfigInput } from './graph/config.js';
import { GraphLog } from './durability/durability.js';
import type { GraphRecovery } from './durability/durability.js';
import type { DamageNote } from '../storage/index.js';
import { Graph } from './graph/graph.js';
import { checkQueryLimits } from './graph/graph-state.js';
import type { GraphServices, QueryLimits } from './graph/graph-state.js';
import { applyRecord, storeConfigOf } from './durability/store-setup.js';
import { decodeVariables, VARIABLES_SECTION } from './durability/records.js';
import type { ReadMode } from './durability/records.js';
import { describeValue, optionalNumber, requireRecord, requireText } from './graph/validate.js';

/**
 * Options of {@link open}.
 *
 * @example
 * ```ts
 * const options: OpenOptions = { path: './data', snapshotEveryBytes: 64 * 1024 * 1024 };
 * ```
 */
export interface OpenOptions {
  /** Directory of a durable database; omit for a pure in-memory one. */
  readonly path?: string;
  /** Write a background snapshot of a graph after this many bytes of its WAL (default 64 MiB). */
  readonly snapshotEveryBytes?: number;
  /** Period of the TTL sweep in milliseconds (default 60000; 0 turns the timer off). */
  readonly ttlSweepMs?: number;
  /** Size of a WAL segment file in bytes (default 64 MiB); the log is truncated segment by segment. */
  readonly walSegmentBytes?: number;
  /** Directory Gremlin's io() step may read graph files from; omit to give queries no file access (docs/io.md). */
  readonly ioBase?: string;
  /** Default time limit of every query in milliseconds (Gremlin text and fluent); omit or 0 for none. */
  readonly queryTimeoutMs?: number;
  /** Default memory limit of every query, in traversers, path nodes and collection entries; default from the heap size. */
  readonly queryMemoryLimit?: number;
  /** Called with each damage recovery found in files it did not need (default: none; `db.recovery` holds them too). */
  readonly onWarning?: (warning: RecoveryWarning) => void;
  /** Set by a cluster node (docs/cluster.md): the clock, ids and write admission of replicated changes. */
  readonly replication?: ReplicationHooks;
}

/**
 * What a cluster node gives every graph so that applying the same change on every node gives
 * the same state: the clock and the AUTOMATIC ids of the change being applied, and a check that
 * refuses a change that did not come through the replicated log. A graph opened with them
 * writes its local WAL without fsyncing it: the replicated log is the durable one, and a node
 * that did not stop cleanly rebuilds from it.
 *
 * @example
 * ```ts
 * const hooks: ReplicationHooks = { now: Date.now, nextId: () => 1n, admitWrite: () => undefined };
 * ```
 */
export interface ReplicationHooks {
  /** The time of the change being applied (TTL), in epoch milliseconds. */
  readonly now: () => number;
  /** The next AUTOMATIC vertex id of the change being applied. */
  readonly nextId: () => bigint;
  /** Throws unless the caller is applying a change of the replicated log. */
  readonly admitWrite: (graph: string) => void;
}

/**
 * Damage that opening a graph found in a snapshot or log file it did not need: nothing was
 * lost. Names the graph, the file, the bytes and the LSNs.
 *
 * @example
 * ```ts
 * const db = await open({ path: './data', onWarning: (w) => console.warn(`${w.graph}: ${w.file}: ${w.message}`) });
 * ```
 */
export interface RecoveryWarning extends DamageNote {
  readonly graph: string;
}

const DEFAULT_SNAPSHOT_BYTES = 64 * 1024 * 1024;
const GRAPHS = 'graphs';
const CONFIG = 'config.json';

function checkOpenOptions(options: OpenOptions): void {
  const given = requireRecord(options, 'open options');
  if (given.path !== undefined && (typeof given.path !== 'string' || given.path === '')) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid database path: expected a non-empty string but got ${describeValue(given.path)}`);
  }
  optionalNumber(given.snapshotEveryBytes, 'snapshotEveryBytes', { min: 1 });
  optionalNumber(given.ttlSweepMs, 'ttlSweepMs', { min: 0, max: 2 ** 31 - 1, integer: true });
  optionalNumber(given.walSegmentBytes, 'walSegmentBytes', { min: 1, integer: true });
  if (given.ioBase !== undefined && (typeof given.ioBase !== 'string' || given.ioBase === '')) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid ioBase: expected a non-empty directory path but got ${describeValue(given.ioBase)}`);
  }
  if (given.onWarning !== undefined && typeof given.onWarning !== 'function') {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid onWarning: expected a function but got ${describeValue(given.onWarning)}`);
  }
  checkQueryLimits({ timeoutMs: given.queryTimeoutMs, memoryLimit: given.queryMemoryLimit } as QueryLimits, 'open options');
}

/**
 * A set of named graphs, in memory or in a directory. Open it with {@link open}.
 *
 * @example
 * ```ts
 * const db = await open({ path: './data' });
 * const graph = db.graphs().length > 0 ? db.graph('hugegraph') : await db.createGraph('hugegraph');
 * await db.close();
 * ```
 */
export class Database {
  private readonly registry = new Map<string, Graph>();
  private readonly recovered = new Map<string, GraphRecovery>();
  private readonly creating = new Set<string>();
  private closed = false;

  private constructor(
    /** Absolute directory of a durable database, or undefined in memory. */
    readonly path: string | undefined,
    private readonly options: OpenOptions,
    private readonly lock: { release(): Promise<void> } | undefined,
    private readonly services: GraphServices,
  ) {}

  /**
   * What opening did for each durable graph, by name: the snapshot used, log records replayed,
   * torn-tail bytes cut and warnings about damage in files that were not needed. Empty in memory.
   *
   * @example
   * ```ts
   * for (const [name, r] of db.recovery) console.log(name, r.snapshot?.lsn, r.recordsReplayed, r.warnings.length);
   * ```
   */
  get recovery(): ReadonlyMap<string, GraphRecovery> {
    return this.recovered;
  }

  /**
   * Opens a database; prefer the public `open` function, which also wires in the Gremlin parser.
   *
   * @example
   * ```ts
   * declare const services: GraphServices; // what open() passes: the Gremlin-Groovy parser
   * const db = await Database.open({ path: './data' }, services);
   * ```
   */
  static async open(options: OpenOptions = {}, services: GraphServices = {}): Promise<Database> {
    checkOpenOptions(options);
    if (options.path === undefined) return new Database(undefined, options, undefined, services);
    const path = resolve(options.path);
    await prepareDirectory(path);
    await prepareDirectory(join(path, GRAPHS));
    const lock = await lockDirectory(path);
    const db = new Database(path, options, lock, services);
    try {
      for (const entry of (await readdir(join(path, GRAPHS), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
        if (!entry.isDirectory()) continue;
        if (entry.name.startsWith('.dropped-')) {
          await rm(join(path, GRAPHS, entry.name), { recursive: true, force: true });
          continue;
        }
        const config = await readGraphConfig(join(path, GRAPHS, entry.name), entry.name);
        if (config === undefined) continue;
        db.registry.set(entry.name, await db.loadGraph(entry.name, config));
      }
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  }

  /**
   * Creates a graph. Throws ConflictError `GRAPH_EXISTS` when the name is taken and
   * ArgumentError for a bad name or configuration.
   *
   * @example
   * ```ts
   * const graph = await db.createGraph('hugegraph', { 'schema.auto_create': true });
   * ```
   */
  async createGraph(name: string, config: GraphConfigInput = {}): Promise<Graph> {
    this.checkOpen();
    requireText(name, 'graph name');
    validateGraphName(name);
    if (this.registry.has(name) || this.creating.has(name)) throw new ConflictError('GRAPH_EXISTS', `Cannot create graph '${name}': it already exists`);
    const resolved = resolveGraphConfig(name, config);
    this.creating.add(name);
    try {
      const graph = await this.createGraphFiles(name, { config, resolved });
      this.registry.set(name, graph);
      return graph;
    } finally {
      this.creating.delete(name);
    }
  }

  private async createGraphFiles(name: string, configs: { readonly config: GraphConfigInput; readonly resolved: GraphConfig }): Promise<Graph> {
    const { config, resolved } = configs;
    if (this.path !== undefined) {
      const dir = join(this.path, GRAPHS, name);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      const text = `${JSON.stringify(config, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v), 2)}\n`;
      await replaceFileDurably(join(dir, CONFIG), (handle) => handle.writeFile(text));
      await syncDirectory(join(this.path, GRAPHS));
    }
    return this.loadGraph(name, resolved);
  }

  /**
   * Takes in a complete graph directory built elsewhere on the same file system (a restore
   * stages one in a database of its own and closes it): moves it to this database's graphs in
   * one rename and opens it. ConflictError `GRAPH_EXISTS` when the name is taken.
   *
   * @example
   * ```ts
   * declare const staged: string; // <staging>/graphs/hugegraph, its database closed
   * const graph = await db.adoptGraph('hugegraph', staged);
   * ```
   */
  async adoptGraph(name: string, directory: string): Promise<Graph> {
    this.checkOpen();
    validateGraphName(name);
    if (this.path === undefined) throw new StorageError('DATABASE_IN_MEMORY', `Cannot adopt graph '${name}': the database holds its graphs in memory`);
    if (this.registry.has(name) || this.creating.has(name)) throw new ConflictError('GRAPH_EXISTS', `Cannot adopt graph '${name}': it already exists`);
    const config = await readGraphConfig(directory, name);
    if (config === undefined) throw new StorageError('CONFIG_DAMAGED', `Cannot adopt graph '${name}': '${directory}' holds no graph configuration`);
    this.creating.add(name);
    try {
      const target = join(this.path, GRAPHS, name);
      await rename(directory, target);
      await syncDirectory(join(this.path, GRAPHS));
      const graph = await this.loadGraph(name, config);
      this.registry.set(name, graph);
      return graph;
    } finally {
      this.creating.delete(name);
    }
  }

  /**
   * The graph of this name. Throws NotFoundError `GRAPH_NOT_FOUND` when there is none.
   *
   * @example
   * ```ts
   * const graph = db.graph('hugegraph');
   * ```
   */
  graph(name: string): Graph {
    this.checkOpen();
    const graph = this.registry.get(requireText(name, 'graph name'));
    if (graph === undefined) throw new NotFoundError('GRAPH_NOT_FOUND', `Graph '${name}' does not exist`);
    return graph;
  }

  /**
   * True when a graph of this name exists.
   *
   * @example
   * ```ts
   * if (!db.hasGraph('hugegraph')) await db.createGraph('hugegraph');
   * ```
   */
  hasGraph(name: string): boolean {
    this.checkOpen();
    return this.registry.has(requireText(name, 'graph name'));
  }

  /**
   * All graphs, in name order.
   *
   * @example
   * ```ts
   * console.log(db.graphs().map((g) => g.name));
   * ```
   */
  graphs(): Graph[] {
    this.checkOpen();
    return [...this.registry.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Drops a graph with all its data. Throws NotFoundError `GRAPH_NOT_FOUND` when absent.
   *
   * @example
   * ```ts
   * await db.dropGraph('scratch');
   * ```
   */
  async dropGraph(name: string): Promise<void> {
    const graph = this.graph(name);
    this.registry.delete(name);
    await graph.close();
    if (this.path !== undefined) {
      const dir = join(this.path, GRAPHS, name);
      const doomed = join(this.path, GRAPHS, `.dropped-${name}-${Date.now()}`);
      await rename(dir, doomed);
      await syncDirectory(join(this.path, GRAPHS));
      await rm(doomed, { recursive: true, force: true });
    }
  }

  /**
   * Closes every graph (a durable graph writes a final snapshot) and releases the directory
   * lock. Further calls throw StorageError `DATABASE_CLOSED`.
   *
   * @example
   * ```ts
   * await db.close();
   * ```
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const graphs = [...this.registry.values()];
    this.registry.clear();
    const results = await Promise.allSettled(graphs.map((g) => g.close()));
    await this.lock?.release();
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }

  private checkOpen(): void {
    if (this.closed) throw new StorageError('DATABASE_CLOSED', 'Cannot use the database: it is closed');
  }

  private async loadGraph(name: string, config: GraphConfig): Promise<Graph> {
    const modes: { mode: GraphMode; readMode: ReadMode } = { mode: 'NONE', readMode: 'OLTP_ONLY' };
    const replication = this.options.replication;
    const storeOptions = {
      config: storeConfigOf(config),
      mode: () => modes.mode,
      olapVisible: () => modes.readMode === 'ALL',
      ...(replication === undefined ? {} : { now: replication.now, nextId: replication.nextId }),
    };
    const admitWrite = replication === undefined ? undefined : (): void => replication.admitWrite(name);
    const catalogOptions = { illegalNameRegex: config['schema.illegal_name_regex'], mode: () => modes.mode, ...(replication === undefined ? {} : { now: replication.now }) };
    const ttlSweepMs = this.options.ttlSweepMs;
    const services = this.services;
    const ioBase = this.options.ioBase === undefined ? undefined : resolve(this.options.ioBase);
    const limits: QueryLimits = { timeoutMs: this.options.queryTimeoutMs, memoryLimit: this.options.queryMemoryLimit };
    if (this.path === undefined) {
      return new Graph({ name, config, store: new GraphStore(new SchemaCatalog(catalogOptions), storeOptions), modes, ttlSweepMs, services, ioBase, limits, admitWrite });
    }
    const { log, recovered } = await GraphLog.open(join(this.path, GRAPHS, name), {
      snapshotEveryBytes: this.options.snapshotEveryBytes ?? DEFAULT_SNAPSHOT_BYTES,
      walSegmentBytes: this.options.walSegmentBytes,
      unsynced: replication !== undefined,
    });
    try {
      modes.mode = recovered.modes.mode;
      modes.readMode = recovered.modes.readMode;
      const store =
        recovered.sections === undefined
          ? new GraphStore(new SchemaCatalog(catalogOptions), storeOptions)
          : GraphStore.decodeSnapshot(recovered.sections, { ...storeOptions, illegalNameRegex: catalogOptions.illegalNameRegex });
      const variables = decodeVariables(recovered.sections?.get(VARIABLES_SECTION));
      let recordsReplayed = 0;
      for (const record of recovered.records) {
        applyRecord(store, { record, modes, variables });
        recordsReplayed++;
      }
      this.recovered.set(name, { ...recovered.report, recordsReplayed });
      for (const warning of recovered.report.warnings) this.options.onWarning?.({ ...warning, graph: name });
      return new Graph({ name, config, store, modes, variables, log, ttlSweepMs, services, ioBase, limits, admitWrite });
    } catch (error) {
      await log.abandon();
      throw error;
    }
  }
}
