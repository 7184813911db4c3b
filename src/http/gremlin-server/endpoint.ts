/**
 * The Gremlin Server endpoint: a WebSocket server (the `ws` library) at `/gremlin` on a port of
 * its own, beside the REST server, speaking TinkerPop's Gremlin Server protocol so that
 * TinkerPop's drivers (the `gremlin` npm package, gremlinpython, the Java driver) work
 * unchanged. It shares the REST server's state, its users, its access control (`graphFor`)
 * and its graphs' rate limits; each socket is a {@link GremlinConnection}.
 * @module
 */
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { ServerState } from '../../index.js';
import type { GraphFor } from '../plugins/graph-scope.js';
import { RateLimits } from '../plugins/rate-limits.js';
import { GremlinConnection } from './connection.js';
import type { ConnectionLog } from './connection.js';
import type { LoggedGremlin } from './logged-requests.js';
import type { ServerContext } from './processor.js';

/** The path of the endpoint, as Gremlin Server serves it. */
const PATH = '/gremlin';

/** Largest frame a client may send, in bytes (the REST server's body limit). */
const MAX_FRAME = 16 * 1024 * 1024;

/**
 * Options of {@link startGremlinServer}.
 */
interface GremlinServerOptions {
  readonly state: ServerState;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Require SASL authentication (default true). */
  readonly auth?: boolean;
  /** The handle on a graph a user may use (default: the server's access control). */
  readonly graphFor?: GraphFor;
  /** Where failed requests are logged. */
  readonly log?: ConnectionLog;
  /** On a cluster node: the log road of requests that try to write (absent: a single node). */
  readonly logged?: LoggedGremlin;
  /** WSS with this PEM key and certificate (default: plain WebSocket). */
  readonly tls?: { readonly key: string | Buffer; readonly cert: string | Buffer };
}

/**
 * A listening Gremlin Server endpoint.
 */
export interface GremlinServer {
  /** `ws://host:port/gremlin` (`wss://` with TLS). */
  readonly url: string;
  readonly port: number;
  /** Closes every socket (their running requests stop, their sessions roll back) and stops listening. */
  close(): Promise<void>;
}

/**
 * Listens for Gremlin Server sockets on `host:port`.
 */
export async function startGremlinServer(options: GremlinServerOptions): Promise<GremlinServer> {
  const { state } = options;
  const context: ServerContext = { state, graphFor: options.graphFor ?? ((identity, space, graph) => state.access.graphFor(identity, space, graph)), limits: new RateLimits() };
  const upgradeOnly = (_request: IncomingMessage, reply: ServerResponse): void => {
    reply.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' }).end(`Quiver's Gremlin Server speaks WebSocket at ${PATH}\n`);
  };
  const http = options.tls === undefined ? createServer(upgradeOnly) : createTlsServer({ key: options.tls.key, cert: options.tls.cert }, upgradeOnly);
  const sockets = new WebSocketServer({ server: http, path: PATH, maxPayload: MAX_FRAME, perMessageDeflate: true });
  sockets.on('connection', (socket, request) => {
    new GremlinConnection(context, socket, {
      auth: options.auth !== false,
      address: request.socket.remoteAddress ?? '',
      ...(options.log === undefined ? {} : { log: options.log }),
      ...(options.logged === undefined ? {} : { logged: options.logged }),
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      for (const socket of sockets.clients) socket.terminate();
      sockets.close(() => http.close(() => resolve()));
      http.closeAllConnections();
    });
    return closing;
  };
  return { url: `${options.tls === undefined ? 'ws' : 'wss'}://${host}:${port}${PATH}`, port, close };
}
