/**
 * A `quiver serve` child process on a free loopback port, for the real-socket test, the
 * benchmark and the soak: start, log in once for a token, define the item/link schema through
 * /gremlin, and stop (gracefully or with SIGKILL).
 * @module
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'cli', 'main.js');

/** The admin password every live server of these tools is started with. */
export const LIVE_PASSWORD = 'bench-secret-1';

/** A running server child. */
export interface LiveServer {
  readonly child: ChildProcess;
  readonly url: string;
  /** `ws://…/gremlin` when the server was started with `--gremlin-port`. */
  readonly gremlinUrl?: string;
  /** Authorization header value (a Bearer token). */
  readonly auth: string;
  /** JSON request helper; resolves with status and parsed body (undefined when not JSON). */
  request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The schema the tools use: item vertices keyed by name, link edges, an int property n. */
export const ITEM_SCHEMA = [
  "graph.schema().propertyKey('name').asText().ifNotExist().create()",
  "graph.schema().propertyKey('n').asInt().ifNotExist().create()",
  "graph.schema().vertexLabel('item').properties('name', 'n').primaryKeys('name').nullableKeys('n').ifNotExist().create()",
  "graph.schema().edgeLabel('link').sourceLabel('item').targetLabel('item').properties('n').nullableKeys('n').ifNotExist().create()",
].join('\n');

/**
 * Starts `quiver serve --port 0` on `data` (with `extraArgs` after it, `nodeArgs` before the
 * script, `main` instead of this build's cli/main.js) and waits for its URL.
 */
export async function startLiveServer(data: string, options: { readonly logLevel?: string; readonly extraArgs?: readonly string[]; readonly nodeArgs?: readonly string[]; readonly main?: string } = {}): Promise<LiveServer> {
  const args = [...(options.nodeArgs ?? []), options.main ?? MAIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data', data, '--log-level', options.logLevel ?? 'warn', ...(options.extraArgs ?? [])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, QUIVER_ADMIN_PASSWORD: LIVE_PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const gremlin = options.extraArgs?.includes('--gremlin-port') === true;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m !== null && (!gremlin || /listening on ws:\/\//.test(output))) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}: ${output}`));
    });
  });
  const call = async (method: string, path: string, body: unknown, auth: string): Promise<{ status: number; json: any }> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  };
  const basic = `Basic ${Buffer.from(`admin:${LIVE_PASSWORD}`).toString('base64')}`;
  const login = await call('POST', '/auth/login', { user_name: 'admin', user_password: LIVE_PASSWORD }, basic);
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  const auth = `Bearer ${String(login.json.token)}`;
  const gremlinUrl = /listening on (ws:\/\/\S+)/.exec(output)?.[1];
  return {
    child,
    url,
    ...(gremlinUrl === undefined ? {} : { gremlinUrl }),
    auth,
    request: (method, path, body) => call(method, path, body, auth),
    kill: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Defines {@link ITEM_SCHEMA} on DEFAULT/hugegraph through /gremlin. */
export async function defineItemSchema(server: LiveServer): Promise<void> {
  const res = await server.request('POST', '/gremlinunzip', { gremlin: ITEM_SCHEMA, aliases: { graph: 'hugegraph' } });
  if (res.status !== 200) throw new Error(`schema failed: ${JSON.stringify(res.json)}`);
}
