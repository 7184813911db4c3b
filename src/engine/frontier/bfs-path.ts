/**
 * The path a breadth-first search from one source reaches one target by, found without the
 * search: {@link firstBfsPath}. A BFS that keeps, for every vertex, the vertex it was first
 * reached from (as `repeat(out().dedup()).until(hasId(t)).path()` does step by step) reaches
 * the target along the smallest shortest path in the order "first by the adjacency position of
 * the first hop, then of the second...": a vertex's first-reached predecessor is the earliest
 * vertex of the previous level, and the levels are in that order. So a bidirectional search
 * that completes its meeting level marks every vertex on a shortest path, and a walk from the
 * source that always takes the first neighbour (in adjacency order) one layer further along
 * those marks is that path, for a fraction of the BFS's work.
 * @module
 */
import type { AdjacencySource } from '../../port/index.js';
import { Frontier, SlotMap } from './frontier.js';
import type { FrontierContext, FrontierOperation } from './frontier.js';
import { scanHop } from './expand.js';
import type { HopOptions } from './expand.js';
import { Stamps } from './rows.js';
import type { RowScan } from './rows.js';
import { completeMeet } from './search.js';
import type { DepthMarks, Meet } from './search.js';

/** The neighbours of `u` over a side's hop, in adjacency order: from the rows when the side has a row scan, else through the port's batches. */
function* neighbourList(adjacency: AdjacencySource, u: number, hop: HopOptions, scan: RowScan | undefined, ctx: FrontierContext): FrontierOperation<Int32Array> {
  if (scan === undefined) {
    const found = new Frontier();
    yield* scanHop(adjacency, Int32Array.of(u), hop, ctx, (_k, _edge, v) => found.push(v, 1, 0, -1));
    return found.view();
  }
  const { offsets: offs, targets: tgts } = scan;
  const parts: Int32Array[] = [];
  for (let r = 0; r < offs.length; r++) {
    const offsets = offs[r] as Int32Array;
    if (u + 1 < offsets.length && offsets[u + 1] !== offsets[u]) parts.push((tgts[r] as Int32Array).subarray(offsets[u], offsets[u + 1]));
  }
  if (parts.length === 1) return parts[0] as Int32Array;
  const all = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (all.set(p, at), (at += p.length));
  return all;
}

/**
 * The first path in adjacency order from the source to a meeting vertex of the shortest length,
 * through vertices one side-0 depth deeper at every step: a depth-first walk that marks each
 * vertex it leaves without success in `dead`, so that no vertex is expanded twice.
 */
function* firstToMeet(adjacency: AdjacencySource, m: Meet, hop: HopOptions, ends: { readonly source: number; readonly middle: number; readonly rest: number }, dead: DepthMarks, ctx: FrontierContext): FrontierOperation<number[]> {
  const [ahead, behind] = m.depths;
  const stack: { readonly slot: number; readonly list: Int32Array; next: number }[] = [];
  const push = function* (slot: number): FrontierOperation<void> {
    stack.push({ slot, list: yield* neighbourList(adjacency, slot, hop, m.scans?.[0], ctx), next: 0 });
  };
  yield* push(ends.source);
  while (stack.length > 0 && stack.length <= ends.middle) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    const depth = stack.length;
    let found = -1;
    while (found < 0 && top.next < top.list.length) {
      const w = top.list[top.next++]!;
      if (ahead.get(w) !== depth || dead.has(w)) continue;
      if (depth < ends.middle || behind.get(w) === ends.rest) found = w;
    }
    if (found < 0) {
      dead.set(top.slot, 0);
      stack.pop();
    } else if (depth === ends.middle) return [...stack.map((f) => f.slot), found];
    else yield* push(found);
  }
  return [];
}

/**
 * The path by which a BFS from `source` over `hop` first reaches `target` (slots, both ends
 * included; first-reached predecessors at every step), or undefined when it never does. The
 * source must differ from the target; the hop may have labels, but no degree limit or filter
 * (the BFS it stands for has none).
 */
export function* firstBfsPath(adjacency: AdjacencySource, source: number, target: number, hop: HopOptions, ctx: FrontierContext): FrontierOperation<Int32Array | undefined> {
  const options = { hop, maxDepth: Infinity };
  return yield* completeMeet(adjacency, [source, target], options, ctx, function* (m) {
    if (m.meets.length === 0) return undefined;
    const [ahead, behind] = m.depths;
    let at = m.meets[0]!;
    for (const v of m.meets) if (ahead.get(v) + behind.get(v) < ahead.get(at) + behind.get(at)) at = v;
    const middle = ahead.get(at);
    const rest = behind.get(at);
    const stamps = m.scans === undefined ? undefined : Stamps.acquire(adjacency.vertexSlotBound(), 1);
    try {
      const path = middle === 0 ? [source] : yield* firstToMeet(adjacency, m, hop, { source, middle, rest }, stamps ?? new SlotMap(), ctx);
      // From the meeting vertex on, any neighbour one side-1 depth nearer the target is on a shortest path: take the first.
      for (let left = rest; left > 0; left--) {
        const list = yield* neighbourList(adjacency, path[path.length - 1]!, hop, m.scans?.[0], ctx);
        path.push(list.find((w) => behind.get(w) === left - 1) as number);
      }
      return Int32Array.from(path);
    } finally {
      stamps?.release();
    }
  });
}
