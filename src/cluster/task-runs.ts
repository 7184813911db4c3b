/**
 * The cluster's side of tasks that run once (`task.scheduler_type: etcd`, docs/cluster.md):
 * the node whose write started a task runs it, in that run of its process; its status changes
 * go into the log as writes to an internal route that only log application reaches
 * ({@link taskChangeUrl}); and a run is up while its entry under `<prefix>/nodes/` lives (a
 * lease of a few seconds) and names that run.
 * @module
 */
import { StorageError } from '../errors.js';
import type { Identity, TaskChange, TaskCoordinator, TaskKey } from '../index.js';
import { appliedEntry, detached } from './apply-context.js';
import type { ClusterPort } from '../http/index.js';
import { WRITE_DEADLINE_MS, withDeadline } from './etcd-log.js';
import type { EtcdLog } from './etcd-log.js';

/** Who a task change published through the log comes from: the cluster itself. */
const CLUSTER_IDENTITY: Identity = { user_name: 'quiver-cluster', user_id: 'quiver-cluster', admin: true };

/**
 * The internal URL of a change of task `key` (graph-scoped, in the graph-space family).
 */
function taskChangeUrl(key: TaskKey): string {
  return `/graphspaces/${encodeURIComponent(key.space)}/graphs/${encodeURIComponent(key.graph)}/cluster/tasks/${key.id}`;
}

/**
 * {@link TaskCoordinator} of a cluster node.
 */
export class ClusterTasks implements TaskCoordinator {
  constructor(
    /** The node: its id, this run of it, and its log. */
    private readonly node: Pick<ClusterPort, 'nodeId' | 'submit'> & { readonly run: string },
    private readonly log: EtcdLog,
  ) {}

  runner(): { readonly node: string; readonly run: string; readonly here: boolean } | undefined {
    const entry = appliedEntry();
    if (entry?.run === undefined) return undefined;
    return { node: entry.origin, run: entry.run, here: entry.origin === this.node.nodeId && entry.run === this.node.run };
  }

  async liveRuns(): Promise<ReadonlySet<string>> {
    const deadline = Date.now() + WRITE_DEADLINE_MS;
    const live = await withDeadline(this.log.client.getAll().prefix(this.log.key('nodes/')).strings(), deadline);
    const runs = new Set<string>();
    for (const [key, text] of Object.entries(live)) {
      const run = (JSON.parse(text) as { run?: string }).run;
      if (run !== undefined) runs.add(`${key.slice(this.log.key('nodes/').length)} ${run}`);
    }
    return runs;
  }

  async publish(key: TaskKey, change: TaskChange): Promise<void> {
    const answer = await this.node.submit({ method: 'PUT', url: taskChangeUrl(key), body: JSON.stringify(change), identity: CLUSTER_IDENTITY });
    // a 404 is a task or graph removed since: nothing left to record
    if (answer.status >= 300 && answer.status !== 404) {
      throw new StorageError('CLUSTER_UNAVAILABLE', `Cannot record the change of task ${key.id}: ${answer.status} ${answer.body}`);
    }
  }

  detached<T>(work: () => Promise<T>): Promise<T> {
    return detached(work);
  }
}
