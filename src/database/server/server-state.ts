/**
 * What a Quiver server keeps beside graph data: graph spaces, services, the graphs of each space
 * with their backend and description, users, and the tasks of each graph. Each space is a
 * {@link Database} of its own (DEFAULT at `<path>/` itself, where `quiver console` and `open()`
 * find its graphs; any other at `<path>/spaces/<space>/`), so graph names are scoped by space;
 * the registries are durable JSON documents in `<path>/server/`. Without a path everything is
 * in memory.
 * @module
 */
import { availableParallelism, totalmem } from 'node:os';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ArgumentError, ConflictError, LimitError, NotFoundError, StorageError } from '../../errors.js';
import { lockDirectory } from '../../storage/index.js';
import { Database } from '../database.js';
import type { OpenOptions } from '../database.js';
import type { Graph } from '../graph/graph.js';
import type { GraphServices } from '../graph/graph-core.js';
import type { GraphConfigInput } from '../graph/config.js';
import { validateGraphName } from '../graph/config.js';
import { prepareDirectory } from '../durability/data-dir.js';
import { StateFile } from '../durability/state-file.js';
import { checkGraphSpaceInput, checkServiceInput, DEFAULT_SPACE, formatTimestamp } from './tenancy.js';
import type { GraphSpaceRecord, GraphSpaceSettings, ServiceRecord } from './tenancy.js';
import { TaskRegistry } from './task-registry.js';
import type { TasksDocument } from './task-registry.js';
import { UserRegistry } from './users.js';
import type { UsersDocument } from './users.js';
import { describeValue } from '../graph/validate.js';

/**
 * Options of {@link ServerState.open}: the database options applied to every graph, plus the
 * super administrator's password for a first start.
 *
 * @example
 * ```ts
 * const options: ServerStateOptions = { path: './data', adminPassword: 'secret1', queryTimeoutMs: 30000 };
 * ```
 */
export interface ServerStateOptions extends Omit<OpenOptions, 'path'> {
  /** Data directory; omit for a server held in memory. */
  readonly path?: string;
  /** Password of `admin` on first start; generated (and returned once) when omitted. */
  readonly adminPassword?: string;
  /** Name written in task records as the server that ran them. */
  readonly serverId?: string;
}

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

type StoredSpace = GraphSpaceSettings & Pick<GraphSpaceRecord, 'role_number_used' | 'creator' | 'create_time' | 'update_time'>;

interface SpacesDocument {
  readonly initialised: boolean;
  readonly spaces: readonly StoredSpace[];
}

interface ServicesDocument {
  readonly services: readonly (ServiceRecord & { readonly space: string })[];
}

interface GraphsDocument {
  readonly graphs: readonly GraphInfo[];
}

interface SpaceRuntime {
  readonly durable: Database;
  memory: Database | undefined;
}

/** Keys a graph creation body may hold beside the configuration keys. */
const DESCRIPTIVE_KEYS = ['description', 'nickname', 'gremlin.graph'] as const;
const DEFAULT_FACTORY = 'org.apache.hugegraph.HugeFactory';
const DEFAULT_GRAPH = 'hugegraph';

/**
 * The server's registries over the data directory. Open it with `openServerState` from the
 * public API.
 *
 * @example
 * ```ts
 * const { state, generatedPassword } = await openServerState({ path: './data' });
 * const graph = state.graph('DEFAULT', 'hugegraph');
 * await state.close();
 * ```
 */
export class ServerState {
  private readonly runtimes = new Map<string, SpaceRuntime>();
  private readonly taskRegistries = new Map<string, TaskRegistry>();
  private closed = false;

  private constructor(
    /** Absolute data directory, or undefined in memory. */
    readonly path: string | undefined,
    private readonly options: ServerStateOptions,
    private readonly services: GraphServices,
    private readonly files: {
      readonly spaces: StateFile<SpacesDocument>;
      readonly services: StateFile<ServicesDocument>;
      readonly graphs: StateFile<GraphsDocument>;
    },
    /** Users and tokens. */
    readonly users: UserRegistry,
    private readonly lock: { release(): Promise<void> } | undefined,
  ) {}

  /**
   * Opens (and on first start initialises) the server state: graph space DEFAULT, graph
   * `hugegraph` in it and the super administrator `admin`. `generatedPassword` is set only when
   * the admin password was generated by this call.
   *
   * @example
   * ```ts
   * const { state } = await openServerState({ path: './data', adminPassword: 'secret1' });
   * ```
   */
  static async open(options: ServerStateOptions = {}, services: GraphServices = {}): Promise<{ state: ServerState; generatedPassword?: string }> {
    const path = options.path === undefined ? undefined : resolve(options.path);
    let lock: { release(): Promise<void> } | undefined;
    if (path !== undefined) {
      await prepareDirectory(join(path, 'server'));
      lock = await lockDirectory(join(path, 'server'));
    }
    const file = <T>(name: string, initial: T): Promise<StateFile<T>> => StateFile.open(path === undefined ? undefined : join(path, 'server', name), initial);
    let state: ServerState | undefined;
    try {
      const files = {
        spaces: await file<SpacesDocument>('spaces.json', { initialised: false, spaces: [] }),
        services: await file<ServicesDocument>('services.json', { services: [] }),
        graphs: await file<GraphsDocument>('graphs.json', { graphs: [] }),
      };
      const users = new UserRegistry(await file<UsersDocument>('users.json', { token_secret: '', users: [] }));
      state = new ServerState(path, options, services, files, users, lock);
      const generatedPassword = await state.initialise();
      return generatedPassword === undefined ? { state } : { state, generatedPassword };
    } catch (error) {
      if (state !== undefined) await state.close();
      else await lock?.release();
      throw error;
    }
  }

  private async initialise(): Promise<string | undefined> {
    const now = formatTimestamp();
    if (!this.files.spaces.value.initialised) {
      const space: StoredSpace = {
        name: DEFAULT_SPACE, description: 'The default graph space', cpu_limit: Math.max(availableParallelism(), 1),
        memory_limit: Math.max(Math.floor(totalmem() / 2 ** 30), 1), storage_limit: 1_000_000, compute_cpu_limit: 0, compute_memory_limit: 0,
        oltp_namespace: 'default', olap_namespace: 'default', storage_namespace: 'default', operator_image_path: '', internal_algorithm_image_url: '',
        max_graph_number: 1000, max_role_number: 1000, auth: false, configs: {}, role_number_used: 0, creator: 'admin', create_time: now, update_time: now,
      };
      await this.files.spaces.save({ initialised: false, spaces: [space] });
    }
    for (const space of this.files.spaces.value.spaces) await this.openSpace(space.name);
    await this.reconcileGraphs();
    if (!this.files.spaces.value.initialised) {
      if (!this.runtime(DEFAULT_SPACE).durable.hasGraph(DEFAULT_GRAPH)) {
        await this.createGraph(DEFAULT_SPACE, DEFAULT_GRAPH, { backend: 'hstore', serializer: 'binary', store: DEFAULT_GRAPH });
      }
      await this.files.spaces.save({ ...this.files.spaces.value, initialised: true });
    }
    return this.users.ensureAdmin(this.options.adminPassword, now);
  }

  private async openSpace(name: string): Promise<SpaceRuntime> {
    const { adminPassword: _a, serverId: _s, path: _p, ...open } = this.options;
    const durable = await Database.open(this.path === undefined ? open : { ...open, path: this.spaceDirectory(this.path, name) }, this.services);
    const runtime: SpaceRuntime = { durable, memory: undefined };
    this.runtimes.set(name, runtime);
    return runtime;
  }

  /** DEFAULT's graphs live at the top of the data directory, as the console and library keep them. */
  private spaceDirectory(root: string, space: string): string {
    return space === DEFAULT_SPACE ? root : join(root, 'spaces', space);
  }

  /** Graph entries for graphs a crash left unrecorded; drops entries of graphs that are gone. */
  private async reconcileGraphs(): Promise<void> {
    const known = new Map(this.files.graphs.value.graphs.map((g) => [`${g.space}/${g.name}`, g]));
    const graphs: GraphInfo[] = [];
    for (const [space, runtime] of this.runtimes) {
      for (const graph of runtime.durable.graphs()) {
        graphs.push(known.get(`${space}/${graph.name}`) ?? { space, name: graph.name, backend: 'hstore', description: '', nickname: graph.name, factory: DEFAULT_FACTORY, create_time: formatTimestamp() });
        await this.openTasks(space, graph.name);
      }
    }
    await this.files.graphs.save({ graphs });
  }

  private async openTasks(space: string, graph: string): Promise<TaskRegistry> {
    const file = await StateFile.open<TasksDocument>(this.path === undefined ? undefined : join(this.path, 'server', 'tasks', space, `${graph}.json`), { next_id: 1, tasks: [] });
    const registry = await TaskRegistry.open(file, this.options.serverId ?? 'server-1');
    this.taskRegistries.set(`${space}/${graph}`, registry);
    return registry;
  }

  private checkOpen(): void {
    if (this.closed) throw new StorageError('DATABASE_CLOSED', 'Cannot use the server state: it is closed');
  }

  private runtime(space: string): SpaceRuntime {
    this.checkOpen();
    const runtime = this.runtimes.get(space);
    if (runtime === undefined) throw new NotFoundError('SPACE_NOT_FOUND', `Graph space '${space}' does not exist`);
    return runtime;
  }

  private storedSpace(name: string): StoredSpace {
    this.runtime(name);
    const space = this.files.spaces.value.spaces.find((s) => s.name === name);
    if (space === undefined) throw new NotFoundError('SPACE_NOT_FOUND', `Graph space '${name}' does not exist`);
    return space;
  }

  // ---- graph spaces ----

  /**
   * Names of all graph spaces, in creation order.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * state.spaceNames(); // ['DEFAULT', 'gs1']
   * ```
   */
  spaceNames(): string[] {
    this.checkOpen();
    return this.files.spaces.value.spaces.map((s) => s.name);
  }

  /**
   * The full record of a graph space with its used counters; NotFoundError `SPACE_NOT_FOUND`.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * state.space('DEFAULT').graph_number_used;
   * ```
   */
  space(name: string): GraphSpaceRecord {
    const stored = this.storedSpace(name);
    const services = this.files.services.value.services.filter((s) => s.space === name);
    const sum = (f: (s: ServiceRecord) => number): number => services.reduce((n, s) => n + f(s), 0);
    return {
      ...stored,
      cpu_used: sum((s) => s.count * s.cpu_limit),
      memory_used: sum((s) => s.count * s.memory_limit),
      storage_used: sum((s) => s.count * s.storage_limit),
      graph_number_used: this.graphNames(name).length,
      role_number_used: stored.role_number_used,
    };
  }

  /**
   * Creates a graph space (spec Part A 2.1); ConflictError `SPACE_EXISTS` when the name is taken.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.createSpace({ name: 'gs1', description: '', cpu_limit: 4, memory_limit: 8, storage_limit: 100,
   *   oltp_namespace: 'o', olap_namespace: 'o', storage_namespace: 's', max_graph_number: 10, max_role_number: 10 }, 'admin');
   * ```
   */
  async createSpace(input: Readonly<Record<string, unknown>>, creator: string): Promise<GraphSpaceRecord> {
    this.checkOpen();
    const settings = checkGraphSpaceInput(input);
    if (this.runtimes.has(settings.name) || settings.name === DEFAULT_SPACE) throw new ConflictError('SPACE_EXISTS', `The graph space '${settings.name}' has existed`);
    const now = formatTimestamp();
    await this.openSpace(settings.name);
    const doc = this.files.spaces.value;
    await this.files.spaces.save({ ...doc, spaces: [...doc.spaces, { ...settings, role_number_used: 0, creator, create_time: now, update_time: now }] });
    return this.space(settings.name);
  }

  /**
   * Updates a graph space from the `update` map of spec §4.1. `auth` and `name` cannot change,
   * and quotas cannot fall below what is in use.
   *
   * @example
   * ```ts
   * declare const fields: GraphSpaceSettings;
   * declare const state: ServerState;
   * await state.updateSpace('gs1', { ...fields, max_graph_number: 20 });
   * ```
   */
  async updateSpace(name: string, update: Readonly<Record<string, unknown>>): Promise<GraphSpaceRecord> {
    const previous = this.space(name);
    const settings = checkGraphSpaceInput(update, previous);
    const below = (key: string, limit: number, used: number): void => {
      if (limit < used) throw new LimitError('SPACE_QUOTA', `Cannot update graph space '${name}': ${key} ${limit} is below the ${used} in use`);
    };
    below('max_graph_number', settings.max_graph_number, previous.graph_number_used);
    below('max_role_number', settings.max_role_number, previous.role_number_used);
    below('cpu_limit', settings.cpu_limit, previous.cpu_used);
    below('memory_limit', settings.memory_limit, previous.memory_used);
    below('storage_limit', settings.storage_limit, previous.storage_used);
    const doc = this.files.spaces.value;
    const spaces = doc.spaces.map((s) => (s.name === name ? { ...s, ...settings, update_time: formatTimestamp() } : s));
    await this.files.spaces.save({ ...doc, spaces });
    return this.space(name);
  }

  /**
   * Deletes a graph space and releases everything in it: graphs, their data and tasks, services.
   * The DEFAULT space cannot be deleted.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.deleteSpace('gs1');
   * ```
   */
  async deleteSpace(name: string): Promise<void> {
    const runtime = this.runtime(name);
    if (name === DEFAULT_SPACE) throw new ArgumentError('DEFAULT_SPACE', `Cannot delete graph space '${name}': it is the default graph space`);
    for (const graph of this.graphNames(name)) await this.dropGraph(name, graph);
    this.runtimes.delete(name);
    await runtime.durable.close();
    await runtime.memory?.close();
    const doc = this.files.spaces.value;
    await this.files.spaces.save({ ...doc, spaces: doc.spaces.filter((s) => s.name !== name) });
    await this.files.services.save({ services: this.files.services.value.services.filter((s) => s.space !== name) });
    if (this.path !== undefined) {
      await rm(join(this.path, 'spaces', name), { recursive: true, force: true });
      await rm(join(this.path, 'server', 'tasks', name), { recursive: true, force: true });
    }
  }

  /**
   * Takes one role of a space's max_role_number quota (for groups, by the access-control layer);
   * LimitError `SPACE_QUOTA` when none is left. A negative `delta` gives roles back.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.countRoles('gs1', 1);
   * ```
   */
  async countRoles(space: string, delta: number): Promise<void> {
    const stored = this.storedSpace(space);
    const used = Math.max(0, stored.role_number_used + delta);
    if (delta > 0 && used > stored.max_role_number) {
      throw new LimitError('SPACE_QUOTA', `Cannot add a role to graph space '${space}': max_role_number ${stored.max_role_number} is reached`);
    }
    const doc = this.files.spaces.value;
    await this.files.spaces.save({ ...doc, spaces: doc.spaces.map((s) => (s.name === space ? { ...s, role_number_used: used } : s)) });
  }

  // ---- services ----

  /**
   * Names of the services of a space.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * state.serviceNames('DEFAULT');
   * ```
   */
  serviceNames(space: string): string[] {
    this.runtime(space);
    return this.files.services.value.services.filter((s) => s.space === space).map((s) => s.name);
  }

  /**
   * A service record; NotFoundError `SERVICE_NOT_FOUND` when absent.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * state.service('DEFAULT', 's1').urls;
   * ```
   */
  service(space: string, name: string): ServiceRecord {
    this.runtime(space);
    const found = this.files.services.value.services.find((s) => s.space === space && s.name === name);
    if (found === undefined) throw new NotFoundError('SERVICE_NOT_FOUND', `Service '${name}' does not exist in graph space '${space}'`);
    const { space: _s, ...record } = found;
    return record;
  }

  /**
   * Registers a service (spec Part A 2.2). Its instances' resources count against the space's
   * cpu, memory and storage limits.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.createService('DEFAULT', { name: 's1', type: 'OLTP', description: '', deployment_type: 'MANUAL', urls: ['127.0.0.1:8080'] });
   * ```
   */
  async createService(space: string, input: Readonly<Record<string, unknown>>): Promise<ServiceRecord> {
    const record = this.space(space);
    const settings = checkServiceInput(input);
    if (this.serviceNames(space).includes(settings.name)) throw new ConflictError('SPACE_SERVICE_EXISTS', `The service '${settings.name}' has existed`);
    const need = (key: 'cpu' | 'memory' | 'storage', amount: number): void => {
      const limit = record[`${key}_limit`];
      const used = record[`${key}_used`];
      if (used + amount > limit) {
        throw new LimitError('SPACE_QUOTA', `Cannot create service '${settings.name}': it needs ${key} ${amount} but graph space '${space}' has ${limit - used} of ${limit} left`);
      }
    };
    need('cpu', settings.count * settings.cpu_limit);
    need('memory', settings.count * settings.memory_limit);
    need('storage', settings.count * settings.storage_limit);
    const service: ServiceRecord = { ...settings, running: 0, pd_service_id: `${space}/${settings.name}`, create_time: formatTimestamp() };
    await this.files.services.save({ services: [...this.files.services.value.services, { ...service, space }] });
    return service;
  }

  /**
   * Removes a service from the registry.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.deleteService('DEFAULT', 's1');
   * ```
   */
  async deleteService(space: string, name: string): Promise<void> {
    this.service(space, name);
    await this.files.services.save({ services: this.files.services.value.services.filter((s) => !(s.space === space && s.name === name)) });
  }

  // ---- graphs ----

  /**
   * Names of the graphs of a space, in name order.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * state.graphNames('DEFAULT'); // ['hugegraph']
   * ```
   */
  graphNames(space: string): string[] {
    const runtime = this.runtime(space);
    return [...runtime.durable.graphs(), ...(runtime.memory?.graphs() ?? [])].map((g) => g.name).sort();
  }

  /**
   * A graph of a space; NotFoundError `SPACE_NOT_FOUND` or `GRAPH_NOT_FOUND`.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * const graph = state.graph('DEFAULT', 'hugegraph');
   * ```
   */
  graph(space: string, name: string): Graph {
    const runtime = this.runtime(space);
    if (runtime.memory?.hasGraph(name) === true) return runtime.memory.graph(name);
    return runtime.durable.graph(name);
  }

  /**
   * What the server knows of a graph beside its data: backend, description, factory.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * state.graphInfo('DEFAULT', 'hugegraph').backend; // 'hstore'
   * ```
   */
  graphInfo(space: string, name: string): GraphInfo {
    this.graph(space, name);
    const info = this.files.graphs.value.graphs.find((g) => g.space === space && g.name === name);
    if (info === undefined) throw new NotFoundError('GRAPH_NOT_FOUND', `Graph '${name}' does not exist`);
    return info;
  }

  /**
   * The task registry of a graph.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * state.tasks('DEFAULT', 'hugegraph').list({});
   * ```
   */
  tasks(space: string, graph: string): TaskRegistry {
    this.graph(space, graph);
    const registry = this.taskRegistries.get(`${space}/${graph}`);
    if (registry === undefined) throw new NotFoundError('GRAPH_NOT_FOUND', `Graph '${graph}' does not exist`);
    return registry;
  }

  /**
   * Creates a graph in a space from HugeGraph's configuration keys (spec Part A 2.3). `backend`,
   * `serializer` and `store` are required; `backend` is `hstore` (durable) or `memory`. The
   * body may also hold `description`, `nickname` and `gremlin.graph`. The space's
   * max_graph_number is enforced.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.createGraph('DEFAULT', 'g1', { backend: 'hstore', serializer: 'binary', store: 'g1' });
   * ```
   */
  async createGraph(space: string, name: string, input: Readonly<Record<string, unknown>>): Promise<GraphInfo> {
    const runtime = this.runtime(space);
    validateGraphName(name);
    const record = this.space(space);
    if (record.graph_number_used >= record.max_graph_number) {
      throw new LimitError('SPACE_QUOTA', `Cannot create graph '${name}': graph space '${space}' already holds max_graph_number ${record.max_graph_number} graphs`);
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
    const db = backend === 'memory' ? (runtime.memory ??= await this.memoryDatabase()) : runtime.durable;
    await db.createGraph(name, config as GraphConfigInput);
    await this.openTasks(space, name);
    await this.files.graphs.save({ graphs: [...this.files.graphs.value.graphs.filter((g) => !(g.space === space && g.name === name)), info] });
    return info;
  }

  private async memoryDatabase(): Promise<Database> {
    const { adminPassword: _a, serverId: _s, path: _p, ...open } = this.options;
    return Database.open(open, this.services);
  }

  /**
   * Drops a graph with its data and tasks.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.dropGraph('DEFAULT', 'g1');
   * ```
   */
  async dropGraph(space: string, name: string): Promise<void> {
    const runtime = this.runtime(space);
    this.graph(space, name);
    const key = `${space}/${name}`;
    await this.taskRegistries.get(key)?.close();
    this.taskRegistries.delete(key);
    if (runtime.memory?.hasGraph(name) === true) await runtime.memory.dropGraph(name);
    else await runtime.durable.dropGraph(name);
    await this.files.graphs.save({ graphs: this.files.graphs.value.graphs.filter((g) => !(g.space === space && g.name === name)) });
    if (this.path !== undefined) await rm(join(this.path, 'server', 'tasks', space, `${name}.json`), { force: true });
  }

  /**
   * Removes every vertex and edge of a graph; with `clearSchema`, the schema too (the graph is
   * then recreated empty with the same configuration). The graph mode and read mode are kept.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.clearGraph('DEFAULT', 'hugegraph', { clearSchema: false });
   * ```
   */
  async clearGraph(space: string, name: string, options: { readonly clearSchema: boolean }): Promise<void> {
    const graph = this.graph(space, name);
    if (!options.clearSchema) {
      await graph.traversal().V().drop().iterate();
      return;
    }
    const runtime = this.runtime(space);
    const db = runtime.memory?.hasGraph(name) === true ? runtime.memory : runtime.durable;
    const config = graph.config;
    const { mode, readMode } = graph;
    await this.taskRegistries.get(`${space}/${name}`)?.close();
    await db.dropGraph(name);
    await db.createGraph(name, config as unknown as GraphConfigInput);
    // The modes belong to the graph, not to its data: a restore may set RESTORING and then clear
    const fresh = this.graph(space, name);
    if (mode !== fresh.mode) await fresh.setMode(mode);
    if (readMode !== fresh.readMode) await fresh.setReadMode(readMode);
    await this.openTasks(space, name);
  }

  /**
   * Closes every graph and registry: running tasks are cancelled without recording it (they
   * read as failed after a restart), pending registry writes are flushed, locks released.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.close();
   * ```
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.taskRegistries.values()].map((t) => t.close()));
    const results = await Promise.allSettled([...this.runtimes.values()].flatMap((r) => [r.durable.close(), ...(r.memory === undefined ? [] : [r.memory.close()])]));
    await Promise.allSettled([this.files.spaces.flush(), this.files.services.flush(), this.files.graphs.flush()]);
    await this.lock?.release();
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
}
