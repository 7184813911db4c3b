/**
 * The table of compute kernels, by name: what a worker thread runs for one task. A task is a
 * kernel name and its arguments, all structured-cloneable (typed arrays over SharedArrayBuffers
 * are shared, not copied), so the same table serves worker threads and an in-thread run.
 * @module
 */
import type { KernelReply } from './kernel-reply.js';
import { louvain } from './kernels-louvain.js';
import { betweenness, closeness, rings } from './kernels-paths.js';
import { links, ringsFiltered } from './kernels-walks.js';
import { degreeCentrality, lpaStep, pageRankInit, pageRankStep } from './kernels-rank.js';
import { kcore, orient, simpleCount, simpleFill, sumLocals, transpose, triangles, wccFlatten, wccMerge, wccUnion } from './kernels-structure.js';

/**
 * Every kernel by name.
 */
const KERNELS = {
  pageRankInit,
  pageRankStep,
  degreeCentrality,
  lpaStep,
  transpose,
  simpleCount,
  simpleFill,
  orient,
  triangles,
  sumLocals,
  kcore,
  wccUnion,
  wccMerge,
  wccFlatten,
  closeness,
  betweenness,
  rings,
  louvain,
  ringsFiltered,
  links,
} as const;

/**
 * The name of a kernel.
 */
export type KernelName = keyof typeof KERNELS;

/**
 * The arguments of kernel `K`.
 */
export type KernelArgs<K extends KernelName> = Parameters<(typeof KERNELS)[K]>[0];

/**
 * One task: a kernel and its arguments.
 */
export type KernelTask = { [K in KernelName]: { readonly kernel: K; readonly args: KernelArgs<K> } }[KernelName];

/**
 * Runs one task on this thread: what the worker does with each message.
 */
export function runKernel(task: KernelTask): KernelReply {
  const run = KERNELS[task.kernel] as (args: KernelArgs<typeof task.kernel>) => KernelReply;
  return run(task.args);
}

/**
 * Where a job's tasks run: worker threads (the server's pool) or this thread (tests). `workers`
 * is how many tasks the job runs at once, the number of ranges drivers split a superstep into.
 */
export interface KernelPool {
  readonly workers: number;
  run(task: KernelTask): Promise<KernelReply>;
}

/**
 * The file worker threads of computation jobs load (worker.ts, compiled).
 */
export const COMPUTE_WORKER: string = new URL('./worker.js', import.meta.url).href;
