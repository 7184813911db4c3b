/**
 * The transaction of one `graph.gremlin()` request: its writes share one store transaction
 * and reach the WAL as one record when it commits, or are undone when it fails or rolls back.
 * A {@link WriteLock} keeps other writers out while a request has uncommitted writes, but only
 * while it is writing: once it has not written for {@link IDLE_MS} (it reads, or waits), or has
 * held the lock for {@link HOLD_MS}, a waiting writer takes the graph back. The request's
 * writes are then rolled back (nothing else wrote meanwhile, so the undo log is exact) and the
 * request runs again from its start, after the writer's commit (see RequestRunner).
 * @module
 */
import { ConflictError } from '../../errors.js';
import type { GraphWriter, ScriptTransaction } from '../../engine/index.js';
import type { GraphStore } from '../../storage/index.js';
import type { GraphChangeLog } from '../durability/durability.js';

/** Milliseconds without a write after which a request that holds the write lock may be preempted. */
const IDLE_MS = 20;

/** Milliseconds after which a request that holds the write lock may be preempted even while it writes. */
const HOLD_MS = 1000;

/** What the lock asks of its holder: when it may be preempted, and the preemption itself. */
interface LockHolder {
  /** `performance.now()` time from which a waiting writer may preempt the holder. */
  preemptibleAt(): number;
  /** Rolls the holder's uncommitted writes back and releases the lock (the holder is not running: JavaScript runs one thing at a time). */
  preempt(): void;
}

/**
 * The graph's write lock, held by at most one request transaction at a time. A writer that can
 * wait ({@link WriteLock.pass}) waits until the holder releases it or its grace is over, and
 * then preempts it; a synchronous writer preempts it at once ({@link WriteLock.passNow}).
 */
export class WriteLock {
  #owner: LockHolder | undefined;
  #released: Promise<void> | undefined;
  #release: (() => void) | undefined;
  /** Writers waiting in {@link WriteLock.pass}: a request does not take the lock before they wrote. */
  #passing = 0;

  /** Whether some request holds the lock. */
  get held(): boolean {
    return this.#owner !== undefined;
  }

  /** Whether `owner` holds the lock. */
  heldBy(owner: object): boolean {
    return this.#owner === owner;
  }

  /** Resolves once nobody holds the lock, preempting a holder whose grace is over. */
  async pass(): Promise<void> {
    this.#passing++;
    try {
      while (this.#owner !== undefined) await this.#waitOrPreempt(this.#owner);
    } finally {
      this.#passing--;
    }
  }

  /**
   * For a writer that cannot wait (a write inside a traversal's synchronous pull loop): preempts
   * the holder, if any, at once. Always leaves the lock free.
   */
  passNow(): void {
    this.#owner?.preempt();
  }

  /**
   * Waits until the lock is free (preempting a holder whose grace is over) and no writer is on
   * its way past it, then holds it for `owner`.
   */
  async acquire(owner: LockHolder): Promise<void> {
    for (;;) {
      while (this.#owner !== undefined && this.#owner !== owner) await this.#waitOrPreempt(this.#owner);
      if (this.#owner === owner || this.#passing === 0) break;
      // Writers that waited for the holder write in the next microtasks: let them go first.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    this.tryAcquire(owner);
  }

  /** Holds the lock for `owner` if it is free (or already its); false when another holds it. */
  tryAcquire(owner: LockHolder): boolean {
    if (this.#owner === owner) return true;
    if (this.#owner !== undefined) return false;
    this.#owner = owner;
    this.#released = new Promise<void>((resolve) => {
      this.#release = resolve;
    });
    return true;
  }

  /** Releases the lock if `owner` holds it. */
  release(owner: object): void {
    if (this.#owner !== owner) return;
    const release = this.#release;
    this.#owner = undefined;
    this.#released = undefined;
    this.#release = undefined;
    release?.();
  }

  /** Preempts `holder` when its grace is over, else waits until it releases the lock or its grace ends. */
  async #waitOrPreempt(holder: LockHolder): Promise<void> {
    const wait = holder.preemptibleAt() - performance.now();
    if (wait <= 0) {
      holder.preempt();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#released, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.ceil(wait))))]);
    clearTimeout(timer);
  }
}

/**
 * What a request transaction is built from: the graph's store, lock, log and its durable
 * append of a data record.
 */
interface TransactionParts {
  readonly graph: string;
  readonly store: GraphStore;
  /** Throws when the graph may not change here (closed, or a cluster change that is not being applied from the log). */
  readonly admit: () => void;
  readonly lock: WriteLock;
  readonly log: GraphChangeLog | undefined;
  /** Starts appending one data record to the WAL at once (before a snapshot can run); resolves once it is durable. */
  readonly append: (log: Uint8Array) => Promise<void>;
}

/**
 * One attempt of a request's transaction. The store transaction opens at the first write;
 * `commit()` appends everything written since as one WAL record and releases the write lock;
 * `rollback()` (or a failure) undoes it. The write lock is taken before the first write.
 *
 * A writer that waited for the lock longer than the grace preempts the transaction: its writes
 * are rolled back, the lock is released, {@link RequestTransaction.signal} aborts (so that the
 * request's paused traversal stops), and every later use throws until the runner starts a new
 * attempt. An attempt that committed (`g.tx().commit()`) or changed the schema cannot be
 * started again; the runner then fails the request with WRITE_CONFLICT.
 */
export class RequestTransaction implements ScriptTransaction, LockHolder {
  #ended: (() => void) | undefined;
  #heldSince = 0;
  #wroteAt = 0;
  #preempted = false;
  #restartable = true;
  /** Made on first use: an AbortController costs microseconds, and most requests never write. */
  #abort: AbortController | undefined;

  constructor(private readonly parts: TransactionParts) {}

  /** Whether the request has uncommitted writes. */
  get writing(): boolean {
    return this.#ended !== undefined;
  }

  /** Whether the request holds the graph's write lock. */
  get holding(): boolean {
    return this.parts.lock.heldBy(this);
  }

  /** Whether a writer took the graph back from this attempt. */
  get preempted(): boolean {
    return this.#preempted;
  }

  /** Whether the request may run again from its start: it committed nothing and changed no schema. */
  get restartable(): boolean {
    return this.#restartable;
  }

  /** Aborts when the attempt is preempted. */
  get signal(): AbortSignal {
    this.#abort ??= new AbortController();
    return this.#abort.signal;
  }

  preemptibleAt(): number {
    return Math.min(this.#wroteAt + IDLE_MS, this.#heldSince + HOLD_MS);
  }

  preempt(): void {
    if (this.#preempted) return;
    this.rollback();
    this.parts.lock.release(this);
    this.#preempted = true;
    this.#abort?.abort(this.#preemption());
  }

  /** Notes a schema change made by the request: schema changes are not rolled back, so it cannot run again. */
  changedSchema(): void {
    this.#restartable = false;
  }

  /** Throws the preemption (ConflictError REQUEST_PREEMPTED) once a writer took the graph back. */
  checkPreempted(): void {
    if (this.#preempted) throw this.#preemption();
  }

  async prepareWrite(): Promise<void> {
    this.checkPreempted();
    this.parts.admit();
    if (this.holding) return;
    await this.parts.lock.acquire(this);
    this.checkPreempted();
    this.#heldSince = this.#wroteAt = performance.now();
  }

  /** The write path of the request's traversals and element methods. */
  readonly write = <T>(fn: (writer: GraphWriter) => T): T => {
    const { store, lock, log, graph } = this.parts;
    this.checkPreempted();
    if (!lock.heldBy(this)) {
      // Another request took the lock since this one prepared: a synchronous write cannot wait.
      if (!lock.tryAcquire(this)) {
        throw new ConflictError('TRANSACTION_OPEN', `Cannot write to graph '${graph}': another Gremlin request holds it in a transaction; retry when it ends`);
      }
      this.#heldSince = performance.now();
    }
    this.#wroteAt = performance.now();
    if (this.#ended === undefined) {
      this.parts.admit();
      store.openTransaction({ log: log !== undefined });
      const ended = new Promise<void>((resolve) => {
        this.#ended = resolve;
      });
      log?.hold(ended);
    }
    try {
      return store.transactionBatch(fn);
    } catch (error) {
      this.#end();
      throw error;
    }
  };

  async commit(): Promise<void> {
    this.checkPreempted();
    if (this.#ended === undefined) {
      this.parts.lock.release(this);
      return;
    }
    const log = this.parts.store.commitTransaction();
    const appended = log === undefined ? undefined : this.parts.append(log);
    this.#end();
    this.#restartable = false;
    this.parts.lock.release(this);
    await appended;
  }

  rollback(): void {
    if (this.#ended === undefined) return;
    this.parts.store.rollbackTransaction();
    this.#end();
  }

  /** Rolls back whatever is uncommitted and releases the write lock. */
  release(): void {
    this.rollback();
    this.parts.lock.release(this);
  }

  #preemption(): ConflictError {
    return new ConflictError('REQUEST_PREEMPTED', `Gremlin request on graph '${this.parts.graph}' was rolled back: another writer took the graph back`);
  }

  #end(): void {
    const ended = this.#ended;
    this.#ended = undefined;
    ended?.();
  }
}
