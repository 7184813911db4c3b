/**
 * Level-synchronous searches built on {@link scanHop}: k-hop neighbourhoods and full BFS
 * ({@link kHop}), and the bidirectional meet for shortest paths ({@link shortestPath},
 * {@link allShortestPaths}). Loops only, no recursion; memory is the reached set plus dense
 * epoch-stamped marks.
 * @module
 */
import type { AdjacencySource, NeighbourBatch } from '../../port/index.js';
import type { Direction } from '../../values/index.js';
import { FRONTIER_PAUSE, Frontier, SlotMap, checkCapacity, workUnits } from './frontier.js';
import type { FrontierContext, FrontierOperation } from './frontier.js';
import { distinctFrontier, plainHop, scanHop, scanOptions } from './expand.js';
import type { HopOptions } from './expand.js';
import { RowScan, Stamps, VisitedBits, reachLevel, rowDegreeSum, rowsOf } from './rows.js';
import type { RowLevel } from './rows.js';
import type { AdjacencyRows } from '../../port/index.js';

/**
 * Options of {@link kHop}.
 */
interface KHopOptions {
  readonly hop: HopOptions;
  /** Hops to take (≥ 1); Infinity runs a full BFS. */
  readonly depth: number;
  /**
   * Sources count as visited from the start, so they are never reached again (HugeGraph's
   * kout and kneighbor). Gremlin's `repeat(out().dedup())` leaves them unmarked: a source is
   * reached again when a cycle leads back to it.
   */
  readonly excludeSources?: boolean;
  /** Largest number of reached vertices; -1 or absent: no limit. */
  readonly capacity?: number;
  /** What the caller is finding, for the capacity error's message. */
  readonly finding?: string;
  /** Stop after the level in which every one of these slots was reached. */
  readonly targets?: Int32Array;
}

/**
 * What {@link kHop} reached: every vertex in BFS order with its depth and the slot it was first
 * reached from. Depth d (from 1) occupies entries `levels[d - 1]` to `levels[d]` of `reached`.
 */
export interface KHopResult {
  /** Reached vertices, with `depth` and `predecessor` arrays. */
  readonly reached: Frontier;
  /** Level boundaries: `levels[0]` is 0, then the end of each depth reached. */
  readonly levels: readonly number[];
  /** The distinct sources, in first-occurrence order (depth 0). */
  readonly sources: Int32Array;
  /** Position in `reached` of a reached slot, -1 for one not reached. */
  readonly position: (slot: number) => number;
  /** Per entry, the position in `reached` of its predecessor (-1 at depth 1), when known without a lookup. */
  readonly predecessorAt?: Int32Array;
  /** Adjacency entries scanned (traversed edges). */
  readonly edgesScanned: number;
}

/**
 * Breadth-first expansion from `sources` to `options.depth` hops, each vertex reached once.
 */
export function* kHop(adjacency: AdjacencySource, sources: ArrayLike<number>, options: KHopOptions, ctx: FrontierContext): FrontierOperation<KHopResult> {
  const rows = rowsOf(adjacency, options.hop);
  if (rows !== undefined) return yield* kHopRows(adjacency, rows, sources, options, ctx);
  const start = distinctFrontier(sources).view();
  const reached = new Frontier({ depth: true, predecessor: true, capacityHint: 1024 });
  // One map answers both "seen?" and "where?": a reached slot maps to its position + 1, an
  // excluded source to 0.
  const seen = new SlotMap();
  if (options.excludeSources === true) for (let i = 0; i < start.length; i++) seen.set(start[i]!, 0);
  const targets = options.targets;
  const targetMarks = new SlotMap();
  if (targets !== undefined) for (let i = 0; i < targets.length; i++) targetMarks.set(targets[i]!, 0);
  let missing = targets === undefined ? -1 : distinctFrontier(targets).length;
  const capacity = options.capacity === undefined || options.capacity < 0 ? Infinity : options.capacity;
  const levels = [0];
  let edgesScanned = 0;
  let from = start;
  const hop = options.hop;
  const plain = plainHop(hop);
  const scan = scanOptions(hop);
  let level = 0;
  /** Reaches `vertex` from `predecessor` at the current level unless it was seen. */
  const reach = (vertex: number, predecessor: number): void => {
    if (!seen.add(vertex, reached.length + 1)) return;
    reached.push(vertex, 1, level, predecessor);
    if (missing > 0 && targetMarks.has(vertex)) missing--;
    if (reached.length > capacity) checkCapacity(reached.length, capacity, options.finding ?? 'neighbours');
  };
  /**
   * The hot loop for a plain hop: every entry of the port's batch is kept, so read it in place.
   * A plain function, not part of the generator, so that the JIT optimises it fully.
   */
  const reachAll = (batch: NeighbourBatch): void => {
    const { sources: by, vertices, selection } = batch;
    const n = batch.length;
    if (selection === undefined) for (let i = 0; i < n; i++) reach(vertices[i]!, by[i]!);
    else for (let i = 0; i < n; i++) reach(vertices[selection[i]!]!, by[selection[i]!]!);
  };
  for (let depth = 1; depth <= options.depth && from.length > 0 && missing !== 0; depth++) {
    level = depth;
    const sourcesOfLevel = from;
    if (!plain) edgesScanned += yield* scanHop(adjacency, sourcesOfLevel, hop, ctx, (k, _edge, vertex) => reach(vertex, sourcesOfLevel[k]!));
    else {
      for (const batch of adjacency.scanNeighbours(sourcesOfLevel, hop.direction, scan)) {
        edgesScanned += batch.length;
        reachAll(batch);
        if (ctx.tick(workUnits(batch.length))) yield FRONTIER_PAUSE;
      }
    }
    levels.push(reached.length);
    from = reached.slots.subarray(levels[depth - 1], levels[depth]);
  }
  const position = (slot: number): number => seen.get(slot) - 1;
  return { reached, levels, sources: start, position, edgesScanned };
}

/**
 * {@link kHop} on the row fast path: one {@link Reached} holds every level, marks are a pooled
 * bitmap, and predecessors are turned from source indexes into slots after each level.
 */
function* kHopRows(adjacency: AdjacencySource, rows: readonly AdjacencyRows[], sources: ArrayLike<number>, options: KHopOptions, ctx: FrontierContext): FrontierOperation<KHopResult> {
  const start = distinctFrontier(sources).view();
  const marks = VisitedBits.acquire(adjacency.vertexSlotBound());
  try {
    const exclude = options.excludeSources === true;
    if (exclude) for (let i = 0; i < start.length; i++) marks.set(start[i]!);
    const targets = options.targets === undefined ? undefined : distinctFrontier(options.targets).view();
    // An excluded source is never reached, so a search with one among its targets runs on.
    const stoppable = targets !== undefined && !(exclude && targets.some((t) => start.includes(t)));
    const out = marks.work;
    const scan = new RowScan(rows, options.hop);
    const level: RowLevel = { marks, payload: 0, out, counted: 0, capacity: options.capacity ?? -1, finding: options.finding ?? 'neighbours', edges: false };
    const levels = [0];
    let at = new Int32Array(1024);
    let from = start;
    for (let depth = 1; depth <= options.depth && from.length > 0 && !(stoppable && targets.every((t) => marks.has(t))); depth++) {
      yield* reachLevel(scan, level, from, ctx);
      const begin = levels[depth - 1]!;
      const end = out.length;
      if (end > at.length) {
        const grown = new Int32Array(Math.max(end, at.length * 2));
        grown.set(at.subarray(0, begin));
        at = grown;
      }
      const by = out.from;
      // Entries of depth 2 and more came from the previous level, whose position is its index plus the level's start.
      const before = depth === 1 ? -1 : levels[depth - 2]!;
      for (let i = begin; i < end; i++) {
        const k = by[i]!;
        at[i] = before < 0 ? -1 : before + k;
        by[i] = from[k]!;
      }
      levels.push(end);
      from = out.slots.subarray(begin, end);
    }
    // The work area goes back to the pool: the result takes copies.
    const n = out.length;
    const depths = new Int32Array(n);
    for (let d = 1; d < levels.length; d++) depths.fill(d, levels[d - 1], levels[d]);
    const reached = Frontier.wrap(out.slots.slice(0, n), { depth: depths, predecessor: out.from.slice(0, n) });
    let positions: SlotMap | undefined;
    const position = (slot: number): number => {
      if (positions === undefined) {
        positions = new SlotMap();
        for (let i = 0; i < n; i++) positions.set(reached.slots[i]!, i);
      }
      return positions.get(slot);
    };
    return { reached, levels, sources: start, position, predecessorAt: at.subarray(0, n), edgesScanned: scan.scanned };
  } finally {
    marks.release();
  }
}

/**
 * The path to the reached entry at position `at` of a {@link KHopResult}: slots from the source to
 * the vertex, following first-reached predecessors.
 */
export function pathTo(result: KHopResult, at: number): Int32Array {
  const { reached, position, predecessorAt } = result;
  const depth = (reached.depth as Int32Array)[at]!;
  const path = new Int32Array(depth + 1);
  for (let d = depth; d >= 1; d--) {
    path[d] = reached.slots[at]!;
    const p = (reached.predecessor as Int32Array)[at]!;
    if (d === 1) path[0] = p;
    else at = predecessorAt === undefined ? position(p) : predecessorAt[at]!;
  }
  return path;
}

/**
 * Options of the shortest-path searches.
 */
export interface ShortestPathOptions {
  /** The hop from the source side; the target side follows the opposite direction. */
  readonly hop: HopOptions;
  /** Longest path, in edges. */
  readonly maxDepth: number;
  /** Largest number of vertices both sides may reach together; -1 or absent: no limit. */
  readonly capacity?: number;
  /** Most paths {@link allShortestPaths} returns; -1 or absent: all. */
  readonly limit?: number;
  /** Counts the vertices expanded and the adjacency entries scanned (HugeGraph's measure block). */
  readonly meter?: { vertices: number; edges: number };
}

const OPPOSITE: Readonly<Record<Direction, Direction>> = { OUT: 'IN', IN: 'OUT', BOTH: 'BOTH' };

/**
 * Depth of a reached slot on one side of a meet (-1 when not reached): a SlotMap or pooled {@link Stamps}.
 */
export interface DepthMarks {
  get(slot: number): number;
  has(slot: number): boolean;
  set(slot: number, depth: number): void;
}

/**
 * Both sides of a bidirectional search that completed its meeting level: depth of every reached
 * slot per side, the meeting slots, and the sides' row scans when both take the row fast path.
 */
export interface Meet {
  readonly depths: [DepthMarks, DepthMarks];
  readonly scans: [RowScan, RowScan] | undefined;
  /** Slots where the sides met, in the order met. */
  readonly meets: number[];
}

/**
 * The marks of both sides of a meet, and the row scans of both sides' hops when both take the
 * row fast path (pooled stamps, released by `release`), else SlotMaps.
 */
interface MeetMarks {
  readonly depths: [DepthMarks, DepthMarks];
  readonly scans: [RowScan, RowScan] | undefined;
  release(): void;
}

function meetMarks(adjacency: AdjacencySource, hops: readonly [HopOptions, HopOptions], maxDepth: number): MeetMarks {
  const rows = [rowsOf(adjacency, hops[0]), rowsOf(adjacency, hops[1])] as const;
  if (rows[0] === undefined || rows[1] === undefined) return { depths: [new SlotMap(), new SlotMap()], scans: undefined, release: () => undefined };
  const bound = adjacency.vertexSlotBound();
  const span = Math.min(maxDepth, bound) + 1;
  const sides: [Stamps, Stamps] = [Stamps.acquire(bound, span), Stamps.acquire(bound, span)];
  return {
    depths: sides,
    scans: [new RowScan(rows[0], hops[0]), new RowScan(rows[1], hops[1])],
    release: () => {
      sides[0].release();
      sides[1].release();
    },
  };
}

/**
 * The hops of both sides of a meet: the source side's, and the target side's in the opposite direction.
 */
export function hopsOf(options: ShortestPathOptions): [HopOptions, HopOptions] {
  return [options.hop, { ...options.hop, direction: OPPOSITE[options.hop.direction] }];
}

/**
 * Adds a scan of `vertices` sources and `edges` entries to the meter, if any.
 */
export function meterScan(meter: ShortestPathOptions['meter'], vertices: number, edges: number): void {
  if (meter === undefined) return;
  meter.vertices += vertices;
  meter.edges += edges;
}

/**
 * The adjacency entries a level from `front` scans (each source's degree, up to the hop's
 * degree limit): the cost the bidirectional rule compares. From the rows' offsets when the side
 * has a row scan, else from the port's degrees; both count the same entries for a plain hop.
 */
export function frontierDegree(adjacency: AdjacencySource, front: Int32Array, hop: HopOptions, scan: RowScan | undefined): number {
  if (scan !== undefined) return rowDegreeSum(scan, front);
  const limit = hop.maxDegree === undefined || hop.maxDegree < 0 ? Infinity : hop.maxDegree;
  let sum = 0;
  for (let k = 0; k < front.length; k++) sum += Math.min(adjacency.degree(front[k]!, hop.direction, hop.labels), limit);
  return sum;
}

/**
 * Expands the side whose frontier has the smaller degree sum one level at a time until the sides
 * meet (or `maxDepth` hops are spent), completing the meeting level so that every meeting slot
 * is known. (One path needs less: meet.ts stops at the first meeting.)
 */
function* meet(adjacency: AdjacencySource, ends: readonly [number, number], options: ShortestPathOptions, marks: MeetMarks, ctx: FrontierContext): FrontierOperation<Meet> {
  const { depths, scans } = marks;
  const [source, target] = ends;
  depths[0].set(source, 0);
  depths[1].set(target, 0);
  const hops = hopsOf(options);
  const fronts: [Int32Array, Int32Array] = [Int32Array.of(source), Int32Array.of(target)];
  const reachedDepth = [0, 0];
  const meets: number[] = [];
  if (source === target) return { depths, meets: [source], scans };
  let total = 2;
  for (let spent = 0; spent < options.maxDepth && meets.length === 0; spent++) {
    const side = frontierDegree(adjacency, fronts[0], hops[0], scans?.[0]) <= frontierDegree(adjacency, fronts[1], hops[1], scans?.[1]) ? 0 : 1;
    const front = fronts[side];
    if (front.length === 0) break;
    const mine = depths[side];
    const other = depths[1 - side] as DepthMarks;
    const depth = ++reachedDepth[side]!;
    if (scans !== undefined) {
      const marks = mine as Stamps;
      const out = marks.work;
      const begin = out.length;
      const level: RowLevel = { marks, payload: depth, out, counted: total - begin, capacity: options.capacity ?? -1, finding: 'shortest path', edges: false, meet: { other: other as Stamps, meets, all: true } };
      const scanned = scans[side].scanned;
      yield* reachLevel(scans[side], level, front, ctx);
      meterScan(options.meter, front.length, scans[side].scanned - scanned);
      total += out.length - begin;
      fronts[side] = out.slots.subarray(begin, out.length);
      continue;
    }
    const next = new Frontier();
    const scanned = yield* scanHop(adjacency, front, hops[side], ctx, (_k, _edge, vertex) => {
      if (mine.has(vertex)) return;
      mine.set(vertex, depth);
      next.push(vertex, 1, 0, -1);
      checkCapacity(++total, options.capacity, 'shortest path');
      if (other.has(vertex)) meets.push(vertex);
    });
    meterScan(options.meter, front.length, scanned);
    fronts[side] = next.view();
  }
  return { depths, meets, scans };
}

/**
 * Slots adjacent to `slot` on one side of a meet whose depth on that side is one less: the
 * vertices a shortest path may come through. Found by scanning back against the side's hop.
 */
function* parents(adjacency: AdjacencySource, slot: number, side: number, m: Meet, options: ShortestPathOptions, ctx: FrontierContext): FrontierOperation<Int32Array> {
  const hop = options.hop;
  const depths = m.depths[side] as DepthMarks;
  const want = depths.get(slot) - 1;
  const back: HopOptions = { direction: side === 0 ? OPPOSITE[hop.direction] : hop.direction, labels: hop.labels, edgeFilter: hop.edgeFilter };
  const found = new Frontier();
  const scanned = yield* scanHop(adjacency, Int32Array.of(slot), back, ctx, (_k, _edge, vertex) => {
    if (depths.get(vertex) === want) found.push(vertex, 1, 0, -1);
  });
  meterScan(options.meter, 1, scanned);
  return distinctFrontier(found.view()).view();
}

/**
 * Every shortest path from `source` to `target` (up to `options.limit`), by a bidirectional
 * BFS that completes its meeting level, then an explicit-stack walk over each side's parents.
 */
export function* allShortestPaths(adjacency: AdjacencySource, source: number, target: number, options: ShortestPathOptions, ctx: FrontierContext): FrontierOperation<Int32Array[]> {
  return yield* completeMeet(adjacency, [source, target], options, ctx, (m) => everyPath(adjacency, m, options, ctx));
}

/**
 * Runs a bidirectional BFS from `ends[0]` and `ends[1]` that completes its meeting level, and
 * hands the {@link Meet} to `then` while its marks are held (they go back to the pool after).
 */
export function* completeMeet<R>(adjacency: AdjacencySource, ends: readonly [number, number], options: ShortestPathOptions, ctx: FrontierContext, then: (m: Meet) => FrontierOperation<R>): FrontierOperation<R> {
  const marks = meetMarks(adjacency, hopsOf(options), options.maxDepth);
  try {
    return yield* then(yield* meet(adjacency, ends, options, marks, ctx));
  } finally {
    marks.release();
  }
}

/** Every path through the meeting slots of the shortest length, up to the limit. */
function* everyPath(adjacency: AdjacencySource, m: Meet, options: ShortestPathOptions, ctx: FrontierContext): FrontierOperation<Int32Array[]> {
  const limit = options.limit === undefined || options.limit < 0 ? Infinity : options.limit;
  const cache = [new Map<number, Int32Array>(), new Map<number, Int32Array>()];
  const halves = function* (from: number, side: number): FrontierOperation<number[][]> {
    // Walks every chain of parents from `from` down to depth 0, with an explicit stack.
    const out: number[][] = [];
    const stack: { slot: number; next: number }[] = [{ slot: from, next: 0 }];
    while (stack.length > 0) {
      if (ctx.tick()) yield FRONTIER_PAUSE;
      const top = stack[stack.length - 1]!;
      if ((m.depths[side] as DepthMarks).get(top.slot) === 0) {
        out.push(stack.map((f) => f.slot));
        stack.pop();
        continue;
      }
      let ps = cache[side]!.get(top.slot);
      if (ps === undefined) cache[side]!.set(top.slot, (ps = yield* parents(adjacency, top.slot, side, m, options, ctx)));
      if (top.next >= ps.length) stack.pop();
      else stack.push({ slot: ps[top.next++]!, next: 0 });
    }
    return out;
  };
  const paths: Int32Array[] = [];
  const length = (v: number): number => m.depths[0].get(v) + m.depths[1].get(v);
  const shortest = Math.min(...m.meets.map(length));
  for (const at of m.meets.filter((v) => length(v) === shortest)) {
    const ahead = yield* halves(at, 0);
    const behind = yield* halves(at, 1);
    for (const a of ahead) {
      for (const b of behind) {
        if (paths.length >= limit) return paths;
        paths.push(Int32Array.from([...a.slice().reverse(), ...b.slice(1)]));
        if (ctx.tick()) yield FRONTIER_PAUSE;
      }
    }
  }
  return paths;
}
