/**
 * What the drivers of computation jobs share: the context a driver runs in, one superstep (a
 * task per range, all at once, cancellation checked before and after), and the derived
 * structures several algorithms need (simple adjacencies, sampled sources, summed locals).
 * @module
 */
import { balancedRanges, evenRanges, sharedFloat64, sharedInt32 } from './compute-graph.js';
import type { ComputeGraph, SimpleAdjacency } from './compute-graph.js';
import type { KernelReply } from './kernel-reply.js';
import type { KernelArgs, KernelName, KernelPool, KernelTask } from './kernels.js';

/**
 * Where a driver runs: the snapshot, the pool its tasks go to, the job's AbortSignal, and a
 * progress callback called with the number of supersteps done.
 */
export interface DriverContext {
  readonly graph: ComputeGraph;
  readonly pool: KernelPool;
  readonly signal: AbortSignal;
  progress(supersteps: number): void;
  /** The index of the vertex with this id, or -1 (links' start vertices). */
  indexOf?(id: string | number): number;
}

/**
 * Runs one superstep: kernel `kernel` once per range of `bounds` (ranges [bounds[i], bounds[i + 1])),
 * all at once, and resolves with the replies in range order. Throws the signal's reason when the
 * job is cancelled before or during it (a cancelled task's thread is stopped by the pool).
 */
export async function superstep<K extends KernelName>(
  context: DriverContext,
  bounds: readonly number[],
  kernel: K,
  args: (from: number, to: number, part: number) => KernelArgs<K>,
): Promise<KernelReply[]> {
  context.signal.throwIfAborted();
  const tasks: Promise<KernelReply>[] = [];
  for (let p = 0; p + 1 < bounds.length; p++) tasks.push(context.pool.run({ kernel, args: args(bounds[p]!, bounds[p + 1]!, p) } as KernelTask));
  const replies = await Promise.all(tasks);
  context.signal.throwIfAborted();
  return replies;
}

/**
 * Vertex ranges of about equal work, one per worker of the pool, balanced on `offsets`
 * (default: the in-CSR).
 */
export function vertexRanges(context: DriverContext, offsets: Int32Array = context.graph.inOffsets): number[] {
  return balancedRanges(offsets, Math.max(1, Math.min(context.pool.workers, context.graph.n)));
}

/**
 * The sum of entry `i` of every reply.
 */
export function sumOf(replies: readonly KernelReply[], i: number): number {
  let sum = 0;
  for (const r of replies) sum += r.sums[i] ?? 0;
  return sum;
}

/**
 * The simple adjacency of the snapshot: undirected (`both`) or out-neighbours only, rows sorted
 * by index, without parallel entries or self-loops. Two supersteps.
 */
export async function simpleAdjacency(context: DriverContext, both: boolean): Promise<SimpleAdjacency> {
  const g = context.graph;
  const scratch = sharedInt32(g.outOffsets[g.n]! + g.inOffsets[g.n]!);
  const counts = sharedInt32(g.n);
  const bounds = vertexRanges(context);
  await superstep(context, bounds, 'simpleCount', (from, to) => ({ from, to, both, outOffsets: g.outOffsets, outTargets: g.outTargets, inOffsets: g.inOffsets, inTargets: g.inTargets, scratch, counts }));
  const offsets = sharedInt32(g.n + 1);
  for (let v = 0; v < g.n; v++) offsets[v + 1] = offsets[v]! + counts[v]!;
  const targets = sharedInt32(offsets[g.n]!);
  await superstep(context, bounds, 'simpleFill', (from, to) => ({ from, to, outOffsets: g.outOffsets, inOffsets: g.inOffsets, scratch, offsets, targets }));
  return { offsets, targets };
}

/**
 * The sources of a sampled run: every vertex when `rate` is 1, else each vertex with
 * probability `rate`, drawn from a PRNG seeded with `seed` (the same seed, the same sample).
 */
export function sampledSources(n: number, sample: { readonly rate: number; readonly seed: number }): Int32Array {
  if (sample.rate >= 1) return Int32Array.from({ length: n }, (_, i) => i);
  let state = sample.seed >>> 0 || 1;
  const picked: number[] = [];
  for (let v = 0; v < n; v++) {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    if (state / 4294967296 < sample.rate) picked.push(v);
  }
  return Int32Array.from(picked);
}

/**
 * Runs a per-source kernel over `count` sources in one range per worker, each task adding into
 * a local array of its own, and sums the locals (halved with `halve`) into one array.
 */
export async function perSource(
  context: DriverContext,
  count: number,
  options: { readonly halve: boolean },
  task: (from: number, to: number, local: Float64Array) => KernelTask,
): Promise<Float64Array> {
  const n = context.graph.n;
  const parts = Math.max(1, Math.min(context.pool.workers, count));
  const locals = Array.from({ length: parts }, () => sharedFloat64(n));
  const bounds = evenRanges(count, parts);
  context.signal.throwIfAborted();
  await Promise.all(locals.map((local, p) => context.pool.run(task(bounds[p]!, bounds[p + 1]!, local))));
  context.signal.throwIfAborted();
  const values = sharedFloat64(n);
  await superstep(context, vertexRanges(context), 'sumLocals', (from, to) => ({ from, to, locals, values, halve: options.halve }));
  return values;
}
