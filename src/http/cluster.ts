/**
 * The REST side of a cluster node (docs/cluster.md). A request that changes anything is not
 * run where it arrives: it goes into the cluster's replicated log as a {@link ReplicatedRequest}
 * (method, URL, body and the identity the auth plugin found), and every node, this one
 * included, applies the log in order by running each request through its own app
 * (`app.inject`, authorised by a per-process secret instead of credentials). The node that took
 * the request answers with the reply its own application gave. A Gremlin script may or may
 * not write: it runs here first, and only when it tries to write (the graph refuses with
 * `CLUSTER_WRITE_NOT_LOGGED`) does it go through the log. `GET /cluster` lists the nodes.
 * Internal entries (a Gremlin Server request) have a URL no route has: only log application
 * reaches their handler, and no client request can be logged under that URL.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QuiverError } from '../index.js';
import type { Identity } from '../index.js';
import { routeNotFound } from './error-mapper.js';
import type { Authenticator } from './plugins/authentication.js';
import { jsonText } from './json-text.js';

/**
 * One write request as the replicated log holds it.
 */
export interface ReplicatedRequest {
  readonly method: string;
  /** Path and query string. */
  readonly url: string;
  /** The JSON body, as text (absent for none). */
  readonly body?: string;
  /** Who sent it, as the node that took it authenticated them. */
  readonly identity: Identity;
}

/**
 * What applying a {@link ReplicatedRequest} answered on one node.
 */
export interface ReplicatedResponse {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
}

/**
 * One node of a cluster as `GET /cluster` lists it.
 */
export interface ClusterNodeStatus {
  readonly node_id: string;
  readonly url: string;
  readonly state: 'up' | 'down';
  /** The last log position the node has applied (as it last reported it). */
  readonly applied: number;
}

/**
 * What the REST server needs of the cluster it runs in (implemented by src/cluster).
 */
export interface ClusterPort {
  /** This node's id. */
  readonly nodeId: string;
  /** Appends a write to the log; resolves with this node's reply once this node applied it (503 error when the log cannot take it in time). */
  submit(request: ReplicatedRequest): Promise<ReplicatedResponse>;
  /** Applies the log from where this node stands, with `apply`, then follows it; resolves once caught up. */
  start(apply: (request: ReplicatedRequest) => Promise<ReplicatedResponse>): Promise<void>;
  /** Registers this node's URL with the cluster (once it listens). */
  announce(url: string): Promise<void>;
  /** The nodes of the cluster, with the log head. */
  status(): Promise<{ readonly head: number; readonly nodes: readonly ClusterNodeStatus[] }>;
  /**
   * Settles when this node can no longer follow the log (it was compacted past what the node
   * applied, as after a pause longer than its lease): the server then starts it again from the
   * newest cluster snapshot.
   */
  readonly stale: Promise<Error>;
  /** Stores data too large for one log entry in etcd; resolves with the id an entry can name. */
  stage(bytes: Buffer): Promise<string>;
  /** The data of a stage {@link ClusterPort.stage} stored. */
  staged(id: string): Promise<Buffer>;
  /** Stops following the log and leaves the cluster (the log stays in etcd). */
  close(): Promise<void>;
}

const APPLY_SCHEME = 'QuiverApply ';

/** Routes that do not change anything even though their method is not GET. */
const LOCAL_ROUTES = /\/(?:login|verify|traversers\/[^/]+)$|^\/gremlin(?:unzip)?$/;
/** Internal routes (routes/cluster-tasks.ts): only log application reaches them, so a client's request is refused before it is logged. */
const INTERNAL_ROUTES = /^\/graphspaces\/:graphspace\/graphs\/:graph\/cluster\//;
/** Routes that run here first and go through the log only when they try to write. */
const TRY_LOCAL_ROUTES = /^\/gremlin(?:unzip)?$/;

/**
 * The message of a reply to a logged request that failed: the `message` of HugeGraph's error
 * body, else the text, else the status.
 */
export function replyMessage(answer: ReplicatedResponse): string {
  try {
    const parsed = JSON.parse(answer.body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text is the message
  }
  return answer.body === '' ? `The cluster log answered ${answer.status}` : answer.body;
}

/**
 * Whether `error` (or one of its causes) is a graph's refusal of a write that did not come
 * from the replicated log.
 */
export function unloggedWrite(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof QuiverError && e.code === 'CLUSTER_WRITE_NOT_LOGGED') return true;
  }
  return false;
}

/**
 * A cluster node's REST wiring: the authenticator that knows applied requests, the hook that
 * sends writes to the log, the retry of a Gremlin script that tried to write, `GET /cluster`,
 * and the function that applies one logged request.
 */
export class ClusterRoutes {
  readonly #secret = randomBytes(24).toString('base64url');
  readonly #internal = new Map<string, (request: ReplicatedRequest) => Promise<ReplicatedResponse>>();

  constructor(private readonly port: ClusterPort) {}

  /** `base`, plus the identity of a request this node applies from the log. */
  authenticator(base: Authenticator): Authenticator {
    return (authorization, address) => {
      if (authorization?.startsWith(APPLY_SCHEME) === true) {
        const [secret, identity] = authorization.slice(APPLY_SCHEME.length).split(' ');
        if (secret === this.#secret && identity !== undefined) return JSON.parse(Buffer.from(identity, 'base64url').toString('utf8')) as Identity;
      }
      return base(authorization, address);
    };
  }

  /**
   * Adds the write hook and `GET /cluster` to the app (at its root, before the routes). The
   * hook is each route's last preHandler, so the graph-scope plugin's (access and the graph's
   * rate limit) runs first: a write is admitted where it arrives, and then applied everywhere.
   */
  register(app: FastifyInstance): void {
    const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (this.fromLog(request)) return;
      if (INTERNAL_ROUTES.test(request.routeOptions.url ?? '')) throw routeNotFound(request.method, request.url);
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      if (LOCAL_ROUTES.test(request.routeOptions.url ?? '')) return;
      await this.forward(request, reply);
    };
    app.addHook('onRoute', (route) => {
      const own = route.preHandler;
      route.preHandler = own === undefined ? hook : [...(Array.isArray(own) ? own : [own]), hook];
    });
    app.get('/cluster', { schema: { summary: 'The nodes of the cluster (administrators only)' }, config: { requires: 'admin' } }, async () => {
      const { head, nodes } = await this.port.status();
      return { node_id: this.port.nodeId, head, nodes };
    });
  }

  /** Whether a failed request should go through the log: a Gremlin script that tried to write. */
  retries(error: unknown, request: FastifyRequest): boolean {
    return unloggedWrite(error) && !this.fromLog(request) && TRY_LOCAL_ROUTES.test(request.routeOptions.url ?? '');
  }

  /** Applies the logged requests of URL `url` with `apply` instead of a route: only log application reaches them. */
  internal(url: string, apply: (request: ReplicatedRequest) => Promise<ReplicatedResponse>): void {
    this.#internal.set(url, apply);
  }

  /** Sends the request through the log and replies with this node's reply to it. */
  async forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (this.#internal.has(request.url)) throw routeNotFound(request.method, request.url);
    const body = request.body === undefined || request.body === null ? undefined : typeof request.body === 'string' ? JSON.stringify(request.body) : jsonText(request.body);
    const answer = await this.port.submit({ method: request.method, url: request.url, identity: request.identity, ...(body === undefined ? {} : { body }) });
    if (answer.contentType !== undefined) void reply.header('content-type', answer.contentType);
    return reply.code(answer.status).send(answer.body);
  }

  /** Applies one logged request on this node through `app`. */
  async apply(app: FastifyInstance, request: ReplicatedRequest): Promise<ReplicatedResponse> {
    const internal = this.#internal.get(request.url);
    if (internal !== undefined) return internal(request);
    const identity = Buffer.from(JSON.stringify(request.identity), 'utf8').toString('base64url');
    const headers: Record<string, string> = { authorization: `${APPLY_SCHEME}${this.#secret} ${identity}` };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({ method: request.method as 'POST', url: request.url, headers, ...(request.body === undefined ? {} : { payload: request.body }) });
    const contentType = response.headers['content-type'];
    return { status: response.statusCode, contentType: typeof contentType === 'string' ? contentType : undefined, body: response.body };
  }

  /** Appends `request` to the log; resolves with this node's reply once this node applied it. */
  submit(request: ReplicatedRequest): Promise<ReplicatedResponse> {
    return this.port.submit(request);
  }

  /** Stores data too large for one log entry; see {@link ClusterPort.stage}. */
  stage(bytes: Buffer): Promise<string> {
    return this.port.stage(bytes);
  }

  /** The data of a stage. */
  staged(id: string): Promise<Buffer> {
    return this.port.staged(id);
  }

  /** Whether the request is this node applying the log (internal routes accept nothing else). */
  fromLog(request: FastifyRequest): boolean {
    return request.headers.authorization?.startsWith(`${APPLY_SCHEME}${this.#secret} `) === true;
  }
}
