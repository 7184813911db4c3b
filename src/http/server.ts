/**
 * Starts the REST server on a socket: opens the server state in the data directory, builds the
 * app and listens. Shutdown stops accepting, lets in-flight requests finish, then closes the
 * state (tasks, graphs: final flush, locks).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import { openServerState } from '../index.js';
import type { LoginThrottleSettings, ServerState } from '../index.js';
import { buildApp } from './app.js';

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
  /** Longest token lifetime in seconds (default 86,400). */
  readonly tokenMaxLifetimeSeconds?: number;
  /** Failed password checks allowed per user name and per address in a window. */
  readonly loginThrottle?: LoginThrottleSettings;
}

/**
 * A listening server.
 */
interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly state: ServerState;
  /** The admin password when this start generated it; shown once, never stored. */
  readonly generatedPassword?: string;
  /** Stops accepting, finishes in-flight requests, closes the state. */
  close(): Promise<void>;
}

/**
 * Opens the data directory and listens.
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const { state, generatedPassword } = await openServerState({
    path: options.data,
    ...(options.adminPassword === undefined ? {} : { adminPassword: options.adminPassword }),
    queryTimeoutMs: options.queryTimeoutMs ?? 30_000,
    ...(options.tokenMaxLifetimeSeconds === undefined ? {} : { tokenMaxLifetimeSeconds: options.tokenMaxLifetimeSeconds }),
    ...(options.loginThrottle === undefined ? {} : { loginThrottle: options.loginThrottle }),
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({ state, logLevel: options.logLevel ?? 'info', auth: options.auth ?? true, ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }) });
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await state.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      try {
        await app.close();
      } finally {
        await state.close();
      }
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, app, state, close, ...(generatedPassword === undefined ? {} : { generatedPassword }) };
}

/**
 * Closes the server gracefully on the first SIGTERM or SIGINT and exits at once on a second.
 */
export function closeOnSignals(server: RunningServer, out: (line: string) => void): void {
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
