/**
 * Cooperative pauses. A pull pipeline of synchronous generators cannot be suspended from deep
 * inside, so a step that has worked for a whole time slice yields the {@link PAUSE} marker
 * instead of a traverser. Steps that declare `pauses` pass the marker from their input through
 * unchanged; the runtime strips it before every other step. The marker reaches the async driver
 * (src/engine/run/cursor.ts), which returns to the event loop and pulls again: the generators
 * resume exactly where they stopped.
 * @module
 */
import type { MemoryBudget } from './memory-budget.js';
import type { Traverser } from './traverser.js';

/**
 * The pause marker. It is compared by identity only; its fields are never read.
 */
export const PAUSE: Traverser = Object.freeze({ value: undefined, bulk: 0, path: undefined, loops: undefined, sack: undefined });

/**
 * The stream without pause markers, for consumers that cannot pass them on.
 */
export function* withoutPauses(input: Iterable<Traverser>): Iterable<Traverser> {
  for (const t of input) if (t !== PAUSE) yield t;
}

/**
 * Runs a generator that passes PAUSE markers on (a child traversal's test) to its end, for a
 * caller that cannot pause, and returns its result.
 */
export function settle<R>(g: Generator<Traverser, R>): R {
  for (;;) {
    const r = g.next();
    if (r.done === true) return r.value;
  }
}

/**
 * The part of the runtime {@link gather} uses: the memory budget and the work clock. Declared
 * here so that this module, which the runtime imports, need not import the runtime.
 */
interface PacedWork {
  readonly memory: MemoryBudget;
  tick(): boolean;
}

/**
 * Pushes every traverser of `input` into `into` (a barrier's buffer), counting each against the
 * query's memory budget, and yields the PAUSE markers on the way. Use it with `yield*`.
 */
export function* gather(input: Iterable<Traverser>, rt: PacedWork, into: Traverser[]): Generator<Traverser, void> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    rt.memory.hold(1);
    into.push(t);
    if (rt.tick()) yield PAUSE;
  }
}
