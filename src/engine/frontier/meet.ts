/**
 * One shortest path by a bidirectional BFS that stops at the first meeting: {@link shortestPath}.
 * Each round expands the side whose front scans fewer adjacency entries, one source at a time,
 * and the search ends at the first vertex a scan reaches that the other side had marked (the
 * rest of that row is not read). Stopping there is exact: when the sides last failed to meet,
 * no path was shorter than the two radii summed, and any vertex the growing side now reaches on
 * the other side closes a path one longer, the shortest there is (see docs/design-choices.md).
 * Every reached vertex keeps the vertex it was first reached from and the edge it came through,
 * so the path and its edges are read back from the meeting vertex without a scan (a hub's row
 * is never searched for an edge).
 *
 * On the row fast path the marks, positions and fronts live in pooled arrays ({@link Stamps}):
 * a query allocates nothing in proportion to the graph. The batched path (filters, skip degree)
 * runs the same rounds over SlotMaps and per-source scans, so that both give the same path, the
 * same measure and the same capacity errors.
 * @module
 */
import type { AdjacencySource } from '../../port/index.js';
import { FRONTIER_PAUSE, Frontier, SlotMap, checkCapacity, workUnits } from './frontier.js';
import type { FrontierContext, FrontierOperation } from './frontier.js';
import { scanHop } from './expand.js';
import type { HopOptions } from './expand.js';
import { RowScan, Stamps, rowDegree, rowDegreeSum, rowsOf } from './rows.js';
import { frontierDegree, hopsOf, meterScan } from './search.js';
import type { ShortestPathOptions } from './search.js';

/** Adjacency entries a row expansion scans before it returns, so that its caller can tick. */
const TICK_ENTRIES = 1024;
const FINDING = 'shortest path';

/**
 * A shortest path: its vertices (slots, both ends included) and, for each step, the edge the
 * search followed (edge slots, one fewer).
 */
interface ShortestPath {
  readonly vertices: Int32Array;
  readonly edges: Int32Array;
}

/** What the rounds share: the meeting vertex once found, and the vertices both sides reached. */
interface MeetState {
  meet: number;
  total: number;
  readonly capacity: number;
}

/**
 * One side of the row search. Its reached vertices sit in its marks' work area in BFS order
 * (the end it starts from first), each with the work-area position of the vertex it was reached
 * from (`from`) and the edge it came through (`edges`); `position` maps a reached slot to its
 * entry. The front is entries `begin` to `end`, at depth `depth`.
 */
interface RowSide {
  readonly scan: RowScan;
  readonly marks: Stamps;
  readonly position: Int32Array;
  depth: number;
  begin: number;
  end: number;
  /** Adjacency entries the next expansion of the front scans. */
  cost: number;
}

/**
 * Expands `side`'s front from entry `k` on, until about {@link TICK_ENTRIES} entries were scanned,
 * the front ends, or a scan reached a vertex the other side had marked; returns the entry to
 * resume at. The scan stops at that vertex, but the source's rows count as scanned in full, as
 * on the batched path. A plain function, so that the JIT optimises it fully.
 */
function expandRows(side: RowSide, other: Stamps, k: number, state: MeetState): number {
  const { offsets: offs, targets: tgts, edges: edgs, degreeLimit } = side.scan;
  const rowCount = offs.length;
  const marks = side.marks.marks;
  const base = side.marks.base;
  const stamp = base + side.depth + 1;
  const otherMarks = other.marks;
  const otherBase = other.base;
  const position = side.position;
  const out = side.marks.work;
  const { slots, from, edges: through } = out;
  const end = side.end;
  let n = out.length;
  let scanned = 0;
  let meet = -1;
  for (; k < end && scanned < TICK_ENTRIES && meet < 0; k++) {
    const u = slots[k]!;
    const before = n;
    let left = degreeLimit;
    for (let r = 0; r < rowCount && left > 0; r++) {
      const offsets = offs[r] as Int32Array;
      if (u + 1 >= offsets.length) continue;
      const start = offsets[u]!;
      let stop = offsets[u + 1]!;
      if (stop - start > left) stop = start + left;
      left -= stop - start;
      scanned += stop - start;
      if (meet >= 0) continue;
      const targets = tgts[r] as Int32Array;
      const edges = edgs[r] as Int32Array;
      for (let i = start; i < stop; i++) {
        const v = targets[i]!;
        if (marks[v]! >= base) continue;
        marks[v] = stamp;
        position[v] = n;
        slots[n] = v;
        from[n] = k;
        through[n] = edges[i]!;
        n++;
        if (otherMarks[v]! >= otherBase) {
          meet = v;
          break;
        }
      }
    }
    state.total += n - before;
    if (n > before && state.capacity >= 0 && state.total > state.capacity) {
      out.length = n;
      checkCapacity(state.total, state.capacity, FINDING);
    }
  }
  out.length = n;
  side.scan.scanned += scanned;
  if (meet >= 0) state.meet = meet;
  return k;
}

function rowSide(scan: RowScan, marks: Stamps, start: number): RowSide {
  const position = marks.perSlot;
  marks.set(start, 0);
  position[start] = 0;
  const work = marks.work;
  work.slots[0] = start;
  work.from[0] = -1;
  work.length = 1;
  return { scan, marks, position, depth: 0, begin: 0, end: 1, cost: rowDegree(scan, start) };
}

/** How a side reached a vertex: its depth, the vertex it came from, and the edge between them. */
interface Reach {
  depth(side: number, slot: number): number;
  parent(side: number, slot: number): number;
  edge(side: number, slot: number): number;
}

/**
 * The path through `at`: side 0's parents back to the source, then side 1's on to the target,
 * with the edge of each step.
 */
function joinPath(at: number, reach: Reach): ShortestPath {
  const ahead = reach.depth(0, at);
  const vertices = new Int32Array(ahead + reach.depth(1, at) + 1);
  const edges = new Int32Array(vertices.length - 1);
  vertices[ahead] = at;
  for (let i = ahead, v = at; i > 0; i--) {
    edges[i - 1] = reach.edge(0, v);
    vertices[i - 1] = v = reach.parent(0, v);
  }
  for (let i = ahead, v = at; i + 1 < vertices.length; i++) {
    edges[i] = reach.edge(1, v);
    vertices[i + 1] = v = reach.parent(1, v);
  }
  return { vertices, edges };
}

function* rowSearch(adjacency: AdjacencySource, ends: readonly [number, number], scans: readonly [RowScan, RowScan], options: ShortestPathOptions, ctx: FrontierContext): FrontierOperation<ShortestPath | undefined> {
  const bound = adjacency.vertexSlotBound();
  const span = Math.min(options.maxDepth, bound) + 1;
  const marks = [Stamps.acquire(bound, span), Stamps.acquire(bound, span)] as const;
  try {
    const sides = [rowSide(scans[0], marks[0], ends[0]), rowSide(scans[1], marks[1], ends[1])] as const;
    const state: MeetState = { meet: -1, total: 2, capacity: options.capacity ?? -1 };
    for (let spent = 0; spent < options.maxDepth; spent++) {
      const which = sides[0].cost <= sides[1].cost ? 0 : 1;
      const side = sides[which];
      if (side.begin === side.end) break;
      const other = marks[1 - which] as Stamps;
      const scanned = side.scan.scanned;
      let k = side.begin;
      while (k < side.end && state.meet < 0) {
        const before = side.scan.scanned;
        k = expandRows(side, other, k, state);
        if (ctx.tick(workUnits(side.scan.scanned - before))) yield FRONTIER_PAUSE;
      }
      meterScan(options.meter, k - side.begin, side.scan.scanned - scanned);
      side.depth++;
      if (state.meet >= 0) break;
      side.begin = side.end;
      side.end = side.marks.work.length;
      side.cost = rowDegreeSum(side.scan, side.marks.work.slots.subarray(side.begin, side.end));
    }
    if (state.meet < 0) return undefined;
    return joinPath(state.meet, {
      depth: (s, v) => (marks[s] as Stamps).get(v),
      parent: (s, v) => {
        const work = (marks[s] as Stamps).work;
        return work.slots[work.from[(sides[s] as RowSide).position[v]!]!]!;
      },
      edge: (s, v) => (marks[s] as Stamps).work.edges[(sides[s] as RowSide).position[v]!]!,
    });
  } finally {
    marks[0].release();
    marks[1].release();
  }
}

/** One side of the batched search: depth, parent and edge in of every reached slot, and the front. */
interface BatchedSide {
  readonly hop: HopOptions;
  readonly depths: SlotMap;
  readonly parents: SlotMap;
  readonly edges: SlotMap;
  depth: number;
  front: Int32Array;
  cost: number;
}

function* batchedSearch(adjacency: AdjacencySource, ends: readonly [number, number], hops: readonly [HopOptions, HopOptions], options: ShortestPathOptions, ctx: FrontierContext): FrontierOperation<ShortestPath | undefined> {
  const sides = ends.map((end, i): BatchedSide => {
    const depths = new SlotMap();
    depths.set(end, 0);
    const front = Int32Array.of(end);
    return { hop: hops[i] as HopOptions, depths, parents: new SlotMap(), edges: new SlotMap(), depth: 0, front, cost: frontierDegree(adjacency, front, hops[i] as HopOptions, undefined) };
  }) as [BatchedSide, BatchedSide];
  const state: MeetState = { meet: -1, total: 2, capacity: options.capacity ?? -1 };
  const one = new Int32Array(1);
  for (let spent = 0; spent < options.maxDepth; spent++) {
    const which = sides[0].cost <= sides[1].cost ? 0 : 1;
    const side = sides[which];
    if (side.front.length === 0) break;
    const other = (sides[1 - which] as BatchedSide).depths;
    const next = new Frontier();
    const depth = side.depth + 1;
    let k = 0;
    let scanned = 0;
    for (; k < side.front.length && state.meet < 0; k++) {
      const u = side.front[k]!;
      one[0] = u;
      // Past the meeting the source's scan runs on (it counts as scanned) but reaches nothing.
      scanned += yield* scanHop(adjacency, one, side.hop, ctx, (_k, edge, v) => {
        if (state.meet >= 0 || side.depths.has(v)) return;
        side.depths.set(v, depth);
        side.parents.set(v, u);
        side.edges.set(v, edge);
        next.push(v, 1, 0, -1);
        checkCapacity(++state.total, state.capacity, FINDING);
        if (other.has(v)) state.meet = v;
      });
    }
    meterScan(options.meter, k, scanned);
    side.depth = depth;
    if (state.meet >= 0) break;
    side.front = next.view();
    side.cost = frontierDegree(adjacency, side.front, side.hop, undefined);
  }
  if (state.meet < 0) return undefined;
  return joinPath(state.meet, {
    depth: (s, v) => (sides[s] as BatchedSide).depths.get(v),
    parent: (s, v) => (sides[s] as BatchedSide).parents.get(v),
    edge: (s, v) => (sides[s] as BatchedSide).edges.get(v),
  });
}

/**
 * One shortest path from `source` to `target`, found by a bidirectional BFS that stops at the
 * first meeting, with the edge of each step (for a step the target's side took, an edge of the
 * later vertex's row that leads to the earlier); undefined when none is within `maxDepth`.
 */
export function* shortestPath(adjacency: AdjacencySource, source: number, target: number, options: ShortestPathOptions, ctx: FrontierContext): FrontierOperation<ShortestPath | undefined> {
  if (source === target) return { vertices: Int32Array.of(source), edges: new Int32Array(0) };
  const hops = hopsOf(options);
  const rows = rowsOf(adjacency, hops[0]);
  // BOTH is its own opposite: one set of rows serves both sides.
  const back = rows === undefined || hops[0].direction === 'BOTH' ? rows : rowsOf(adjacency, hops[1]);
  if (rows === undefined || back === undefined) return yield* batchedSearch(adjacency, [source, target], hops, options, ctx);
  const scan = new RowScan(rows, hops[0]);
  return yield* rowSearch(adjacency, [source, target], [scan, back === rows ? scan : new RowScan(back, hops[1])], options, ctx);
}

/**
 * The edges along a vertex path: for each step, the first entry leading to the other end in the
 * rows of whichever end has fewer entries over the hop (the earlier end on a tie), so that a
 * step through a hub never searches the hub's row. No degree limit applies. On the row fast path
 * the rows are read directly, else through the port's scans and degrees; both pick the same edge.
 */
export function* pathEdges(adjacency: AdjacencySource, path: ArrayLike<number>, hop: HopOptions, ctx: FrontierContext): FrontierOperation<number[]> {
  const hops = hopsOf({ hop: { ...hop, maxDegree: -1, skipDegree: 0 }, maxDepth: 1 });
  const rows = rowsOf(adjacency, hops[0]);
  const back = rows === undefined || hops[0].direction === 'BOTH' ? rows : rowsOf(adjacency, hops[1]);
  const out: number[] = [];
  if (rows !== undefined && back !== undefined) {
    const scans = [new RowScan(rows, hops[0]), new RowScan(back, hops[1])] as const;
    for (let i = 0; i + 1 < path.length; i++) {
      const [u, w] = [path[i]!, path[i + 1]!];
      out.push(rowDegree(scans[0], u) <= rowDegree(scans[1], w) ? firstEntry(scans[0], u, w) : firstEntry(scans[1], w, u));
    }
    return out;
  }
  // A vertex filter tests the far end, so a filtered hop is looked up from the earlier end only.
  const either = hop.vertexFilter === undefined;
  const one = new Int32Array(1);
  for (let i = 0; i + 1 < path.length; i++) {
    const [u, w] = [path[i]!, path[i + 1]!];
    const back = either && adjacency.degree(w, hops[1].direction, hop.labels) < adjacency.degree(u, hop.direction, hop.labels);
    one[0] = back ? w : u;
    const want = back ? u : w;
    let found = -1;
    yield* scanHop(adjacency, one, hops[back ? 1 : 0], ctx, (_k, edge, v) => {
      if (found < 0 && v === want) found = edge;
    });
    out.push(found);
  }
  return out;
}

/** The edge of the first entry of `u`'s rows that leads to `want`, or -1. */
function firstEntry(scan: RowScan, u: number, want: number): number {
  const { offsets: offs, targets: tgts, edges: edgs } = scan;
  for (let r = 0; r < offs.length; r++) {
    const offsets = offs[r] as Int32Array;
    if (u + 1 >= offsets.length) continue;
    const targets = tgts[r] as Int32Array;
    for (let j = offsets[u]!, end = offsets[u + 1]!; j < end; j++) if (targets[j] === want) return (edgs[r] as Int32Array)[j]!;
  }
  return -1;
}
