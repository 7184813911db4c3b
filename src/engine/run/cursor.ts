/**
 * The async driver of a query. It pulls results from the synchronous pipeline and, whenever a
 * step yields the PAUSE marker because its time slice is over, returns to the event loop before
 * pulling again, so that a long query never stalls other work and its AbortSignal can fire.
 * @module
 */
import { CancelledError, typedOverflow } from '../../errors.js';
import type { ReadView } from '../../port/index.js';
import type { Runtime } from '../runtime/runtime.js';
import { breather } from '../runtime/turns.js';

/**
 * The value the expanded result stream yields in place of a PAUSE marker.
 */
export const PAUSED: unique symbol = Symbol('paused');

/**
 * An open query: its results, pulled asynchronously. Iterate it with `for await`, or take
 * everything with {@link QueryCursor.toArray}. Closing it (or draining it, or an error) ends
 * the query and releases the state it reads.
 *
 * @example
 * ```ts
 * declare const cursor: QueryCursor;
 * for await (const value of cursor) console.log(value);
 * ```
 */
export class QueryCursor implements AsyncIterableIterator<unknown> {
  readonly #results: Iterator<unknown>;
  readonly #runtime: Runtime | undefined;
  readonly #view: ReadView | undefined;
  readonly #signal: AbortSignal | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Called once when the cursor first hands out a result and stays open (it may be dropped from then on). */
  #watch: ((cursor: QueryCursor) => void) | undefined;
  #closed = false;
  /** The query yields at most one result: the cursor ends as it hands it out. */
  readonly #single: boolean;
  /** Closed by its deadline or signal while nobody was pulling: the next pull reports why. */
  #cancelled = false;

  /**
   * @param results the expanded result stream, which may hold {@link PAUSED}
   * @param options the query's runtime (for resuming its time slice); the read view it holds,
   *   released when the cursor ends, fails, is returned or thrown into, or when its deadline
   *   passes or its signal aborts (even if nobody pulls it any more); `watch`, called once
   *   when the cursor first hands out a result and stays open; `single`, true when the query
   *   yields at most one result, so the cursor ends (and releases its view) as it hands it out
   */
  constructor(
    results: Iterable<unknown>,
    options: {
      readonly runtime?: Runtime;
      readonly view?: ReadView;
      readonly deadline?: number;
      readonly signal?: AbortSignal;
      readonly watch?: (cursor: QueryCursor) => void;
      readonly single?: boolean;
    } = {},
  ) {
    this.#results = results[Symbol.iterator]();
    this.#single = options.single === true;
    this.#runtime = options.runtime;
    this.#view = options.view;
    this.#watch = options.watch;
    if (this.#view === undefined) return;
    if (options.deadline !== undefined) {
      this.#timer = setTimeout(this.#cancel, Math.max(0, options.deadline - Date.now() + 1));
      this.#timer.unref?.();
    }
    this.#signal = options.signal;
    this.#signal?.addEventListener('abort', this.#cancel, { once: true });
  }

  /** The next result; pauses between time slices. */
  async next(): Promise<IteratorResult<unknown>> {
    if (this.#cancelled) this.#reportCancel();
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
          if (this.#single) {
            this.#close();
            this.#results.return?.();
            return r;
          }
          if (this.#runtime?.tick() === true) await this.#pause();
          if (this.#watch !== undefined) {
            this.#watch(this);
            this.#watch = undefined;
          }
          return r;
        }
      }
    } catch (error) {
      this.#close();
      throw typedOverflow(error);
    }
  }

  /** Every remaining result, pausing between time slices; the list counts against the memory limit. */
  async toArray(): Promise<unknown[]> {
    const out: unknown[] = [];
    if (this.#cancelled) this.#reportCancel();
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
    } catch (error) {
      throw typedOverflow(error);
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

  /** Ends the query early because of `error`, which it rethrows. */
  async throw(error?: unknown): Promise<IteratorResult<unknown>> {
    await this.return();
    throw error;
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
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#cancel);
    this.#view?.release();
  }

  /** Throws the CancelledError of a cursor closed by its deadline or signal. */
  #reportCancel(): never {
    this.#runtime?.checkCancelled();
    if (this.#signal?.aborted === true) throw new CancelledError('CANCELLED', 'Traversal was cancelled');
    throw new CancelledError('TIMEOUT', 'Traversal exceeded its deadline');
  }

  readonly #cancel = (): void => {
    if (this.#closed) return;
    this.#cancelled = true;
    this.#close();
  };
}
