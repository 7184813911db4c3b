/**
 * How a graph is administered ({@link GraphAdministration}, which {@link Graph} implements):
 * its schema and index builds, modes, query limits, TTL expiry, snapshots and closing.
 * @module
 */
import type { GraphMode } from '../../storage/index.js';
import type { ReadMode } from '../durability/records.js';
import type { QueryLimits } from './graph-state.js';
import type { IndexBuild } from './schema-admin.js';
import type { SchemaBuilder, SchemaOperations } from './schema/index.js';

/**
 * The administration of a graph: schema, index builds, modes, limits and durability.
 *
 * @example
 * ```ts
 * const admin: GraphAdministration = graph;
 * await admin.setReadMode('ALL');
 * ```
 */
export interface GraphAdministration {
  /** The graph mode: NONE, RESTORING, MERGING or LOADING (Part A §3). */
  readonly mode: GraphMode;

  /** The read mode: OLTP_ONLY or ALL. */
  readonly readMode: ReadMode;

  /** True for a graph kept in a directory (WAL + snapshots). */
  readonly durable: boolean;

  /**
   * The fluent schema builder, in the style of HugeGraph's Groovy schema API.
   *
   * @example
   * ```ts
   * await graph.schema().propertyKey('age').asInt().ifNotExist().create();
   * await graph.schema().indexLabel('personByAge').onV('person').by('age').range().create();
   * ```
   */
  schema(): SchemaBuilder;

  /**
   * The schema mutators taking whole specs (the REST layer's entry), each validated on a copy
   * of the catalog and made durable before it resolves, like {@link GraphAdministration.schema}'s builders.
   *
   * @example
   * ```ts
   * await graph.schemaOperations().createPropertyKey({ name: 'age', dataType: 'int' });
   * ```
   */
  schemaOperations(options?: { readonly deferIndexBuild?: boolean }): SchemaOperations;

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
  buildIndex(name: string, options?: IndexBuild): Promise<number>;

  /**
   * True while an index label's index is being built by {@link GraphAdministration.buildIndex} (its
   * status reads CREATING or REBUILDING over REST).
   *
   * @example
   * ```ts
   * if (graph.indexBuilding('byAge')) console.log('not used by queries yet');
   * ```
   */
  indexBuilding(name: string): boolean;

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
  indexStatus(name: string): 'CREATING' | 'REBUILDING' | 'INVALID' | undefined;

  /** The limits this graph's queries run under when a call gives none. */
  readonly queryLimits: QueryLimits;

  /**
   * Sets the limits this graph's queries run under when a call gives none (not persisted; the
   * defaults come from {@link OpenOptions}).
   *
   * @example
   * ```ts
   * graph.setQueryLimits({ timeoutMs: 5_000, memoryLimit: 2_000_000 });
   * ```
   */
  setQueryLimits(limits: QueryLimits): void;

  /**
   * Sets the graph mode; persisted with the graph.
   *
   * @example
   * ```ts
   * await graph.setMode('RESTORING');
   * ```
   */
  setMode(mode: GraphMode): Promise<void>;

  /**
   * Sets the read mode (OLTP_ONLY or ALL); persisted with the graph.
   *
   * @example
   * ```ts
   * await graph.setReadMode('ALL');
   * ```
   */
  setReadMode(readMode: ReadMode): Promise<void>;

  /**
   * Removes elements whose TTL has passed (also run by a timer). Resolves with the count.
   *
   * @example
   * ```ts
   * const removed = await graph.expire();
   * ```
   */
  expire(now?: number): Promise<number>;

  /**
   * Writes a snapshot now (durable graphs; a no-op in memory). Snapshots are also written in
   * the background after `snapshotEveryBytes` of WAL and on close.
   *
   * @example
   * ```ts
   * await graph.snapshot();
   * ```
   */
  snapshot(): Promise<void>;

  /**
   * Stops timers and, for a durable graph, writes a final snapshot and closes the WAL.
   * Called by `db.close()` and `db.dropGraph()`.
   *
   * @example
   * ```ts
   * await graph.close();
   * ```
   */
  close(): Promise<void>;
}
