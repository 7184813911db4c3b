/**
 * What the web console's browser tests run against: a real server on 127.0.0.1 (free port,
 * temporary data directory) holding TinkerPop's modern graph as `DEFAULT/modern` and a star
 * (`DEFAULT/star`: one hub with more neighbours than Expand's cap), a restricted user made
 * through the REST auth API, and Debian's chromium driven by playwright-core.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { startServer } from '../../src/http/index.js';
import { loadModern } from '../http/gremlin-server/fixture.js';

export const ADMIN_PASSWORD = 'secret123';
/** The restricted user: it may read (and run Gremlin over) the `person` vertices of `modern` only. */
export const VIEWER = { name: 'viewer', password: 'viewer_pw1' } as const;
/** Leaves of the star's hub: more than the console's Expand cap (25). */
export const STAR_LEAVES = 30;

/** The chromium executable, or undefined when it is not installed (`.ci/run` installs it). */
export function chromiumPath(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not this name
    }
  }
  return undefined;
}

/** A headless chromium (we run as root: no sandbox). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'], timeout: 30_000 });
}

/** The running server and how to call its REST API as the administrator. */
export interface ConsoleServer {
  readonly url: string;
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
  close(): Promise<void>;
}

async function adminCall(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}

/** Starts the server with both graphs and the restricted user. */
export async function startConsoleServer(): Promise<ConsoleServer> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-console-'));
  const server = await startServer({ host: '127.0.0.1', port: 0, data: dir, logLevel: 'silent', adminPassword: ADMIN_PASSWORD });
  const admin = (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => adminCall(server.url, method, path, body);
  const ok = async (method: string, path: string, body?: unknown): Promise<void> => {
    const reply = await admin(method, path, body);
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.json)}`);
  };
  try {
    await loadModern(server.state, 'modern');
    await server.state.createGraph('DEFAULT', 'star', { backend: 'memory', serializer: 'binary', store: 'star', 'schema.auto_create': true });
    const leaves = Array.from({ length: STAR_LEAVES }, (_, i) => `.addV('leaf').property('name','leaf${i}').addE('spoke').from('hub')`).join('');
    await server.state.graph('DEFAULT', 'star').gremlin(`g.addV('hub').property('name','hub').as('hub')${leaves}.iterate()`);
    await ok('POST', '/auth/users', { user_name: VIEWER.name, user_password: VIEWER.password });
    await ok('POST', '/graphs/auth/groups', { group_name: 'people_readers' });
    await ok('POST', '/graphs/auth/targets', {
      target_name: 'people', target_graph: 'modern', target_url: '',
      target_resources: [{ type: 'VERTEX', label: 'person', properties: null }, { type: 'VERTEX_LABEL', label: 'person', properties: null }, { type: 'GREMLIN', label: '*', properties: null }],
    });
    await ok('POST', '/graphs/auth/belongs', { user: VIEWER.name, group: '-69:people_readers' });
    for (const permission of ['READ', 'EXECUTE']) await ok('POST', '/graphs/auth/accesses', { group: '-69:people_readers', target: '-77:people', access_permission: permission });
  } catch (error) {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    admin,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
