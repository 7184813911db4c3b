/**
 * A path tree for the traversers that enumerate paths (paths, crosspoints, rings, rays,
 * customizedPaths, templatePaths, customizedCrosspoints): every partial path is one node in
 * typed arrays (its last vertex, the edge it came through, its parent node and a tag the
 * traverser uses for its own state), so a path costs one entry, not an object per path.
 * @module
 */
import type { Direction } from '../../values/index.js';
import { SlotMap, scanHop } from '../frontier/index.js';
import type { FrontierOperation, HopOptions } from '../frontier/index.js';
import { edgesOut, flag, ids, verticesOut } from './traverser-common.js';
import type { Meter, TraverserRun } from './traverser-common.js';
import type { PathElements, TraverserPath } from './traverser-types.js';

/**
 * Partial paths as a tree: node `i` ends at `vertex[i]`, reached through `edge[i]` (-1 for a
 * root) from node `parent[i]` (-1 for a root), `length[i]` edges from its root.
 */
export class PathTree {
  vertex = new Int32Array(64);
  edge = new Int32Array(64);
  parent = new Int32Array(64);
  length = new Int32Array(64);
  tag = new Int32Array(64);
  size = 0;

  /** Adds a node and returns its index. */
  push(vertex: number, edge: number, parent: number, tag: number): number {
    const i = this.size;
    if (i === this.vertex.length) {
      for (const key of ['vertex', 'edge', 'parent', 'length', 'tag'] as const) {
        const next = new Int32Array(i * 2);
        next.set(this[key]);
        this[key] = next;
      }
    }
    this.vertex[i] = vertex;
    this.edge[i] = edge;
    this.parent[i] = parent;
    this.length[i] = parent < 0 ? 0 : this.length[parent]! + 1;
    this.tag[i] = tag;
    this.size = i + 1;
    return i;
  }

  /** Whether `vertex` is on the path ending at `node`. */
  contains(node: number, vertex: number): boolean {
    for (let at = node; at >= 0; at = this.parent[at]!) if (this.vertex[at] === vertex) return true;
    return false;
  }

  /** The vertex slots of the path ending at `node`, root first. */
  vertices(node: number): number[] {
    const out: number[] = [];
    for (let at = node; at >= 0; at = this.parent[at]!) out.push(this.vertex[at]!);
    return out.reverse();
  }

  /** The edge slots of the path ending at `node`, root first. */
  edges(node: number): number[] {
    const out: number[] = [];
    for (let at = node; this.parent[at]! >= 0; at = this.parent[at]!) out.push(this.edge[at]!);
    return out.reverse();
  }
}

/**
 * The neighbours of each distinct slot of `slots` under `hop`, as flat `[edge, vertex, ...]`
 * lists keyed by slot, counting the scan into the meter.
 */
export function* neighbourLists(run: TraverserRun, slots: Iterable<number>, hop: HopOptions, meter: Meter): FrontierOperation<Map<number, number[]>> {
  const seen = new SlotMap();
  const distinct: number[] = [];
  for (const s of slots) if (!seen.has(s)) (seen.set(s, distinct.length), distinct.push(s));
  const lists = new Map<number, number[]>(distinct.map((s) => [s, []]));
  const sources = Int32Array.from(distinct);
  meter.vertices += sources.length;
  meter.edges += yield* scanHop(run.source, sources, hop, run.ctx, (k, edge, vertex) => {
    (lists.get(sources[k]!) as number[]).push(edge, vertex);
  });
  return lists;
}

/**
 * The opposite direction (BOTH stays BOTH).
 */
export function opposite(direction: Direction): Direction {
  return direction === 'OUT' ? 'IN' : direction === 'IN' ? 'OUT' : 'BOTH';
}

/**
 * The key of a path by its vertices, for deduplication.
 */
export function pathKey(vertices: readonly number[]): string {
  return vertices.join(',');
}

/**
 * The `vertices` and `edges` tail of a path response for tree nodes: ids, or full elements with
 * `withVertex` / `withEdge`.
 */
export function treeTail(run: TraverserRun, tree: PathTree, nodes: readonly number[], o: Readonly<Record<string, unknown>>): PathElements {
  const vertices: number[] = [];
  const edges: number[] = [];
  for (const n of nodes) {
    vertices.push(...tree.vertices(n));
    edges.push(...tree.edges(n));
  }
  return {
    vertices: verticesOut(run.source, vertices, flag(o.withVertex, 'with vertex', false)),
    edges: edgesOut(run.source, edges, flag(o.withEdge, 'with edge', false)),
  };
}

/**
 * A path object of a tree node.
 */
export function treePath(run: TraverserRun, tree: PathTree, node: number): TraverserPath {
  return { objects: ids(run.source, tree.vertices(node)) };
}
