/**
 * The columnar graph store of one graph: GraphSource for reads, atomic batches of GraphWriter
 * calls for writes, deterministic replay of batch logs, schema changes with their data effects,
 * TTL expiry and columnar snapshots.
 * @module
 */
import { ArgumentError, ConflictError, StorageError } from '../errors.js';
import type { GraphWriter, ReadView } from '../port/index.js';
import { Snowflake } from './ids/index.js';
import { SchemaCatalog } from './schema/catalog.js';
import type { SchemaChange } from './schema/specs.js';
import type { IndexLabelRecord } from './schema/schema-types.js';
import { ElementIndex } from './indexes/index.js';
import type { GraphMode } from './schema/schema-types.js';
import { replayLog } from './store/replay.js';
import { EpochReader } from './store/epoch-reader.js';
import { StoreReader } from './store/store-reader.js';
import { decodeState, encodeStateParts } from './store/store-snapshot.js';
import { StoreState } from './store/store-state.js';
import { StoreWriter, type StoreConfig } from './store/store-writer.js';

export type { StoreConfig } from './store/store-writer.js';

/**
 * Options of a {@link GraphStore}.
 *
 * @example
 * ```ts
 * const options: GraphStoreOptions = { config: { autoCreate: false, vertexTxCapacity: 10000, edgeTxCapacity: 10000, checkCustomizedIdExist: false }, mode: () => 'NONE' };
 * ```
 */
export interface GraphStoreOptions {
  readonly config: StoreConfig;
  readonly mode: () => GraphMode;
  /** Clock in epoch ms, for TTL; default Date.now. */
  readonly now?: () => number;
}

/**
 * A capture of a store for a snapshot ({@link GraphStore.captureSnapshot}): its sections as
 * parts, whether they still hold the captured state, and the end of the capture.
 *
 * @example
 * ```ts
 * const capture = store.captureSnapshot();
 * capture.intact; // true until the store changes
 * capture.release();
 * ```
 */
export interface StoreCapture {
  /** Section name to parts; a section's bytes are its parts concatenated. */
  readonly sections: Map<string, Uint8Array[]>;
  /** False once the store has changed since the capture (never for a copied one). */
  readonly intact: boolean;
  /** Ends the capture: the store stops telling it about changes. */
  release(): void;
}

/**
 * The columnar store of one graph.
 *
 * @example
 * ```ts
 * const store = new GraphStore(catalog, { config, mode: () => 'NONE' });
 * const { result: marko } = store.batch((w) => w.addVertex('person', { properties: [['name', 'marko']] }));
 * store.vertexProperties(marko);
 * ```
 */
export class GraphStore extends StoreReader {
  private readonly options: GraphStoreOptions;
  private readonly snowflake = new Snowflake();
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
   *
   * @example
   * ```ts
   * store.openTransaction({ log: true });
   * store.transactionBatch((w) => w.addVertex('person'));
   * const log = store.commitTransaction();
   * ```
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
   *
   * @example
   * ```ts
   * store.readsCommitted(); // true
   * store.openTransaction();
   * store.readsCommitted(); // false
   * ```
   */
  readsCommitted(): boolean {
    return !this.inTransaction;
  }

  /**
   * Opens a read view of the store as of now: later batches do not change what it reads, and
   * the history kept for it is dropped when it is released.
   *
   * @example
   * ```ts
   * const view = store.openReadView();
   * const before = view.source.vertexCount();
   * store.batch((w) => w.addVertex('person'));
   * view.source.vertexCount() === before; // true
   * view.release();
   * ```
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
   *
   * @example
   * ```ts
   * store.openTransaction();
   * store.transactionBatch((w) => w.addVertex('person'));
   * store.openOwnReadView().source.vertexCount() === store.openReadView().source.vertexCount() + 1; // true
   * ```
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
      switch (change.op) {
        case 'removeVertexLabel': {
          const label = this.catalog.vertexLabel(change.name);
          if (label !== undefined) for (const v of [...this.liveVertices(label.id)]) s.removeVertex(v);
          break;
        }
        case 'removeEdgeLabel': {
          const label = this.catalog.edgeLabel(change.name);
          if (label === undefined) break;
          for (let e = 0; e < s.edges.size; e++) if (s.edges.label[e] === label.id && s.edges.alive.get(e)) s.removeEdge(e);
          s.adjacency.delete(label.id);
          s.edges.pairs.delete(label.id);
          s.edges.tables.delete(label.id);
          break;
        }
        default:
          break;
      }
      s.commit();
    } finally {
      this.inBatch = false;
    }
    const built = change.op === 'createIndexLabel' && options.deferIndexBuild !== true && options.refuseConflicts === true ? this.filledIndex(change.record) : undefined;
    const before = new Set(this.catalog.indexLabels().map((i) => i.name));
    this.catalog.apply(change);
    const after = new Set(this.catalog.indexLabels().map((i) => i.name));
    for (const name of before) {
      if (after.has(name)) continue;
      s.indexes.delete(name);
      this.forgetBuild(name);
      s.invalidIndexes.delete(name);
    }
    for (const name of after) {
      if (before.has(name)) continue;
      if (options.deferIndexBuild === true) this.startIndexBuild(name);
      else if (built !== undefined && built.record.name === name) s.indexes.set(name, built);
      else this.buildIndex(name);
    }
    if (change.op === 'removePropertyKey') this.dropUnknownColumns();
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
   *
   * @example
   * ```ts
   * const capture = store.captureSnapshot();
   * const kept = await writeSnapshot(dir, { lsn, sections: capture.sections }, () => capture.intact);
   * capture.release();
   * ```
   */
  captureSnapshot(options: { readonly copy?: boolean } = {}): StoreCapture {
    const copy = options.copy === true;
    this.state.mergeAdjacency('tombstoned');
    const sections = encodeStateParts(this.state, { copy });
    let intact = true;
    const watch = (): void => {
      intact = false;
    };
    if (!copy) this.captures.add(watch);
    return {
      sections,
      get intact(): boolean {
        return intact;
      },
      release: () => {
        this.captures.delete(watch);
      },
    };
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
    const s = this.state;
    const vt = s.vertices;
    const tableBytes = (t: { rows: Int32Array; insertedAt: Float64Array | undefined; columns: ReadonlyMap<number, { raw(): { data?: { byteLength: number }; present: Uint32Array } }> }): number =>
      t.rows.byteLength + (t.insertedAt?.byteLength ?? 0) + [...t.columns.values()].reduce((n, c) => n + (c.raw().data?.byteLength ?? 0) + c.raw().present.byteLength, 0);
    let vertexBytes = vt.labelOf.byteLength + vt.rowOf.byteLength + vt.idKind.byteLength + vt.idNumber.byteLength + vt.alive.toWords().byteLength;
    for (const t of s.vertexTables.values()) vertexBytes += tableBytes(t);
    const et = s.edges;
    let edgeBytes = et.label.byteLength + et.out.byteLength + et.in.byteLength + et.alive.toWords().byteLength + (et.rowOf?.byteLength ?? 0);
    for (const t of et.tables.values()) edgeBytes += tableBytes(t);
    for (const a of s.adjacency.values()) edgeBytes += a.out.byteLength() + a.in.byteLength();
    for (const f of et.pairs.values()) edgeBytes += f.byteLength();
    return { vertexBytes, edgeBytes };
  }

  /**
   * Rebuilds a store from {@link encodeSnapshot} sections. Pass the graph's
   * `schema.illegal_name_regex` as `illegalNameRegex` so the rebuilt catalog checks names as
   * the original did.
   *
   * @example
   * ```ts
   * const copy = GraphStore.decodeSnapshot(store.encodeSnapshot(), { config, mode: () => 'NONE', illegalNameRegex: '~.*' });
   * ```
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
    });
    const store = new GraphStore(catalog, options);
    decodeState(store.state, sections);
    for (const i of catalog.indexLabels()) store.buildIndex(i.name);
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

  private *liveVertices(labelId: number): Iterable<number> {
    const t = this.state.vertexTables.get(labelId);
    if (t === undefined) return;
    for (let r = 0; r < t.rowCount; r++) if (this.state.vertices.alive.get(t.rows[r]!)) yield t.rows[r]!;
  }

  /**
   * Empties an index label's index and marks it as building: lookups leave it out (they answer
   * as if it did not exist) until {@link GraphStore.indexBuildStep} has visited every slot, while
   * writes keep its entries up to date as usual. With `rebuild`, the build reads as REBUILDING
   * (a build that had not finished keeps reading CREATING). False when there is no such index label.
   */
  startIndexBuild(name: string, options: { readonly rebuild?: boolean } = {}): boolean {
    const s = this.state;
    if (this.catalog.indexLabel(name) === undefined) return false;
    const creating = s.buildingIndexes.has(name) && !s.rebuildingIndexes.has(name);
    s.indexes.delete(name);
    s.invalidIndexes.delete(name);
    s.index(name);
    s.buildingIndexes.set(name, 0);
    if (options.rebuild === true && !creating) s.rebuildingIndexes.add(name);
    else s.rebuildingIndexes.delete(name);
    return true;
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
    const s = this.state;
    const from = s.buildingIndexes.get(name);
    const record = this.catalog.indexLabel(name);
    if (from === undefined || record === undefined) return { done: 0, total: 0, finished: true };
    const total = record.baseType === 'VERTEX_LABEL' ? s.vertices.size : s.edges.size;
    const end = Math.min(total, from + Math.max(1, budget));
    try {
      this.fill(s.index(name), from, end);
    } catch (error) {
      this.forgetBuild(name);
      s.indexes.delete(name);
      s.invalidIndexes.add(name);
      throw error;
    }
    if (end < total) s.buildingIndexes.set(name, end);
    else this.forgetBuild(name);
    return { done: end, total, finished: end >= total };
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
    const s = this.state;
    if (s.invalidIndexes.has(name)) return 'INVALID';
    if (!s.buildingIndexes.has(name)) return undefined;
    return s.rebuildingIndexes.has(name) ? 'REBUILDING' : 'CREATING';
  }

  private forgetBuild(name: string): void {
    this.state.buildingIndexes.delete(name);
    this.state.rebuildingIndexes.delete(name);
  }

  /** Adds the live elements of slots [from, end) of `idx`'s base label, checking UNIQUE conflicts first. */
  private fill(idx: ElementIndex, from: number, end: number): void {
    const s = this.state;
    const record = idx.record;
    const vertex = record.baseType === 'VERTEX_LABEL';
    const labelId = (vertex ? this.catalog.vertexLabel(record.baseValue) : this.catalog.edgeLabel(record.baseValue))?.id;
    if (labelId === undefined) return;
    for (let slot = from; slot < end; slot++) {
      const live = vertex ? s.vertices.labelOf[slot] === labelId && s.vertices.alive.get(slot) : s.edges.label[slot] === labelId && s.edges.alive.get(slot);
      if (!live) continue;
      const values = s.fieldValues(vertex ? 'vertex' : 'edge', slot, record.fields);
      idx.check(slot, values);
      idx.add(slot, values);
    }
  }

  /** A complete index for `record` over the stored elements; throws ConflictError `UNIQUE_CONFLICT` on a UNIQUE conflict. */
  private filledIndex(record: IndexLabelRecord): ElementIndex {
    const idx = new ElementIndex(record);
    this.fill(idx, 0, record.baseType === 'VERTEX_LABEL' ? this.state.vertices.size : this.state.edges.size);
    return idx;
  }

  /** Builds an index label's index at once; a UNIQUE conflict leaves it INVALID (replay must not fail). */
  private buildIndex(name: string): void {
    const s = this.state;
    const record = this.catalog.indexLabel(name);
    if (record === undefined) return;
    this.forgetBuild(name);
    s.indexes.delete(name);
    s.invalidIndexes.delete(name);
    try {
      s.indexes.set(name, this.filledIndex(record));
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      s.invalidIndexes.add(name);
    }
  }

  private dropUnknownColumns(): void {
    const s = this.state;
    for (const t of [...s.vertexTables.values(), ...s.edges.tables.values()]) {
      for (const keyId of [...t.columns.keys()]) if (this.catalog.propertyKeyById(keyId) === undefined) t.columns.delete(keyId);
    }
  }
}
