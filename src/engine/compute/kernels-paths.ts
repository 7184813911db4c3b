/**
 * Kernels over shortest paths and cycles, one range of sources per task: harmonic closeness
 * (BFS, or Dijkstra with weights, over both directions), exact Brandes betweenness on the
 * undirected simple graph, and simple directed cycles (rings). Each task adds into its own
 * `local` array; the driver sums them.
 * @module
 */
import type { ComputeGraph } from './compute-graph.js';
import type { KernelReply } from './kernel-reply.js';

/** A range [from, to) of positions in `sources`. */
interface SourceRange {
  readonly sources: Int32Array;
  readonly from: number;
  readonly to: number;
}

/** A binary min-heap of vertices keyed by a distance array, with lazy deletion. */
class MinHeap {
  #items = new Int32Array(64);
  #keys = new Float64Array(64);
  size = 0;

  push(v: number, key: number): void {
    if (this.size === this.#items.length) {
      const items = new Int32Array(this.size * 2);
      items.set(this.#items);
      this.#items = items;
      const keys = new Float64Array(this.size * 2);
      keys.set(this.#keys);
      this.#keys = keys;
    }
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.#keys[p]! <= key) break;
      this.#items[i] = this.#items[p]!;
      this.#keys[i] = this.#keys[p]!;
      i = p;
    }
    this.#items[i] = v;
    this.#keys[i] = key;
  }

  /** Removes the smallest entry; its vertex and key are `top` and `topKey` before the call. */
  pop(): void {
    const last = --this.size;
    const v = this.#items[last]!;
    const key = this.#keys[last]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= last) break;
      if (c + 1 < last && this.#keys[c + 1]! < this.#keys[c]!) c++;
      if (this.#keys[c]! >= key) break;
      this.#items[i] = this.#items[c]!;
      this.#keys[i] = this.#keys[c]!;
      i = c;
    }
    this.#items[i] = v;
    this.#keys[i] = key;
  }

  get top(): number {
    return this.#items[0]!;
  }

  get topKey(): number {
    return this.#keys[0]!;
  }
}

/**
 * Harmonic closeness from each source of the range over both edge directions: every vertex u
 * reached at distance d > 0 gets 1/d added to `local[u]` (on an undirected graph, the sum over
 * sources is each vertex's own harmonic closeness). With weights, d is a weighted shortest-path
 * length (Dijkstra; weights must be positive).
 */
export function closeness(
  a: SourceRange & Omit<ComputeGraph, 'n'> & { readonly local: Float64Array },
): KernelReply {
  const n = a.outOffsets.length - 1;
  const dist = new Float64Array(n).fill(Infinity);
  const touched = new Int32Array(n);
  const sides = [
    [a.outOffsets, a.outTargets, a.outWeights],
    [a.inOffsets, a.inTargets, a.inWeights],
  ] as const;
  for (let k = a.from; k < a.to; k++) {
    const s = a.sources[k]!;
    let reached = 0;
    dist[s] = 0;
    touched[reached++] = s;
    if (a.outWeights === undefined) {
      // BFS: `touched` is the queue
      for (let head = 0; head < reached; head++) {
        const v = touched[head]!;
        const d = dist[v]! + 1;
        for (const [offsets, targets] of sides) {
          for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
            const u = targets[i]!;
            if (dist[u] !== Infinity) continue;
            dist[u] = d;
            touched[reached++] = u;
            a.local[u]! += 1 / d;
          }
        }
      }
    } else {
      const heap = new MinHeap();
      heap.push(s, 0);
      while (heap.size > 0) {
        const v = heap.top;
        const d = heap.topKey;
        heap.pop();
        if (d > dist[v]!) continue;
        if (v !== s) a.local[v]! += 1 / d;
        for (const [offsets, targets, weights] of sides) {
          for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
            const u = targets[i]!;
            const next = d + weights![i]!;
            if (next >= dist[u]!) continue;
            if (dist[u] === Infinity) touched[reached++] = u;
            dist[u] = next;
            heap.push(u, next);
          }
        }
      }
    }
    for (let i = 0; i < reached; i++) dist[touched[i]!] = Infinity;
  }
  return { sums: [] };
}

/**
 * Brandes' dependency accumulation from each source of the range on the undirected simple
 * graph (`offsets`/`targets`): `local[v]` gains the dependency of the source on v. Summed over
 * every source and halved, it is the exact betweenness (each unordered pair once).
 */
export function betweenness(a: SourceRange & { readonly offsets: Int32Array; readonly targets: Int32Array; readonly local: Float64Array }): KernelReply {
  const { offsets, targets, local } = a;
  const n = offsets.length - 1;
  const dist = new Int32Array(n).fill(-1);
  const sigma = new Float64Array(n);
  const delta = new Float64Array(n);
  const order = new Int32Array(n);
  for (let k = a.from; k < a.to; k++) {
    const s = a.sources[k]!;
    let reached = 0;
    dist[s] = 0;
    sigma[s] = 1;
    order[reached++] = s;
    for (let head = 0; head < reached; head++) {
      const v = order[head]!;
      for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
        const u = targets[i]!;
        if (dist[u] === -1) {
          dist[u] = dist[v]! + 1;
          order[reached++] = u;
        }
        if (dist[u] === dist[v]! + 1) sigma[u]! += sigma[v]!;
      }
    }
    for (let j = reached - 1; j >= 0; j--) {
      const w = order[j]!;
      for (let i = offsets[w]!; i < offsets[w + 1]!; i++) {
        const v = targets[i]!;
        if (dist[v] === dist[w]! - 1) delta[v]! += (sigma[v]! / sigma[w]!) * (1 + delta[w]!);
      }
      if (w !== s) local[w]! += delta[w]!;
    }
    for (let j = 0; j < reached; j++) {
      const v = order[j]!;
      dist[v] = -1;
      sigma[v] = 0;
      delta[v] = 0;
    }
  }
  return { sums: [] };
}

/**
 * Every simple directed cycle of 2 to `maxLength` edges whose smallest vertex is in the range,
 * walked from that vertex over the simple out-adjacency: items hold, per cycle, its number of
 * vertices k and then its k vertices (the smallest first; the walk returns to it). Stops with
 * sums [1] when more than `maxItems` items would be written.
 */
export function rings(a: { readonly from: number; readonly to: number; readonly offsets: Int32Array; readonly targets: Int32Array; readonly maxLength: number; readonly maxItems: number }): KernelReply {
  const { offsets, targets, maxLength } = a;
  const n = offsets.length - 1;
  let items = new Int32Array(256);
  let count = 0;
  const onPath = new Uint8Array(n);
  const path = new Int32Array(maxLength + 1);
  const next = new Int32Array(maxLength + 1);
  for (let s = a.from; s < a.to; s++) {
    let depth = 0;
    path[0] = s;
    next[0] = offsets[s]!;
    onPath[s] = 1;
    while (depth >= 0) {
      const v = path[depth]!;
      if (next[depth]! >= offsets[v + 1]!) {
        onPath[v] = 0;
        depth--;
        continue;
      }
      const u = targets[next[depth]!++]!;
      if (u === s && depth >= 1) {
        const k = depth + 1;
        if (count + k + 1 > a.maxItems) return { sums: [1], items: items.subarray(0, count) };
        if (count + k + 1 > items.length) {
          const grown = new Int32Array(Math.max(items.length * 2, count + k + 1));
          grown.set(items.subarray(0, count));
          items = grown;
        }
        items[count++] = k;
        items.set(path.subarray(0, k), count);
        count += k;
        continue;
      }
      if (u <= s || onPath[u] === 1 || depth + 1 >= maxLength) continue;
      depth++;
      path[depth] = u;
      next[depth] = offsets[u]!;
      onPath[u] = 1;
    }
  }
  return { sums: [0], items: items.slice(0, count) };
}
