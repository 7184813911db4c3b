/**
 * Where computation jobs run: one pool of worker threads (piscina) shared by every graph of
 * the process, as many threads as cores, and a queue in front of it. A job asks for a number of
 * workers (capped at the pool's threads) and an estimate of its memory; it starts when both are
 * free, in the order jobs asked, and gives them back when it ends. A job whose estimate exceeds
 * the whole budget fails at once. Idle threads do not keep the process alive.
 * @module
 */
import { availableParallelism, totalmem } from 'node:os';
import { Piscina } from 'piscina';
import { LimitError } from '../../../errors.js';
import { COMPUTE_WORKER } from '../../../engine/index.js';
import type { KernelPool, KernelReply, KernelTask } from '../../../engine/index.js';

/**
 * The workers and memory one job holds; `run` sends a task to the pool (a cancelled job's
 * running tasks are stopped with their threads). Release it when the job ends.
 */
interface ComputeLease extends KernelPool {
  release(): void;
}

interface Waiter {
  readonly workers: number;
  readonly bytes: number;
  readonly start: () => void;
}

/**
 * The job scheduler of a process.
 */
export class ComputeScheduler {
  /** Worker threads of the pool: at most this many tasks run at once. */
  readonly threads: number;
  /** Bytes the running jobs' estimates may add up to. */
  readonly memoryBytes: number;
  #pool: Piscina | undefined;
  #threadsUsed = 0;
  #bytesUsed = 0;
  readonly #queue: Waiter[] = [];

  constructor(options: { readonly threads?: number; readonly memoryBytes?: number } = {}) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
    this.memoryBytes = options.memoryBytes ?? Math.floor(totalmem() / 2);
  }

  /** Jobs waiting for workers or memory. */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * Waits until `workers` threads (capped at the pool's) and `bytes` of the budget are free and
   * holds them; LimitError `COMPUTE_MEMORY` when `bytes` exceeds the whole budget; rejects with
   * the signal's reason when the job is cancelled while it waits.
   */
  acquire(request: { readonly workers: number; readonly bytes: number; readonly signal: AbortSignal }): Promise<ComputeLease> {
    const workers = Math.min(Math.max(1, request.workers), this.threads);
    if (request.bytes > this.memoryBytes) {
      return Promise.reject(new LimitError('COMPUTE_MEMORY', `Cannot start the job: it needs about ${mib(request.bytes)} MiB, over the jobs' memory budget of ${mib(this.memoryBytes)} MiB`));
    }
    request.signal.throwIfAborted();
    return new Promise<ComputeLease>((resolve, reject) => {
      const waiter: Waiter = {
        workers,
        bytes: request.bytes,
        start: () => {
          request.signal.removeEventListener('abort', onAbort);
          this.#threadsUsed += workers;
          this.#bytesUsed += request.bytes;
          resolve(this.#lease(workers, request.bytes, request.signal));
        },
      };
      const onAbort = (): void => {
        const i = this.#queue.indexOf(waiter);
        if (i >= 0) this.#queue.splice(i, 1);
        reject(request.signal.reason);
        this.#drain();
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
      this.#drain();
    });
  }

  /** Starts waiting jobs, first come first served: a job that does not fit yet holds back the ones after it. */
  #drain(): void {
    for (;;) {
      const next = this.#queue[0];
      if (next === undefined) return;
      if (this.#threadsUsed + next.workers > this.threads || this.#bytesUsed + next.bytes > this.memoryBytes) return;
      this.#queue.shift();
      next.start();
    }
  }

  #lease(workers: number, bytes: number, signal: AbortSignal): ComputeLease {
    let released = false;
    return {
      workers,
      run: (task: KernelTask): Promise<KernelReply> => this.#run(task, signal),
      release: () => {
        if (released) return;
        released = true;
        this.#threadsUsed -= workers;
        this.#bytesUsed -= bytes;
        this.#drain();
      },
    };
  }

  async #run(task: KernelTask, signal: AbortSignal): Promise<KernelReply> {
    this.#pool ??= new Piscina({ filename: COMPUTE_WORKER, maxThreads: this.threads, minThreads: 0, idleTimeout: 30_000 });
    try {
      return (await this.#pool.run(task, { signal })) as KernelReply;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw error;
    }
  }

  /** Stops the pool's threads (waiting and running tasks fail). */
  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }
}

let shared: ComputeScheduler | undefined;

/**
 * The scheduler every graph of this process shares (created on first use).
 */
export function processScheduler(): ComputeScheduler {
  return (shared ??= new ComputeScheduler());
}

function mib(bytes: number): number {
  return Math.ceil(bytes / 2 ** 20);
}
