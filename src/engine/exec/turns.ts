/**
 * Turns of the event loop for long-running reads. A query whose time slice is over waits for
 * its turn; each turn of the event loop resumes one waiting query, in the order they paused
 * (round robin). However many long queries run at once, the event loop then spends at most one
 * time slice on them between two rounds of I/O, so other requests wait for one slice, not one
 * per running query.
 * @module
 */

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
 * if (pacer.tick()) {
 *   await breather();
 *   pacer.checkCancelled();
 *   pacer.resume();
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
