/**
 * The columnar graph store of one graph: GraphSource for reads, atomic batches of GraphWriter
 * calls for writes, deterministic replay of batch logs, schema changes with their data effects,
 * TTL expiry and columnar snapshots.
 * @module
 */
import { ArgumentError, StorageError } from '../errors.js';
import type { GraphWriter, ReadView } from '../port/index.js';
import { Snowflake } from './ids/index.js';
import { SchemaCatalog } from './schema/catalog.js';
import type { SchemaChange } from './schema/specs.js';
import type { GraphMode } from './schema/schema-types.js';
import { replayLog } from './store/replay.js';
import { applyToCatalog, buildIndex, indexBuildStep, indexStatus, removeLabelData, startIndexBuild } from './store/schema-effects.js';
import { EpochReader } from './store/epoch-reader.js';
import { StoreReader } from './store/store-reader.js';
import { captureState, decodeState, encodeStateParts, type StoreCapture } from './store/store-snapshot.js';
import { StoreState } from './store/store-state.js';
import { StoreWriter, type StoreConfig } from './store/store-writer.js';

export type { StoreConfig } from './store/store-writer.js';
export type { StoreCapture } from './store/store-snapshot.js';

/**
 * Options of a {@link GraphStore}.
 */
export interface GraphStoreOptions {
  readonly config: StoreConfig;
  readonly mode: () => GraphMode;
  /** Whether vertex reads show OLAP keys (the graph's read mode is ALL); default always. */
  readonly olapVisible?: () => boolean;
  /** Clock in epoch ms, for TTL; default Date.now. */
  readonly now?: () => number;
  /** Source of AUTOMATIC vertex ids; default a {@link Snowflake} generator on the wall clock. */
  readonly nextId?: () => bigint;
}

/**
 * The columnar store of one graph.
 */
export class GraphStore extends StoreReader {
  private readonly options: GraphStoreOptions;
  private readonly snowflake: Pick<Snowflake, 'next'>;
  private inBatch = false;
  /** Watches of captures whose views are still out, each told once when the store changes. */
  private readonly captures = new Set<() => void>();
  private inTransaction = false;
  /** The state before the open transaction's first change, which other queries read meanwhile. */
  private transactionBase: EpochReader | undefined;

  constructor(
    readonly catalog: SchemaCatalog,
    options: GraphStoreOptions,
  ) {
    const now = options.now ?? Date.now;
    super(new StoreState(catalog), now);
    this.options = { ...options, now };
    this.snowflake = options.nextId === undefined ? new Snowflake() : { next: options.nextId };
    if (options.olapVisible !== undefined) this.state.showOlap = options.olapVisible;
  }

  /**
   * Slots of the live vertices holding a value of `key`, in label-table order, whatever the
   * read mode hides: what a computation job clears before it writes its OLAP key anew.
   */
  vertexSlotsWithKey(key: string): number[] {
    const k = this.catalog.propertyKey(key);
    const slots: number[] = [];
    if (k === undefined) return slots;
    for (const table of this.state.vertexTables.values()) {
      const column = table.columns.get(k.id);
      if (column === undefined) continue;
      for (let row = 0; row < table.rowCount; row++) {
        const slot = table.rows[row]!;
        if (column.has(row) && this.vertexVisible(slot)) slots.push(slot);
      }
    }
    return slots;
  }

  /**
   * Runs `fn` as one atomic batch: on a throw every change is undone and the error rethrown;
   * otherwise the changes commit and `log` encodes them for {@link replay} (undefined when
   * nothing changed). `fn` must be synchronous. With `log: false` (a store without a WAL) no
   * log is encoded and `log` is always undefined.
   */
  batch<T>(fn: (w: GraphWriter) => T, options: { readonly log?: boolean } = {}): { result: T; log: Uint8Array | undefined } {
    this.enter();
    const writer = this.writer();
    this.state.begin(options.log ?? true);
    let result: T;
    try {
      result = fn(writer);
      if (result instanceof Promise) {
        throw new ArgumentError('ASYNC_BATCH', 'Cannot run batch: the batch function must be synchronous');
      }
    } catch (error) {
      this.state.rollback();
      throw error;
    } finally {
      writer.close();
      this.inBatch = false;
    }
    return { result, log: this.state.commit() };
  }

  /**
   * Opens a transaction: until {@link commitTransaction} or {@link rollbackTransaction}, the
   * batches run by {@link transactionBatch} share one undo log and one batch log, and any other
   * batch, replay, schema change or expiry is refused with NESTED_BATCH. Read views opened
   * after a transaction batch see its changes. A failing transaction batch rolls the whole
   * transaction back. The caller keeps snapshots out while it is open.
   */
  openTransaction(options: { readonly log?: boolean } = {}): void {
    this.enter();
    this.inTransaction = true;
    this.transactionBase = new EpochReader(this.state, this.options.now!());
    this.state.begin(options.log ?? true);
  }

  /** Whether a transaction is open. */
  get transactionOpen(): boolean {
    return this.inTransaction;
  }

  /** Runs `fn` (synchronous) as one batch of the open transaction; on a throw the whole transaction is rolled back. */
  transactionBatch<T>(fn: (w: GraphWriter) => T): T {
    if (!this.inTransaction) throw new ArgumentError('NO_TRANSACTION', 'Cannot run a transaction batch: no transaction is open');
    this.changing();
    const writer = this.writer();
    try {
      const result = fn(writer);
      if (result instanceof Promise) throw new ArgumentError('ASYNC_BATCH', 'Cannot run batch: the batch function must be synchronous');
      this.state.step();
      return result;
    } catch (error) {
      this.rollbackTransaction();
      throw error;
    } finally {
      writer.close();
    }
  }

  /** Commits the open transaction and returns its batch log (undefined when nothing changed or it logs nothing). */
  commitTransaction(): Uint8Array | undefined {
    if (!this.inTransaction) return undefined;
    this.inTransaction = false;
    this.inBatch = false;
    const log = this.state.commit();
    this.releaseTransactionBase();
    return log;
  }

  /** Undoes every change of the open transaction, newest first (a no-op when none is open). */
  rollbackTransaction(): void {
    if (!this.inTransaction) return;
    this.changing();
    this.inTransaction = false;
    this.inBatch = false;
    this.state.rollback();
    this.releaseTransactionBase();
  }

  private releaseTransactionBase(): void {
    this.transactionBase?.release();
    this.transactionBase = undefined;
  }

  /**
   * True when no transaction is open, so the live store reads what {@link openReadView} would
   * (a synchronous read may skip the view).
   */
  readsCommitted(): boolean {
    return !this.inTransaction;
  }

  /**
   * Opens a read view of the store as of now: later batches do not change what it reads, and
   * the history kept for it is dropped when it is released.
   */
  openReadView(): ReadView {
    const now = this.options.now!();
    return this.transactionBase?.share(now) ?? new EpochReader(this.state, now);
  }

  /**
   * Opens a read view of the store as it is now, uncommitted changes of the open transaction
   * included: the view the transaction's own queries read through, so that they see its earlier
   * writes. Every other query gets {@link openReadView}, which during a transaction is the state
   * before it.
   */
  openOwnReadView(): ReadView {
    return new EpochReader(this.state, this.options.now!());
  }

  /** Re-applies a batch log produced by {@link batch} on the state that preceded it. */
  replay(log: Uint8Array): void {
    this.enter();
    this.state.begin();
    try {
      replayLog(this.state, log);
    } catch (error) {
      this.state.rollback();
      throw error;
    } finally {
      this.inBatch = false;
    }
    this.state.commit();
  }

  /**
   * Applies a schema change and its data effects (label removal, index build or drop). With
   * `deferIndexBuild`, a new index label's index starts empty and is built by
   * {@link GraphStore.indexBuildStep} calls instead of at once. With `refuseConflicts`, a new
   * UNIQUE index label that the stored data already breaks is refused with ConflictError
   * `UNIQUE_CONFLICT` before anything changes; without it (replay) such an index is left INVALID.
   */
  applySchemaChange(change: SchemaChange, options: { readonly deferIndexBuild?: boolean; readonly refuseConflicts?: boolean } = {}): void {
    this.enter();
    const s = this.state;
    s.begin();
    try {
      removeLabelData(s, change);
      s.commit();
    } finally {
      this.inBatch = false;
    }
    applyToCatalog(s, change, options);
  }

  /** Physically removes elements expired at `now`; returns how many were removed. */
  expire(now: number): number {
    this.enter();
    const s = this.state;
    let removed = 0;
    s.begin();
    try {
      for (let e = 0; e < s.edges.size; e++) {
        const label = s.edges.alive.get(e) ? this.catalog.edgeLabelById(s.edges.label[e]!) : undefined;
        if (label !== undefined && label.ttl > 0 && this.expiryOf('edge', e, label) <= now) {
          s.removeEdge(e);
          removed++;
        }
      }
      for (let v = 0; v < s.vertices.size; v++) {
        const label = s.vertices.alive.get(v) ? this.catalog.vertexLabelById(s.vertices.labelOf[v]!) : undefined;
        if (label !== undefined && label.ttl > 0 && this.expiryOf('vertex', v, label) <= now) {
          s.removeVertex(v);
          removed++;
        }
      }
      s.commit();
    } finally {
      this.inBatch = false;
    }
    return removed;
  }

  /** Merges every adjacency write buffer into its CSR and trims the edge table. */
  compact(): void {
    this.changing();
    this.state.mergeAdjacency('all');
    this.state.edges.trim();
  }

  /**
   * Captures the store for a snapshot, in the time it takes to encode the small structures (and
   * to merge the adjacencies that hold dead entries; buffered entries are stored as they are):
   * large typed arrays are not copied but handed out as views (with `copy`, as copies). Views
   * hold the captured state only until the store next changes; from then on the capture reads
   * `intact === false`, and bytes written from it may mix states. Writers that can wait should
   * be held back until the capture is written and released; a writer that cannot wait makes the
   * capture unusable, never the store.
   */
  captureSnapshot(options: { readonly copy?: boolean } = {}): StoreCapture {
    return captureState(this.state, { copy: options.copy === true, watches: this.captures });
  }

  /** Encodes the store as named columnar sections (the catalog included), each one buffer. */
  encodeSnapshot(): Map<string, Uint8Array> {
    this.compact();
    const sections = new Map<string, Uint8Array>();
    for (const [name, parts] of encodeStateParts(this.state, { copy: false })) sections.set(name, Buffer.concat(parts));
    return sections;
  }

  /**
   * Bytes held by the typed arrays of vertices and of edges (adjacency and SINGLE-label hashes
   * included), the figure behind the bytes-per-edge target. JS maps (ids, side values,
   * dictionaries, property indexes) are not counted.
   */
  footprint(): { vertexBytes: number; edgeBytes: number } {
    return this.state.footprint();
  }

  /**
   * Rebuilds a store from {@link encodeSnapshot} sections. Pass the graph's
   * `schema.illegal_name_regex` as `illegalNameRegex` so the rebuilt catalog checks names as
   * the original did.
   */
  static decodeSnapshot(
    sections: ReadonlyMap<string, Uint8Array>,
    options: GraphStoreOptions & { readonly catalogMode?: () => GraphMode; readonly illegalNameRegex?: string },
  ): GraphStore {
    const schema = sections.get('schema');
    if (schema === undefined) throw new StorageError('SNAPSHOT_SECTION', "Cannot decode snapshot: section 'schema' is missing");
    const catalog = SchemaCatalog.fromJSON(JSON.parse(new TextDecoder().decode(schema)), {
      mode: options.catalogMode ?? options.mode,
      illegalNameRegex: options.illegalNameRegex,
      ...(options.now === undefined ? {} : { now: options.now }),
    });
    const store = new GraphStore(catalog, options);
    decodeState(store.state, sections);
    for (const i of catalog.indexLabels()) buildIndex(store.state, i.name);
    return store;
  }

  private writer(): StoreWriter {
    return new StoreWriter(this.state, { config: this.options.config, mode: this.options.mode, now: this.options.now!, snowflake: this.snowflake });
  }

  /** Tells the captures handed out by {@link captureSnapshot} that the store is about to change. */
  private changing(): void {
    if (this.captures.size === 0) return;
    for (const watch of this.captures) watch();
    this.captures.clear();
  }

  private enter(): void {
    this.changing();
    if (this.inBatch) throw new ArgumentError('NESTED_BATCH', 'Cannot start a batch: another batch is running on this store');
    this.inBatch = true;
  }

  /**
   * Empties an index label's index and marks it as building: lookups leave it out (they answer
   * as if it did not exist) until {@link GraphStore.indexBuildStep} has visited every slot, while
   * writes keep its entries up to date as usual. With `rebuild`, the build reads as REBUILDING
   * (a build that had not finished keeps reading CREATING). False when there is no such index label.
   */
  startIndexBuild(name: string, options: { readonly rebuild?: boolean } = {}): boolean {
    return startIndexBuild(this.state, name, options);
  }

  /**
   * Indexes the elements of up to `budget` slots of a building index, from where the last step
   * stopped. `done` and `total` count slots; once `finished`, lookups use the index. Adding an
   * element's entries again is harmless, so elements written meanwhile (kept by the writes)
   * stay right. A UNIQUE conflict (two elements with the same values, whether stored before
   * the build or written during it) throws ConflictError `UNIQUE_CONFLICT` and leaves the
   * index INVALID: emptied, ignored by writes and lookups until a rebuild finishes.
   */
  indexBuildStep(name: string, budget: number): { readonly done: number; readonly total: number; readonly finished: boolean } {
    return indexBuildStep(this.state, name, budget);
  }

  /** True while an index label's index is being built in steps. */
  indexBuilding(name: string): boolean {
    return this.state.buildingIndexes.has(name);
  }

  /**
   * The status an index label's index reads while it is not simply CREATED: CREATING or
   * REBUILDING during a build, INVALID after a failed one; undefined otherwise.
   */
  indexStatus(name: string): 'CREATING' | 'REBUILDING' | 'INVALID' | undefined {
    return indexStatus(this.state, name);
  }
}
