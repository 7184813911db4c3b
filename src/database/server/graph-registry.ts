/**
 * The graphs of a server: each graph space is a {@link Database} of its own (DEFAULT at
 * `<path>/` itself, where `quiver console` and `open()` find its graphs; any other at
 * `<path>/spaces/<space>/`), plus one held in memory for graphs of the `memory` backend. What
 * the server knows of a graph beside its data (backend, description, factory) is the durable
 * document `<path>/server/graphs.json`.
 * @module
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ArgumentError, ConflictError, LimitError, NotFoundError, StorageError } from '../../errors.js';
import { Database } from '../database.js';
import type { OpenOptions } from '../database.js';
import type { Graph } from '../graph/graph.js';
import type { GraphServices } from '../graph/graph-state.js';
import type { GraphConfigInput } from '../graph/config.js';
import { validateGraphName } from '../graph/config.js';
import { describeValue } from '../graph/validate.js';
import type { StateFile } from '../durability/state-file.js';
import type { GraphTasks } from './graph-tasks.js';
import { DEFAULT_SPACE, formatTimestamp } from './tenancy.js';

/**
 * Storage of a graph: `hstore` is durable; `memory` (a Quiver extension) lives until the server stops.
 *
 * @example
 * ```ts
 * const backend: GraphBackend = 'hstore';
 * ```
 */
export type GraphBackend = 'hstore' | 'memory';

/**
 * A graph as the server lists it.
 *
 * @example
 * ```ts
 * declare const info: GraphInfo; console.log(info.name, info.backend);
 * ```
 */
export interface GraphInfo {
  readonly space: string;
  readonly name: string;
  readonly backend: GraphBackend;
  readonly description: string;
  readonly nickname: string;
  readonly factory: string;
  readonly create_time: string;
}

/**
 * The graphs document `<path>/server/graphs.json`.
 */
export interface GraphsDocument {
  readonly graphs: readonly GraphInfo[];
}

interface SpaceRuntime {
  readonly durable: Database;
  memory: Database | undefined;
}

/** Keys a graph creation body may hold beside the configuration keys. */
const DESCRIPTIVE_KEYS = ['description', 'nickname', 'gremlin.graph'] as const;
const DEFAULT_FACTORY = 'org.apache.hugegraph.HugeFactory';

/**
 * The databases of every graph space and the graphs in them, with their task registries.
 */
export class GraphRegistry {
  private readonly runtimes = new Map<string, SpaceRuntime>();
  private closed = false;

  constructor(
    /** Absolute data directory, or undefined in memory. */
    private readonly path: string | undefined,
    /** Database options applied to every space. */
    private readonly options: Omit<OpenOptions, 'path'>,
    private readonly services: GraphServices,
    private readonly file: StateFile<GraphsDocument>,
    private readonly tasks: GraphTasks,
    /** Configuration keys every new graph gets unless its creation gives them. */
    private readonly graphDefaults: Readonly<Record<string, unknown>> = {},
  ) {}

  /** StorageError `DATABASE_CLOSED` once the server state is closed. */
  checkOpen(): void {
    if (this.closed) throw new StorageError('DATABASE_CLOSED', 'Cannot use the server state: it is closed');
  }

  /** NotFoundError `SPACE_NOT_FOUND` unless the space is open. */
  requireSpace(space: string): void {
    this.runtime(space);
  }

  /** Whether a space of that name is open. */
  hasSpace(space: string): boolean {
    return this.runtimes.has(space);
  }

  /** Opens the database of a space. */
  async openSpace(name: string): Promise<void> {
    const durable = await Database.open(this.path === undefined ? this.options : { ...this.options, path: this.spaceDirectory(this.path, name) }, this.services);
    this.runtimes.set(name, { durable, memory: undefined });
  }

  /** Drops every graph of a space and closes its databases. */
  async closeSpace(name: string): Promise<void> {
    const runtime = this.runtime(name);
    for (const graph of this.graphNames(name)) await this.dropGraph(name, graph);
    this.runtimes.delete(name);
    await runtime.durable.close();
    await runtime.memory?.close();
  }

  /** Deletes the directories of a closed space. */
  async eraseSpace(name: string): Promise<void> {
    if (this.path !== undefined) await rm(join(this.path, 'spaces', name), { recursive: true, force: true });
    await this.tasks.dropSpace(name);
  }

  /** DEFAULT's graphs live at the top of the data directory, as the console and library keep them. */
  private spaceDirectory(root: string, space: string): string {
    return space === DEFAULT_SPACE ? root : join(root, 'spaces', space);
  }

  /** Graph entries for graphs a crash left unrecorded; drops entries of graphs that are gone. */
  async reconcile(): Promise<void> {
    const known = new Map(this.file.value.graphs.map((g) => [`${g.space}/${g.name}`, g]));
    const graphs: GraphInfo[] = [];
    for (const [space, runtime] of this.runtimes) {
      for (const graph of runtime.durable.graphs()) {
        graphs.push(known.get(`${space}/${graph.name}`) ?? { space, name: graph.name, backend: 'hstore', description: '', nickname: graph.name, factory: DEFAULT_FACTORY, create_time: formatTimestamp() });
        await this.tasks.open(space, graph.name);
      }
    }
    await this.file.save({ graphs });
  }

  private runtime(space: string): SpaceRuntime {
    this.checkOpen();
    const runtime = this.runtimes.get(space);
    if (runtime === undefined) throw new NotFoundError('SPACE_NOT_FOUND', `Graph space '${space}' does not exist`);
    return runtime;
  }

  /** Whether the durable database of a space holds a graph of that name. */
  hasDurableGraph(space: string, name: string): boolean {
    return this.runtime(space).durable.hasGraph(name);
  }

  /** Names of the graphs of a space, in name order. */
  graphNames(space: string): string[] {
    const runtime = this.runtime(space);
    return [...runtime.durable.graphs(), ...(runtime.memory?.graphs() ?? [])].map((g) => g.name).sort();
  }

  /** A graph of a space; NotFoundError `SPACE_NOT_FOUND` or `GRAPH_NOT_FOUND`. */
  graph(space: string, name: string): Graph {
    const runtime = this.runtime(space);
    if (runtime.memory?.hasGraph(name) === true) return runtime.memory.graph(name);
    return runtime.durable.graph(name);
  }

  /** What the server knows of a graph beside its data. */
  info(space: string, name: string): GraphInfo {
    this.graph(space, name);
    const info = this.file.value.graphs.find((g) => g.space === space && g.name === name);
    if (info === undefined) throw new NotFoundError('GRAPH_NOT_FOUND', `Graph '${name}' does not exist`);
    return info;
  }

  /**
   * Creates a graph from HugeGraph's configuration keys (over the server's graph defaults);
   * `maxGraphs` reads the space's max_graph_number once the space and the name are known to be valid.
   */
  async createGraph(space: string, name: string, given: Readonly<Record<string, unknown>>, maxGraphs: () => number): Promise<GraphInfo> {
    const runtime = this.runtime(space);
    const input = { ...this.graphDefaults, ...given };
    validateGraphName(name);
    const limit = maxGraphs();
    if (this.graphNames(space).length >= limit) {
      throw new LimitError('SPACE_QUOTA', `Cannot create graph '${name}': graph space '${space}' already holds max_graph_number ${limit} graphs`);
    }
    for (const key of ['backend', 'serializer', 'store']) {
      if (input[key] === undefined || input[key] === null) throw new ArgumentError('MISSING_CONFIG_KEY', `Cannot create graph '${name}': the config key '${key}' is required`);
    }
    const backend = input.backend;
    if (backend !== 'hstore' && backend !== 'memory') {
      throw new ArgumentError('INVALID_CONFIG_VALUE', `Invalid value for config key 'backend': expected hstore (or memory) but got ${describeValue(backend)}`, { details: { key: 'backend' } });
    }
    const text = (key: (typeof DESCRIPTIVE_KEYS)[number], fallback: string): string => {
      const value = input[key];
      if (value === undefined || value === null) return fallback;
      if (typeof value !== 'string') throw new ArgumentError('INVALID_CONFIG_VALUE', `Invalid value for config key '${key}': expected a string but got ${describeValue(value)}`, { details: { key } });
      return value;
    };
    const info: GraphInfo = { space, name, backend, description: text('description', ''), nickname: text('nickname', name), factory: text('gremlin.graph', DEFAULT_FACTORY), create_time: formatTimestamp() };
    const config: Record<string, unknown> = { ...input, backend: 'hstore' };
    for (const key of DESCRIPTIVE_KEYS) delete config[key];
    if (this.graphNames(space).includes(name)) throw new ConflictError('GRAPH_EXISTS', `Cannot create graph '${name}': it already exists`);
    const db = backend === 'memory' ? (runtime.memory ??= await Database.open(this.options, this.services)) : runtime.durable;
    await db.createGraph(name, config as GraphConfigInput);
    await this.tasks.open(space, name);
    await this.file.save({ graphs: [...this.file.value.graphs.filter((g) => !(g.space === space && g.name === name)), info] });
    return info;
  }

  /**
   * Takes in a graph directory a restore staged (see `Database.adoptGraph`) as a durable graph
   * of `space`, with what the server knows of it.
   */
  async adoptGraph(space: string, name: string, directory: string, describe: Omit<GraphInfo, 'space' | 'name' | 'backend' | 'create_time'>): Promise<GraphInfo> {
    const runtime = this.runtime(space);
    if (this.graphNames(space).includes(name)) throw new ConflictError('GRAPH_EXISTS', `Cannot restore graph '${name}': it already exists`);
    await runtime.durable.adoptGraph(name, directory);
    const info: GraphInfo = { space, name, backend: 'hstore', ...describe, create_time: formatTimestamp() };
    await this.tasks.open(space, name);
    await this.file.save({ graphs: [...this.file.value.graphs.filter((g) => !(g.space === space && g.name === name)), info] });
    return info;
  }

  /** Drops a graph with its data and tasks. */
  async dropGraph(space: string, name: string): Promise<void> {
    const runtime = this.runtime(space);
    this.graph(space, name);
    await this.tasks.close(space, name);
    if (runtime.memory?.hasGraph(name) === true) await runtime.memory.dropGraph(name);
    else await runtime.durable.dropGraph(name);
    await this.file.save({ graphs: this.file.value.graphs.filter((g) => !(g.space === space && g.name === name)) });
    await this.tasks.drop(space, name);
  }

  /**
   * Removes every vertex, edge and variable of a graph (HugeGraph keeps variables as hidden
   * vertices, which a clear removes); with `clearSchema`, the schema too (the graph is then
   * recreated empty with the same configuration). The graph mode and read mode are kept.
   */
  async clearGraph(space: string, name: string, options: { readonly clearSchema: boolean }): Promise<void> {
    const graph = this.graph(space, name);
    if (!options.clearSchema) {
      await graph.traversal().V().drop().iterate();
      await graph.variables.clear();
      return;
    }
    const runtime = this.runtime(space);
    const db = runtime.memory?.hasGraph(name) === true ? runtime.memory : runtime.durable;
    const config = graph.config;
    const { mode, readMode } = graph;
    await this.tasks.close(space, name);
    await db.dropGraph(name);
    // An unbounded capacity is the default of an auto-create graph, not a value one may give.
    const given = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== Number.POSITIVE_INFINITY));
    await db.createGraph(name, given as GraphConfigInput);
    // The modes belong to the graph, not to its data: a restore may set RESTORING and then clear
    const fresh = this.graph(space, name);
    if (mode !== fresh.mode) await fresh.setMode(mode);
    if (readMode !== fresh.readMode) await fresh.setReadMode(readMode);
    await this.tasks.open(space, name);
  }

  /** Closes every database; the registry refuses further use. Rejects with the first failure. */
  async close(): Promise<void> {
    this.closed = true;
    const results = await Promise.allSettled([...this.runtimes.values()].flatMap((r) => [r.durable.close(), ...(r.memory === undefined ? [] : [r.memory.close()])]));
    await this.file.flush().catch(() => undefined);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
}
