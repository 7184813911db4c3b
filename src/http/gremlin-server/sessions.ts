/**
 * Sessions of one Gremlin Server socket (processor `session`). A session keeps its variables
 * between requests and, as Gremlin Server's sessions do, its transaction: its writes stay
 * uncommitted until `g.tx().commit()` (or the drivers' `tx.commit()`), and are rolled back by
 * `g.tx().rollback()`, by closing the session (op `close`) or the socket, and by a failed
 * request. With `manageTransaction: true` each request commits on its own. A session's
 * requests run one after another, in the order they came.
 * @module
 */
import { GremlinScope, Uuid } from '../../index.js';
import { badArgument } from './request-args.js';

/**
 * One session: a scope per graph it used, and the queue its requests run in.
 */
export class Session {
  readonly #scopes = new Map<string, GremlinScope>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly manageTransaction: boolean) {}

  /** The session's scope on graph `graph` of `space`. */
  scope(space: string, graph: string): GremlinScope {
    const key = `${space}\u0000${graph}`;
    let scope = this.#scopes.get(key);
    if (scope === undefined) {
      scope = new GremlinScope({ transaction: this.manageTransaction ? 'request' : 'session' });
      this.#scopes.set(key, scope);
    }
    return scope;
  }

  /** The names of the variables the session's requests assigned, on any graph. */
  variables(): string[] {
    return [...this.#scopes.values()].flatMap((scope) => [...scope.variables.keys()]);
  }

  /** Runs `work` after the session's earlier requests (a failed one has rolled the session's open writes back). */
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  /** Rolls back the open writes on every graph. */
  rollback(): void {
    for (const scope of this.#scopes.values()) scope.rollback();
  }
}

/**
 * The sessions of one socket, by id.
 */
export class Sessions {
  readonly #sessions = new Map<string, Session>();

  /** The session of a request's `session` argument, opened on first use. */
  get(args: ReadonlyMap<string, unknown>): Session {
    const id = sessionId(args);
    let session = this.#sessions.get(id);
    if (session === undefined) {
      session = new Session(args.get('manageTransaction') === true);
      this.#sessions.set(id, session);
    }
    return session;
  }

  /** Closes the session a `close` request names, rolling back what it left open; false when there is none. */
  close(args: ReadonlyMap<string, unknown>): boolean {
    const id = sessionId(args);
    const session = this.#sessions.get(id);
    if (session === undefined) return false;
    this.#sessions.delete(id);
    void session.run(async () => session.rollback());
    return true;
  }

  /** Closes every session (the socket closed): their open writes are rolled back. */
  closeAll(): void {
    for (const session of this.#sessions.values()) void session.run(async () => session.rollback());
    this.#sessions.clear();
  }
}

function sessionId(args: ReadonlyMap<string, unknown>): string {
  const id = args.get('session');
  if (id instanceof Uuid) return id.text;
  if (typeof id !== 'string' || id === '') throw badArgument("Invalid session request: the 'session' argument must name the session");
  return id.toLowerCase();
}
