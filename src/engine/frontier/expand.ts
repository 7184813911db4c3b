/**
 * The expand operator: one hop from every slot of a frontier through the adjacency port's
 * batched neighbour scan (visible neighbours only), with HugeGraph's degree rules, edge and vertex filters, and dedup
 * against visited marks. No object is built per edge; the only per-neighbour work is a few
 * typed-array reads and writes and the optional filter callbacks.
 * @module
 */
import type { AdjacencySource, ScanOptions } from '../../port/index.js';
import type { Direction } from '../../values/index.js';
import { FRONTIER_PAUSE, Frontier, SlotMap, checkCapacity, workUnits } from './frontier.js';
import type { FrontierContext, FrontierOperation, VisitedMarks } from './frontier.js';

/**
 * How one hop follows edges. Degrees follow HugeGraph (spec notes §5): `maxDegree` keeps at
 * most that many edges per vertex (-1 or absent: all); `skipDegree`, when above 0, drops a
 * vertex's edges entirely once it has at least that many (a super node), and must then be
 * ≥ `maxDegree`. Degrees count edges that pass `edgeFilter`; `vertexFilter` applies after.
 */
export interface HopOptions {
  readonly direction: Direction;
  /** Edge labels to follow; absent or empty means all. */
  readonly labels?: readonly string[];
  readonly maxDegree?: number;
  readonly skipDegree?: number;
  /** Keeps an edge (by slot) when true; property filters of edge steps go here. */
  readonly edgeFilter?: (edge: number) => boolean;
  /** Keeps a reached vertex (by slot) when true; vertex steps and access control go here. */
  readonly vertexFilter?: (vertex: number) => boolean;
}

/**
 * Options of {@link expand}.
 */
interface ExpandOptions {
  readonly hop: HopOptions;
  /**
   * Global dedup: a reached vertex already marked is dropped, and a new one is marked. Absent:
   * the result is distinct within the hop only, and the bulks of equal vertices add up.
   */
  readonly visited?: VisitedMarks;
  /** Largest size of the result; -1 or absent: no limit. */
  readonly capacity?: number;
  /** What the caller is finding, for the capacity error's message. */
  readonly finding?: string;
  /** Depth written to the result's depth array (when the frontier keeps one). */
  readonly depth?: number;
}

/**
 * The scan a hop asks of the adjacency port: visible neighbours of its labels, with the degree
 * limit pushed down to the port when no edge filter has to see the edges first.
 */
export function scanOptions(hop: HopOptions): ScanOptions {
  const maxDegree = hop.maxDegree === undefined || hop.maxDegree < 0 ? Infinity : hop.maxDegree;
  const skip = hop.skipDegree !== undefined && hop.skipDegree > 0 ? hop.skipDegree : 0;
  return {
    visibleNeighbours: true,
    ...(hop.labels !== undefined && hop.labels.length > 0 ? { labels: hop.labels } : {}),
    ...(hop.edgeFilter === undefined && (skip > 0 || maxDegree !== Infinity) ? { degreeLimit: skip > 0 ? skip : maxDegree } : {}),
  };
}

/**
 * True when a hop keeps every entry of its scan ({@link scanOptions}): no edge or vertex filter
 * and no skip degree. Its neighbours can then be read straight from the port's batches, which
 * is what the hot loops of the operators do instead of a callback per edge.
 */
export function plainHop(hop: HopOptions): boolean {
  return hop.edgeFilter === undefined && hop.vertexFilter === undefined && !(hop.skipDegree !== undefined && hop.skipDegree > 0);
}

/**
 * Calls `visit(k, edge, vertex)` for every neighbour that the hop rules keep, where `k` is the
 * index in `sources` of the slot it was reached from. `sources` must be distinct slots (every
 * frontier the operators build is). Returns the number of adjacency entries scanned.
 */
export function* scanHop(
  adjacency: AdjacencySource,
  sources: Int32Array,
  hop: HopOptions,
  ctx: FrontierContext,
  visit: (k: number, edge: number, vertex: number) => void,
): FrontierOperation<number> {
  const maxDegree = hop.maxDegree === undefined || hop.maxDegree < 0 ? Infinity : hop.maxDegree;
  const skip = hop.skipDegree !== undefined && hop.skipDegree > 0 ? hop.skipDegree : 0;
  const edgeFilter = hop.edgeFilter;
  const vertexFilter = hop.vertexFilter;
  const scan = scanOptions(hop);
  // The run of the current source: its index, how many edges it kept, and (with skipDegree) the
  // edges held back until the run ends and its degree is known.
  let k = -1;
  let current = -1;
  let taken = 0;
  let heldEdges = skip > 0 ? new Int32Array(Math.min(skip, 1024)) : new Int32Array(0);
  let heldVertices = new Int32Array(heldEdges.length);
  const endRun = (): void => {
    if (skip === 0 || taken >= skip) return;
    for (let i = 0, n = Math.min(taken, maxDegree); i < n; i++) {
      const vertex = heldVertices[i]!;
      if (vertexFilter === undefined || vertexFilter(vertex)) visit(k, heldEdges[i]!, vertex);
    }
  };
  let scanned = 0;
  for (const batch of adjacency.scanNeighbours(sources, hop.direction, scan)) {
    const { sources: from, edges, vertices, selection } = batch;
    const length = batch.length;
    scanned += length;
    for (let j = 0; j < length; j++) {
      const i = selection === undefined ? j : selection[j]!;
      const s = from[i]!;
      if (s !== current) {
        endRun();
        while (k < sources.length - 1 && sources[++k] !== s);
        current = s;
        taken = 0;
      }
      const edge = edges[i]!;
      if (edgeFilter !== undefined && !edgeFilter(edge)) continue;
      if (skip > 0) {
        if (taken < heldEdges.length) {
          heldEdges[taken] = edge;
          heldVertices[taken] = vertices[i]!;
        } else if (taken < skip) {
          const e = new Int32Array(Math.min(skip, heldEdges.length * 2));
          const v = new Int32Array(e.length);
          e.set(heldEdges);
          v.set(heldVertices);
          heldEdges = e;
          heldVertices = v;
          heldEdges[taken] = edge;
          heldVertices[taken] = vertices[i]!;
        }
        taken++;
        continue;
      }
      if (taken >= maxDegree) continue;
      taken++;
      const vertex = vertices[i]!;
      if (vertexFilter === undefined || vertexFilter(vertex)) visit(k, edge, vertex);
    }
    if (ctx.tick(workUnits(length))) yield FRONTIER_PAUSE;
  }
  endRun();
  return scanned;
}

/**
 * One hop from a frontier: the distinct vertices reached, in the order first reached (source
 * order, then each source's adjacency order, which is the order a step-by-step traversal
 * meets them). The result keeps the same optional arrays as `from`: bulks add up over the
 * ways a vertex is reached (without `visited`), depths are `options.depth`, predecessors are
 * the slot a vertex was first reached from.
 */
export function* expand(adjacency: AdjacencySource, from: Frontier, options: ExpandOptions, ctx: FrontierContext): FrontierOperation<Frontier> {
  const next = new Frontier({ bulk: from.bulk !== undefined, depth: from.depth !== undefined, predecessor: from.predecessor !== undefined });
  const visited = options.visited;
  const positions = visited === undefined ? new SlotMap() : undefined;
  const bulk = from.bulk;
  const sources = from.view();
  const depth = options.depth ?? 0;
  const capacity = options.capacity;
  const finding = options.finding ?? 'neighbours';
  yield* scanHop(adjacency, sources, options.hop, ctx, (k, _edge, vertex) => {
    if (positions !== undefined) {
      const at = positions.get(vertex);
      if (at >= 0) {
        if (bulk !== undefined) (next.bulk as Float64Array)[at]! += bulk[k]!;
        return;
      }
      positions.set(vertex, next.length);
    } else if (!(visited as VisitedMarks).mark(vertex)) return;
    next.push(vertex, bulk === undefined ? 1 : bulk[k]!, depth, sources[k]!);
    checkCapacity(next.length, capacity, finding);
  });
  return next;
}

/**
 * A frontier of the distinct slots of `slots`, in first-occurrence order, with bulks adding up
 * when `bulks` are given (one per slot).
 */
export function distinctFrontier(slots: ArrayLike<number>, options: { readonly bulks?: ArrayLike<number>; readonly predecessor?: boolean; readonly depth?: boolean } = {}): Frontier {
  const bulks = options.bulks;
  const f = new Frontier({ bulk: bulks !== undefined, predecessor: options.predecessor, depth: options.depth, capacityHint: slots.length });
  const at = new SlotMap();
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const p = at.get(s);
    if (p >= 0) {
      if (bulks !== undefined) (f.bulk as Float64Array)[p]! += bulks[i]!;
      continue;
    }
    at.set(s, f.length);
    f.push(s, bulks === undefined ? 1 : bulks[i]!, 0, -1);
  }
  return f;
}
