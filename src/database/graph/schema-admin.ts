/**
 * Schema administration of a graph: the fluent builder, the whole-spec mutators of the REST
 * layer, the builder of a Gremlin request, and index builds. Every change is validated on a
 * scratch copy of the catalog, applied to the store and logged before it resolves.
 * @module
 */
import { NotFoundError, UnsupportedError } from '../../errors.js';
import { SchemaCatalog } from '../../storage/index.js';
import type { SchemaChange } from '../../storage/index.js';
import type { GraphState } from './graph-state.js';
import type { RequestTransaction } from './request-transaction.js';
import { SchemaBuilder, schemaOperations } from './schema/index.js';
import type { SchemaOperations } from './schema/index.js';
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
 * The schema administration of one graph.
 */
export class SchemaAdmin {
  constructor(private readonly state: GraphState) {}

  /** The fluent schema builder. */
  builder(): SchemaBuilder {
    this.state.checkOpen();
    return new SchemaBuilder(schemaOperations((mutate) => this.change(mutate)), liveSchemaView(this.state.store.catalog));
  }

  /** The schema as it is now, read-only: a snapshot shared until the schema changes. */
  view(): SchemaView {
    this.state.checkOpen();
    return schemaViewOf(this.state.store.catalog);
  }

  /** The whole-spec mutators; `deferIndexBuild` leaves a new index to {@link SchemaAdmin.buildIndex}. */
  operations(options: { readonly deferIndexBuild?: boolean } = {}): SchemaOperations {
    this.state.checkOpen();
    return schemaOperations((mutate) => this.change(mutate, undefined, options.deferIndexBuild === true));
  }

  /**
   * The schema builder of a Gremlin request: it refuses changes while the request has
   * uncommitted writes, and does not wait for the write lock the request holds itself.
   */
  requestBuilder(tx: RequestTransaction): SchemaBuilder {
    this.state.checkOpen();
    return new SchemaBuilder(schemaOperations((mutate) => this.change(mutate, tx)), liveSchemaView(this.state.store.catalog));
  }

  /** Builds an index label's index in chunks, returning to the event loop between them; resolves with the slots visited. */
  async buildIndex(name: string, options: IndexBuild = {}): Promise<number> {
    const { state } = this;
    state.checkOpen();
    const store = state.store;
    if (store.catalog.indexLabel(name) === undefined) throw new NotFoundError('SCHEMA_NOT_FOUND', `index label with name '${name}' does not exist`);
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
    });
  }

  private async change<R extends { readonly change?: SchemaChange }>(mutate: (catalog: SchemaCatalog) => R, tx?: RequestTransaction, deferIndexBuild = false): Promise<R> {
    const { state } = this;
    state.checkOpen();
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
      tx?.changedSchema();
      state.store.applySchemaChange(out.change, { deferIndexBuild, refuseConflicts: true });
      if (state.log !== undefined) await state.log.append({ type: 'schema', change: out.change });
    }
    return out;
  }
}
