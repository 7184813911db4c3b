/**
 * Tasks of a cluster that run once (docs/cluster.md, "Tasks"): with `task.scheduler_type: etcd`
 * a task whose work does not itself change the replicated state (a Gremlin job, a computation
 * that writes to a file) runs on one node only, the one whose write started it, while every node
 * holds its record. The running node publishes each status change through the replicated log,
 * so every node records the same changes in the same order; a node that sees the running node
 * gone (its process ended, so its entry in etcd expired or names another run of it) publishes
 * the task as failed. The registry knows the cluster only through {@link TaskCoordinator}.
 * @module
 */
/**
 * The statuses the node running a task publishes.
 */
export const PUBLISHED_STATUSES = ['running', 'success', 'cancelled', 'failed'] as const;

/**
 * A status change of a task, as the node running it publishes it.
 */
export interface TaskChange {
  readonly task_status?: (typeof PUBLISHED_STATUSES)[number];
  readonly task_progress?: number;
  readonly task_result?: string;
}

/**
 * Which task a change is for.
 */
export interface TaskKey {
  readonly space: string;
  readonly graph: string;
  readonly id: number;
}

/**
 * What a task registry needs of the cluster its server runs in (implemented by src/cluster).
 */
export interface TaskCoordinator {
  /**
   * The run of a node that applies the change being applied now (`node run`, a run being one
   * start of the process) and whether it is this one; undefined outside the application of a
   * change.
   */
  runner(): { readonly node: string; readonly run: string; readonly here: boolean } | undefined;
  /** The runs (`node run`) of the nodes that are up now. */
  liveRuns(): Promise<ReadonlySet<string>>;
  /** Publishes a change of a task this node runs to every node; resolves once this node applied it. */
  publish(key: TaskKey, change: TaskChange): Promise<void>;
  /** Runs `work` as this node's own work, not as part of the change being applied. */
  detached<T>(work: () => Promise<T>): Promise<T>;
}

/** Milliseconds a task's runner may be missing before the task reads as failed (its first report may lag its first write). */
export const RUNNER_GRACE_MS = 10_000;

/** Milliseconds between two progress publications of one task. */
export const PROGRESS_EVERY_MS = 2000;

/**
 * Result of a task whose runner stopped while it ran.
 */
export function runnerGone(runner: string): string {
  return `Task interrupted: node '${runner.split(' ')[0] ?? runner}', which ran it, stopped while it was running`;
}

/**
 * Publishes `change` until it is applied, retrying while the log refuses it (etcd unreachable)
 * and `active()` holds; true once published.
 */
export async function publishSurely(coordinator: TaskCoordinator, key: TaskKey, change: TaskChange, active: () => boolean): Promise<boolean> {
  for (let wait = 250; active(); wait = Math.min(wait * 2, 4000)) {
    try {
      await coordinator.publish(key, change);
      return true;
    } catch {
      await new Promise((done) => setTimeout(done, wait).unref());
    }
  }
  return false;
}
