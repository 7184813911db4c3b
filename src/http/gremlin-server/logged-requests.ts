/**
 * Gremlin Server writes on a cluster node (docs/cluster.md). A sessionless request runs on the
 * node it reaches first; when it tries to write (the graph refuses with
 * `CLUSTER_WRITE_NOT_LOGGED`), its frame goes into the replicated log as one entry of the
 * internal URL {@link LOGGED_GREMLIN_URL}, which no HTTP route has: only log application
 * reaches it. Every node runs the logged request in log order, as the identity that sent it;
 * the node it came from also writes the response frames, in the request's serializer, and
 * sends them down the socket once it has applied the entry. A session's write is refused
 * (`CLUSTER_SESSION_WRITE`): its transaction would stay open on one node.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { StorageError, UnsupportedError } from '../../index.js';
import type { Identity, ServerState } from '../../index.js';
import { replyMessage } from '../cluster.js';
import type { ClusterPort, ReplicatedRequest, ReplicatedResponse } from '../cluster.js';
import { processRequest } from './processor.js';
import type { ServerContext } from './processor.js';
import { errorResponse } from './responses.js';
import type { FrameSink } from './responses.js';
import { frameSerializer } from './serializers.js';
import { Sessions } from './sessions.js';

/** The URL of a logged Gremlin Server request: no route has it, only log application reaches it. */
export const LOGGED_GREMLIN_URL = '/cluster/internal/gremlin-server';

/** The body of a logged request. */
interface LoggedBody {
  /** The request frame as the client sent it, base64. */
  readonly frame: string;
  /** Whether it came as a binary frame (its serializer is named by its MIME prefix) or a text frame (GraphSON 3). */
  readonly binary: boolean;
  /** The process that logged it: the only one that writes the response frames. */
  readonly origin: string;
}

/** The reply of applying a logged request: its response frames, base64 when they are binary. */
interface LoggedReply {
  readonly binary: boolean;
  readonly frames: readonly string[];
}

/** One response frame as the socket sends it. */
export type Frame = Buffer | string;

/** Never fires: a logged request runs to its end on every node, whatever its socket does. */
const NEVER = new AbortController().signal;

/**
 * The refusal of a write in a Gremlin Server session on a cluster node.
 */
export function sessionWriteRefused(): UnsupportedError {
  return new UnsupportedError(
    'CLUSTER_SESSION_WRITE',
    'Cannot write in a Gremlin Server session on a cluster node: a session keeps its transaction on one node, which the other nodes would never see; send the write without a session (each sessionless request is one atomic write that goes through the replicated log)',
  );
}

/**
 * The log road of one node's Gremlin Server requests: {@link LoggedGremlin.submit} on the node
 * a request reached, {@link LoggedGremlin.apply} on every node as it applies the log.
 */
export class LoggedGremlin {
  /** This process, as the origin of the requests it logs (a restarted node answers none of its old ones). */
  readonly #origin = randomUUID();
  readonly #context: ServerContext;

  constructor(
    private readonly port: Pick<ClusterPort, 'submit'>,
    state: ServerState,
  ) {
    // No rate limit: the request was counted where it arrived, and every node must apply it alike.
    this.#context = { state, graphFor: (identity, space, graph) => state.access.graphFor(identity, space, graph) };
  }

  /**
   * Sends the request frame `frame` through the log as `identity`; resolves with the response
   * frames this node's application of it wrote. Rejects with the log's error (StorageError
   * `CLUSTER_UNAVAILABLE` when etcd did not take it in time, LimitError
   * `CLUSTER_WRITE_TOO_LARGE` for a frame larger than a stage holds).
   */
  async submit(frame: Buffer, binary: boolean, identity: Identity): Promise<Frame[]> {
    const body: LoggedBody = { frame: frame.toString('base64'), binary, origin: this.#origin };
    const answer = await this.port.submit({ method: 'POST', url: LOGGED_GREMLIN_URL, body: JSON.stringify(body), identity });
    if (answer.status !== 200) throw new StorageError('CLUSTER_UNAVAILABLE', replyMessage(answer));
    const reply = JSON.parse(answer.body) as LoggedReply;
    return reply.binary ? reply.frames.map((data) => Buffer.from(data, 'base64')) : [...reply.frames];
  }

  /**
   * Applies one logged request on this node: runs it as its identity, and when this process
   * logged it, answers the frames it wrote (an error frame when it failed).
   */
  async apply(request: ReplicatedRequest): Promise<ReplicatedResponse> {
    const body = JSON.parse(request.body ?? '{}') as LoggedBody;
    const { serializer, payload } = frameSerializer(Buffer.from(body.frame, 'base64'), body.binary);
    const answering = body.origin === this.#origin;
    const frames: string[] = [];
    const keep: FrameSink = async (message) => {
      if (!answering) return;
      const data = serializer.writeResponse(message);
      frames.push(typeof data === 'string' ? data : data.toString('base64'));
    };
    let requestId: string | null = null;
    try {
      const message = serializer.readRequest(payload);
      requestId = message.requestId;
      await processRequest(this.#context, message, { identity: request.identity, sessions: new Sessions(), send: keep, signal: NEVER });
    } catch (error) {
      await keep(errorResponse(requestId, error));
    }
    const reply: LoggedReply = { binary: serializer.binary, frames };
    return { status: 200, contentType: 'application/json', body: JSON.stringify(reply) };
  }
}

