/**
 * The async driver of a query. It pulls results from the synchronous pipeline and, whenever a
 * step yields the PAUSE marker because its time slice is over, returns to the event loop before
 * pulling again, so that a long query never stalls other work and its AbortSignal can fire.
 * @module
 */
import type { Runtime } from './runtime.js';

/**
 * The value the expanded result stream yields in place of a PAUSE marker.
 *
 * @example
 * ```ts
 * if (r.value === PAUSED) await breather();
 * ```
 */
export const PAUSED: unique symbol = Symbol('paused');

/**
 * Resolves after the event loop has run pending I/O callbacks, timers and signals once.
 *
 * @example
 * ```ts
 * await breather();
 * ```
 */
export function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * An open query: its results, pulled asynchronously. Iterate it with `for await`, or take
 * everything with {@link QueryCursor.toArray}. Closing it (or draining it, or an error) ends
 * the query and releases the state it reads.
 *
 * @example
 * ```ts
 * const cursor = executeAsync(plan, context);
 * for await (const value of cursor) console.log(value);
 * ```
 */
export class QueryCursor implements AsyncIterableIterator<unknown> {
  readonly #results: Iterator<unknown>;
  readonly #runtime: Runtime | undefined;
  readonly #onClose: (() => void) | undefined;
  #closed = false;

  /**
   * @param results the expanded result stream, which may hold {@link PAUSED}
   * @param options the query's runtime (for resuming its time slice) and what to do on close
   */
  constructor(results: Iterable<unknown>, options: { readonly runtime?: Runtime; readonly onClose?: () => void } = {}) {
    this.#results = results[Symbol.iterator]();
    this.#runtime = options.runtime;
    this.#onClose = options.onClose;
  }

  /** The next result; pauses between time slices. */
  async next(): Promise<IteratorResult<unknown>> {
    if (this.#closed) return { done: true, value: undefined };
    try {
      for (;;) {
        const r = this.#results.next();
        if (r.done === true) {
          this.#close();
          return { done: true, value: undefined };
        }
        if (r.value === PAUSED) await this.#pause();
        else {
          if (this.#runtime?.tick() === true) await this.#pause();
          return r;
        }
      }
    } catch (error) {
      this.#close();
      throw error;
    }
  }

  /** Every remaining result, pausing between time slices; the list counts against the memory limit. */
  async toArray(): Promise<unknown[]> {
    const out: unknown[] = [];
    if (this.#closed) return out;
    try {
      for (;;) {
        const r = this.#results.next();
        if (r.done === true) break;
        if (r.value === PAUSED) await this.#pause();
        else {
          this.#runtime?.memory.hold(1);
          out.push(r.value);
          if (this.#runtime?.tick() === true) await this.#pause();
        }
      }
    } finally {
      this.#close();
    }
    return out;
  }

  /** Ends the query early. */
  async return(): Promise<IteratorResult<unknown>> {
    if (!this.#closed) {
      this.#close();
      this.#results.return?.();
    }
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): QueryCursor {
    return this;
  }

  async #pause(): Promise<void> {
    await breather();
    this.#runtime?.checkCancelled();
    this.#runtime?.resume();
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#onClose?.();
  }
}
