/**
 * Starts the REST server on a socket: opens the server state in the data directory, builds the
 * app and listens. Shutdown stops accepting, lets in-flight requests finish, then closes the
 * state (tasks, graphs: final flush, locks).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import { openServerState } from '../index.js';
import type { LoginThrottleSettings, ServerState } from '../index.js';
import type { ReplicationHooks, TaskCoordinator } from '../index.js';
import { buildApp } from './app.js';
import { ClusterRoutes } from './cluster.js';
import type { ClusterPort } from './cluster.js';
import type { TlsFiles } from './app.js';
import type { ReadinessCheck } from './health.js';
import { startGremlinServer } from './gremlin-server/endpoint.js';
import type { GremlinServer } from './gremlin-server/endpoint.js';
import { LOGGED_GREMLIN_URL, LoggedGremlin } from './gremlin-server/logged-requests.js';
import { applyExpiry, EXPIRE_URL, startExpirySweeps } from './cluster-expiry.js';

/**
 * Options of {@link startServer}.
 */
interface ServeOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly data: string;
  readonly logLevel?: string;
  readonly auth?: boolean;
  /** Password of `admin` on first start (default: QUIVER_ADMIN_PASSWORD, else generated). */
  readonly adminPassword?: string;
  readonly bodyLimit?: number;
  /** Default Gremlin evaluation timeout in milliseconds. */
  readonly queryTimeoutMs?: number;
  /** Milliseconds between two TTL sweeps (default 60 s); on a cluster, sweeps go through the log. */
  readonly ttlSweepMs?: number;
  /** Longest token lifetime in seconds (default 86,400). */
  readonly tokenMaxLifetimeSeconds?: number;
  /** Failed password checks allowed per user name and per address in a window. */
  readonly loginThrottle?: LoginThrottleSettings;
  /** Port of the Gremlin Server endpoint (WebSocket at `/gremlin`) on the same host; absent: none (0 picks a free port). */
  readonly gremlinPort?: number;
  /** The cluster this node joined (docs/cluster.md); absent: a single node. */
  readonly cluster?: ClusterSetup;
  /** Serve HTTPS on the REST port and WSS on the Gremlin port with this key and certificate. */
  readonly tls?: TlsFiles;
  /** `/metrics` without credentials. */
  readonly metricsPublic?: boolean;
  /** Checks `/health/ready` runs beside the data directory's. */
  readonly readiness?: readonly ReadinessCheck[];
  /** Configuration keys every new graph gets unless its creation gives them. */
  readonly graphDefaults?: Readonly<Record<string, unknown>>;
}

/**
 * A joined cluster as the server needs it: the port of its log and the hooks its graphs are
 * opened with.
 */
export interface ClusterSetup {
  readonly port: ClusterPort;
  readonly replication: ReplicationHooks;
  /** The cluster's side of tasks that run once (`task.scheduler_type: etcd`). */
  readonly tasks: TaskCoordinator;
}

/**
 * A listening server.
 */
interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly state: ServerState;
  /** `ws://host:port/gremlin` (`wss://` with TLS) when the Gremlin Server endpoint was asked for. */
  readonly gremlinUrl?: string;
  /** The admin password when this start generated it; shown once, never stored. */
  readonly generatedPassword?: string;
  /** Stops accepting, finishes in-flight requests, closes the state. */
  close(): Promise<void>;
}

/** Milliseconds `/health/ready` waits for the cluster's log to answer. */
const LOG_READY_MS = 2_000;

/** The readiness check of a cluster node: its log in etcd answers within {@link LOG_READY_MS}. */
function logReachable(port: ClusterPort): ReadinessCheck {
  return {
    name: 'log',
    check: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), LOG_READY_MS)));
      try {
        return await Promise.race([port.status().then(() => true), late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Opens the data directory and listens.
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const cluster = options.cluster;
  const { state, generatedPassword } = await openServerState({
    path: options.data,
    ...(options.adminPassword === undefined ? {} : { adminPassword: options.adminPassword }),
    queryTimeoutMs: options.queryTimeoutMs ?? 30_000,
    ...(options.tokenMaxLifetimeSeconds === undefined ? {} : { tokenMaxLifetimeSeconds: options.tokenMaxLifetimeSeconds }),
    ...(options.loginThrottle === undefined ? {} : { loginThrottle: options.loginThrottle }),
    // A cluster's graphs take their clock and ids from the log, and sweep TTL only at read time.
    // A cluster's graphs sweep expired elements only when a sweep entry of the log says so (cluster-expiry.ts).
    ...(cluster === undefined ? (options.ttlSweepMs === undefined ? {} : { ttlSweepMs: options.ttlSweepMs }) : { replication: cluster.replication, ttlSweepMs: 0, taskCoordinator: cluster.tasks }),
    ...(options.graphDefaults === undefined ? {} : { graphDefaults: options.graphDefaults }),
  });
  let app: FastifyInstance | undefined;
  let gremlin: GremlinServer | undefined;
  const routes = cluster === undefined ? undefined : new ClusterRoutes(cluster.port);
  const logged = cluster === undefined ? undefined : new LoggedGremlin(cluster.port, state);
  if (logged !== undefined) routes?.internal(LOGGED_GREMLIN_URL, (request) => logged.apply(request));
  routes?.internal(EXPIRE_URL, (request) => applyExpiry(state, request));
  try {
    app = await buildApp({
      state,
      logLevel: options.logLevel ?? 'info',
      auth: options.auth ?? true,
      ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
      ...(routes === undefined ? {} : { cluster: routes }),
      ...(options.tls === undefined ? {} : { tls: options.tls }),
      ...(options.metricsPublic === undefined ? {} : { metricsPublic: options.metricsPublic }),
      readiness: [...(options.readiness ?? []), ...(cluster === undefined ? [] : [logReachable(cluster.port)])],
    });
    const built = app;
    if (routes !== undefined) await cluster?.port.start((request) => routes.apply(built, request));
    await app.listen({ host: options.host, port: options.port });
    if (options.gremlinPort !== undefined) {
      gremlin = await startGremlinServer({ state, host: options.host, port: options.gremlinPort, auth: options.auth ?? true, log: app.log, ...(logged === undefined ? {} : { logged }), ...(options.tls === undefined ? {} : { tls: options.tls }) });
    }
  } catch (error) {
    await cluster?.port.close();
    await app?.close();
    await state.close();
    throw error;
  }
  const rest = app;
  const address = rest.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  await cluster?.port.announce(`http://${host}:${port}`);
  const stopSweeps = cluster === undefined ? undefined : startExpirySweeps(cluster.port, options.ttlSweepMs);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopSweeps?.();
      try {
        await cluster?.port.close();
        await gremlin?.close();
        await rest.close();
      } finally {
        await state.close();
      }
    })();
    return closing;
  };
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://${host}:${port}`,
    app: rest,
    state,
    close,
    ...(gremlin === undefined ? {} : { gremlinUrl: gremlin.url }),
    ...(generatedPassword === undefined ? {} : { generatedPassword }),
  };
}

/**
 * Closes the server gracefully on the first SIGTERM or SIGINT and exits at once on a second.
 */
export function closeOnSignals(server: Pick<RunningServer, 'close'>, out: (line: string) => void): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      out(`${signal} again: exiting at once`);
      process.exit(130);
    }
    stopping = true;
    out(`${signal}: stopping (in-flight requests finish; send it again to exit at once)`);
    server.close().then(
      () => {
        out('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        out(`stop failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
