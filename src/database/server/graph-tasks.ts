/**
 * The task registries of every graph of a server, one durable document per graph at
 * `<path>/server/tasks/<space>/<graph>.json` (in memory without a path).
 * @module
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError } from '../../errors.js';
import { StateFile } from '../durability/state-file.js';
import type { TaskCoordinator } from './task-coordination.js';
import { TaskRegistry } from './task-registry.js';
import type { TasksDocument } from './task-registry.js';

/** Milliseconds between two checks, on a cluster, that the nodes running tasks are up. */
const RECONCILE_MS = 2000;

/**
 * The task registry of each graph, keyed by space and graph name.
 */
export class GraphTasks {
  private readonly registries = new Map<string, TaskRegistry>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    /** Absolute data directory, or undefined in memory. */
    private readonly path: string | undefined,
    /** Name written in task records as the server that ran them. */
    private readonly server: string,
    /** On a cluster node: the cluster's side of tasks that run once. */
    private readonly coordinator?: TaskCoordinator,
  ) {
    if (coordinator === undefined) return;
    let checking = false;
    this.timer = setInterval(() => {
      if (checking) return;
      checking = true;
      void this.reconcile(coordinator).finally(() => {
        checking = false;
      });
    }, RECONCILE_MS);
    this.timer.unref();
  }

  /** Fails, through the log, the tasks whose runners are gone (an unreachable etcd waits for the next check). */
  private async reconcile(coordinator: TaskCoordinator): Promise<void> {
    try {
      const live = await coordinator.liveRuns();
      for (const registry of this.registries.values()) await registry.reconcile(live);
    } catch {
      // etcd unreachable or the write refused: the next check tries again
    }
  }

  /** Opens (or creates) the registry of a graph. */
  async open(space: string, graph: string): Promise<TaskRegistry> {
    const file = await StateFile.open<TasksDocument>(this.path === undefined ? undefined : join(this.path, 'server', 'tasks', space, `${graph}.json`), { next_id: 1, tasks: [] });
    const registry = await TaskRegistry.open(file, this.server, this.coordinator === undefined ? undefined : { coordinator: this.coordinator, space, graph });
    this.registries.set(`${space}/${graph}`, registry);
    return registry;
  }

  /** The registry of a graph; NotFoundError `GRAPH_NOT_FOUND` when it has none. */
  of(space: string, graph: string): TaskRegistry {
    const registry = this.registries.get(`${space}/${graph}`);
    if (registry === undefined) throw new NotFoundError('GRAPH_NOT_FOUND', `Graph '${graph}' does not exist`);
    return registry;
  }

  /** Closes the registry of a graph (running tasks are cancelled without recording it). */
  async close(space: string, graph: string): Promise<void> {
    const key = `${space}/${graph}`;
    await this.registries.get(key)?.close();
    this.registries.delete(key);
  }

  /** Closes the registry of a dropped graph and deletes its document. */
  async drop(space: string, graph: string): Promise<void> {
    await this.close(space, graph);
    if (this.path !== undefined) await rm(join(this.path, 'server', 'tasks', space, `${graph}.json`), { force: true });
  }

  /** Deletes the task documents of a deleted space. */
  async dropSpace(space: string): Promise<void> {
    if (this.path !== undefined) await rm(join(this.path, 'server', 'tasks', space), { recursive: true, force: true });
  }

  /** Closes every registry; failures are ignored, as the server is stopping. */
  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled([...this.registries.values()].map((t) => t.close()));
  }
}
