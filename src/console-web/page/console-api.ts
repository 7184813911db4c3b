/**
 * The page's only way to the server: the public REST API of the server that served the page
 * (relative URLs, same origin), with the Bearer token of `POST /auth/login`. Every failure
 * becomes an {@link ApiError} carrying the server's message.
 * @module
 */
import type { ElementIdValue } from '../result-graph.js';

/** A request the server refused (its HugeGraph error body's message), or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, 0 for a network failure. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A graph the user may see: its graph space and name. */
export interface GraphRef {
  readonly space: string;
  readonly graph: string;
}

/** The schema lists of `GET .../schema`, as the server writes them. */
export interface SchemaLists {
  readonly propertykeys: readonly Record<string, unknown>[];
  readonly vertexlabels: readonly Record<string, unknown>[];
  readonly edgelabels: readonly Record<string, unknown>[];
  readonly indexlabels: readonly Record<string, unknown>[];
}

/** A task record of `GET .../tasks`. */
export type TaskRecord = Readonly<Record<string, unknown>>;

async function messageOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // not JSON: the text itself, below
  }
  return text === '' ? `${response.status} ${response.statusText}` : text;
}

/** Base64 of the UTF-8 bytes of `text`, as HTTP Basic wants it. */
function base64(text: string): string {
  return btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
}

function graphPath(ref: GraphRef): string {
  return `/graphspaces/${encodeURIComponent(ref.space)}/graphs/${encodeURIComponent(ref.graph)}`;
}

/** The REST calls of the console, signed with one token. */
export class ConsoleApi {
  constructor(private readonly token: string) {}

  /** Logs in: HugeGraph's login needs the credentials in its header as well as in its body. */
  static async login(user: string, password: string): Promise<string> {
    const response = await send('/auth/login', {
      method: 'POST',
      headers: { authorization: `Basic ${base64(`${user}:${password}`)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: user, user_password: password }),
    });
    const body = (await response.json()) as { token?: unknown };
    if (typeof body.token !== 'string') throw new ApiError('The server answered the login without a token', response.status);
    return body.token;
  }

  /** Revokes the token on the server. */
  async logout(): Promise<void> {
    await this.call('/auth/logout', { method: 'DELETE' });
  }

  /** The user name the token belongs to. */
  async whoAmI(): Promise<string> {
    const body = (await (await this.call('/auth/verify')).json()) as { user_name: string };
    return body.user_name;
  }

  /** Every graph of every graph space the user may see. */
  async graphs(): Promise<GraphRef[]> {
    const { graphSpaces } = (await (await this.call('/graphspaces')).json()) as { graphSpaces: string[] };
    const lists = await Promise.all(
      graphSpaces.map(async (space) => {
        const { graphs } = (await (await this.call(`/graphspaces/${encodeURIComponent(space)}/graphs`)).json()) as { graphs: string[] };
        return graphs.map((graph) => ({ space, graph }));
      }),
    );
    return lists.flat();
  }

  /** Runs a Gremlin script on a graph (`g` and `graph` bound to it); `signal` aborts the request, which stops the query on the server. */
  async gremlin(ref: GraphRef, gremlin: string, options: { bindings?: Readonly<Record<string, ElementIdValue>>; signal?: AbortSignal } = {}): Promise<unknown[]> {
    const name = `${ref.space}-${ref.graph}`;
    const response = await this.call('/gremlin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gremlin, bindings: options.bindings ?? {}, language: 'gremlin-groovy', aliases: { graph: name, g: `__g_${name}` } }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const body = (await response.json()) as { result: { data: unknown[] } };
    return body.result.data;
  }

  /** The whole schema of a graph. */
  async schema(ref: GraphRef): Promise<SchemaLists> {
    return (await (await this.call(`${graphPath(ref)}/schema`)).json()) as SchemaLists;
  }

  /** The tasks of a graph the user may see. */
  async tasks(ref: GraphRef): Promise<TaskRecord[]> {
    const { tasks } = (await (await this.call(`${graphPath(ref)}/tasks?limit=100`)).json()) as { tasks: TaskRecord[] };
    return tasks;
  }

  private call(path: string, init: RequestInit = {}): Promise<Response> {
    return send(path, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${this.token}` } });
  }
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'omit', cache: 'no-store' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(`The server could not be reached: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  if (!response.ok) throw new ApiError(await messageOf(response), response.status);
  return response;
}
