/**
 * The task registries of every graph of a server, one durable document per graph at
 * `<path>/server/tasks/<space>/<graph>.json` (in memory without a path).
 * @module
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError } from '../../errors.js';
import { StateFile } from '../durability/state-file.js';
import { TaskRegistry } from './task-registry.js';
import type { TasksDocument } from './task-registry.js';

/**
 * The task registry of each graph, keyed by space and graph name.
 */
export class GraphTasks {
  private readonly registries = new Map<string, TaskRegistry>();

  constructor(
    /** Absolute data directory, or undefined in memory. */
    private readonly path: string | undefined,
    /** Name written in task records as the server that ran them. */
    private readonly server: string,
  ) {}

  /** Opens (or creates) the registry of a graph. */
  async open(space: string, graph: string): Promise<TaskRegistry> {
    const file = await StateFile.open<TasksDocument>(this.path === undefined ? undefined : join(this.path, 'server', 'tasks', space, `${graph}.json`), { next_id: 1, tasks: [] });
    const registry = await TaskRegistry.open(file, this.server);
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
    await Promise.allSettled([...this.registries.values()].map((t) => t.close()));
  }
}
