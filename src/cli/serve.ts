/**
 * `quiver serve`: the REST server on a data directory. Prints the URL, the data directory and,
 * on a first start without QUIVER_ADMIN_PASSWORD, the generated admin password (once).
 * @module
 */
import { hostname } from 'node:os';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ArgumentError, resolveGraphConfig } from '../index.js';
import { closeOnSignals, startServer } from '../http/index.js';
import type { ClusterSetup } from '../http/index.js';

/**
 * Options of {@link runServe}, as the command line gives them.
 */
interface ServeCommandOptions {
  readonly host: string;
  readonly port: number;
  readonly data: string;
  readonly logLevel: string;
  readonly auth: boolean;
  /** Default Gremlin evaluation timeout in milliseconds (30 s when absent). */
  readonly queryTimeout?: number;
  /** Longest token lifetime in seconds. */
  readonly tokenMaxLifetime?: number;
  /** Failed password checks allowed per user name in a window (0: no limit). */
  readonly loginFailuresPerUser?: number;
  /** Failed password checks allowed per client address in a window (0: no limit). */
  readonly loginFailuresPerAddress?: number;
  /** The window of the failure counts, in seconds. */
  readonly loginFailureWindow?: number;
  /** Port of the Gremlin Server endpoint (WebSocket); absent: none. */
  readonly gremlinPort?: number;
  /** Comma-separated etcd client URLs of the cluster to join (default QUIVER_ETCD); absent: a single node. */
  readonly etcd?: string;
  /** Cluster node id (default QUIVER_NODE_ID, else host name and port). */
  readonly nodeId?: string;
  /** Key prefix of the cluster in etcd. */
  readonly etcdPrefix?: string;
  /** Cluster: log entries between two snapshots stored in etcd. */
  readonly snapshotEvery?: number;
  /** Seconds between two TTL sweeps (on a cluster, sweeps go through the log). */
  readonly ttlSweep?: number;
  /** PEM certificate file for HTTPS and WSS (with {@link ServeCommandOptions.tlsKey}). */
  readonly tlsCert?: string;
  /** PEM private key file of the certificate. */
  readonly tlsKey?: string;
  /** Serve `/metrics` without credentials. */
  readonly metricsPublic?: boolean;
  /** Configuration keys of every new graph, as JSON text. */
  readonly graphDefaults?: string;
}

/**
 * Joins the cluster the options or QUIVER_ETCD name, loading the cluster layer (and etcd's
 * client) only then.
 */
async function clusterOf(options: ServeCommandOptions): Promise<ClusterSetup | undefined> {
  const urls = options.etcd ?? process.env.QUIVER_ETCD;
  if (urls === undefined || urls === '') return undefined;
  const { joinCluster } = await import('../cluster/index.js');
  const nodeId = options.nodeId ?? process.env.QUIVER_NODE_ID ?? `${hostname()}-${options.port}`;
  const { node, replication, tasks } = await joinCluster({
    etcd: urls.split(',').map((url) => url.trim()).filter((url) => url !== ''),
    nodeId,
    prefix: options.etcdPrefix ?? '/quiver',
    data: options.data,
    ...(options.snapshotEvery === undefined ? {} : { snapshotEvery: options.snapshotEvery }),
  });
  return { port: node, replication, tasks };
}

/** The `--graph-defaults` object, checked as a graph configuration before the server starts. */
function graphDefaultsOf(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new ArgumentError('INVALID_CONFIG_VALUE', `Invalid --graph-defaults: not JSON (${(cause as Error).message})`, { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ArgumentError('INVALID_CONFIG_VALUE', 'Invalid --graph-defaults: expected a JSON object of graph configuration keys');
  const { description: _d, nickname: _n, 'gremlin.graph': _f, ...config } = value as Record<string, unknown>;
  resolveGraphConfig('defaults', config);
  return value as Record<string, unknown>;
}

/** The key and certificate, read from their files, or undefined for plain HTTP. */
async function tlsFiles(options: ServeCommandOptions): Promise<{ key: Buffer; cert: Buffer } | undefined> {
  if (options.tlsCert === undefined && options.tlsKey === undefined) return undefined;
  if (options.tlsCert === undefined || options.tlsKey === undefined) throw new ArgumentError('TLS_FILES', 'Cannot serve TLS: --tls-cert and --tls-key go together');
  const read = async (path: string): Promise<Buffer> => {
    try {
      return await readFile(path);
    } catch (cause) {
      throw new ArgumentError('TLS_FILES', `Cannot read TLS file '${path}': ${(cause as Error).message}`, { cause });
    }
  };
  return { cert: await read(options.tlsCert), key: await read(options.tlsKey) };
}

/**
 * Starts the server and keeps it running until SIGTERM or SIGINT.
 */
export async function runServe(options: ServeCommandOptions, out: (line: string) => void): Promise<void> {
  const password = process.env.QUIVER_ADMIN_PASSWORD;
  const tls = await tlsFiles(options);
  const graphDefaults = graphDefaultsOf(options.graphDefaults);
  type Running = Awaited<ReturnType<typeof startServer>>;
  let current: Running | undefined;
  const start = async (): Promise<Running> => {
    const cluster = await clusterOf(options);
    const server = await startServer({
      host: options.host,
      port: options.port,
      data: options.data,
      logLevel: options.logLevel,
      auth: options.auth,
      ...(options.queryTimeout === undefined ? {} : { queryTimeoutMs: options.queryTimeout }),
      ...(options.ttlSweep === undefined ? {} : { ttlSweepMs: options.ttlSweep * 1000 }),
      ...(options.tokenMaxLifetime === undefined ? {} : { tokenMaxLifetimeSeconds: options.tokenMaxLifetime }),
      loginThrottle: {
        ...(options.loginFailuresPerUser === undefined ? {} : { perUser: options.loginFailuresPerUser }),
        ...(options.loginFailuresPerAddress === undefined ? {} : { perAddress: options.loginFailuresPerAddress }),
        ...(options.loginFailureWindow === undefined ? {} : { windowMs: options.loginFailureWindow * 1000 }),
      },
      ...(password === undefined || password === '' ? {} : { adminPassword: password }),
      ...(options.gremlinPort === undefined ? {} : { gremlinPort: options.gremlinPort }),
      ...(cluster === undefined ? {} : { cluster }),
      ...(tls === undefined ? {} : { tls }),
      ...(options.metricsPublic === undefined ? {} : { metricsPublic: options.metricsPublic }),
      ...(graphDefaults === undefined ? {} : { graphDefaults }),
    });
    out(`Data directory: ${resolve(options.data)}`);
    if (server.generatedPassword !== undefined) {
      out(`Super administrator 'admin' created with the generated password: ${server.generatedPassword}`);
      out('It is shown only this once and stored only as a hash; set QUIVER_ADMIN_PASSWORD before the first start to choose it.');
    }
    if (!options.auth) out('Authentication is off (--no-auth): every request runs as admin');
    out(`Quiver REST server listening on ${server.url}`);
    if (cluster !== undefined) out(`Cluster node '${cluster.port.nodeId}' (etcd ${options.etcd ?? process.env.QUIVER_ETCD ?? ''})`);
    if (server.gremlinUrl !== undefined) out(`Gremlin Server protocol (WebSocket) listening on ${server.gremlinUrl}`);
    // a cluster node the log was compacted past stops and starts again from the newest snapshot
    void cluster?.port.stale.then(async (error) => {
      out(`${error.message}: restarting`);
      try {
        await server.close();
        current = await start();
      } catch (failure) {
        out(`restart failed: ${failure instanceof Error ? failure.message : String(failure)}`);
        process.exit(1);
      }
    });
    return server;
  };
  current = await start();
  closeOnSignals({ close: () => current?.close() ?? Promise.resolve() }, out);
}
