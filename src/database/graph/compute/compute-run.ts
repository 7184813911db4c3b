/**
 * One run of a computation job on a graph handle: queue for workers and memory, build the
 * snapshot through the handle's read view (its access filters included), run the algorithm's
 * driver on the worker pool, then write the values as the algorithm's OLAP property key in one
 * atomic batch (so a cancelled or failed run leaves nothing visible) and to the extra output.
 * @module
 */
import { ArgumentError, CancelledError } from '../../../errors.js';
import { ALGORITHMS, isAlgorithm, resolveParams } from '../../../engine/index.js';
import type { AlgorithmName, AlgorithmOutput, AlgorithmSpec, PlainId, ResolvedParams } from '../../../engine/index.js';
import type { GraphHandle } from '../graph-handle.js';
import type { ComputeJob, ComputeOptions, ComputeResult, ComputeStatus, ComputeValues } from './compute-api.js';
import type { ComputeScheduler } from './scheduler.js';
import { buildSnapshot, type Snapshot } from './snapshot.js';
import { writeOutput } from './outputs.js';
import { resultKey, setValues } from './stored-values.js';

/** Most workers a job may ask for (spec Part B §8). */
const MAX_WORKERS = 100;

/**
 * Bytes a job over `n` vertices and `m` edges may hold at most: the snapshot (two CSRs, weights),
 * a simple adjacency with its scratch, and per-worker arrays of n doubles.
 */
function estimateBytes(n: number, m: number, workers: number): number {
  return 8 * (n + 1) + 8 * m + 16 * m + 16 * m + 16 * n + workers * 8 * n + 32 * n;
}

/** The checked algorithm name and parameters of a job, or an ArgumentError before anything runs. */
export function checked(algorithm: string, params: object, workers: number | undefined): { readonly name: AlgorithmName; readonly params: ResolvedParams; readonly workers: number } {
  if (!isAlgorithm(algorithm)) throw new ArgumentError('COMPUTE_ALGORITHM', `Unknown algorithm '${algorithm}': expected one of ${Object.keys(ALGORITHMS).join(', ')}`);
  const w = workers ?? 1;
  if (!Number.isInteger(w) || w < 1 || w > MAX_WORKERS) throw new ArgumentError('COMPUTE_WORKERS', `Invalid worker count ${String(w)}: expected an integer in [1, ${MAX_WORKERS}]`);
  return { name: algorithm, params: resolveParams(algorithm, params as Readonly<Record<string, unknown>>), workers: w };
}

/**
 * The texts of a rings or links run by owner vertex index, as HugeGraph writes them: a cycle
 * `"[A, B, C, A]"` on its smallest vertex, a walk `"{A, e1, B, e2, C}"` with the server's ids.
 */
function textsByOwner(output: { readonly kind: 'cycles' | 'walks'; readonly items: Int32Array }, snapshot: Snapshot): Map<number, string[]> {
  const owners = new Map<number, string[]>();
  const add = (owner: number, text: string): void => {
    let list = owners.get(owner);
    if (list === undefined) owners.set(owner, (list = []));
    list.push(text);
  };
  const id = (v: number): string => String(snapshot.ids[v]);
  const items = output.items;
  for (let at = 0; at < items.length; ) {
    if (output.kind === 'cycles') {
      const k = items[at]!;
      const cycle = Array.from(items.subarray(at + 1, at + 1 + k), id);
      add(items[at + 1]!, `[${[...cycle, cycle[0]!].join(', ')}]`);
      at += k + 1;
      continue;
    }
    const k = items[at + 1]!;
    const vertices = items.subarray(at + 2, at + 2 + k);
    const j = items[at + 2 + k]!;
    const edges = items.subarray(at + 3 + k, at + 3 + k + j);
    const parts: string[] = [];
    vertices.forEach((v, i) => {
      if (i > 0) parts.push(String(snapshot.edgeIds?.[edges[i - 1]!]));
      parts.push(id(v));
    });
    add(items[at]!, `{${parts.join(', ')}}`);
    at += 3 + k + j;
  }
  return owners;
}

/** Vertices whose values {@link valuesOf} maps between two returns to the event loop. */
const VALUES_CHUNK = 32_768;

/** Each vertex's plain value by id: a number, the id its value names, or its cycles; built in chunks, returning to the event loop between them. */
async function valuesOf(output: AlgorithmOutput, snapshot: Snapshot): Promise<Map<PlainId, unknown>> {
  const values = new Map<PlainId, unknown>();
  const { ids } = snapshot;
  if (output.kind === 'cycles' || output.kind === 'walks') {
    for (const [owner, texts] of textsByOwner(output, snapshot)) values.set(ids[owner]!, texts);
    return values;
  }
  for (let start = 0; start < ids.length; start += VALUES_CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(ids.length, start + VALUES_CHUNK);
    for (let i = start; i < end; i++) values.set(ids[i]!, output.kind === 'number' ? output.values[i]! : ids[output.values[i]!]!);
  }
  return values;
}

/**
 * A job started by `graph.compute()`.
 */
export class ComputeRun<A extends AlgorithmName> implements ComputeJob<A> {
  readonly algorithm: A;
  readonly result: Promise<ComputeResult<A>>;
  #progress = 0;
  #status: ComputeStatus = 'queued';
  readonly #controller = new AbortController();

  /** Checks the request (ArgumentError now, before anything runs) and starts the job. */
  constructor(handle: GraphHandle, scheduler: ComputeScheduler, request: { readonly algorithm: A; readonly params: object; readonly options: ComputeOptions }) {
    const job = checked(request.algorithm, request.params, request.options.workers);
    handle.requireExecute();
    this.algorithm = request.algorithm;
    const outer = request.options.signal;
    if (outer !== undefined) {
      if (outer.aborted) this.cancel();
      else outer.addEventListener('abort', () => this.cancel(), { once: true });
    }
    this.result = this.#run(handle, scheduler, { ...job, options: request.options });
    this.result.catch(() => undefined);
  }

  get progress(): number {
    return this.#progress;
  }

  get status(): ComputeStatus {
    return this.#status;
  }

  #advance(supersteps: number, options: ComputeOptions): void {
    this.#progress = supersteps;
    options.onProgress?.(supersteps);
  }

  cancel(): void {
    if (this.#status === 'success' || this.#status === 'failed' || this.#status === 'cancelled') return;
    this.#controller.abort(new CancelledError('COMPUTE_CANCELLED', `The ${this.algorithm} job was cancelled`));
  }

  async #run(handle: GraphHandle, scheduler: ComputeScheduler, job: ReturnType<typeof checked> & { readonly options: ComputeOptions }): Promise<ComputeResult<A>> {
    const signal = this.#controller.signal;
    const spec = ALGORITHMS[job.name];
    try {
      const view = handle.openReadView();
      let lease;
      let snapshot: Snapshot;
      try {
        const bytes = estimateBytes(view.source.vertexSlotBound(), view.source.edgeCount(), Math.min(job.workers, scheduler.threads));
        lease = await scheduler.acquire({ workers: job.workers, bytes, signal });
        this.#status = 'running';
        job.options.onStart?.();
        const weightParam = 'weightParam' in spec ? spec.weightParam : undefined;
        const weightKey = weightParam === undefined ? '' : String(job.params[weightParam]);
        const table: AlgorithmSpec = spec;
        const details = table.details?.(job.params);
        snapshot = await buildSnapshot(view.source, { pool: lease, signal, ...(weightKey === '' ? {} : { weightKey }), ...(details === undefined ? {} : { details }) });
      } catch (error) {
        lease?.release();
        throw error;
      } finally {
        view.release();
      }
      let output: AlgorithmOutput;
      try {
        const found = snapshot;
        let index: Map<PlainId, number> | undefined;
        const indexOf = (id: string | number): number => (index ??= new Map(found.ids.map((v, i) => [v, i]))).get(id) ?? -1;
        output = await spec.run({ graph: snapshot.graph, pool: lease, signal, progress: (n) => this.#advance(n, job.options), indexOf }, job.params);
      } finally {
        lease.release();
      }
      signal.throwIfAborted();
      this.#status = 'writing';
      if (job.options.writeBack !== false) await writeBack(handle, { algorithm: job.name, output, snapshot, signal });
      const values = (await valuesOf(output, snapshot)) as Map<PlainId, ComputeValues[A]>;
      if (job.options.output !== undefined) await writeOutput(job.options.output, { key: spec.key, values, partitions: job.workers });
      this.#status = 'success';
      return { algorithm: this.algorithm, key: spec.key, supersteps: output.supersteps, values };
    } catch (error) {
      this.#status = signal.aborted ? 'cancelled' : 'failed';
      throw signal.aborted ? signal.reason : error;
    }
  }
}

/**
 * Writes a run's values as its algorithm's OLAP property key (created OLAP_COMMON when
 * missing) in one atomic batch that first clears the key's older values; a vertex removed since
 * the snapshot is skipped. The job writes as the system: its user needs EXECUTE, not WRITE.
 */
async function writeBack(handle: GraphHandle, run: { readonly algorithm: AlgorithmName; readonly output: AlgorithmOutput; readonly snapshot: Snapshot; readonly signal: AbortSignal }): Promise<void> {
  const spec = ALGORITHMS[run.algorithm];
  const system = await resultKey(handle, run.algorithm);
  run.signal.throwIfAborted();
  const { output, snapshot } = run;
  await system.write((w) => {
    const alive = (i: number): boolean => w.vertexVisible(snapshot.slots[i]!);
    if (output.kind === 'cycles' || output.kind === 'walks') {
      for (const slot of handle.state.store.vertexSlotsWithKey(spec.key)) w.removeVertexProperty(slot, spec.key);
      for (const [owner, texts] of textsByOwner(output, snapshot)) {
        if (!alive(owner)) continue;
        for (const text of texts) w.setVertexProperty(snapshot.slots[owner]!, spec.key, text, { cardinality: 'list' });
      }
      return;
    }
    const { slots, values } = replacement(handle.state.store.vertexSlotsWithKey(spec.key), output, { snapshot, alive, slotBound: w.vertexSlotBound() });
    setValues(w, spec.key, slots, values);
  });
}

/**
 * The slots and values that replace a key's values by a run's: every vertex of the snapshot that
 * is still alive takes its value, and every other vertex that holds the key loses it.
 */
function replacement(holders: readonly number[], output: AlgorithmOutput & { readonly kind: 'number' | 'vertex' }, run: { readonly snapshot: Snapshot; readonly alive: (i: number) => boolean; readonly slotBound: number }): { readonly slots: Int32Array; readonly values: (number | string | undefined)[] } {
  const { snapshot } = run;
  const n = snapshot.slots.length;
  const slots = new Int32Array(n + holders.length);
  const values = new Array<number | string | undefined>(n + holders.length);
  const written = new Uint8Array(run.slotBound);
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (!run.alive(i)) continue;
    const slot = snapshot.slots[i]!;
    written[slot] = 1;
    slots[at] = slot;
    values[at++] = output.kind === 'number' ? output.values[i]! : String(snapshot.ids[output.values[i]!]);
  }
  for (const slot of holders) {
    if (written[slot] === 1) continue;
    slots[at] = slot;
    values[at++] = undefined;
  }
  values.length = at;
  return { slots: slots.subarray(0, at), values };
}