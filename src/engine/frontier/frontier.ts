/**
 * Frontiers: sets of vertex slots in typed arrays, with epoch-stamped visited marks, and the
 * pause protocol every frontier operator follows.
 *
 * Operators are generators of {@link FRONTIER_PAUSE} that *return* their result. A caller that
 * cannot pause drives one to the end with {@link runFrontier}; a Gremlin step forwards each
 * pause as its own PAUSE marker (`yield*` a mapped generator) so that a query over millions of
 * edges returns to the event loop every time slice.
 * @module
 */
import { LimitError } from '../../errors.js';

/**
 * What an operator asks of its caller while it works: whether the time slice is over. The
 * engine's Runtime is one (its `tick()` also checks cancellation, the deadline and the heap,
 * and throws when they fire). Operators count the work they did since the last tick in units
 * ({@link workUnits}), so that a long batch counts for what it cost.
 */
export interface FrontierContext {
  tick(units?: number): boolean;
}

/**
 * Adjacency entries that make one unit of work: a unit of the Pacer is about one traverser
 * through one step, some hundred nanoseconds; an entry of a typed-array loop costs a few.
 */
const ENTRIES_PER_UNIT = 64;

/** The units of work of a loop over `entries` adjacency entries: at least one. */
export function workUnits(entries: number): number {
  return 1 + Math.floor(entries / ENTRIES_PER_UNIT);
}

/**
 * The value an operator yields when its caller should return to the event loop.
 */
export const FRONTIER_PAUSE: unique symbol = Symbol('frontier pause');

/**
 * A frontier operator in progress: yields pauses, returns `R`.
 */
export type FrontierOperation<R> = Generator<typeof FRONTIER_PAUSE, R, void>;

/**
 * A context that never pauses: for callers that run an operator to the end at once.
 */
export const NEVER_PAUSE: FrontierContext = { tick: () => false };

/**
 * Runs an operator to the end, ignoring its pauses, and returns its result.
 */
export function runFrontier<R>(op: FrontierOperation<R>): R {
  for (;;) {
    const r = op.next();
    if (r.done === true) return r.value;
  }
}

/**
 * Throws LimitError FRONTIER_CAPACITY (HugeGraph's 400 "Exceed capacity") when `size` passes
 * `capacity`; a capacity of -1 or undefined means no limit.
 */
export function checkCapacity(size: number, capacity: number | undefined, finding: string): void {
  if (capacity === undefined || capacity < 0 || size <= capacity) return;
  throw new LimitError('FRONTIER_CAPACITY', `Exceed capacity '${capacity}' while finding ${finding}`, { details: { capacity } });
}

/**
 * A growable set of vertex slots in insertion order, with optional parallel arrays: `bulk` (how
 * many traversals stand on the slot), `depth` (hops from the sources) and `predecessor` (the
 * slot it was first reached from, -1 for a source; enough to rebuild one path per vertex).
 */
export class Frontier {
  slots: Int32Array;
  bulk: Float64Array | undefined;
  depth: Int32Array | undefined;
  predecessor: Int32Array | undefined;
  length = 0;

  constructor(options: { readonly bulk?: boolean; readonly depth?: boolean; readonly predecessor?: boolean; readonly capacityHint?: number } = {}) {
    const n = Math.max(16, options.capacityHint ?? 16);
    this.slots = new Int32Array(n);
    this.bulk = options.bulk === true ? new Float64Array(n) : undefined;
    this.depth = options.depth === true ? new Int32Array(n) : undefined;
    this.predecessor = options.predecessor === true ? new Int32Array(n) : undefined;
  }

  /** A frontier holding `slots` (copied), each with bulk 1 and depth 0 when those are kept. */
  static of(slots: ArrayLike<number>, options: { readonly bulk?: boolean; readonly depth?: boolean; readonly predecessor?: boolean } = {}): Frontier {
    const f = new Frontier({ bulk: options.bulk, depth: options.depth, predecessor: options.predecessor, capacityHint: slots.length });
    for (let i = 0; i < slots.length; i++) f.push(slots[i]!, 1, 0, -1);
    return f;
  }

  /** A frontier over `slots` and the given parallel arrays as they are (no copy), as long as `slots`. */
  static wrap(slots: Int32Array, arrays: { readonly depth?: Int32Array; readonly predecessor?: Int32Array } = {}): Frontier {
    const f = new Frontier();
    f.slots = slots;
    f.depth = arrays.depth;
    f.predecessor = arrays.predecessor;
    f.length = slots.length;
    return f;
  }

  /** Appends a slot with its bulk, depth and predecessor (ignored for arrays not kept). */
  push(slot: number, bulk: number, depth: number, predecessor: number): void {
    const i = this.length;
    if (i === this.slots.length) this.#grow(Math.max(16, i * 2));
    this.slots[i] = slot;
    if (this.bulk !== undefined) this.bulk[i] = bulk;
    if (this.depth !== undefined) this.depth[i] = depth;
    if (this.predecessor !== undefined) this.predecessor[i] = predecessor;
    this.length = i + 1;
  }

  /** The live slots, as a view (no copy). */
  view(): Int32Array {
    return this.slots.subarray(0, this.length);
  }

  /** Sum of the bulks (the number of traversals), or the length when bulk is not kept. */
  total(): number {
    if (this.bulk === undefined) return this.length;
    let sum = 0;
    for (let i = 0; i < this.length; i++) sum += this.bulk[i]!;
    return sum;
  }

  #grow(n: number): void {
    const slots = new Int32Array(n);
    slots.set(this.slots);
    this.slots = slots;
    if (this.bulk !== undefined) {
      const b = new Float64Array(n);
      b.set(this.bulk);
      this.bulk = b;
    }
    if (this.depth !== undefined) {
      const d = new Int32Array(n);
      d.set(this.depth);
      this.depth = d;
    }
    if (this.predecessor !== undefined) {
      const p = new Int32Array(n);
      p.set(this.predecessor);
      this.predecessor = p;
    }
  }
}

/** The dense array of a SlotMap in hash mode (never written: dense mode replaces it). */
const NO_DENSE = new Int32Array(0);

/** Entries a SlotMap holds in its hash table before it switches to dense arrays. */
const HASH_LIMIT = 2048;

/**
 * A map from vertex slot to a non-negative integer (a position, a depth, a predecessor slot).
 * Small maps are an open-addressing hash table in typed arrays, so a one-hop question costs
 * memory in proportion to its answer; past {@link HASH_LIMIT} entries the map switches to dense
 * arrays indexed by slot, epoch-stamped so that clearing them is constant time.
 */
export class SlotMap {
  // Hash mode: keys (-1 for empty) and values, capacity a power of two, at most half full.
  // Starts at 16 entries (64 bytes: V8 keeps typed arrays that small on its heap, so a map
  // that stays small costs no backing store).
  #keys: Int32Array | undefined = new Int32Array(16).fill(-1);
  #hashValues = new Int32Array(16);
  #size = 0;
  // Dense mode: by slot, an epoch stamp and a value side by side (one cache line per lookup).
  #dense = NO_DENSE;
  #epoch = 1;

  /** The value of the slot, or -1 when it has none. */
  get(slot: number): number {
    const keys = this.#keys;
    if (keys === undefined) {
      const dense = this.#dense;
      const at = slot << 1;
      return at < dense.length && dense[at] === this.#epoch ? dense[at + 1]! : -1;
    }
    const mask = keys.length - 1;
    for (let i = Math.imul(slot, 0x9e3779b1) & mask; ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === slot) return this.#hashValues[i]!;
      if (k === -1) return -1;
    }
  }

  /** True when the slot has a value. */
  has(slot: number): boolean {
    return this.get(slot) >= 0;
  }

  /** Sets the slot's value (≥ 0). */
  set(slot: number, value: number): void {
    const keys = this.#keys;
    if (keys === undefined) {
      const at = slot << 1;
      if (at >= this.#dense.length) this.#growDense(slot + 1);
      const dense = this.#dense;
      dense[at] = this.#epoch;
      dense[at + 1] = value;
      return;
    }
    const mask = keys.length - 1;
    let i = Math.imul(slot, 0x9e3779b1) & mask;
    for (; keys[i] !== -1 && keys[i] !== slot; i = (i + 1) & mask);
    if (keys[i] === slot) {
      this.#hashValues[i] = value;
      return;
    }
    keys[i] = slot;
    this.#hashValues[i] = value;
    if (++this.#size * 2 > keys.length) this.#rehash();
  }

  /** Sets the slot's value (≥ 0) unless it has one; true when it was set. One lookup, for the hot loops. */
  add(slot: number, value: number): boolean {
    const keys = this.#keys;
    if (keys === undefined) {
      const at = slot << 1;
      if (at >= this.#dense.length) this.#growDense(slot + 1);
      const dense = this.#dense;
      if (dense[at] === this.#epoch) return false;
      dense[at] = this.#epoch;
      dense[at + 1] = value;
      return true;
    }
    if (this.get(slot) >= 0) return false;
    this.set(slot, value);
    return true;
  }

  /** Forgets every value (constant time in dense mode). */
  clear(): void {
    if (this.#keys !== undefined) {
      this.#keys.fill(-1);
      this.#size = 0;
    } else if (++this.#epoch === 0x7fffffff) {
      this.#dense.fill(0);
      this.#epoch = 1;
    }
  }

  #rehash(): void {
    const keys = this.#keys as Int32Array;
    const values = this.#hashValues;
    if (this.#size > HASH_LIMIT) {
      let max = 0;
      for (const k of keys) if (k > max) max = k;
      this.#keys = undefined;
      this.#growDense(max + 1);
      for (let i = 0; i < keys.length; i++) if (keys[i] !== -1) this.set(keys[i]!, values[i]!);
      return;
    }
    this.#keys = new Int32Array(keys.length * 2).fill(-1);
    this.#hashValues = new Int32Array(keys.length * 2);
    this.#size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== -1) this.set(keys[i]!, values[i]!);
  }

  /** Room for slots below `n` in dense mode. */
  #growDense(n: number): void {
    const dense = new Int32Array(Math.max(n, this.#dense.length) * 2);
    dense.set(this.#dense);
    this.#dense = dense;
  }
}

/**
 * Visited marks over vertex slots: a {@link SlotMap} used as a set, so clearing all marks is one
 * epoch increment. The arrays grow with the largest slot marked.
 */
export class VisitedMarks extends SlotMap {
  /** Marks the slot; returns true when it was not marked yet. */
  mark(slot: number): boolean {
    return this.add(slot, 0);
  }
}
