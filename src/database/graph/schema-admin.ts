/**
 * Schema administration of a graph: the fluent builder, the whole-spec mutators of the REST
 * layer, the builder of a Gremlin request, and index builds. Every change is validated on a
 * scratch copy of the catalog, applied to the store and logged before it resolves.
 * @module
 */
import { NotFoundError, UnsupportedError } from '../../errors.js';
import { SchemaCatalog } from '../../storage/index.js';
import type { SchemaChange } from '../../storage/index.js';
import type { GraphHandle } from './graph-handle.js';
import type { GraphState } from './graph-state.js';
import type { RequestTransaction } from './request-transaction.js';
import { SchemaBuilder, schemaOperations } from './schema/index.js';
import type { SchemaCall, SchemaOperations } from './schema/index.js';
import { liveSchemaView, schemaViewOf } from './schema-view.js';
import type { SchemaView } from './schema-view.js';

/**
 * Options of an index build ({@link SchemaAdmin.buildIndex}).
 *
 * @example
 * ```ts
 * const options: IndexBuild = { chunk: 4096, progress: (done, total) => console.log(done, total) };
 * ```
 */
export interface IndexBuild {
  readonly restart?: boolean;
  readonly chunk?: number;
  readonly signal?: AbortSignal;
  readonly progress?: (done: number, total: number) => void;
}

/**
 * The schema administration of one graph handle: what the handle's policies let it see of the
 * schema, and the changes they let it make.
 */
export class SchemaAdmin {
  private readonly state: GraphState;

  constructor(private readonly handle: GraphHandle) {
    this.state = handle.state;
  }

  /** The fluent schema builder; its getters read the schema as the handle sees it. */
  builder(): SchemaBuilder {
    this.state.checkOpen();
    return new SchemaBuilder(schemaOperations((mutate, call) => this.change(mutate, { call })), this.liveView());
  }

  /** The schema as it is now, read-only and as the handle sees it: a snapshot shared until the schema changes. */
  view(): SchemaView {
    this.state.checkOpen();
    return this.handle.schemaView(schemaViewOf(this.state.store.catalog));
  }

  private liveView(): SchemaView {
    return this.handle.schemaView(liveSchemaView(this.state.store.catalog));
  }

  /** The whole-spec mutators; `deferIndexBuild` leaves a new index to {@link SchemaAdmin.buildIndex}. */
  operations(options: { readonly deferIndexBuild?: boolean } = {}): SchemaOperations {
    this.state.checkOpen();
    return schemaOperations((mutate, call) => this.change(mutate, { call, deferIndexBuild: options.deferIndexBuild === true }));
  }

  /**
   * The schema builder of a Gremlin request: it refuses changes while the request has
   * uncommitted writes, and does not wait for the write lock the request holds itself.
   */
  requestBuilder(tx: RequestTransaction): SchemaBuilder {
    this.state.checkOpen();
    return new SchemaBuilder(schemaOperations((mutate, call) => this.change(mutate, { call, tx })), this.liveView());
  }

  /**
   * Builds an index label's index in chunks, returning to the event loop between them; resolves
   * with the slots visited. Needs WRITE on the index label under a policy.
   */
  async buildIndex(name: string, options: IndexBuild = {}): Promise<number> {
    const { state } = this;
    state.checkOpen();
    const store = state.store;
    // An index label the handle's policies hide is missing to it.
    if (this.view().indexLabel(name) === undefined) throw new NotFoundError('SCHEMA_NOT_FOUND', `index label with name '${name}' does not exist`);
    this.handle.checkIndexBuild(name);
    if (options.restart === true) {
      await state.passGates();
      store.startIndexBuild(name, { rebuild: true });
    }
    let done = 0;
    while (store.indexBuilding(name)) {
      options.signal?.throwIfAborted();
      await state.passGates();
      const step = store.indexBuildStep(name, options.chunk ?? 1024);
      done = step.done;
      options.progress?.(step.done, step.total);
      if (!step.finished) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return done;
  }

  private cloneCatalog(): SchemaCatalog {
    const { state } = this;
    return SchemaCatalog.fromJSON(state.store.catalog.toJSON(), {
      illegalNameRegex: state.config['schema.illegal_name_regex'],
      mode: () => state.modes.mode,
      now: state.store.catalog.now,
    });
  }

  /**
   * Runs one schema operation: refused first when the handle's policies do not cover the call,
   * then validated on a scratch copy of the catalog (whose change is checked against the policies
   * too), applied to the store and logged.
   */
  private async change<R extends { readonly change?: SchemaChange }>(
    mutate: (catalog: SchemaCatalog) => R,
    how: { readonly call: SchemaCall; readonly tx?: RequestTransaction; readonly deferIndexBuild?: boolean },
  ): Promise<R> {
    const { state } = this;
    const { tx, deferIndexBuild = false } = how;
    state.checkWritable();
    this.handle.checkSchemaCall(how.call);
    tx?.checkPreempted();
    if (tx?.writing === true) {
      throw new UnsupportedError(
        'SCHEMA_IN_TRANSACTION',
        'Cannot change the schema in this Gremlin request: it has uncommitted writes, and schema changes are not rolled back; change the schema before the first write or after g.tx().commit()',
      );
    }
    if (tx?.holding === true) await state.passGate();
    else await state.passGates();
    const out = mutate(this.cloneCatalog());
    if (out.change !== undefined) {
      this.handle.checkSchemaChange(out.change);
      tx?.changedSchema();
      state.store.applySchemaChange(out.change, { deferIndexBuild, refuseConflicts: true });
      if (state.log !== undefined) await state.log.append({ type: 'schema', change: out.change });
    }
    return out;
  }
}
