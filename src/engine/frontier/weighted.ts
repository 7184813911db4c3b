/**
 * Weighted relaxation: Dijkstra's algorithm over the adjacency port, with a binary min-heap in
 * typed arrays (keys in a Float64Array, slots in an Int32Array) and lazy deletion.
 * @module
 */
import type { AdjacencySource } from '../../port/index.js';
import { Frontier, SlotMap, checkCapacity } from './frontier.js';
import type { FrontierContext, FrontierOperation } from './frontier.js';
import { scanHop } from './expand.js';
import type { HopOptions } from './expand.js';

/**
 * A binary min-heap of (key, slot) pairs in typed arrays. Duplicates are allowed: Dijkstra
 * pushes a slot again when its distance falls and skips stale entries when it pops them.
 */
export class SlotHeap {
  #keys = new Float64Array(64);
  #slots = new Int32Array(64);
  #size = 0;
  /** Key of the entry returned by the last {@link SlotHeap.pop}. */
  lastKey = 0;

  /** Number of entries. */
  get size(): number {
    return this.#size;
  }

  /** Adds a slot with its key. */
  push(key: number, slot: number): void {
    if (this.#size === this.#keys.length) {
      const keys = new Float64Array(this.#size * 2);
      const slots = new Int32Array(this.#size * 2);
      keys.set(this.#keys);
      slots.set(this.#slots);
      this.#keys = keys;
      this.#slots = slots;
    }
    const keys = this.#keys;
    const slots = this.#slots;
    let i = this.#size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      slots[i] = slots[parent]!;
      i = parent;
    }
    keys[i] = key;
    slots[i] = slot;
  }

  /** Removes and returns the slot of least key (its key in {@link SlotHeap.lastKey}), or -1 when empty. */
  pop(): number {
    if (this.#size === 0) return -1;
    const keys = this.#keys;
    const slots = this.#slots;
    const top = slots[0]!;
    this.lastKey = keys[0]!;
    const n = --this.#size;
    const key = keys[n]!;
    const slot = slots[n]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= key) break;
      keys[i] = keys[child]!;
      slots[i] = slots[child]!;
      i = child;
    }
    keys[i] = key;
    slots[i] = slot;
    return top;
  }
}

/**
 * Options of {@link dijkstra}.
 */
interface DijkstraOptions {
  readonly hop: HopOptions;
  /** Weight of an edge (by slot), ≥ 0. */
  readonly weight: (edge: number) => number;
  /** Stop once this slot is settled. */
  readonly target?: number;
  /** Largest number of vertices reached; -1 or absent: no limit. */
  readonly capacity?: number;
}

/**
 * Settled vertices of {@link dijkstra} in order of distance, with the distance of each and the
 * slot it was reached from (-1 for the source).
 */
interface DijkstraResult {
  /** Settled slots in order, with their predecessors. */
  readonly settled: Frontier;
  /** Distance of settled entry i. */
  readonly distance: Float64Array;
  /** Position in `settled` of a settled slot, -1 otherwise. */
  readonly positions: SlotMap;
}

/**
 * Lightest paths from `source` by Dijkstra's algorithm.
 */
export function* dijkstra(adjacency: AdjacencySource, source: number, options: DijkstraOptions, ctx: FrontierContext): FrontierOperation<DijkstraResult> {
  const heap = new SlotHeap();
  // Tentative distances and predecessors by slot; `positions` marks the settled ones.
  const tentative = new SlotMap();
  let best = new Float64Array(64);
  let via = new Int32Array(64);
  const settled = new Frontier({ predecessor: true });
  let distance = new Float64Array(64);
  const positions = new SlotMap();
  let count = 0;
  const at = (slot: number): number => {
    let i = tentative.get(slot);
    if (i >= 0) return i;
    i = count++;
    if (i === best.length) {
      const b = new Float64Array(i * 2);
      const v = new Int32Array(i * 2);
      b.set(best);
      v.set(via);
      best = b;
      via = v;
    }
    tentative.set(slot, i);
    best[i] = Infinity;
    checkCapacity(i + 1, options.capacity, 'weighted shortest path');
    return i;
  };
  const from = Int32Array.of(0);
  best[at(source)] = 0;
  via[0] = -1;
  heap.push(0, source);
  while (heap.size > 0) {
    const u = heap.pop();
    const d = heap.lastKey;
    if (positions.has(u) || d > best[tentative.get(u)]!) continue;
    positions.set(u, settled.length);
    if (settled.length === distance.length) {
      const grown = new Float64Array(distance.length * 2);
      grown.set(distance);
      distance = grown;
    }
    distance[settled.length] = d;
    settled.push(u, 1, 0, via[tentative.get(u)]!);
    if (u === options.target) break;
    from[0] = u;
    yield* scanHop(adjacency, from, options.hop, ctx, (_k, edge, vertex) => {
      if (positions.has(vertex)) return;
      const nd = d + options.weight(edge);
      const i = at(vertex);
      if (nd < best[i]!) {
        best[i] = nd;
        via[i] = u;
        heap.push(nd, vertex);
      }
    });
  }
  return { settled, distance, positions };
}

/**
 * The lightest path to `target` found by {@link dijkstra}, source first; undefined when the
 * target was not settled.
 */
export function weightedPathTo(result: DijkstraResult, target: number): Int32Array | undefined {
  const out: number[] = [];
  for (let at = result.positions.get(target); at >= 0; ) {
    const slot = result.settled.slots[at]!;
    out.push(slot);
    const p = (result.settled.predecessor as Int32Array)[at]!;
    at = p < 0 ? -1 : result.positions.get(p);
  }
  return out.length === 0 ? undefined : Int32Array.from(out.reverse());
}
