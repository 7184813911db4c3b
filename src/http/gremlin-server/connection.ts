/**
 * One Gremlin Server socket: reads each frame in the serializer its MIME prefix names,
 * authenticates the socket (SASL PLAIN with the 407 challenge, when the server checks
 * credentials), runs its requests concurrently (a session's one after another), and writes
 * each request's frames in its own serializer, waiting while the socket is backed up. Closing
 * the socket aborts its running requests (their AbortSignal fires, the engine stops them
 * within a time slice) and rolls back its sessions' open writes. On a cluster node, a
 * sessionless request that tries to write goes through the replicated log (logged-requests.ts).
 * @module
 */
import type { WebSocket } from 'ws';
import { PermissionError } from '../../index.js';
import type { Identity } from '../../index.js';
import { unloggedWrite } from '../cluster.js';
import { sessionWriteRefused } from './logged-requests.js';
import type { Frame, LoggedGremlin } from './logged-requests.js';
import { processRequest } from './processor.js';
import type { ServerContext } from './processor.js';
import { errorResponse, HIGH_WATER, response } from './responses.js';
import type { FrameSink } from './responses.js';
import { saslIdentity } from './sasl.js';
import { FALLBACK_SERIALIZER, frameSerializer } from './serializers.js';
import type { Serializer } from './serializers.js';
import { Sessions } from './sessions.js';
import { STATUS } from './wire.js';
import type { RequestMessage, ResponseMessage } from './wire.js';

/** Who every request runs as when the server checks no credentials. */
const ANONYMOUS_ADMIN: Identity = { user_name: 'admin', user_id: 'admin', admin: true };

/** Where a connection reports what the server operator should see. */
export interface ConnectionLog {
  error(details: object, message: string): void;
}

/** A request read from a frame, with the serializer its answers go in and the frame itself. */
interface Received {
  readonly request: RequestMessage;
  readonly serializer: Serializer;
  readonly frame: Buffer;
  readonly binary: boolean;
}

/**
 * The state of one socket.
 */
export class GremlinConnection {
  readonly #closed = new AbortController();
  readonly #sessions = new Sessions();
  #identity: Identity | undefined;
  /** Requests that came before the socket authenticated, answered with 407 and run once it has. */
  #waiting: Received[] = [];
  /** Ids of the requests answered with 407: a driver answers each challenge with an `authentication` request of that id. */
  readonly #challenged = new Set<string>();

  constructor(
    private readonly context: ServerContext,
    private readonly socket: WebSocket,
    private readonly options: { readonly auth: boolean; readonly address: string; readonly log?: ConnectionLog; readonly logged?: LoggedGremlin },
  ) {
    if (!options.auth) this.#identity = ANONYMOUS_ADMIN;
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], binary: boolean) => this.#onFrame(toBuffer(data), binary));
    socket.on('close', () => this.#onClose());
    socket.on('error', () => this.#onClose());
  }

  #onClose(): void {
    if (this.#closed.signal.aborted) return;
    this.#closed.abort();
    this.#sessions.closeAll();
    this.#waiting = [];
    this.#challenged.clear();
  }

  /** Sends one frame, resolving once the socket has room. */
  #send(data: Frame, binary: boolean): Promise<void> {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return Promise.resolve();
    if (socket.bufferedAmount < HIGH_WATER) {
      socket.send(data, { binary });
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => socket.send(data, { binary }, () => resolve()));
  }

  /** A sink that writes a request's frames in `serializer`, resolving once the socket has room. */
  #sink(serializer: Serializer): FrameSink {
    return (message: ResponseMessage) => this.#send(serializer.writeResponse(message), serializer.binary);
  }

  /** Sends an error frame, which no result value can make unwritable. */
  #fail(serializer: Serializer, requestId: string | null, error: unknown): void {
    const message = errorResponse(requestId, error);
    if (message.status.code >= 500 && message.status.code !== STATUS.SERVER_ERROR_TIMEOUT) this.options.log?.error({ err: error, requestId }, 'Gremlin Server request failed');
    if (error instanceof PermissionError && error.code === 'PERMISSION_DENIED') {
      this.context.state.audit.record({ event: 'permission.denied', user_name: this.#identity?.user_name, method: 'WS', route: '/gremlin' });
    }
    void this.#sink(serializer)(message).catch(() => undefined);
  }

  #onFrame(data: Buffer, binary: boolean): void {
    let serializer = FALLBACK_SERIALIZER;
    let request: RequestMessage;
    try {
      const frame = frameSerializer(data, binary);
      serializer = frame.serializer;
      request = serializer.readRequest(frame.payload);
    } catch (error) {
      this.#fail(serializer, null, error);
      return;
    }
    const received = { request, serializer, frame: data, binary };
    // A challenge's answer that comes once the socket has authenticated: the request it names runs (or ran) and answers for itself.
    if (request.op === 'authentication' && this.#challenged.delete(request.requestId) && this.#identity !== undefined) return;
    if (this.#identity !== undefined) {
      this.#run(received, this.#identity);
      return;
    }
    if (request.op === 'authentication') {
      this.#authenticate(received);
      return;
    }
    this.#waiting.push(received);
    this.#challenged.add(request.requestId);
    void this.#sink(serializer)(response(request.requestId, STATUS.AUTHENTICATE, null)).catch(() => undefined);
  }

  #authenticate({ request, serializer }: Received): void {
    saslIdentity(this.context.state, request.args, this.options.address).then(
      (who) => {
        if (this.#closed.signal.aborted) return;
        this.#identity = who;
        const waiting = this.#waiting;
        this.#waiting = [];
        for (const received of waiting) this.#run(received, who);
      },
      (error: unknown) => {
        const waiting = this.#waiting;
        this.#waiting = [];
        const answered = waiting.length === 0 ? [{ request, serializer }] : waiting;
        for (const received of answered) this.#fail(received.serializer, received.request.requestId, error);
      },
    );
  }

  #run(received: Received, identity: Identity): void {
    const { request, serializer } = received;
    const signal = this.#closed.signal;
    processRequest(this.context, request, { identity, sessions: this.#sessions, send: this.#sink(serializer), signal }).catch((error: unknown) => {
      if (signal.aborted) return;
      if (this.options.logged === undefined || !unloggedWrite(error)) this.#fail(serializer, request.requestId, error);
      else if (request.processor === 'session') this.#fail(serializer, request.requestId, sessionWriteRefused());
      else this.#log(this.options.logged, received, identity);
    });
  }

  /** Sends a request that tried to write through the cluster's log, then the frames its application answered. */
  #log(logged: LoggedGremlin, { request, serializer, frame, binary }: Received, identity: Identity): void {
    void logged.submit(frame, binary, identity).then(
      async (frames) => {
        for (const data of frames) await this.#send(data, serializer.binary);
      },
      (error: unknown) => this.#fail(serializer, request.requestId, error),
    );
  }
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
