/**
 * Shared set-up of the REST tests: an in-memory server state with a known admin password, the
 * app built over it, and a request helper that sends Basic credentials.
 * @module
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openServerState } from '../../src/index.js';
import type { ServerState, ServerStateOptions } from '../../src/index.js';
import { buildApp } from '../../src/http/index.js';

export const ADMIN_PASSWORD = 'secret1';
export const BASIC = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

export interface TestServer {
  readonly app: FastifyInstance;
  readonly state: ServerState;
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: any; text: string; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function testServer(options: { bodyLimit?: number; path?: string; state?: ServerStateOptions } = {}): Promise<TestServer> {
  const { state } = await openServerState({ adminPassword: ADMIN_PASSWORD, ...options.state, ...(options.path === undefined ? {} : { path: options.path }) });
  const app = await buildApp({ state, logLevel: 'silent', ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }) });
  return {
    app,
    state,
    async call(method, url, body, headers = {}) {
      const request: InjectOptions = { method: method as InjectOptions['method'], url, headers: { authorization: BASIC, ...headers } };
      if (body !== undefined) {
        if (typeof body === 'string' && headers['content-type'] !== undefined) request.payload = body;
        else request.payload = JSON.stringify(body);
        if (request.headers !== undefined && headers['content-type'] === undefined) request.headers['content-type'] = 'application/json';
      }
      const res = await app.inject(request);
      let json: unknown;
      try {
        json = JSON.parse(res.body);
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, json, text: res.body, headers: res.headers };
    },
    async close() {
      await app.close();
      await state.close();
    },
  };
}

/** Polls the task at `url` until `done` accepts its status (or fails after about two seconds), and returns its record. */
export async function waitForTask(server: TestServer, url: string, done: (status: string) => boolean): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const task = (await server.call('GET', url)).json;
    if (done(task.task_status)) return task;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`task ${url} did not finish`);
}

/** Runs `work` on a fresh {@link testServer} and closes it, however `work` ends. */
export async function withServer(work: (server: TestServer) => Promise<void>, options: Parameters<typeof testServer>[0] = {}): Promise<void> {
  const server = await testServer(options);
  try {
    await work(server);
  } finally {
    await server.close();
  }
}

export function spaceBody(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name, description: 'a space', cpu_limit: 8, memory_limit: 16, storage_limit: 1000, oltp_namespace: 'oltp', olap_namespace: 'olap',
    storage_namespace: 'store', max_graph_number: 2, max_role_number: 3, ...extra,
  };
}

export function graphBody(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { backend: 'hstore', serializer: 'binary', store: name, ...extra };
}
