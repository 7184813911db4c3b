/**
 * A Quiver server with its Gremlin Server endpoint on 127.0.0.1 (free ports, in-memory data
 * directory in a temporary folder), TinkerPop's modern graph loaded as `modern`, and helpers
 * that connect the real `gremlin` npm driver to it.
 * @module
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import gremlin from 'gremlin';
import { startServer } from '../../../src/http/index.js';
import type { GraphTraversalSource, ServerState } from '../../../src/index.js';
import { loadGraphson } from '../../tck/graphson.js';
import { sharedPath } from '../../shared-dir.js';

export const ADMIN_PASSWORD = 'secret123';

/** The driver's traversal source, as its (loose) type declares it. */
export type RemoteSource = gremlin.process.GraphTraversalSource;

export interface GremlinFixture {
  readonly url: string;
  readonly restUrl: string;
  readonly state: ServerState;
  /** A traversal source over a new DriverRemoteConnection (closed with the fixture). */
  remote(options?: Readonly<Record<string, unknown>>): RemoteSource;
  /** A new Client (closed with the fixture). */
  client(options?: Readonly<Record<string, unknown>>): gremlin.driver.Client;
  /** The admin's SASL authenticator. */
  admin(): gremlin.driver.auth.PlainTextSaslAuthenticator;
  close(): Promise<void>;
}

/** Creates graph `name` in DEFAULT and loads TinkerPop's modern graph into it. */
export async function loadModern(state: ServerState, name: string): Promise<void> {
  await state.createGraph('DEFAULT', name, { backend: 'memory', serializer: 'binary', store: name, 'schema.auto_create': true });
  await loadGraphson(state.graph('DEFAULT', name), readFileSync(sharedPath('tinkerpop', 'data', 'tinkerpop-modern-v3.json'), 'utf8'));
}

/**
 * Starts a server (credentials checked unless `auth: false`) with the modern graph as
 * `modern`; the driver helpers use its traversal source `__g_modern` and the admin's
 * credentials.
 */
export async function startFixture(options: { readonly auth?: boolean } = {}): Promise<GremlinFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-gremlin-server-'));
  const server = await startServer({ host: '127.0.0.1', port: 0, data: dir, logLevel: 'silent', auth: options.auth ?? true, adminPassword: ADMIN_PASSWORD, gremlinPort: 0 });
  await loadModern(server.state, 'modern');
  const url = server.gremlinUrl!;
  const closers: Array<() => Promise<void>> = [];
  const admin = (): gremlin.driver.auth.PlainTextSaslAuthenticator => new gremlin.driver.auth.PlainTextSaslAuthenticator('admin', ADMIN_PASSWORD);
  return {
    url,
    restUrl: server.url,
    state: server.state,
    admin,
    remote(extra = {}) {
      const connection = new gremlin.driver.DriverRemoteConnection(url, { authenticator: admin(), traversalSource: '__g_modern', ...extra });
      closers.push(() => connection.close());
      return gremlin.process.AnonymousTraversalSource.traversal().withRemote(connection);
    },
    client(extra = {}) {
      const client = new gremlin.driver.Client(url, { authenticator: admin(), traversalSource: '__g_modern', ...extra });
      closers.push(() => client.close().catch(() => undefined));
      return client;
    },
    async close() {
      for (const close of closers) await close().catch(() => undefined);
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A started fixture with the modern graph's embedded and remote traversal sources. */
export interface Sides {
  fixture: GremlinFixture;
  embedded: GraphTraversalSource;
  remote: RemoteSource;
}

/**
 * Starts a fixture before the file's tests and closes it after them; the returned object is
 * filled in once it has started.
 */
export function useModernSides(): Sides {
  const sides = {} as Sides;
  before(async () => {
    sides.fixture = await startFixture();
    sides.embedded = sides.fixture.state.graph('DEFAULT', 'modern').traversal();
    sides.remote = sides.fixture.remote();
  });
  after(async () => {
    await sides.fixture.close();
  });
  return sides;
}

/**
 * A result as a comparable JSON value, whichever side made it: the driver's elements and
 * Quiver's plain ones become `{v: id}`, `{e: id}`, `{vp: [key, value]}`, `{p: [key, value]}`,
 * paths their objects, maps their entries, sets their items; bigints and longs as numbers.
 */
export function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'object') return value;
  const name = value.constructor?.name;
  const record = value as Record<string, unknown>;
  if (name === 'Vertex') return { v: canonical(record['id']) };
  if (name === 'Edge') return { e: canonical(record['id']) };
  if (name === 'VertexProperty') return { vp: [record['key'] ?? record['label'], canonical(record['value'])] };
  if (name === 'Property') return { p: [record['key'], canonical(record['value'])] };
  if (name === 'Path') return { path: (record['objects'] as unknown[]).map(canonical) };
  if (name === 'EnumValue') return { enum: String(record['elementName']).toLowerCase() };
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Map) return { map: [...(value as Map<unknown, unknown>)].map(([k, v]) => [canonical(k), canonical(v)]) };
  if (value instanceof Set) return { set: [...(value as Set<unknown>)].map(canonical) };
  if (value instanceof Date) return { date: value.getTime() };
  if (typeof record['toNumber'] === 'function') return (record['toNumber'] as () => number).call(value);
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, canonical(v)]));
}
