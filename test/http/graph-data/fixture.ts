/**
 * Set-up of the graph-data REST tests: an in-memory server state whose DEFAULT/hugegraph graph
 * holds a small schema (person and software, knows and created, indexes on age and city), the
 * app over it, and a request helper sending Basic credentials.
 * @module
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openServerState } from '../../../src/index.js';
import type { Graph, ServerState } from '../../../src/index.js';
import { buildApp } from '../../../src/http/index.js';

export const PASSWORD = 'secret1';
export const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

export interface Reply {
  readonly status: number;
  readonly json: any;
  readonly text: string;
  readonly headers: Record<string, unknown>;
  readonly raw: Buffer;
}

export interface DataServer {
  readonly app: FastifyInstance;
  readonly state: ServerState;
  readonly graph: Graph;
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

export async function defineSchema(graph: Graph): Promise<void> {
  const s = () => graph.schema();
  await s().propertyKey('name').asText().ifNotExist().create();
  await s().propertyKey('age').asInt().ifNotExist().create();
  await s().propertyKey('city').asText().ifNotExist().create();
  await s().propertyKey('visits').asInt().ifNotExist().create();
  await s().propertyKey('tags').asText().valueSet().ifNotExist().create();
  await s().propertyKey('log').asText().valueList().ifNotExist().create();
  await s().propertyKey('weight').asDouble().ifNotExist().create();
  await s().propertyKey('lang').asText().ifNotExist().create();
  await s().vertexLabel('person').properties('name', 'age', 'city', 'visits', 'tags', 'log').primaryKeys('name').nullableKeys('age', 'city', 'visits', 'tags', 'log').ifNotExist().create();
  await s().vertexLabel('software').properties('name', 'lang').primaryKeys('name').nullableKeys('lang').ifNotExist().create();
  await s().edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').nullableKeys('weight').ifNotExist().create();
  await s().edgeLabel('created').sourceLabel('person').targetLabel('software').properties('weight').nullableKeys('weight').ifNotExist().create();
  await s().indexLabel('personByAge').onV('person').by('age').range().ifNotExist().create();
  await s().indexLabel('personByCity').onV('person').by('city').secondary().ifNotExist().create();
  await s().indexLabel('knowsByWeight').onE('knows').by('weight').range().ifNotExist().create();
}

export async function dataServer(options: { readonly path?: string } = {}): Promise<DataServer> {
  const { state } = await openServerState({ adminPassword: PASSWORD, ...(options.path === undefined ? {} : { path: options.path }) });
  const graph = state.graph('DEFAULT', 'hugegraph');
  await defineSchema(graph);
  const app = await buildApp({ state, logLevel: 'silent' });
  // One login: Basic credentials cost a password hash check per request, a token does not.
  const login = await app.inject({ method: 'POST', url: '/auth/login', headers: { authorization: AUTH }, payload: { user_name: 'admin', user_password: PASSWORD } });
  const bearer = `Bearer ${(JSON.parse(login.body) as { token: string }).token}`;
  return {
    app,
    state,
    graph,
    async call(method, url, body, headers = {}) {
      const request: InjectOptions = { method: method as InjectOptions['method'], url, headers: { authorization: bearer, ...headers } };
      if (body !== undefined) {
        request.payload = typeof body === 'string' ? body : JSON.stringify(body);
        if (headers['content-type'] === undefined) request.headers = { ...request.headers, 'content-type': 'application/json' };
      }
      const res = await app.inject(request);
      let json: unknown;
      try {
        json = JSON.parse(res.body);
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, json, text: res.body, headers: res.headers, raw: res.rawPayload };
    },
    async close() {
      await app.close();
      await state.close();
    },
  };
}
