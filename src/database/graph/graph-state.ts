/**
 * The one state of a graph that its handles and their collaborators share: configuration,
 * store, modes, change log, query limits, the write lock of Gremlin requests and the write
 * path. Every change goes through {@link GraphState.write} (or the synchronous
 * {@link GraphState.commitNow}), a schema change or a mode change: it is applied to memory and
 * logged in the same tick, and resolves once the log is durable.
 * @module
 */
import { ArgumentError, ConflictError, StorageError } from '../../errors.js';
import type { GraphNameKind, GraphSource, GraphWriter, Pacing, ReadView, Script, SourceDecorator } from '../../engine/index.js';
import type { GraphMode, GraphStore } from '../../storage/index.js';
import type { GraphConfig } from './config.js';
import type { GraphChangeLog } from '../durability/durability.js';
import { encodeModes, MODES_SECTION } from '../durability/records.js';
import type { GraphModes, ReadMode } from '../durability/records.js';
import { RequestTransaction, WriteLock } from './request-transaction.js';
import { describeValue, optionalNumber, requireRecord } from './validate.js';

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
  readonly parseScript?: (
    text: string,
    options?: { readonly bindings?: ReadonlyMap<string, unknown>; readonly variables?: Iterable<string>; readonly graphNames?: (name: string) => GraphNameKind | undefined },
  ) => Script;
}

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

const MODES: readonly GraphMode[] = ['NONE', 'RESTORING', 'MERGING', 'LOADING'];
const READ_MODES: readonly ReadMode[] = ['OLTP_ONLY', 'ALL'];

/**
 * The shared state and write path of one graph.
 */
export class GraphState {
  readonly name: string;
  readonly config: GraphConfig;
  readonly store: GraphStore;
  readonly modes: { mode: GraphMode; readMode: ReadMode };
  readonly log: GraphChangeLog | undefined;
  readonly services: GraphServices;
  readonly ioBase: string | undefined;
  limits: QueryLimits;
  #closed = false;
  readonly #unsynced = new Set<Promise<void>>();
  /** Held by a `graph.gremlin()` request from its first write to its end. */
  readonly #writeLock = new WriteLock();
  readonly #sweepTimer: NodeJS.Timeout | undefined;

  constructor(parts: GraphParts) {
    this.name = parts.name;
    this.config = parts.config;
    this.store = parts.store;
    this.modes = parts.modes;
    this.log = parts.log;
    this.services = parts.services ?? {};
    this.ioBase = parts.ioBase;
    this.limits = parts.limits ?? {};
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
      this.#sweepTimer = timer;
    }
  }

  /** StorageError `GRAPH_CLOSED` once the graph is closed. */
  checkOpen(): void {
    if (this.#closed) throw new StorageError('GRAPH_CLOSED', `Cannot use graph '${this.name}': it is closed`);
  }

  /** Runs `fn` as one atomic batch and resolves with its result once the batch is durable. */
  async write<T>(fn: (writer: GraphWriter) => T): Promise<T> {
    this.checkOpen();
    if (this.gated()) await this.passGates();
    const { result, log } = this.store.batch(fn, { log: this.log !== undefined });
    if (log !== undefined && this.log !== undefined) await this.log.append({ type: 'data', log });
    return result;
  }

  /** Applies one batch and starts its log append in the same tick; `appended` settles when it is durable. */
  commitNow<T>(fn: (writer: GraphWriter) => T): { result: T; appended: Promise<void> | undefined } {
    this.checkOpen();
    // A synchronous writer cannot wait: it takes the graph back from a Gremlin request at once.
    if (this.store.transactionOpen) this.#writeLock.passNow();
    if (this.store.transactionOpen) {
      throw new ConflictError('TRANSACTION_OPEN', `Cannot write to graph '${this.name}': a Gremlin request holds it in a transaction; retry when it ends`);
    }
    const { result, log } = this.store.batch(fn, { log: this.log !== undefined });
    return { result, appended: log === undefined ? undefined : this.appendData(log) };
  }

  /** Starts the log append of one data batch in this tick; resolves once it is durable (a no-op in memory). */
  private appendData(log: Uint8Array): Promise<void> | undefined {
    if (this.log === undefined) return undefined;
    const appended = this.log.append({ type: 'data', log });
    this.#unsynced.add(appended);
    const settle = (): void => {
      this.#unsynced.delete(appended);
    };
    appended.then(settle, settle);
    return appended;
  }

  /** Resolves once every write started by {@link GraphState.commitNow} is durable. */
  async sync(): Promise<void> {
    await Promise.all([...this.#unsynced]);
  }

  /** Opens the transaction of one attempt of a Gremlin request (see {@link RequestTransaction}). */
  requestTransaction(): RequestTransaction {
    return new RequestTransaction({
      graph: this.name,
      store: this.store,
      lock: this.#writeLock,
      log: this.log,
      append: async (log) => this.appendData(log),
    });
  }

  /** Waits while a snapshot holds writers back (not for the write lock: a request holding it calls this). */
  async passGate(): Promise<void> {
    for (let gate = this.log?.gate; gate !== undefined; gate = this.log?.gate) await gate;
  }

  /** Whether a snapshot gate or a Gremlin transaction's write lock stands before writers now. */
  private gated(): boolean {
    return this.log?.gate !== undefined || this.#writeLock.held;
  }

  /** Waits until neither a snapshot nor a Gremlin request's transaction holds writers back. */
  async passGates(): Promise<void> {
    while (this.gated()) {
      await this.passGate();
      await this.#writeLock.pass();
    }
  }

  /** Sets the graph mode and read mode, checked, and logs them. */
  async setModes(modes: GraphModes): Promise<void> {
    if (!MODES.includes(modes.mode)) throw new ArgumentError('INVALID_GRAPH_MODE', `Invalid graph mode ${describeValue(modes.mode)}: expected one of ${MODES.join(', ')}`);
    if (!READ_MODES.includes(modes.readMode)) {
      throw new ArgumentError('INVALID_GRAPH_MODE', `Invalid graph read mode ${describeValue(modes.readMode)}: expected one of ${READ_MODES.join(', ')}`);
    }
    this.checkOpen();
    await this.passGates();
    this.modes.mode = modes.mode;
    this.modes.readMode = modes.readMode;
    if (this.log !== undefined) await this.log.append({ type: 'modes', modes });
  }

  /** Removes elements whose TTL has passed; resolves with the count. */
  async expire(now: number = Date.now()): Promise<number> {
    this.checkOpen();
    optionalNumber(now, 'expiry time', { min: Number.NEGATIVE_INFINITY });
    await this.passGates();
    const removed = this.store.expire(now);
    if (removed > 0 && this.log !== undefined) await this.log.append({ type: 'expire', now });
    return removed;
  }

  /** Stops the TTL sweep and, for a durable graph, writes a final snapshot and closes the log. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#sweepTimer !== undefined) clearInterval(this.#sweepTimer);
    await Promise.allSettled([...this.#unsynced]);
    if (this.log !== undefined) await this.log.close();
  }
}

/**
 * One handle on a graph: the shared state and the decorator the handle reads through
 * (undefined on the graph itself; see `Graph.withSourceDecorator`).
 */
export class GraphHandle {
  constructor(
    readonly state: GraphState,
    readonly decorate: SourceDecorator | undefined,
  ) {}

  /** A handle on the same graph that reads through `decorate` after this handle's own decorator. */
  withDecorator(decorate: SourceDecorator): GraphHandle {
    this.state.checkOpen();
    const own = this.decorate;
    return new GraphHandle(this.state, own === undefined ? decorate : (source) => decorate(own(source)));
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
   * batch. This is the seam access control decorates. Resolves once the batch is durable.
   */
  write<T>(fn: (writer: GraphWriter) => T): Promise<T> {
    return this.state.write((w) => fn(this.guard(w)));
  }

  /** {@link GraphHandle.write}, synchronously: the batch's log append starts in this tick. */
  writeNow<T>(fn: (writer: GraphWriter) => T): T {
    return this.state.commitNow((w) => fn(this.guard(w))).result;
  }

  private guard(writer: GraphWriter): GraphWriter {
    return this.decorate === undefined ? writer : guardedWriter(writer, this.decorate(writer));
  }

  /**
   * The context the engine runs this handle's traversals and element reads in: the store as the
   * source, the handle's decorator, atomic batches as the write path, and `settled`, which
   * resolves once every write made through this context is durable.
   */
  executionContext(options: ContextOptions = {}): HandleContext {
    const state = this.state;
    state.checkOpen();
    const appends: Promise<void>[] = [];
    const write = <T>(fn: (writer: GraphWriter) => T): T => {
      const { result, appended } = state.commitNow(fn);
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
const WRITE_METHODS: Readonly<Record<Exclude<keyof GraphWriter, keyof GraphSource>, true>> = {
  addVertex: true,
  addEdge: true,
  addEdgesBulk: true,
  addVerticesBulk: true,
  setVertexProperty: true,
  setMetaProperty: true,
  removeVertexProperty: true,
  removeMetaProperty: true,
  setEdgeProperty: true,
  removeEdgeProperty: true,
  removeVertex: true,
  removeEdge: true,
};
const WRITES: ReadonlySet<PropertyKey> = new Set(Object.keys(WRITE_METHODS));

/** A writer that reads through `reads` (the decorated writer) and changes through `writer`. */
function guardedWriter(writer: GraphWriter, reads: GraphSource): GraphWriter {
  const bound = (owner: object, value: unknown): unknown => (typeof value === 'function' ? value.bind(owner) : value);
  return new Proxy(reads, {
    get: (target, key) => (WRITES.has(key) ? bound(writer, Reflect.get(writer, key)) : bound(target, Reflect.get(target, key, target))),
  }) as GraphWriter;
}

/**
 * Validated query limits, or ArgumentError INVALID_ARGUMENT.
 */
export function checkQueryLimits(limits: QueryLimits, what: string): QueryLimits {
  const given = requireRecord(limits, what);
  const timeoutMs = optionalNumber(given.timeoutMs, `${what} timeoutMs`, { min: 0 });
  const memoryLimit = optionalNumber(given.memoryLimit, `${what} memoryLimit`, { min: 1, integer: true });
  return { timeoutMs, memoryLimit };
}
