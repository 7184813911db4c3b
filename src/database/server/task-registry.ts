/**
 * Asynchronous tasks of one graph (hugegraph-notes §3): schema removals, index builds and
 * later Gremlin jobs run as tasks whose status and progress can be watched. Records are
 * durable; a task that was not finished when the server stopped reads as failed after restart.
 * @module
 */
import { ArgumentError, NotFoundError } from '../../errors.js';
import type { StateFile } from '../durability/state-file.js';
import { recordTime } from './tenancy.js';
import { PROGRESS_EVERY_MS, publishSurely, RUNNER_GRACE_MS, runnerGone } from './task-coordination.js';
import type { TaskChange, TaskCoordinator } from './task-coordination.js';

/**
 * Status of a task (lower-case, as HugeGraph writes them).
 *
 * @example
 * ```ts
 * const s: TaskStatus = 'running';
 * ```
 */
export type TaskStatus = 'new' | 'queued' | 'running' | 'success' | 'cancelling' | 'cancelled' | 'failed';

/**
 * Every status, in lifecycle order.
 *
 * @example
 * ```ts
 * TASK_STATUSES.includes('running'); // true
 * ```
 */
export const TASK_STATUSES: readonly TaskStatus[] = ['new', 'queued', 'running', 'success', 'cancelling', 'cancelled', 'failed'];
const COMPLETED: ReadonlySet<TaskStatus> = new Set<TaskStatus>(['success', 'cancelled', 'failed']);

/**
 * A task record in HugeGraph's field names.
 *
 * @example
 * ```ts
 * declare const task: TaskRecord; console.log(task.task_status, task.task_progress);
 * ```
 */
export interface TaskRecord {
  readonly id: number;
  readonly task_type: string;
  readonly task_name: string;
  readonly task_status: TaskStatus;
  readonly task_progress: number;
  readonly task_create: number;
  readonly task_update: number;
  readonly task_retries: number;
  readonly task_server: string;
  readonly task_callable: string;
  readonly task_input: string;
  readonly task_result?: string;
  readonly task_description?: string;
  /** The user who submitted the task; only they and administrators see it. */
  readonly task_creator?: string;
}

/**
 * A task as listed: without callable, input and result.
 *
 * @example
 * ```ts
 * declare const task: TaskBrief; console.log(task.id);
 * ```
 */
export type TaskBrief = Omit<TaskRecord, 'task_callable' | 'task_input' | 'task_result'>;

/**
 * The tasks document of one graph.
 *
 * @example
 * ```ts
 * const doc: TasksDocument = { next_id: 1, tasks: [] };
 * ```
 */
export interface TasksDocument {
  readonly next_id: number;
  readonly tasks: readonly TaskRecord[];
  /** On a cluster: the unfinished tasks that run on one node, by id, with that node's run (`node run`). */
  readonly runs?: Readonly<Record<string, string>>;
}

/**
 * What a running task can do: report progress and see cancellation.
 *
 * @example
 * ```ts
 * const work: TaskWork = async ({ progress, signal }) => { signal.throwIfAborted(); progress(1); return { removed: 1 }; };
 * ```
 */
export interface TaskContext {
  progress(done: number): void;
  /** Marks a task submitted with `waits` as running: it has left its own queue and started. */
  started(): void;
  readonly signal: AbortSignal;
}

/**
 * The work of a task; what it resolves to is stored as JSON in task_result.
 *
 * @example
 * ```ts
 * const work: TaskWork = async () => ({ ok: true });
 * ```
 */
export type TaskWork = (context: TaskContext) => Promise<unknown>;

/**
 * A page of tasks: `page` is the token of the next page, or null after the last.
 *
 * @example
 * ```ts
 * declare const registry: TaskRegistry;
 * const { tasks, page } = registry.list({ limit: 10, page: '' });
 * ```
 */
export interface TaskPage {
  readonly tasks: readonly TaskBrief[];
  readonly page?: string | null;
}

/**
 * Text stored as the result of a task the server stopped while it ran.
 *
 * @example
 * ```ts
 * declare const task: TaskRecord;
 * if (task.task_result === INTERRUPTED_RESULT) console.log('interrupted');
 * ```
 */
export const INTERRUPTED_RESULT = 'Task interrupted: the server stopped while the task was running';

/** Where the status changes of a running task go. */
interface RunSink {
  readonly change: (change: TaskChange) => Promise<unknown>;
  readonly progress: (done: number) => void;
  readonly started: () => void;
}

/**
 * The tasks of one graph over one durable document.
 *
 * @example
 * ```ts
 * declare const file: StateFile<TasksDocument>;
 * const tasks = await TaskRegistry.open(file, 'server-1');
 * const id = await tasks.submit({ type: 'remove_schema', name: 'person', callable: 'VertexLabelRemoveJob' }, async () => ({}));
 * ```
 */
export class TaskRegistry {
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private readonly records = new Map<number, TaskRecord>();
  /** Unfinished tasks that run once in the cluster, with the run of the node that runs them. */
  private readonly runs: Map<number, string>;
  private nextId: number;
  private closed = false;

  private constructor(
    private readonly file: StateFile<TasksDocument>,
    private readonly server: string,
    private readonly cluster: { readonly coordinator: TaskCoordinator; readonly space: string; readonly graph: string } | undefined,
  ) {
    this.nextId = file.value.next_id;
    for (const task of file.value.tasks) this.records.set(task.id, task);
    this.runs = new Map(Object.entries(file.value.runs ?? {}).map(([id, run]) => [Number(id), run]));
  }

  /**
   * Loads the tasks of a graph; unfinished ones become failed with {@link INTERRUPTED_RESULT}.
   *
   * @example
   * ```ts
   * declare const file: StateFile<TasksDocument>;
   * const tasks = await TaskRegistry.open(file, 'server-1');
   * ```
   */
  static async open(file: StateFile<TasksDocument>, server: string, cluster?: { readonly coordinator: TaskCoordinator; readonly space: string; readonly graph: string }): Promise<TaskRegistry> {
    const registry = new TaskRegistry(file, server, cluster);
    let changed = false;
    for (const task of registry.records.values()) {
      // a task run once in a cluster ends by what its runner publishes, or by `reconcile`
      if (COMPLETED.has(task.task_status) || registry.runs.has(task.id)) continue;
      registry.records.set(task.id, { ...task, task_status: 'failed', task_result: INTERRUPTED_RESULT, task_update: Date.now() });
      changed = true;
    }
    if (changed) await registry.persist();
    return registry;
  }

  /**
   * Records a new task and starts it on the next turn of the event loop; resolves with its id
   * once the record is durable.
   *
   * @example
   * ```ts
   * declare const tasks: TaskRegistry;
   * declare const work: TaskWork;
   * const id = await tasks.submit({ type: 'rebuild_index', name: 'personByAge', callable: 'RebuildIndexJob' }, work);
   * ```
   *
   * A task submitted with `waits` stays `queued` when its work starts, until the work calls
   * `started()` (a computation job waits for workers and memory first).
   *
   * `resultText` writes the work's result as the record's `task_result` text (default
   * JSON.stringify; the REST Gremlin job passes a writer that keeps longs beyond 2^53 exact).
   *
   * A task submitted with `once` while a cluster change is applied runs only on the node whose
   * write started it (see task-coordination.ts); elsewhere it is recorded and follows.
   */
  async submit(
    what: { readonly type: string; readonly name: string; readonly callable: string; readonly input?: string; readonly description?: string; readonly creator?: string; readonly waits?: boolean; readonly once?: boolean },
    work: TaskWork,
    resultText: (result: unknown) => string = (result) => JSON.stringify(result),
  ): Promise<number> {
    const id = this.nextId++;
    const now = recordTime();
    // on a cluster: the node whose write made the task, which runs it when it runs once
    const origin = this.cluster?.coordinator.runner();
    const runner = what.once === true ? origin : undefined;
    const record: TaskRecord = {
      id, task_type: what.type, task_name: what.name, task_status: 'queued', task_progress: 0, task_create: now, task_update: now,
      task_retries: 0, task_server: origin?.node ?? this.server, task_callable: what.callable, task_input: what.input ?? '',
      ...(what.description === undefined ? {} : { task_description: what.description }),
      ...(what.creator === undefined ? {} : { task_creator: what.creator }),
    };
    this.records.set(id, record);
    if (runner !== undefined) this.runs.set(id, `${runner.node} ${runner.run}`);
    await this.persist();
    if (runner?.here === false) return id;
    const controller = new AbortController();
    const task = { work, resultText, waits: what.waits === true };
    const cluster = runner === undefined ? undefined : this.cluster;
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      cluster === undefined ? this.execute(task, controller.signal, this.localSink(id)) : cluster.coordinator.detached(() => this.execute(task, controller.signal, this.clusterSink(id, cluster))),
    );
    this.running.set(id, { controller, done });
    void done.finally(() => this.running.delete(id));
    return id;
  }

  /**
   * Runs a task's work, sending its status changes to `sink`: its start (at once, or when a
   * task that `waits` says it started), its progress and its end.
   */
  private async execute(task: { readonly work: TaskWork; readonly resultText: (result: unknown) => string; readonly waits: boolean }, signal: AbortSignal, sink: RunSink): Promise<void> {
    if (signal.aborted) {
      await sink.change({ task_status: 'cancelled' });
      return;
    }
    if (!task.waits) await sink.change({ task_status: 'running' });
    let end: TaskChange;
    try {
      const result = await task.work({ signal, started: sink.started, progress: sink.progress });
      end = { task_status: signal.aborted ? 'cancelled' : 'success', task_result: task.resultText(result ?? null) };
    } catch (error) {
      end = { task_status: signal.aborted ? 'cancelled' : 'failed', task_result: error instanceof Error ? error.message : String(error) };
    }
    await sink.change(end);
  }

  /** The sink of a task this node runs for itself: its record here. */
  private localSink(id: number): RunSink {
    return {
      change: (change) => this.update(id, change),
      progress: (done) => this.touch(id, { task_progress: done }),
      started: () => {
        if (this.records.get(id)?.task_status === 'queued') void this.update(id, { task_status: 'running' });
      },
    };
  }

  /**
   * The sink of a task this node runs for the cluster: its changes go through the log
   * ({@link follow} records them here as everywhere); a change the log does not take in time is
   * retried until it is taken or the registry closes; progress is sent at most every
   * {@link PROGRESS_EVERY_MS}, and not retried.
   */
  private clusterSink(id: number, cluster: { readonly coordinator: TaskCoordinator; readonly space: string; readonly graph: string }): RunSink {
    const key = { space: cluster.space, graph: cluster.graph, id };
    const change = (c: TaskChange): Promise<boolean> => publishSurely(cluster.coordinator, key, c, () => !this.closed);
    let reported = 0;
    return {
      change,
      progress: (done) => {
        if (Date.now() - reported < PROGRESS_EVERY_MS) return;
        reported = Date.now();
        cluster.coordinator.publish(key, { task_progress: done }).catch(() => undefined);
      },
      started: () => void change({ task_status: 'running' }),
    };
  }

  /**
   * Records a change the node running a task published (applied from the cluster's log on
   * every node). A finished task keeps its end: the first end published wins.
   */
  async follow(id: number, change: TaskChange): Promise<void> {
    const task = this.records.get(id);
    if (task === undefined || COMPLETED.has(task.task_status)) return;
    if (change.task_status !== undefined && COMPLETED.has(change.task_status)) this.runs.delete(id);
    // a cancellation asked for before the runner said it started stays asked for
    const keepCancelling = task.task_status === 'cancelling' && change.task_status === 'running';
    await this.update(id, keepCancelling ? { ...change, task_status: 'cancelling' } : change);
  }

  /**
   * Publishes as failed every task run once in the cluster whose runner is not among `live`
   * (and has not been for {@link RUNNER_GRACE_MS} since the task was made).
   */
  async reconcile(live: ReadonlySet<string>): Promise<void> {
    const cluster = this.cluster;
    if (cluster === undefined) return;
    for (const [id, runner] of [...this.runs]) {
      const task = this.records.get(id);
      if (task === undefined || COMPLETED.has(task.task_status)) {
        this.runs.delete(id);
        continue;
      }
      if (this.running.has(id) || live.has(runner) || Date.now() - task.task_create < RUNNER_GRACE_MS) continue;
      await cluster.coordinator.publish({ space: cluster.space, graph: cluster.graph, id }, { task_status: 'failed', task_result: runnerGone(runner) });
    }
  }

  private touch(id: number, change: Partial<TaskRecord>): void {
    const task = this.records.get(id);
    if (task !== undefined) this.records.set(id, { ...task, ...change, task_update: recordTime() });
  }

  private async update(id: number, change: Partial<TaskRecord>): Promise<void> {
    this.touch(id, change);
    await this.persist();
  }

  private persist(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const runs = this.runs.size === 0 ? {} : { runs: Object.fromEntries([...this.runs].map(([id, run]) => [String(id), run])) };
    return this.file.save({ next_id: this.nextId, tasks: [...this.records.values()], ...runs });
  }

  /**
   * The full record of a task; NotFoundError `TASK_NOT_FOUND` when there is none, or when
   * `viewer` is given and did not submit it (a task another user submitted reads as missing).
   *
   * @example
   * ```ts
   * declare const tasks: TaskRegistry;
   * const task = tasks.get(1);
   * ```
   */
  get(id: number, viewer?: string): TaskRecord {
    const task = this.records.get(id);
    if (task === undefined || (viewer !== undefined && task.task_creator !== viewer)) throw new NotFoundError('TASK_NOT_FOUND', `Can't find task with id '${id}'`);
    return task;
  }

  /**
   * Lists tasks (brief records, without callable, input and result), newest last. With `ids`,
   * `status` and `page` are refused and `limit` is ignored. `limit` -1 means all. With
   * `viewer`, only the tasks that user submitted.
   *
   * @example
   * ```ts
   * declare const tasks: TaskRegistry;
   * tasks.list({ status: 'success', limit: 10 });
   * ```
   */
  list(query: { readonly status?: string; readonly ids?: readonly number[]; readonly limit?: number; readonly page?: string; readonly viewer?: string }): TaskPage {
    const visible = (t: TaskRecord): boolean => query.viewer === undefined || t.task_creator === query.viewer;
    if (query.ids !== undefined && query.ids.length > 0) {
      if (query.status !== undefined) throw new ArgumentError('INVALID_TASK_QUERY', 'Invalid task query: not support status when query task by ids');
      if (query.page !== undefined) throw new ArgumentError('INVALID_TASK_QUERY', 'Invalid task query: not support page when query task by ids');
      return { tasks: query.ids.flatMap((id) => { const t = this.records.get(id); return t === undefined || !visible(t) ? [] : [brief(t)]; }) };
    }
    let status: TaskStatus | undefined;
    if (query.status !== undefined) {
      const lower = query.status.toLowerCase();
      if (!(TASK_STATUSES as readonly string[]).includes(lower)) {
        throw new ArgumentError('INVALID_TASK_STATUS', `Status value must be in [${TASK_STATUSES.join(', ')}], but got '${query.status}'`);
      }
      status = lower as TaskStatus;
    }
    const limit = query.limit ?? 100;
    if (!Number.isSafeInteger(limit) || limit < -1) throw new ArgumentError('INVALID_TASK_QUERY', `Invalid task query: limit must be -1 or >= 0 but got ${limit}`);
    let all = [...this.records.values()].sort((a, b) => a.id - b.id).filter((t) => visible(t) && (status === undefined || t.task_status === status));
    if (query.page === undefined) return { tasks: (limit === -1 ? all : all.slice(0, limit)).map(brief) };
    const after = query.page === '' ? 0 : Number(Buffer.from(query.page, 'base64url').toString('utf8'));
    if (!Number.isSafeInteger(after) || after < 0) throw new ArgumentError('INVALID_PAGE', `Invalid page token '${query.page}'`);
    all = all.filter((t) => t.id > after);
    const taken = limit === -1 ? all : all.slice(0, limit);
    const last = taken[taken.length - 1];
    const page = taken.length < all.length && last !== undefined ? Buffer.from(String(last.id)).toString('base64url') : null;
    return { tasks: taken.map(brief), page };
  }

  /**
   * Deletes a task record (not its work). An unfinished task needs `force`. With `viewer`, only
   * a task that user submitted.
   *
   * @example
   * ```ts
   * declare const tasks: TaskRegistry;
   * await tasks.delete(1, { force: false });
   * ```
   */
  async delete(id: number, options: { readonly force: boolean; readonly viewer?: string }): Promise<void> {
    const task = this.get(id, options.viewer);
    if (!COMPLETED.has(task.task_status) && !options.force) {
      throw new ArgumentError('TASK_INCOMPLETE', `Can't delete incomplete task '${id}' in status ${task.task_status}`);
    }
    this.running.get(id)?.controller.abort();
    this.records.delete(id);
    this.runs.delete(id);
    await this.persist();
  }

  /**
   * Asks a task to stop: its status becomes cancelling, then cancelled when its work ends. With
   * `viewer`, only a task that user submitted.
   *
   * @example
   * ```ts
   * declare const tasks: TaskRegistry;
   * const record = await tasks.cancel(1);
   * ```
   */
  async cancel(id: number, viewer?: string): Promise<TaskRecord> {
    const task = this.get(id, viewer);
    if (COMPLETED.has(task.task_status) || task.task_status === 'cancelling') {
      throw new ArgumentError('TASK_NOT_CANCELLABLE', `Can't cancel task '${id}' which is completed or cancelling`);
    }
    await this.update(id, { task_status: 'cancelling' });
    this.running.get(id)?.controller.abort();
    return this.get(id);
  }

  /**
   * Stops recording and cancels the running tasks, waiting for their work to end. Their records
   * stay as last saved, so after a restart they read as failed ({@link INTERRUPTED_RESULT}).
   *
   * @example
   * ```ts
   * declare const tasks: TaskRegistry;
   * await tasks.close();
   * ```
   */
  async close(): Promise<void> {
    await this.file.flush();
    this.closed = true;
    for (const run of this.running.values()) run.controller.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }
}

function brief(task: TaskRecord): TaskBrief {
  const { task_callable: _c, task_input: _i, task_result: _r, ...rest } = task;
  return rest;
}
