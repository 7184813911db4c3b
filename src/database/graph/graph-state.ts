/**
 * The one state of a graph that its handles and their collaborators share: configuration,
 * store, modes, variables, change log, query limits, the write lock of Gremlin requests and the
 * write path. Every change goes through {@link GraphState.write} (or the synchronous
 * {@link GraphState.commitNow}), a schema change, a mode change or a variable change: it is
 * applied to memory and logged in the same tick, and resolves once the log is durable.
 * @module
 */
import { ArgumentError, ConflictError, StorageError } from '../../errors.js';
import type { GraphNameKind, GraphWriter, Script } from '../../engine/index.js';
import type { GraphMode, GraphStore } from '../../storage/index.js';
import type { GraphConfig } from './config.js';
import type { GraphChangeLog } from '../durability/durability.js';
import { encodeModes, encodeVariables, MODES_SECTION, VARIABLES_SECTION } from '../durability/records.js';
import type { GraphModes, ReadMode } from '../durability/records.js';
import { applyVariableChange } from './variable-values.js';
import type { VariableChange, VariableValue } from './variable-values.js';
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
  /** The graph's variables as recovered (none when absent); the state owns the map from then on. */
  readonly variables?: Map<string, VariableValue>;
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
  /** On a cluster node: throws unless the change comes from the replicated log (checked before every change). */
  readonly admitWrite?: () => void;
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
  /** The graph's variables; changed only by {@link GraphState.changeVariables}. */
  readonly variables: ReadonlyMap<string, VariableValue>;
  readonly #variables: Map<string, VariableValue>;
  readonly log: GraphChangeLog | undefined;
  readonly services: GraphServices;
  readonly ioBase: string | undefined;
  limits: QueryLimits;
  #closed = false;
  readonly #unsynced = new Set<Promise<void>>();
  /** Held by a `graph.gremlin()` request from its first write to its end. */
  readonly #writeLock = new WriteLock();
  readonly #sweepTimer: NodeJS.Timeout | undefined;
  readonly #admitWrite: (() => void) | undefined;

  constructor(parts: GraphParts) {
    this.name = parts.name;
    this.config = parts.config;
    this.store = parts.store;
    this.modes = parts.modes;
    this.#variables = parts.variables ?? new Map();
    this.variables = this.#variables;
    this.log = parts.log;
    this.services = parts.services ?? {};
    this.ioBase = parts.ioBase;
    this.limits = parts.limits ?? {};
    this.#admitWrite = parts.admitWrite;
    this.log?.checkpoints?.attach(({ copy }) => {
      const capture = this.store.captureSnapshot({ copy });
      capture.sections.set(MODES_SECTION, [encodeModes(this.modes)]);
      capture.sections.set(VARIABLES_SECTION, [encodeVariables(this.#variables)]);
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

  /** Checks that the graph is open and, on a cluster node, that the change comes from the replicated log. */
  checkWritable(): void {
    this.checkOpen();
    this.#admitWrite?.();
  }

  /** Runs `fn` as one atomic batch and resolves with its result once the batch is durable. */
  async write<T>(fn: (writer: GraphWriter) => T): Promise<T> {
    this.checkWritable();
    if (this.gated()) await this.passGates();
    const { result, log } = this.store.batch(fn, { log: this.log !== undefined });
    if (log !== undefined && this.log !== undefined) await this.log.append({ type: 'data', log });
    return result;
  }

  /** Applies one batch and starts its log append in the same tick; `appended` settles when it is durable. */
  commitNow<T>(fn: (writer: GraphWriter) => T): { result: T; appended: Promise<void> | undefined } {
    this.checkWritable();
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
      admit: () => this.checkWritable(),
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
    this.checkWritable();
    await this.passGates();
    this.modes.mode = modes.mode;
    this.modes.readMode = modes.readMode;
    if (this.log !== undefined) await this.log.append({ type: 'modes', modes });
  }

  /**
   * Applies a checked change of the graph's variables once no snapshot or Gremlin transaction
   * holds writers back, logs it in the same tick (the write path of graph data, which a
   * replicated log takes over) and resolves once it is durable.
   */
  async changeVariables(change: VariableChange): Promise<void> {
    this.checkWritable();
    await this.passGates();
    this.checkOpen();
    applyVariableChange(this.#variables, change);
    if (this.log !== undefined) await this.log.append({ type: 'variables', change });
  }

  /** Removes elements whose TTL has passed; resolves with the count. */
  async expire(now: number = Date.now()): Promise<number> {
    this.checkOpen();
    optionalNumber(now, 'expiry time', { min: Number.NEGATIVE_INFINITY });
    this.checkWritable();
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
 * Validated query limits, or ArgumentError INVALID_ARGUMENT.
 */
export function checkQueryLimits(limits: QueryLimits, what: string): QueryLimits {
  const given = requireRecord(limits, what);
  const timeoutMs = optionalNumber(given.timeoutMs, `${what} timeoutMs`, { min: 0 });
  const memoryLimit = optionalNumber(given.memoryLimit, `${what} memoryLimit`, { min: 1, integer: true });
  return { timeoutMs, memoryLimit };
}
