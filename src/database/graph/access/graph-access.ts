/**
 * The access control of one graph handle made by `graph.withPolicy(policy)`: the policy,
 * compiled once, and the five places it applies. Reads go through {@link GraphAccess.decorate}
 * (the handle's source decorator), writes through {@link GraphAccess.writes} (the handle's write
 * guard), Gremlin asks {@link GraphAccess.requireExecute} first, the schema is read through
 * {@link GraphAccess.schemaView} and changed after {@link GraphAccess.checkSchemaChange}, and the
 * graph's variables ask {@link GraphAccess.requireVariables}.
 * @module
 */
import type { GraphSource, GraphWriter, SourceDecorator } from '../../../engine/index.js';
import type { SchemaChange } from '../../../storage/index.js';
import type { GraphPolicy } from '../access-policy.js';
import type { SchemaView } from '../schema-view.js';
import type { SchemaCall } from '../schema/index.js';
import { CompiledPolicy, isUnrestricted, permissionDenied } from './compiled-policy.js';
import { SchemaAccess } from './policy-schema.js';
import { readDecorator } from './policy-source.js';
import { PolicyWrites } from './policy-writes.js';

/**
 * One policy as a handle applies it.
 */
export class GraphAccess {
  /** The READ filter every read of the handle goes through; undefined when READ hides nothing. */
  readonly decorate: SourceDecorator | undefined;
  readonly #policy: CompiledPolicy;
  readonly #schema: SchemaAccess;

  private constructor(policy: CompiledPolicy, schema: SchemaView) {
    this.#policy = policy;
    this.#schema = new SchemaAccess(policy);
    this.decorate = readDecorator(policy, schema);
  }

  /**
   * The access of `policy` over a graph whose live schema is `schema`, checked (ArgumentError
   * for a malformed policy); undefined for an unrestricted one, which checks nothing.
   */
  static of(policy: GraphPolicy, schema: SchemaView): GraphAccess | undefined {
    const compiled = new CompiledPolicy(policy, schema);
    return isUnrestricted(policy) ? undefined : new GraphAccess(compiled, schema);
  }

  /**
   * The write check of one batch: `writer` is the batch's writer, `before` a read view of the
   * graph before the batch (or before the request's transaction). Call `finish()` on the
   * result when the batch function returns.
   */
  writes(writer: GraphWriter, before: GraphSource): PolicyWrites {
    return new PolicyWrites(writer, { before, policy: this.#policy });
  }

  /** PermissionError `PERMISSION_DENIED` unless the policy grants EXECUTE on GREMLIN. */
  requireExecute(): void {
    if (!this.#policy.covers('EXECUTE', { type: 'GREMLIN' })) throw permissionDenied('EXECUTE', { type: 'GREMLIN' });
  }

  /**
   * PermissionError `PERMISSION_DENIED` unless the policy grants `permission` on VAR, the graph's
   * variables (HugeGraph's VariablesProxy: READ to read, WRITE to set, DELETE to remove).
   */
  requireVariables(permission: 'READ' | 'WRITE' | 'DELETE'): void {
    if (!this.#policy.covers(permission, { type: 'VAR' })) throw permissionDenied(permission, { type: 'VAR' });
  }

  /** `view` as the policy shows it (see {@link SchemaAccess.view}). */
  schemaView(view: SchemaView): SchemaView {
    return this.#schema.view(view);
  }

  /** Refuses a schema operation the policy does not cover, before it runs (see {@link SchemaAccess.checkCall}). */
  checkSchemaCall(call: SchemaCall): void {
    this.#schema.checkCall(call);
  }

  /** Refuses a schema change the policy does not cover (see {@link SchemaAccess.check}). */
  checkSchemaChange(change: SchemaChange): void {
    this.#schema.check(change);
  }

  /** Refuses an index build without WRITE on the index label. */
  checkIndexBuild(name: string): void {
    this.#schema.checkIndexBuild(name);
  }
}
