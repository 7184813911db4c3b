/**
 * The row fast path of the frontier operators: when the adjacency port hands out its CSR rows
 * ({@link AdjacencySource.adjacencyRows}) and a hop keeps every entry (no filter, no skip
 * degree), a level is one tight loop over typed arrays with epoch-stamped marks, instead of
 * batches and callbacks. The results are those of the batched path, entry for entry.
 * @module
 */
import type { AdjacencyRows, AdjacencySource } from '../../port/index.js';
import { FRONTIER_PAUSE, checkCapacity, workUnits } from './frontier.js';
import type { FrontierContext, FrontierOperation } from './frontier.js';
import { plainHop } from './expand.js';
import type { HopOptions } from './expand.js';

/** Adjacency entries a row loop scans before it returns, so that its caller can tick. */
const TICK_ENTRIES = 1024;
/** Largest stamp value; past it a stamp array is cleared and numbering starts again. */
const MAX_STAMP = 0x7fffffff;
/** The degree limit of a hop without one: more than any row holds. */
const NO_DEGREE_LIMIT = 0x3fffffff;
/** Stamp arrays kept for reuse between queries. */
const POOL_SIZE = 4;

/** One pooled set of arrays: the marks, the highest stamp handed out in them, and the work area. */
interface PoolEntry {
  readonly marks: Int32Array;
  top: number;
  readonly work: Reached;
  /** By slot, one number a search keeps per reached slot; allocated on first use. */
  perSlot?: Int32Array;
  /** One bit per slot, all clear while the entry is in the pool; allocated on first use. */
  bits?: Int32Array;
}

const pool: PoolEntry[] = [];

/** A pooled entry whose arrays cover slots below `bound`, its work area empty. */
function takeEntry(bound: number): PoolEntry {
  const at = pool.findIndex((e) => e.marks.length >= bound);
  const size = Math.max(bound, 1024);
  const entry = at >= 0 ? (pool.splice(at, 1)[0] as PoolEntry) : { marks: new Int32Array(size), top: 0, work: new Reached(size) };
  entry.work.length = 0;
  return entry;
}

/** Gives an entry back to the pool (or to the collector when the pool is full). */
function giveEntry(entry: PoolEntry): void {
  if (pool.length < POOL_SIZE) pool.push(entry);
}

/**
 * Marks over vertex slots with a small payload each, in a pooled Int32Array: a query owns
 * stamps `base` to `base + span - 1`, every smaller value is an older query's, so clearing is
 * one addition. With the marks comes a {@link Reached} work area as large as the slot bound
 * (typed arrays are costly to allocate, and a level loop reaches each slot once at most).
 * Acquire with {@link Stamps.acquire}, and release (in a `finally`) so that the arrays serve the
 * next query; a paused query keeps its own, never shares them.
 */
export class Stamps {
  readonly marks: Int32Array;
  readonly base: number;
  /** Reached slots, empty at the acquire; copy what outlives the release. */
  readonly work: Reached;
  readonly #entry: PoolEntry;

  private constructor(entry: PoolEntry, base: number) {
    this.#entry = entry;
    this.marks = entry.marks;
    this.work = entry.work;
    this.base = base;
  }

  /** Marks for slots below `bound`, with payloads 0 to `span - 1`, all unset. */
  static acquire(bound: number, span: number): Stamps {
    const entry = takeEntry(bound);
    if (entry.top + span >= MAX_STAMP) {
      entry.marks.fill(0);
      entry.top = 0;
    }
    const base = entry.top + 1;
    entry.top += span;
    return new Stamps(entry, base);
  }

  /** The payload of a slot, or -1 when it is not marked. */
  get(slot: number): number {
    const m = this.marks[slot]!;
    return m >= this.base ? m - this.base : -1;
  }

  /** Whether the slot is marked. */
  has(slot: number): boolean {
    return this.marks[slot]! >= this.base;
  }

  /** Marks the slot with a payload below the span. */
  set(slot: number, payload: number): void {
    this.marks[slot] = this.base + payload;
  }

  /**
   * By slot, a pooled array a search may write one number per reached slot to (a parent, a
   * position in the work area); only the entries it wrote in this query are meaningful (the
   * marks say which).
   */
  get perSlot(): Int32Array {
    return (this.#entry.perSlot ??= new Int32Array(this.marks.length));
  }

  /** Gives the arrays back to the pool; neither the marks nor the work area may be used after. */
  release(): void {
    giveEntry(this.#entry);
  }
}

/**
 * Visited marks of one bit per slot, in a pooled bitmap with a {@link Reached} work area: for
 * searches that only ask "seen?" (no depth per slot), a bitmap 32 times smaller than
 * {@link Stamps} stays in the CPU cache where a stamp array of a large graph does not. The
 * bits set are those of {@link VisitedBits.set} and the slots a row loop appended to the work
 * area; {@link VisitedBits.release} clears exactly those, so a pooled bitmap is always clear.
 */
export class VisitedBits {
  readonly words: Int32Array;
  /** Reached slots, empty at the acquire; copy what outlives the release. */
  readonly work: Reached;
  readonly #entry: PoolEntry;
  /** Slots set outside the work area (the sources). */
  readonly #set: number[] = [];

  private constructor(entry: PoolEntry) {
    this.#entry = entry;
    this.words = entry.bits ??= new Int32Array((entry.marks.length >>> 5) + 1);
    this.work = entry.work;
  }

  /** Clear marks for slots below `bound`. */
  static acquire(bound: number): VisitedBits {
    return new VisitedBits(takeEntry(bound));
  }

  /** Whether the slot is marked. */
  has(slot: number): boolean {
    return (this.words[slot >>> 5]! & (1 << (slot & 31))) !== 0;
  }

  /** Marks the slot. */
  set(slot: number): void {
    this.words[slot >>> 5] = this.words[slot >>> 5]! | (1 << (slot & 31));
    this.#set.push(slot);
  }

  /** Clears the bits set and gives the arrays back to the pool; nothing may be used after. */
  release(): void {
    const { words, work } = this;
    // Clearing slot by slot costs what the search reached; past an eighth of the words a fill is cheaper.
    if (work.length + this.#set.length > words.length >>> 3) words.fill(0);
    else {
      const slots = work.slots;
      for (let i = 0; i < work.length; i++) words[slots[i]! >>> 5] = 0;
      for (const slot of this.#set) words[slot >>> 5] = 0;
    }
    giveEntry(this.#entry);
  }
}

/**
 * The rows a hop reads on the fast path, or undefined when it must take the batched path: a
 * hop with a filter or a skip degree, or a source that does not hand out its rows.
 */
export function rowsOf(adjacency: AdjacencySource, hop: HopOptions): readonly AdjacencyRows[] | undefined {
  if (!plainHop(hop) || adjacency.adjacencyRows === undefined) return undefined;
  return adjacency.adjacencyRows(hop.direction, hop.labels);
}

/**
 * What a row loop reached, in order: the slot, the index of the source (in the array the loop
 * walked) it came from, and the edge it came through. Grows when needed (a work area of
 * {@link Stamps} is sized so that it never has to).
 */
export class Reached {
  slots: Int32Array;
  from: Int32Array;
  edges: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.slots = new Int32Array(capacity);
    this.from = new Int32Array(capacity);
    this.edges = new Int32Array(capacity);
  }

  /** Room for `extra` more entries. */
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.slots.length) return;
    const n = Math.max(need, this.slots.length * 2);
    for (const key of ['slots', 'from', 'edges'] as const) {
      const a = new Int32Array(n);
      a.set(this[key].subarray(0, this.length));
      this[key] = a;
    }
  }
}

/**
 * The rows of one hop split into parallel arrays (so that the loop reads them monomorphically),
 * with the hop's degree limit per source and the count of entries scanned.
 */
export class RowScan {
  readonly offsets: Int32Array[];
  readonly targets: Int32Array[];
  readonly edges: Int32Array[];
  /** Most entries taken per source (a small integer). */
  readonly degreeLimit: number;
  /** Adjacency entries scanned so far (after the degree limit). */
  scanned = 0;

  constructor(rows: readonly AdjacencyRows[], hop: HopOptions) {
    this.offsets = rows.map((r) => r.offsets);
    this.targets = rows.map((r) => r.targets);
    this.edges = rows.map((r) => r.edges);
    // A small integer, never Infinity: the loop's row bounds stay integers.
    this.degreeLimit = hop.maxDegree === undefined || hop.maxDegree < 0 ? NO_DEGREE_LIMIT : Math.min(hop.maxDegree, NO_DEGREE_LIMIT);
  }
}

/**
 * The entries a level from `sources` scans: each source's row lengths summed, up to the scan's
 * degree limit per source (what {@link RowScan.scanned} grows by when the level runs).
 */
export function rowDegreeSum(scan: RowScan, sources: Int32Array): number {
  let sum = 0;
  for (let k = 0; k < sources.length; k++) sum += rowDegree(scan, sources[k]!);
  return sum;
}

/**
 * The entries a scan of `u` takes: its row lengths summed, up to the scan's degree limit.
 */
export function rowDegree(scan: RowScan, u: number): number {
  const offs = scan.offsets;
  let degree = 0;
  for (let r = 0; r < offs.length; r++) {
    const offsets = offs[r] as Int32Array;
    if (u + 1 < offsets.length) degree += offsets[u + 1]! - offsets[u]!;
  }
  return degree < scan.degreeLimit ? degree : scan.degreeLimit;
}

/**
 * One level of a row loop: a reached vertex is one not marked in `marks`; it gets marked (with
 * `payload` in {@link Stamps}) and appended to `out`. `counted` vertices were reached before
 * `out`'s first entry, and the capacity applies to `counted + out.length`. With `meet`, a
 * reached vertex marked in `meet.other` is a meeting slot (all of them with `meet.all`, else the
 * first).
 */
export interface RowLevel {
  /** Stamps, or a bitmap for a search that never asks a slot's payload (no meet then). */
  readonly marks: Stamps | VisitedBits;
  readonly payload: number;
  /** Where reached slots go; with {@link VisitedBits} it must be their work area (their release clears the bits of its slots). */
  readonly out: Reached;
  readonly counted: number;
  readonly capacity: number;
  readonly finding: string;
  /** False leaves `out.edges` unwritten (a search that never asks which edge reached a vertex reads no edge slots). */
  readonly edges?: boolean;
  /** False leaves `out.from` unwritten (a search that never asks where a vertex was reached from). */
  readonly from?: boolean;
  readonly meet?: { readonly other: Stamps; readonly meets: number[]; readonly all: boolean };
}

/**
 * Reaches the unmarked neighbours of `sources[k]`, `sources[k + 1]`... in adjacency order,
 * until about {@link TICK_ENTRIES} entries were scanned or the sources end; returns the index to
 * resume at. A plain function, so that the JIT optimises it fully; the caller ticks between
 * calls. The marks are tested as stamps or as bits by one branch that is the same for every
 * entry of a call (so the CPU predicts it).
 */
function reachRows(scan: RowScan, level: RowLevel, sources: Int32Array, k: number): number {
  const { offsets: offs, targets: tgts, edges: edgs, degreeLimit } = scan;
  const rowCount = offs.length;
  const given = level.marks;
  const bitwise = given instanceof VisitedBits;
  const marks = bitwise ? given.words : given.marks;
  const base = bitwise ? 0 : given.base;
  const stamp = base + level.payload;
  const out = level.out;
  const limit = level.capacity < 0 ? Infinity : level.capacity - level.counted;
  const meet = level.meet;
  const keepEdges = level.edges !== false;
  const keepFrom = level.from !== false;
  let n = out.length;
  let { slots, from, edges: through } = out;
  let scanned = 0;
  for (; k < sources.length && scanned < TICK_ENTRIES; k++) {
    const u = sources[k]!;
    let left = degreeLimit;
    for (let r = 0; r < rowCount && left > 0; r++) {
      const offsets = offs[r] as Int32Array;
      if (u + 1 >= offsets.length) continue;
      const start = offsets[u]!;
      let end = offsets[u + 1]!;
      if (end - start > left) end = start + left;
      left -= end - start;
      scanned += end - start;
      const targets = tgts[r] as Int32Array;
      const edges = edgs[r] as Int32Array;
      for (let i = start; i < end; i++) {
        const v = targets[i]!;
        if (bitwise) {
          const word = marks[v >>> 5]!;
          const bit = 1 << (v & 31);
          if ((word & bit) !== 0) continue;
          marks[v >>> 5] = word | bit;
        } else {
          if (marks[v]! >= base) continue;
          marks[v] = stamp;
        }
        if (n === slots.length) {
          out.length = n;
          out.reserve(1);
          ({ slots, from, edges: through } = out);
        }
        slots[n] = v;
        if (keepFrom) from[n] = k;
        if (keepEdges) through[n] = edges[i]!;
        n++;
        if (meet !== undefined && meet.other.has(v) && (meet.all || meet.meets.length === 0)) meet.meets.push(v);
      }
    }
    if (n > limit) {
      out.length = n;
      checkCapacity(level.counted + n, level.capacity, level.finding);
    }
  }
  out.length = n;
  scan.scanned += scanned;
  return k;
}

/**
 * Runs {@link reachRows} over every source of a level, ticking the context in between.
 */
export function* reachLevel(scan: RowScan, level: RowLevel, sources: Int32Array, ctx: FrontierContext): FrontierOperation<void> {
  for (let k = 0; k < sources.length; ) {
    const before = scan.scanned;
    k = reachRows(scan, level, sources, k);
    if (ctx.tick(workUnits(scan.scanned - before))) yield FRONTIER_PAUSE;
  }
}
