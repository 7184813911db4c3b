/**
 * A handle on a graph: the shared {@link GraphState} seen through the handle's source
 * decorator (every read) and behind its write checks (every write), with the access control of
 * the policies it was made with. The graph itself is a handle with neither; `withDecorator` and
 * `withPolicy` make the others.
 * @module
 */
import type { GraphSource, GraphWriter, Pacing, ReadView, SourceDecorator } from '../../engine/index.js';
import type { SchemaChange } from '../../storage/index.js';
import type { GraphPolicy } from './access-policy.js';
import { GraphAccess } from './access/graph-access.js';
import type { PolicyWrites, WriterChanges } from './access/policy-writes.js';
import type { GraphState } from './graph-state.js';
import type { SchemaView } from './schema-view.js';
import type { SchemaCall } from './schema/index.js';

/** Where the engine runs a handle's traversals and element reads (see {@link GraphHandle.executionContext}). */
interface HandleContext {
  readonly source: GraphSource;
  readonly write: <T>(fn: (writer: GraphWriter) => T) => T;
  readonly settled: () => Promise<void>;
  readonly signal?: AbortSignal;
  readonly deadline?: number;
  readonly ioBase?: string;
  readonly memoryLimit?: number;
  readonly pacing?: Pacing;
  readonly decorate?: SourceDecorator;
}

/** Options of {@link GraphHandle.executionContext}: what one query overrides. */
interface ContextOptions {
  readonly signal?: AbortSignal;
  readonly deadline?: number;
  readonly ioBase?: string;
  readonly memoryLimit?: number;
  readonly pacing?: Pacing;
}

/** The decorator that reads through `inner` (if any) and then `outer`. */
function composed(inner: SourceDecorator | undefined, outer: SourceDecorator | undefined): SourceDecorator | undefined {
  if (outer === undefined) return inner;
  return inner === undefined ? outer : (source) => outer(inner(source));
}

/**
 * One handle on a graph: the shared state, the decorator the handle reads through (undefined
 * on the graph itself; see `Graph.withSourceDecorator`) and the access control of the policies
 * it was made with (`Graph.withPolicy`; none on the graph itself).
 */
export class GraphHandle {
  readonly decorate: SourceDecorator | undefined;
  readonly access: readonly GraphAccess[];

  constructor(
    readonly state: GraphState,
    how: { readonly decorate?: SourceDecorator; readonly access?: readonly GraphAccess[] } = {},
  ) {
    this.decorate = how.decorate;
    this.access = how.access ?? [];
  }

  /** A handle on the same graph that reads through `decorate` after this handle's own decorator. */
  withDecorator(decorate: SourceDecorator): GraphHandle {
    this.state.checkOpen();
    return new GraphHandle(this.state, { decorate: composed(this.decorate, decorate), access: this.access });
  }

  /**
   * A handle on the same graph that also enforces `policy` (checked here): this handle itself
   * for an unrestricted policy, else one that reads through the policy's READ filter after this
   * handle's decorator and checks its writes, Gremlin and schema against it too.
   */
  withPolicy(policy: GraphPolicy): GraphHandle {
    this.state.checkOpen();
    const access = GraphAccess.of(policy, this.state.store.catalog);
    if (access === undefined) return this;
    return new GraphHandle(this.state, { decorate: composed(this.decorate, access.decorate), access: [...this.access, access] });
  }

  /** `source` as this handle sees it (through its decorator). */
  decorated(source: GraphSource): GraphSource {
    return this.decorate === undefined ? source : this.decorate(source);
  }

  /** A view of the graph as of now, seen through this handle's decorator; release it when done. */
  openReadView(): ReadView {
    this.state.checkOpen();
    const view = this.state.store.openReadView();
    return { source: this.decorated(view.source), release: () => view.release() };
  }

  /**
   * The write guard of this handle, which every slot-level and element write of the handle goes
   * through: `fn` gets the batch's writer itself on the graph, and on a decorated handle one that
   * reads through the decorator (what the handle hides, its writes do not find) and changes the
   * batch through the handle's write checks ({@link GraphHandle.checked}). Resolves once the
   * batch is durable.
   */
  write<T>(fn: (writer: GraphWriter) => T): Promise<T> {
    return this.state.write((w) => this.checked(w, (c) => fn(this.guard(c))));
  }

  /** {@link GraphHandle.write}, synchronously: the batch's log append starts in this tick. */
  writeNow<T>(fn: (writer: GraphWriter) => T): T {
    return this.state.commitNow((w) => this.checked(w, (c) => fn(this.guard(c)))).result;
  }

  private guard(writer: GraphWriter): GraphWriter {
    return this.decorate === undefined ? writer : guardedWriter(writer, this.decorate(writer));
  }

  /**
   * Runs `fn`, the body of one batch, with `writer` (the batch's writer) behind the write checks
   * of this handle's policies: each change is checked against a read view of the graph before the
   * batch (before the request's transaction, inside one), and when `fn` returns, the state it
   * leaves is checked; a refused change throws, which rolls the batch back. Reads of the writer
   * `fn` gets are not filtered (the engine decorates them itself). Without policies, `fn(writer)`.
   */
  checked<T>(writer: GraphWriter, fn: (writer: GraphWriter) => T): T {
    if (this.access.length === 0) return fn(writer);
    const before = this.state.store.openReadView();
    try {
      const checks: PolicyWrites[] = [];
      let checked = writer;
      for (const access of this.access) {
        const check = access.writes(checked, before.source);
        checks.push(check);
        checked = guardedWriter(check, checked);
      }
      const result = fn(checked);
      for (const check of checks) check.finish();
      return result;
    } finally {
      before.release();
    }
  }

  /** PermissionError `PERMISSION_DENIED` unless every policy of the handle grants EXECUTE on GREMLIN. */
  requireExecute(): void {
    for (const access of this.access) access.requireExecute();
  }

  /** PermissionError `PERMISSION_DENIED` unless every policy of the handle grants `permission` on VAR (the graph's variables). */
  requireVariables(permission: 'READ' | 'WRITE' | 'DELETE'): void {
    for (const access of this.access) access.requireVariables(permission);
  }

  /** The schema `view` as this handle's policies show it. */
  schemaView(view: SchemaView): SchemaView {
    let seen = view;
    for (const access of this.access) seen = access.schemaView(seen);
    return seen;
  }

  /** Refuses a schema operation one of the handle's policies does not cover, before it runs. */
  checkSchemaCall(call: SchemaCall): void {
    for (const access of this.access) access.checkSchemaCall(call);
  }

  /** Refuses a schema change one of the handle's policies does not cover. */
  checkSchemaChange(change: SchemaChange): void {
    for (const access of this.access) access.checkSchemaChange(change);
  }

  /** Refuses an index build one of the handle's policies does not cover. */
  checkIndexBuild(name: string): void {
    for (const access of this.access) access.checkIndexBuild(name);
  }

  /**
   * The context the engine runs this handle's traversals and element reads in: the store as the
   * source, the handle's decorator, atomic batches behind the handle's write checks as the write
   * path, and `settled`, which resolves once every write made through this context is durable.
   */
  executionContext(options: ContextOptions = {}): HandleContext {
    const state = this.state;
    state.checkOpen();
    const appends: Promise<void>[] = [];
    const write = <T>(fn: (writer: GraphWriter) => T): T => {
      const { result, appended } = state.commitNow((w) => this.checked(w, fn));
      if (appended !== undefined) appends.push(appended);
      return result;
    };
    const settled = async (): Promise<void> => {
      await Promise.all(appends);
    };
    const timeoutMs = state.limits.timeoutMs;
    const deadline = options.deadline ?? (timeoutMs === undefined || timeoutMs === 0 ? undefined : Date.now() + timeoutMs);
    return {
      source: state.store,
      write,
      settled,
      signal: options.signal,
      deadline,
      ioBase: options.ioBase ?? state.ioBase,
      memoryLimit: options.memoryLimit ?? state.limits.memoryLimit,
      pacing: options.pacing,
      decorate: this.decorate,
    };
  }
}

/** The changes of a GraphWriter, beside the reads of a GraphSource. */
const WRITE_METHODS: Readonly<Record<keyof WriterChanges, true>> = {
  addVertex: true,
  addEdge: true,
  addEdgesBulk: true,
  addVerticesBulk: true,
  setVertexProperty: true,
  setVertexValuesBulk: true,
  setMetaProperty: true,
  removeVertexProperty: true,
  removeMetaProperty: true,
  setEdgeProperty: true,
  removeEdgeProperty: true,
  removeVertex: true,
  removeEdge: true,
};
const WRITES: ReadonlySet<PropertyKey> = new Set(Object.keys(WRITE_METHODS));

/** A writer that reads through `reads` and changes through `writer`; methods are bound once per writer. */
function guardedWriter(writer: WriterChanges, reads: GraphSource): GraphWriter {
  const methods = new Map<PropertyKey, unknown>();
  const bound = (owner: object, key: PropertyKey): unknown => {
    let value = methods.get(key);
    if (value === undefined) {
      value = Reflect.get(owner, key, owner);
      if (typeof value !== 'function') return value;
      methods.set(key, (value = value.bind(owner)));
    }
    return value;
  };
  return new Proxy(reads, {
    get: (target, key) => bound(WRITES.has(key) ? writer : target, key),
  }) as GraphWriter;
}
