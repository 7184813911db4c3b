/**
 * Turns of the event loop for long-running reads. A query whose time slice is over waits for
 * its turn; each turn of the event loop resumes one waiting query, in the order they paused
 * (round robin). However many long queries run at once, the event loop then spends at most one
 * time slice on them between two rounds of I/O, so other requests wait for one slice, not one
 * per running query.
 * @module
 */
import { CancelledError, typedOverflow } from '../../errors.js';

/**
 * Milliseconds of work between two returns to the event loop: the default slice of a query
 * ({@link Pacing}) and of {@link mapInTurns}.
 */
export const SLICE_MS = 4;

const waiting: Array<() => void> = [];
let scheduled = false;

function turn(): void {
  const next = waiting.shift();
  // An immediate queued while immediates run runs on the next turn of the event loop.
  if (waiting.length > 0) setImmediate(turn);
  else scheduled = false;
  next?.();
}

/**
 * Resolves on a later turn of the event loop, after pending I/O callbacks and timers have run,
 * and after every query that paused earlier has had its turn: one waiter is resumed per turn.
 *
 * @example
 * ```ts
 * for (const chunk of [[1, 2], [3, 4]]) {
 *   console.log(chunk);
 *   await breather();
 * }
 * ```
 */
export function breather(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(turn);
    }
  });
}

/**
 * `items.map(fn)` in time slices of {@link SLICE_MS}, waiting for a turn of the event loop
 * ({@link breather}) between slices, so that shaping a large result never stalls other work.
 * When `signal` fires, the work stops at the end of the slice with CancelledError `CANCELLED`.
 *
 * @example
 * ```ts
 * const texts = await mapInTurns([{ a: 1 }, { b: 2 }], (r) => JSON.stringify(r));
 * ```
 */
export async function mapInTurns<T, R>(items: readonly T[], fn: (item: T) => R, signal?: AbortSignal): Promise<R[]> {
  const out = new Array<R>(items.length);
  let end = performance.now() + SLICE_MS;
  for (let i = 0; i < items.length; i++) {
    try {
      out[i] = fn(items[i] as T);
    } catch (error) {
      throw typedOverflow(error);
    }
    if ((i & 63) === 63 && performance.now() >= end) {
      await breather();
      if (signal?.aborted === true) throw new CancelledError('CANCELLED', 'Traversal was cancelled');
      end = performance.now() + SLICE_MS;
    }
  }
  return out;
}
