/**
 * What a Quiver server keeps beside graph data, composed of one registry per resource: graph
 * spaces ({@link GraphSpaces}), their services ({@link ServiceRegistry}), the graphs of each
 * space ({@link GraphRegistry}), users ({@link UserRegistry}) and the tasks of each graph
 * ({@link GraphTasks}), plus the server's audit log ({@link AuditLog}, `<path>/audit/`). The
 * registries are durable JSON documents in `<path>/server/`; without a path everything is in
 * memory.
 * @module
 */
import { resolve, join } from 'node:path';
import { ArgumentError, ConflictError } from '../../errors.js';
import { lockDirectory } from '../../storage/index.js';
import type { OpenOptions } from '../database.js';
import type { Graph } from '../graph/graph.js';
import type { GraphServices } from '../graph/graph-state.js';
import { prepareDirectory } from '../durability/data-dir.js';
import { StateFile } from '../durability/state-file.js';
import { checkGraphSpaceInput, DEFAULT_SPACE, formatTimestamp, useRecordClock } from './tenancy.js';
import type { GraphSpaceRecord, ServiceRecord } from './tenancy.js';
import type { TaskRegistry } from './task-registry.js';
import { UserRegistry } from './users.js';
import type { UsersDocument } from './user-records.js';
import { AuditLog } from './audit.js';
import type { LoginThrottleSettings } from './login-throttle.js';
import { GraphRegistry } from './graph-registry.js';
import type { GraphInfo, GraphsDocument } from './graph-registry.js';
import { GraphSpaces } from './graph-spaces.js';
import type { SpacesDocument } from './graph-spaces.js';
import { ServiceRegistry } from './space-services.js';
import type { ServicesDocument } from './space-services.js';
import { GraphTasks } from './graph-tasks.js';
import type { TaskCoordinator } from './task-coordination.js';
import { parseGremlin, traversalSourceGraph } from './gremlin-names.js';
import { GrantRegistry } from './grants.js';
import type { GrantsDocument } from './grant-records.js';
import { AccessControl } from './access-control.js';
import type { GremlinText, ParsedGremlin } from './gremlin-names.js';

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
  /** On a cluster node: the cluster's side of tasks that run once (task-coordination.ts). */
  readonly taskCoordinator?: TaskCoordinator;
  /**
   * Longest token lifetime in seconds: a login's `token_expire` is capped by it, and a login
   * without one gets it (default 86,400, HugeGraph's token lifetime).
   */
  readonly tokenMaxLifetimeSeconds?: number;
  /** Failed password checks allowed per user name and per client address in a window (default 10 and 30 a minute). */
  readonly loginThrottle?: LoginThrottleSettings;
  /** Without a path: a stream that receives the audit log's JSON lines (default: none kept). */
  readonly auditDestination?: NodeJS.WritableStream;
  /** Configuration keys every graph created on the server gets unless its creation gives them (`quiver serve --graph-defaults`). */
  readonly graphDefaults?: Readonly<Record<string, unknown>>;
}

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
  private closed = false;

  private constructor(
    /** Absolute data directory, or undefined in memory. */
    readonly path: string | undefined,
    private readonly spaces: GraphSpaces,
    private readonly serviceRegistry: ServiceRegistry,
    private readonly graphs: GraphRegistry,
    private readonly taskRegistries: GraphTasks,
    /** Users and tokens. */
    readonly users: UserRegistry,
    /** Groups, targets, belongs and accesses of every graph space. */
    readonly grants: GrantRegistry,
    /** The access decisions: the graph handle of an identity, and who administers what. */
    readonly access: AccessControl,
    /** The audit log: logins, failed logins, logouts, token revocations, user changes, denials, permission changes. */
    readonly audit: AuditLog,
    private readonly lock: { release(): Promise<void> } | undefined,
    private readonly services: GraphServices,
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
    let audit: AuditLog | undefined;
    try {
      const { adminPassword: _a, serverId, path: _p, tokenMaxLifetimeSeconds, loginThrottle, auditDestination, graphDefaults, taskCoordinator, ...open } = options;
      // a cluster node's records take the time of the log entry that makes them
      if (open.replication !== undefined) useRecordClock(open.replication.now);
      audit = await AuditLog.open(path === undefined ? (auditDestination === undefined ? {} : { destination: auditDestination }) : { directory: join(path, 'audit') });
      const tasks = new GraphTasks(path, serverId ?? 'server-1', taskCoordinator);
      const graphs = new GraphRegistry(path, open, services, await file<GraphsDocument>('graphs.json', { graphs: [] }), tasks, graphDefaults);
      const requireSpace = (space: string): void => graphs.requireSpace(space);
      const serviceRegistry = new ServiceRegistry(await file<ServicesDocument>('services.json', { services: [] }), requireSpace);
      const usage = { graphs: (space: string) => graphs.graphNames(space).length, services: (space: string) => serviceRegistry.usage(space) };
      const spaces = new GraphSpaces(await file<SpacesDocument>('spaces.json', { initialised: false, spaces: [] }), requireSpace, usage);
      const users = await UserRegistry.open(await file<UsersDocument>('users.json', { users: [] }), {
        audit,
        ...(path === undefined ? {} : { directory: join(path, 'server') }),
        ...(tokenMaxLifetimeSeconds === undefined ? {} : { tokenMaxLifetimeSeconds }),
        ...(loginThrottle === undefined ? {} : { loginThrottle }),
      });
      const grants = new GrantRegistry(await file<GrantsDocument>('grants.json', { spaces: {} }), {
        requireSpace,
        requireUser: (name) => users.requireUser(name),
        requireGraph: (space, graph) => {
          if (!graphs.graphNames(space).includes(graph)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_graph: graph '${graph}' does not exist in graph space '${space}'`);
        },
        keyType: (space, graph, key) => graphs.graph(space, graph).catalog().propertyKey(key)?.dataType,
        countRoles: (space, delta) => spaces.countRoles(space, delta),
      });
      const access = new AccessControl(grants, {
        enforced: (space) => spaces.enforced(space),
        graph: (space, graph) => graphs.graph(space, graph),
        restrict: (graph, policy) => graph.withPolicy(policy),
      });
      state = new ServerState(path, spaces, serviceRegistry, graphs, tasks, users, grants, access, audit, lock, services);
      const generatedPassword = await state.initialise(options.adminPassword);
      return generatedPassword === undefined ? { state } : { state, generatedPassword };
    } catch (error) {
      if (state !== undefined) await state.close();
      else {
        await audit?.close();
        await lock?.release();
      }
      throw error;
    }
  }

  private async initialise(adminPassword: string | undefined): Promise<string | undefined> {
    const now = formatTimestamp();
    await this.spaces.seedDefault();
    await this.spaces.enforceDefault();
    for (const space of this.spaces.names()) await this.graphs.openSpace(space);
    await this.graphs.reconcile();
    if (!this.spaces.initialised) {
      if (!this.graphs.hasDurableGraph(DEFAULT_SPACE, DEFAULT_GRAPH)) {
        await this.createGraph(DEFAULT_SPACE, DEFAULT_GRAPH, { backend: 'hstore', serializer: 'binary', store: DEFAULT_GRAPH });
      }
      await this.spaces.markInitialised();
    }
    return this.users.ensureAdmin(adminPassword, now);
  }

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
    this.graphs.checkOpen();
    return this.spaces.names();
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
    return this.spaces.record(name);
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
    this.graphs.checkOpen();
    const settings = checkGraphSpaceInput(input);
    if (this.graphs.hasSpace(settings.name) || settings.name === DEFAULT_SPACE) throw new ConflictError('SPACE_EXISTS', `The graph space '${settings.name}' has existed`);
    await this.graphs.openSpace(settings.name);
    await this.spaces.add(settings, creator);
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
    return this.spaces.update(name, update);
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
    this.graphs.requireSpace(name);
    if (name === DEFAULT_SPACE) throw new ArgumentError('DEFAULT_SPACE', `Cannot delete graph space '${name}': it is the default graph space`);
    await this.graphs.closeSpace(name);
    await this.spaces.remove(name);
    await this.serviceRegistry.removeSpace(name);
    await this.grants.forgetSpace(name);
    await this.graphs.eraseSpace(name);
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
    await this.spaces.countRoles(space, delta);
  }

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
    return this.serviceRegistry.names(space);
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
    return this.serviceRegistry.get(space, name);
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
    return this.serviceRegistry.create(space, input, this.space(space));
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
    await this.serviceRegistry.delete(space, name);
  }

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
    return this.graphs.graphNames(space);
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
    return this.graphs.graph(space, name);
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
    return this.graphs.info(space, name);
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
    return this.taskRegistries.of(space, graph);
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
    return this.graphs.createGraph(space, name, input, () => this.space(space).max_graph_number);
  }

  /**
   * Takes in a complete graph directory that a restore staged, as graph `name` of `space`, in
   * one rename (ConflictError `GRAPH_EXISTS` when the name is taken).
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * await state.adoptGraph('DEFAULT', 'g1', '/data/restore/x/graphs/g1', { description: '', nickname: 'g1', factory: 'org.apache.hugegraph.HugeFactory' });
   * ```
   */
  async adoptGraph(space: string, name: string, directory: string, describe: Omit<GraphInfo, 'space' | 'name' | 'backend' | 'create_time'>): Promise<GraphInfo> {
    return this.graphs.adoptGraph(space, name, directory, describe);
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
    await this.graphs.dropGraph(space, name);
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
    await this.graphs.clearGraph(space, name, options);
  }

  /**
   * Parses a Gremlin request once and finds the graph it runs on: `fixed`, else the one graph
   * its script and aliases name (`hugegraph`, `__g_hugegraph`, `this.binding.'DEFAULT-hugegraph'`,
   * bound as the graph and its traversal source), else DEFAULT/hugegraph.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * const { space, graph, script } = state.parseGremlin({ gremlin: '__g_hugegraph.V().count()' });
   * const [count] = await state.graph(space, graph).gremlin(script);
   * ```
   */
  parseGremlin(request: GremlinText, fixed?: { readonly space: string; readonly graph: string }): ParsedGremlin {
    this.graphs.checkOpen();
    return parseGremlin(this, this.services, request, fixed);
  }

  /**
   * The graph a traversal source name stands for, as a Gremlin Server's bytecode request names
   * it in its `g` alias: `g` (the default, DEFAULT/hugegraph), a graph's source
   * (`__g_hugegraph`, `__g_DEFAULT-hugegraph`) or a graph's name; ArgumentError `GREMLIN_ALIAS`
   * for a name of no graph.
   *
   * @example
   * ```ts
   * declare const state: ServerState;
   * const { space, graph } = state.traversalSourceGraph('__g_hugegraph');
   * ```
   */
  traversalSourceGraph(name: string): { readonly space: string; readonly graph: string } {
    this.graphs.checkOpen();
    return traversalSourceGraph(this, name);
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
    await this.taskRegistries.closeAll();
    const closing = await Promise.allSettled([this.graphs.close()]);
    await Promise.allSettled([this.spaces.flush(), this.serviceRegistry.flush(), this.users.flush(), this.grants.flush()]);
    await this.audit.close();
    await this.lock?.release();
    const [graphs] = closing;
    if (graphs?.status === 'rejected') throw graphs.reason;
  }
}
