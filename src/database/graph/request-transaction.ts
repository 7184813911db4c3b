/**
 * The transaction of one `graph.gremlin()` request: its writes share one store transaction
 * and reach the WAL as one record when it commits, or are undone when it fails or rolls back.
 * A {@link WriteLock} keeps other writers out while a request may write.
 * @module
 */
import { ConflictError } from '../../errors.js';
import type { GraphWriter, ScriptTransaction } from '../../engine/index.js';
import type { GraphStore } from '../../storage/index.js';
import type { GraphChangeLog } from '../durability/durability.js';

/**
 * The graph's write lock, held by at most one request transaction at a time. Writers that can
 * wait ({@link WriteLock.pass}) wait; a synchronous writer that cannot is refused by its caller.
 */
export class WriteLock {
  #owner: object | undefined;
  #released: Promise<void> | undefined;
  #release: (() => void) | undefined;

  /** Whether some request holds the lock. */
  get held(): boolean {
    return this.#owner !== undefined;
  }

  /** Whether `owner` holds the lock. */
  heldBy(owner: object): boolean {
    return this.#owner === owner;
  }

  /** Resolves once nobody holds the lock. */
  async pass(): Promise<void> {
    while (this.#released !== undefined) await this.#released;
  }

  /** Waits until the lock is free, then holds it for `owner` (at once when `owner` holds it already). */
  async acquire(owner: object): Promise<void> {
    while (this.#owner !== undefined && this.#owner !== owner) await this.#released;
    this.tryAcquire(owner);
  }

  /** Holds the lock for `owner` if it is free (or already its); false when another holds it. */
  tryAcquire(owner: object): boolean {
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
}

/**
 * What a request transaction is built from: the graph's store, lock, log and its durable
 * append of a data record.
 */
interface TransactionParts {
  readonly graph: string;
  readonly store: GraphStore;
  readonly lock: WriteLock;
  readonly log: GraphChangeLog | undefined;
  /** Starts appending one data record to the WAL at once (before a snapshot can run); resolves once it is durable. */
  readonly append: (log: Uint8Array) => Promise<void>;
}

/**
 * One request's transaction. The store transaction opens at the first write; `commit()`
 * appends everything written since as one WAL record; `rollback()` (or a failure) undoes it.
 * The write lock is taken before the first write and kept until {@link release}.
 */
export class RequestTransaction implements ScriptTransaction {
  #ended: (() => void) | undefined;

  constructor(private readonly parts: TransactionParts) {}

  /** Whether the request has uncommitted writes. */
  get writing(): boolean {
    return this.#ended !== undefined;
  }

  /** Whether the request holds the graph's write lock. */
  get holding(): boolean {
    return this.parts.lock.heldBy(this);
  }

  async prepareWrite(): Promise<void> {
    await this.parts.lock.acquire(this);
  }

  /** The write path of the request's traversals and element methods. */
  readonly write = <T>(fn: (writer: GraphWriter) => T): T => {
    const { store, lock, log, graph } = this.parts;
    if (!lock.tryAcquire(this)) {
      throw new ConflictError('TRANSACTION_OPEN', `Cannot write to graph '${graph}': another Gremlin request holds it in a transaction; retry when it ends`);
    }
    if (this.#ended === undefined) {
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
    if (this.#ended === undefined) return;
    const log = this.parts.store.commitTransaction();
    const appended = log === undefined ? undefined : this.parts.append(log);
    this.#end();
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

  #end(): void {
    const ended = this.#ended;
    this.#ended = undefined;
    ended?.();
  }
}
