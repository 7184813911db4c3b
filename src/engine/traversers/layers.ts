/**
 * Layered expansion for the neighbourhood and path traversers: each layer is a frontier of the
 * vertices reached at one depth, with the position of its parent in the layer before and the
 * edge it came through, so that paths are rebuilt without per-path objects during the search.
 * @module
 */
import { Frontier, RowScan, SlotMap, VisitedBits, VisitedMarks, checkCapacity, reachLevel, rowsOf, scanHop } from '../frontier/index.js';
import type { AdjacencyRows } from '../../port/index.js';
import type { FrontierOperation, HopOptions, RowLevel } from '../frontier/index.js';
import type { Meter, TraverserRun } from './traverser-common.js';

/**
 * One depth of a layered search: `vertices.slots[i]` was reached from entry
 * `vertices.predecessor[i]` of the layer before (-1 in layer 0) through edge `edges.slots[i]`.
 */
export interface Layer {
  readonly vertices: Frontier;
  readonly edges: Frontier;
}

/**
 * Options of {@link layers}.
 */
interface LayerOptions {
  readonly hop: HopOptions;
  readonly depth: number;
  /** True: a vertex is reached once overall (its nearest depth); false: once per layer. Sources are never reached again. */
  readonly nearest: boolean;
  readonly capacity: number;
  readonly finding: string;
  readonly meter: Meter;
  /** Stop adding to a layer once it holds this many vertices. */
  readonly layerLimit?: number;
  /**
   * False: the answer needs no paths, so the row fast path reads no edge slots and keeps each
   * layer's vertices only (no predecessor positions, an empty edge frontier). Default true.
   */
  readonly paths?: boolean;
}

const NO_SLOTS = new Int32Array(0);

/**
 * Layer 0 of `sources`.
 */
function firstLayer(sources: ArrayLike<number>): Layer {
  const vertices = Frontier.of(sources, { predecessor: true });
  const edges = Frontier.of(Array.from({ length: sources.length }, () => -1));
  return { vertices, edges };
}

/**
 * Breadth-first layers from `sources` up to `options.depth` hops (fewer when a layer is empty).
 */
export function* layers(run: TraverserRun, sources: ArrayLike<number>, options: LayerOptions): FrontierOperation<Layer[]> {
  const rows = options.nearest && options.layerLimit === undefined ? rowsOf(run.source, options.hop) : undefined;
  if (rows !== undefined) return yield* layersOfRows(run, sources, options, rows);
  const out = [firstLayer(sources)];
  const global = new VisitedMarks();
  for (let i = 0; i < sources.length; i++) global.mark(sources[i]!);
  const layerLimit = options.layerLimit ?? Infinity;
  let total = 0;
  for (let d = 1; d <= options.depth; d++) {
    const prev = (out[d - 1] as Layer).vertices;
    if (prev.length === 0) break;
    const seen = options.nearest ? global : new SlotMap();
    if (!options.nearest) for (let i = 0; i < sources.length; i++) seen.set(sources[i]!, 0);
    const vertices = new Frontier({ predecessor: true });
    const edges = new Frontier();
    options.meter.vertices += prev.length;
    options.meter.edges += yield* scanHop(run.source, prev.view(), options.hop, run.ctx, (k, edge, vertex) => {
      if (seen.has(vertex) || vertices.length >= layerLimit) return;
      seen.set(vertex, 0);
      vertices.push(vertex, 1, 0, k);
      edges.push(edge, 1, 0, -1);
      checkCapacity(++total, options.capacity, options.finding);
    });
    out.push({ vertices, edges });
  }
  return out;
}

/**
 * {@link layers} with `nearest` on the row fast path: a pooled bitmap of visited slots, and one work area that
 * holds every layer (each vertex is reached once), copied out layer by layer.
 */
function* layersOfRows(run: TraverserRun, sources: ArrayLike<number>, options: LayerOptions, rows: readonly AdjacencyRows[]): FrontierOperation<Layer[]> {
  const out = [firstLayer(sources)];
  const marks = VisitedBits.acquire(run.source.vertexSlotBound());
  try {
    for (let i = 0; i < sources.length; i++) marks.set(sources[i]!);
    const scan = new RowScan(rows, options.hop);
    const work = marks.work;
    const paths = options.paths !== false;
    const level: RowLevel = { marks, payload: 0, out: work, counted: 0, capacity: options.capacity, finding: options.finding, edges: paths, from: paths };
    for (let d = 1; d <= options.depth; d++) {
      const prev = (out[d - 1] as Layer).vertices;
      if (prev.length === 0) break;
      options.meter.vertices += prev.length;
      const [begin, scanned] = [work.length, scan.scanned];
      yield* reachLevel(scan, level, prev.view(), run.ctx);
      options.meter.edges += scan.scanned - scanned;
      const slots = work.slots.slice(begin, work.length);
      out.push(
        paths
          ? { vertices: Frontier.wrap(slots, { predecessor: work.from.slice(begin, work.length) }), edges: Frontier.wrap(work.edges.slice(begin, work.length)) }
          : { vertices: Frontier.wrap(slots), edges: Frontier.wrap(NO_SLOTS) },
      );
    }
    return out;
  } finally {
    marks.release();
  }
}

/**
 * The path (vertex slots and edge slots) to entry `i` of layer `depth`.
 */
export function layerPath(ls: readonly Layer[], depth: number, i: number): { vertices: number[]; edges: number[] } {
  const vertices: number[] = [];
  const edges: number[] = [];
  for (let d = depth, at = i; d >= 0; d--) {
    const layer = ls[d] as Layer;
    vertices.push(layer.vertices.slots[at]!);
    if (d > 0) edges.push(layer.edges.slots[at]!);
    at = (layer.vertices.predecessor as Int32Array)[at]!;
  }
  return { vertices: vertices.reverse(), edges: edges.reverse() };
}
