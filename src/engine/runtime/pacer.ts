/**
 * The pacing every long-running read shares: count units of work, and every few hundred check
 * cancellation, the deadline and the heap, and say when the time slice is over so that an async
 * driver returns to the event loop. The Gremlin {@link Runtime} ticks through one, and so do
 * element scans and traversers, which need nothing else of a runtime.
 * @module
 */
import { CancelledError } from '../../errors.js';
import { BATCH_SIZE } from './batch.js';
import type { MemoryBudget } from './memory-budget.js';
import { SLICE_MS } from './turns.js';

/**
 * How often an async query returns to the event loop: after `sliceMs` milliseconds of work,
 * looked at every `checkEvery` units of work (a unit is about one traverser through one step).
 * The defaults are 4 ms and 256. `{ sliceMs: 0, checkEvery: 1 }` pauses at every unit, which
 * tests use to prove that pausing never changes a result.
 *
 * @example
 * ```ts
 * const pacing: Pacing = { sliceMs: 2, checkEvery: 64 };
 * ```
 */
export interface Pacing {
  readonly sliceMs: number;
  readonly checkEvery: number;
}

/**
 * Throws CancelledError when `signal` fired or `deadline` (epoch ms) passed.
 */
export function checkCancelled(signal: AbortSignal | undefined, deadline: number | undefined): void {
  if (signal?.aborted === true) throw new CancelledError('CANCELLED', 'Traversal was cancelled');
  if (deadline !== undefined && Date.now() > deadline) throw new CancelledError('TIMEOUT', 'Traversal exceeded its deadline');
}

/**
 * Counts units of work for one query; see {@link Pacer.tick}.
 */
export class Pacer {
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: number | undefined;
  /** Whether an async driver consumes the work, so that tick may end a slice. */
  readonly #pausable: boolean;
  readonly #memory: MemoryBudget;
  readonly #sliceMs: number;
  readonly #checkEvery: number;
  #sliceEnd = 0;
  #ticks = 0;
  /** The tick count at which the next check runs. */
  #nextCheck = 0;
  /**
   * Set once a check found the slice over, cleared by {@link Pacer.resume}: until then every
   * tick answers true, so a pause that one loop could not take (a step whose markers are
   * stripped, a count it had no use for) is taken by the next loop that can.
   */
  #due = false;

  constructor(options: {
    readonly signal?: AbortSignal;
    readonly deadline?: number;
    readonly pausable?: boolean;
    readonly pacing?: Pacing;
    /** Whose heap check the ticks run. */
    readonly memory: MemoryBudget;
  }) {
    this.#signal = options.signal;
    this.#deadline = options.deadline;
    this.#pausable = options.pausable === true;
    this.#memory = options.memory;
    this.#sliceMs = options.pacing?.sliceMs ?? SLICE_MS;
    this.#checkEvery = options.pacing?.checkEvery ?? BATCH_SIZE;
    this.resume();
  }

  /**
   * Counts `units` units of work (one by default; a loop over typed arrays counts the entries
   * it went through). Every {@link BATCH_SIZE} units (or the pacing's `checkEvery`) it checks
   * cancellation, the deadline and the heap. Answers whether the time slice is over: once it
   * is, every tick answers true until the driver resumes.
   */
  tick(units = 1): boolean {
    if ((this.#ticks += units) < this.#nextCheck) return this.#due;
    this.#nextCheck = this.#ticks + this.#checkEvery;
    this.checkCancelled();
    this.#memory.checkHeap();
    if (this.#pausable && !this.#due && performance.now() >= this.#sliceEnd) this.#due = true;
    return this.#due;
  }

  /** Starts a new time slice (the driver calls it when it pulls again after a pause). */
  resume(): void {
    this.#due = false;
    this.#nextCheck = this.#ticks + this.#checkEvery;
    this.#sliceEnd = performance.now() + this.#sliceMs;
  }

  /** Throws CancelledError when the signal fired or the deadline passed. */
  checkCancelled(): void {
    checkCancelled(this.#signal, this.#deadline);
  }
}
