/**
 * The memory budget of one query. The executor counts what a query holds at the places where
 * holdings grow without bound (repeat() frontiers with their paths, barrier buffers, dedup sets,
 * side-effect collections) in units of about one traverser, path node or collection entry.
 * Past the limit the query fails with a LimitError instead of exhausting the heap; a heap
 * reading checked every few thousand units of work is the backstop for what no count sees.
 * @module
 */
import { getHeapStatistics } from 'node:v8';
import { LimitError } from '../../errors.js';

/** Approximate bytes one unit (a traverser, a path node, a collection entry) takes. */
const BYTES_PER_UNIT = 256;

/** Share of the heap limit above which a running query fails rather than risk a heap abort. */
const HEAP_CEILING = 0.9;

/** Heap readings are taken once every this many {@link MemoryBudget.checkHeap} calls. */
const HEAP_CHECK_EVERY = 16;

/** {@link defaultMemoryLimit}, once read. */
let defaultLimit: number | undefined;

/**
 * The default limit: half of V8's heap limit, in units.
 */
function defaultMemoryLimit(): number {
  // V8's heap limit is fixed when the process starts: read once, not on every query.
  return (defaultLimit ??= Math.floor(getHeapStatistics().heap_size_limit / 2 / BYTES_PER_UNIT));
}

/**
 * What one query holds, against its limit.
 */
export class MemoryBudget {
  /** Most units the query may hold at once. */
  readonly limit: number;
  #held = 0;
  #checks = 0;

  constructor(limit: number = defaultMemoryLimit()) {
    this.limit = limit;
  }

  /** Units held now. */
  get held(): number {
    return this.#held;
  }

  /** Counts `units` more; throws LimitError QUERY_MEMORY_LIMIT past the limit. */
  hold(units: number): void {
    this.#held += units;
    if (this.#held > this.limit) {
      throw new LimitError(
        'QUERY_MEMORY_LIMIT',
        `Query exceeded its memory limit: it holds more than ${this.limit} traversers, path nodes and collection entries`,
      );
    }
  }

  /** Counts `units` fewer (a buffer was emitted, a frontier replaced). */
  release(units: number): void {
    this.#held = Math.max(0, this.#held - units);
  }

  /** Every few calls, throws LimitError HEAP_LIMIT when the process heap is nearly full. */
  checkHeap(): void {
    if (++this.#checks % HEAP_CHECK_EVERY !== 0) return;
    const heap = getHeapStatistics();
    if (heap.used_heap_size > heap.heap_size_limit * HEAP_CEILING) {
      throw new LimitError(
        'HEAP_LIMIT',
        `Query stopped: the process heap is ${Math.round((heap.used_heap_size / heap.heap_size_limit) * 100)}% full`,
      );
    }
  }
}
